/**
 * Environment tags from a snapshot of the repository root (app/detect-environment.ts
 * reads it): languages from marker files, frameworks from package manifests by
 * EXACT dependency name. The predecessor matched npm names by prefix, so
 * `react-dom` and `reactstrap` both meant react and `next-auth` meant Next.js;
 * here every name a tag comes from is listed. Tags are sorted and unique.
 */
import { MAX_TAG_LENGTH, normalizeTag } from './validate.js';
import { messages } from '../messages/relevance.js';
import { stripBom } from '../model/bom.js';

export interface RepoSnapshot {
  /** Names at the repository root; directories end with '/'. */
  readonly entries: readonly string[];
  /** Texts of the root manifests that exist, by file name (MANIFEST_FILES). */
  readonly manifests: Readonly<Record<string, string>>;
  /** `git remote get-url origin`, when there is one. */
  readonly remoteUrl?: string;
}

export interface DetectedEnvironment {
  readonly tags: readonly string[];
  /** Manifests that could not be read as what they claim to be. */
  readonly issues: readonly string[];
}

export const MANIFEST_FILES = ['package.json', 'requirements.txt', 'pyproject.toml', 'Gemfile', 'go.mod', 'Cargo.toml', 'composer.json'] as const;

/** Root file or directory → tags. */
const MARKERS: Readonly<Record<string, readonly string[]>> = {
  'tsconfig.json': ['typescript'],
  'package.json': ['nodejs'],
  'deno.json': ['deno', 'typescript'],
  'requirements.txt': ['python'],
  'pyproject.toml': ['python'],
  'setup.py': ['python'],
  Pipfile: ['python'],
  Gemfile: ['ruby'],
  'Cargo.toml': ['rust'],
  'go.mod': ['go'],
  'pom.xml': ['java', 'maven'],
  'build.gradle': ['java', 'gradle'],
  'build.gradle.kts': ['kotlin', 'gradle'],
  'composer.json': ['php'],
  'mix.exs': ['elixir'],
  'Package.swift': ['swift'],
  'CMakeLists.txt': ['cpp', 'cmake'],
  Dockerfile: ['docker'],
  'docker-compose.yml': ['docker'],
  'docker-compose.yaml': ['docker'],
  'compose.yml': ['docker'],
  'compose.yaml': ['docker'],
  'pnpm-workspace.yaml': ['monorepo'],
  'lerna.json': ['monorepo'],
  'nx.json': ['monorepo'],
  'turbo.json': ['monorepo'],
  'terraform/': ['terraform'],
  '.github/': ['github'],
};

/** Root file extensions → tags (C# projects are named after the project). */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  '.csproj': ['csharp', 'dotnet'],
  '.sln': ['csharp', 'dotnet'],
  '.tf': ['terraform'],
};

const FRONTEND = 'frontend';
const BACKEND = 'backend';

/** npm package name (exact) → tags. */
const NPM: Readonly<Record<string, readonly string[]>> = {
  react: ['react', FRONTEND],
  'react-dom': ['react', FRONTEND],
  next: ['nextjs', 'react', FRONTEND],
  vue: ['vue', FRONTEND],
  nuxt: ['nuxtjs', 'vue', FRONTEND],
  svelte: ['svelte', FRONTEND],
  '@sveltejs/kit': ['sveltekit', 'svelte', FRONTEND],
  '@angular/core': ['angular', FRONTEND],
  'solid-js': ['solid', FRONTEND],
  preact: ['preact', FRONTEND],
  'react-native': ['react-native', 'react', 'mobile'],
  electron: ['electron'],
  express: ['express', BACKEND],
  fastify: ['fastify', BACKEND],
  koa: ['koa', BACKEND],
  hono: ['hono', BACKEND],
  '@nestjs/core': ['nestjs', BACKEND],
  typescript: ['typescript'],
  jest: ['jest'],
  vitest: ['vitest'],
  mocha: ['mocha'],
  '@playwright/test': ['playwright'],
  playwright: ['playwright'],
  cypress: ['cypress'],
  vite: ['vite'],
  webpack: ['webpack'],
  esbuild: ['esbuild'],
  eslint: ['eslint'],
  tailwindcss: ['tailwind'],
  graphql: ['graphql'],
  prisma: ['prisma'],
  '@prisma/client': ['prisma'],
  mongoose: ['mongodb'],
  sequelize: ['sequelize'],
};

/** Python distribution name, PEP 503-normalised → tags. */
const PYPI: Readonly<Record<string, readonly string[]>> = {
  django: ['django', BACKEND],
  flask: ['flask', BACKEND],
  fastapi: ['fastapi', BACKEND],
  pytest: ['pytest'],
  numpy: ['numpy'],
  pandas: ['pandas'],
  torch: ['pytorch'],
  tensorflow: ['tensorflow'],
  sqlalchemy: ['sqlalchemy'],
};

const GEMS: Readonly<Record<string, readonly string[]>> = {
  rails: ['rails', BACKEND],
  rspec: ['rspec'],
  'rspec-rails': ['rspec'],
  rubocop: ['rubocop'],
  sinatra: ['sinatra', BACKEND],
};

/** Go module path without a `/vN` suffix → tags. */
const GO: Readonly<Record<string, readonly string[]>> = {
  'github.com/gin-gonic/gin': ['gin', BACKEND],
  'github.com/labstack/echo': ['echo', BACKEND],
  'github.com/gofiber/fiber': ['fiber', BACKEND],
  'github.com/spf13/cobra': ['cobra'],
};

const CRATES: Readonly<Record<string, readonly string[]>> = {
  tokio: ['tokio'],
  axum: ['axum', BACKEND],
  'actix-web': ['actix', BACKEND],
  rocket: ['rocket', BACKEND],
  serde: ['serde'],
};

const COMPOSER: Readonly<Record<string, readonly string[]>> = {
  'laravel/framework': ['laravel', BACKEND],
  'symfony/framework-bundle': ['symfony', BACKEND],
};

const HOSTS: readonly (readonly [string, string])[] = [
  ['github.com', 'github'],
  ['gitlab', 'gitlab'],
  ['bitbucket', 'bitbucket'],
];

export function detectEnvironmentTags(snapshot: RepoSnapshot): DetectedEnvironment {
  const tags = new Set<string>();
  const issues: string[] = [];
  const add = (list: readonly string[] | undefined): void => list?.forEach((tag) => tags.add(tag));
  for (const entry of snapshot.entries) {
    add(own(MARKERS, entry));
    for (const [extension, list] of Object.entries(EXTENSIONS)) if (entry.endsWith(extension)) add(list);
  }
  const readers: Record<string, (text: string) => Iterable<string>> = {
    'package.json': npmDependencies,
    'requirements.txt': requirementNames,
    'pyproject.toml': pyprojectDependencies,
    Gemfile: gemNames,
    'go.mod': goModules,
    'Cargo.toml': crateNames,
    'composer.json': composerPackages,
  };
  const tables: Record<string, Readonly<Record<string, readonly string[]>>> = {
    'package.json': NPM,
    'requirements.txt': PYPI,
    'pyproject.toml': PYPI,
    Gemfile: GEMS,
    'go.mod': GO,
    'Cargo.toml': CRATES,
    'composer.json': COMPOSER,
  };
  for (const [file, text] of Object.entries(snapshot.manifests)) {
    const read = readers[file];
    const table = tables[file];
    if (read === undefined || table === undefined) continue;
    try {
      for (const name of read(text)) add(name === MONOREPO ? ['monorepo'] : own(table, name));
    } catch (error) {
      issues.push(messages.manifestUnreadable(file, (error as Error).message));
    }
  }
  if (snapshot.remoteUrl !== undefined) {
    const url = snapshot.remoteUrl.toLowerCase();
    for (const [needle, tag] of HOSTS) if (url.includes(needle)) tags.add(tag);
  }
  return { tags: [...tags].sort(), issues };
}

/**
 * The tag of a repository in which nothing was detected (no manifest, no known host):
 * `repo:<name>`. Such a repository is its own environment, so that "this does not
 * apply here" (`memdex feedback --not-applicable`, which the injected block offers in
 * every repository) has something to rate, and ranking reads the same tag.
 */
export function repositoryTag(name: string): string {
  return `repo:${normalizeTag(name).replace(/\s+/g, '-')}`.slice(0, MAX_TAG_LENGTH);
}

/** The repository name: the origin URL's last segment without `.git`, else the root folder's name. */
export function repoName(remoteUrl: string | undefined, rootName: string): string {
  const segment = remoteUrl?.trim().replace(/\/+$/, '').split(/[/:]/).pop()?.replace(/\.git$/, '');
  return segment !== undefined && segment !== '' ? segment : rootName;
}

/** Own properties only: a dependency named `constructor` or `__proto__` is not a tag. */
function own(table: Readonly<Record<string, readonly string[]>>, key: string): readonly string[] | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Sentinel yielded by a manifest reader for "this is a workspace root". */
const MONOREPO = '\u0000monorepo';

function* npmDependencies(text: string): Iterable<string> {
  const json: unknown = JSON.parse(stripBom(text));
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error('expected a JSON object');
  const record = json as Record<string, unknown>;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = record[field];
    if (deps !== null && typeof deps === 'object' && !Array.isArray(deps)) yield* Object.keys(deps);
  }
  if (record.workspaces !== undefined) yield MONOREPO;
}

/** PEP 503: lower case, runs of `-_.` become `-`. */
function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

const PEP508_NAME = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/;

function* requirementNames(text: string): Iterable<string> {
  for (const line of text.split(/\r?\n/)) {
    const bare = line.replace(/(^|\s)#.*$/, '').trim();
    if (bare === '' || bare.startsWith('-')) continue; // options: -r, -e, --index-url
    const match = PEP508_NAME.exec(bare);
    if (match) yield pep503(match[1]!);
  }
}

/** `[project] dependencies`, `[project.optional-dependencies]` and Poetry's dependency tables. */
function* pyprojectDependencies(text: string): Iterable<string> {
  let section = '';
  let inArray = false;
  for (const line of text.split(/\r?\n/)) {
    const bare = line.replace(/(^|\s)#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(bare);
    if (header) {
      section = header[1]!.trim();
      inArray = false;
      continue;
    }
    const poetry = /^tool\.poetry\.(?:group\.[^.]+\.)?(?:dev-)?dependencies$/.test(section);
    if (poetry) {
      const key = /^["']?([A-Za-z0-9][A-Za-z0-9._-]*)["']?\s*=/.exec(bare);
      if (key && key[1] !== 'python') yield pep503(key[1]!);
      continue;
    }
    const arrayStart = section === 'project' ? /^dependencies\s*=\s*\[(.*)$/.exec(bare) : section === 'project.optional-dependencies' ? /^[^=]+=\s*\[(.*)$/.exec(bare) : null;
    let rest: string | undefined;
    if (arrayStart) {
      inArray = true;
      rest = arrayStart[1];
    } else if (inArray) rest = bare;
    if (rest === undefined) continue;
    for (const quoted of rest.matchAll(/["']([^"']+)["']/g)) {
      const match = PEP508_NAME.exec(quoted[1]!);
      if (match) yield pep503(match[1]!);
    }
    if (rest.replace(/["'][^"']*["']/g, '').includes(']')) inArray = false; // brackets inside strings are extras
  }
}

function* gemNames(text: string): Iterable<string> {
  for (const match of text.matchAll(/^\s*gem\s+['"]([^'"]+)['"]/gm)) yield match[1]!;
}

function* goModules(text: string): Iterable<string> {
  for (const match of text.matchAll(/^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]+\/\S+)\s+v\d/gm)) {
    yield match[1]!.replace(/\/v\d+$/, '');
  }
}

function* crateNames(text: string): Iterable<string> {
  let inDeps = false;
  for (const line of text.split(/\r?\n/)) {
    const bare = line.replace(/(^|\s)#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(bare);
    if (header) {
      const name = header[1]!.trim();
      const table = /^(?:dev-|build-)?dependencies\.([A-Za-z0-9_-]+)$/.exec(name);
      if (table) yield table[1]!;
      inDeps = /^(?:target\..+\.)?(?:dev-|build-)?dependencies$/.test(name);
      continue;
    }
    const key = inDeps ? /^([A-Za-z0-9_-]+)\s*=/.exec(bare) : null;
    if (key) yield key[1]!;
  }
}

function* composerPackages(text: string): Iterable<string> {
  const json: unknown = JSON.parse(stripBom(text));
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error('expected a JSON object');
  for (const field of ['require', 'require-dev']) {
    const deps = (json as Record<string, unknown>)[field];
    if (deps !== null && typeof deps === 'object' && !Array.isArray(deps)) yield* Object.keys(deps);
  }
}
