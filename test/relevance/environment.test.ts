import { describe, expect, test } from '@jest/globals';
import { detectEnvironmentTags, repoName } from '../../src/relevance/index.js';

const tagsOf = (entries: string[], manifests: Record<string, string> = {}, remoteUrl?: string) =>
  detectEnvironmentTags({ entries, manifests, ...(remoteUrl ? { remoteUrl } : {}) }).tags;

describe('environment tags', () => {
  test('languages and tools from marker files at the root', () => {
    expect(tagsOf(['tsconfig.json', 'go.mod', 'Dockerfile', 'src/', 'App.csproj'])).toEqual(['csharp', 'docker', 'dotnet', 'go', 'typescript']);
  });

  test.each([
    ['react', ['frontend', 'react']],
    ['react-dom', ['frontend', 'react']],
    ['reactstrap', []],
    ['next', ['frontend', 'nextjs', 'react']],
    ['next-auth', []],
    ['express', ['backend', 'express']],
    ['express-validator', []],
    ['@nestjs/core', ['backend', 'nestjs']],
    ['@nestjs/common', []],
    ['constructor', []],
  ])('npm dependency %s, matched by exact name, gives %j', (name, tags) => {
    const pkg = JSON.stringify({ devDependencies: { [name]: '1.0.0' } });
    expect(tagsOf([], { 'package.json': pkg })).toEqual(tags);
  });

  test('package.json: every dependency field counts, workspaces mean a monorepo', () => {
    const pkg = JSON.stringify({ dependencies: { vue: '3' }, peerDependencies: { typescript: '5' }, optionalDependencies: { jest: '1' }, workspaces: ['a'] });
    expect(tagsOf(['package.json'], { 'package.json': pkg })).toEqual(['frontend', 'jest', 'monorepo', 'nodejs', 'typescript', 'vue']);
  });

  test('a malformed package.json is reported and gives no framework tags', () => {
    const result = detectEnvironmentTags({ entries: ['package.json'], manifests: { 'package.json': '{ not json' } });
    expect(result.tags).toEqual(['nodejs']);
    expect(result.issues).toEqual([expect.stringMatching(/^package\.json: cannot read its dependencies/)]);
  });

  test('requirements.txt: names before version specifiers, extras and markers; PEP 503 names; options and comments skipped', () => {
    const text = ['# web', 'Django>=4.2', 'fastapi[all]==0.110 ; python_version > "3.8"', '-r other.txt', 'pytest_django', 'Flask-Login', 'torch'].join('\n');
    expect(tagsOf([], { 'requirements.txt': text })).toEqual(['backend', 'django', 'fastapi', 'pytorch']);
  });

  test('pyproject.toml: [project] dependencies, optional dependencies and Poetry tables, not other strings', () => {
    const text = [
      '[project]',
      'name = "flask"',
      'description = "pytest helpers"',
      'dependencies = [',
      '  "fastapi>=0.1",',
      '  "uvicorn[standard]",',
      ']',
      '[project.optional-dependencies]',
      'test = ["pytest>=8"]',
      '[tool.poetry.dependencies]',
      'python = "^3.11"',
      'Django = "^5"',
    ].join('\n');
    expect(tagsOf([], { 'pyproject.toml': text })).toEqual(['backend', 'django', 'fastapi', 'pytest']);
  });

  test('Gemfile, go.mod, Cargo.toml and composer.json by exact names', () => {
    expect(tagsOf([], { Gemfile: "gem 'rails', '~> 7'\ngem \"rails-html-sanitizer\"" })).toEqual(['backend', 'rails']);
    expect(tagsOf([], { 'go.mod': 'module x\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgithub.com/gin-gonic/gin-contrib v0.1.0\n)\nrequire github.com/labstack/echo/v4 v4.11.0' })).toEqual(['backend', 'echo', 'gin']);
    expect(tagsOf([], { 'Cargo.toml': '[dependencies]\ntokio = "1"\naxum-extra = "1"\n[dev-dependencies.serde]\nversion = "1"\n[package]\naxum = "no"' })).toEqual(['serde', 'tokio']);
    expect(tagsOf([], { 'composer.json': '{"require": {"laravel/framework": "^11"}}' })).toEqual(['backend', 'laravel']);
  });

  test('the git host from the origin URL', () => {
    expect(tagsOf([], {}, 'git@github.com:acme/app.git')).toEqual(['github']);
    expect(tagsOf([], {}, 'https://gitlab.example.com/acme/app')).toEqual(['gitlab']);
  });

  test.each([
    ['git@github.com:acme/app.git', 'app'],
    ['https://example.com/acme/app/', 'app'],
    [undefined, 'folder'],
    ['', 'folder'],
  ])('repo name of %p is %s', (url, name) => {
    expect(repoName(url, 'folder')).toBe(name);
  });
});
