/**
 * A temporary project as a user has it: a git repository holding the example memory tree
 * (fixtures/example), a playbook, the hook settings documented in README.md (or, with `init`, set up
 * by the installed package's own `memdex init`), and memdex installed the way a user installs it
 * (`npm pack` of this repository, then `npm install <tarball>` in the project, so
 * `node_modules/.bin/memdex` exists). Each project has its own HOME / CLAUDE_CONFIG_DIR beside it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withoutNpmScriptEnv } from './client.mjs';

export const REPO = resolve(new URL('..', import.meta.url).pathname);
const NPM_TIMEOUT_MS = 5 * 60_000;

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: NPM_TIMEOUT_MS, env: withoutNpmScriptEnv(process.env), ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}): ${(result.stderr || result.stdout || String(result.error)).trim().slice(-800)}`);
  }
  return result.stdout;
}

/** Builds this repository and packs it; returns the tarball path (in `outDir`). */
export function packMemdex(outDir) {
  run('npm', ['run', 'build', '--silent'], { cwd: REPO });
  // --ignore-scripts: `prepare` (husky) must not touch this repository's git config.
  const out = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', outDir], { cwd: REPO });
  const [{ filename }] = JSON.parse(out);
  return join(outDir, filename);
}

/**
 * The `.claude/settings.json` hooks block documented in README.md ("Playbook and hooks"): the first
 * ```json block of that section. The test follows the documentation, so a change there is tested here.
 */
export function documentedHookSettings() {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Playbook and hooks'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('README.md: no ```json block under "## Playbook and hooks"');
  const settings = JSON.parse(block[1]);
  if (!settings.hooks) throw new Error('README.md: the "Playbook and hooks" settings block has no "hooks" key');
  return settings;
}

/** The key points every scenario starts from (ids kpt_001...). */
export function samplePlaybook(count = 3, textOf = (i) => `Sample key point number ${i} about writing tests`) {
  return {
    version: '1.0',
    last_updated: '2026-01-01T00:00:00.000Z',
    name_counter: count,
    key_points: Array.from({ length: count }, (_, i) => ({
      name: `kpt_${String(i + 1).padStart(3, '0')}`,
      text: textOf(i + 1),
      helpful: 1,
      harmful: 0,
    })),
  };
}

/** What `init: true` runs in the project: everything a user's `memdex init` sets up but the CI workflow. */
export const INIT_ARGS = ['init', '--no-ci'];

/**
 * Creates the project; returns `{dir, home, path(rel), read(rel), write(rel, text), memdex(args, input)}`.
 * options: `tarball`, `settings` (.claude/settings.json as written before `init`), `playbook`, `config`
 * (memdex.config.json), `files` ({relative path: text}, written before the commit), `skills`
 * ({name: SKILL.md text}), `init` (run the installed `memdex init --no-ci` in the git repository
 * after the files are written and before the commit: its hooks, skills, permissions and pre-commit
 * hook are the project's; it adds to `settings` and leaves the given skills as they are).
 */
export function createProject({ tarball, settings = {}, playbook = samplePlaybook(), config, files = {}, skills = {}, init = false }) {
  const base = mkdtempSync(join(tmpdir(), 'memdex-claude-'));
  const dir = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(dir);
  // The client ignores a project's permissions.allow until its trust dialog was accepted once.
  writeFileSync(join(home, '.claude', '.claude.json'), `${JSON.stringify({ hasCompletedOnboarding: true, projects: { [dir]: { hasTrustDialogAccepted: true } } }, null, 2)}\n`);
  cpSync(join(REPO, 'fixtures', 'example', 'agents'), join(dir, 'agents'), { recursive: true });
  const write = (rel, text) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  write('package.json', `${JSON.stringify({ name: 'e2e-project', version: '1.0.0', private: true }, null, 2)}\n`);
  write('.gitignore', 'node_modules/\n');
  write('.claude/playbook.json', `${JSON.stringify(playbook, null, 2)}\n`);
  write('.claude/settings.json', `${JSON.stringify(settings, null, 2)}\n`);
  if (config !== undefined) write('memdex.config.json', `${JSON.stringify(config, null, 2)}\n`);
  for (const [name, text] of Object.entries(skills)) write(`.claude/skills/${name}/SKILL.md`, text);
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--offline', '--loglevel=error', tarball], { cwd: dir });
  const bin = join(dir, 'node_modules', '.bin', 'memdex');
  if (!existsSync(bin)) throw new Error(`npm install ${tarball}: no node_modules/.bin/memdex`);
  const git = (...args) => run('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: dir });
  git('init', '-q', '-b', 'main');
  if (init) run(bin, INIT_ARGS, { cwd: dir });
  git('add', '-A');
  git('commit', '-q', '-m', 'project');
  return {
    base,
    dir,
    home,
    path: (rel) => join(dir, rel),
    read: (rel) => readFileSync(join(dir, rel), 'utf8'),
    exists: (rel) => existsSync(join(dir, rel)),
    list: (rel) => (existsSync(join(dir, rel)) ? readdirSync(join(dir, rel)) : []),
    write,
    memdex(args, input) {
      return spawnSync(join(dir, 'node_modules', '.bin', 'memdex'), args, { cwd: dir, input, encoding: 'utf8', timeout: 60_000, env: { ...withoutNpmScriptEnv(process.env), MEMDEX_HOOKS: '0' } });
    },
  };
}

/** The command line README.md documents for `memdex hook <event>`. */
export function documentedHookCommand(event) {
  for (const groups of Object.values(documentedHookSettings().hooks)) {
    for (const group of groups) for (const hook of group.hooks) if (new RegExp(`memdex hook ${event}(;|$)`).test(hook.command)) return hook; // bare, or inside the fail-open wrapper
  }
  throw new Error(`README.md documents no \`memdex hook ${event}\` command`);
}
