/**
 * `memdex doctor`: checks the wiring `memdex init` sets up against the one
 * description of it (wiring.ts, skills.ts), and what the hooks left behind (the
 * hook log, failed evaluations). Each check says what it found; a problem also
 * says how to fix it. Failures of hooks are silent by design (they fail open),
 * so this is where they show.
 *
 * Severity: a `problem` makes the exit status 1; a `warning` (a skill edited by
 * hand) is reported and does not.
 */
import { MemdexError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, type Config } from '../model/config.js';
import { STAGED_CHECK } from '../messages/init.js';
import { doctorMessages as m } from '../messages/doctor.js';
import type { AgentHost, SetupHost, TreeHost } from './host.js';
import { commandHooks, projectSkills, SETTINGS_FILE } from './init-claude.js';
import { setupRoot } from './init.js';
import { HUSKY_FOLDER, LINT_STAGED_FILES, PRE_COMMIT_FILE } from './init-git.js';
import { isObject, parseJsonObject, type JsonObject } from './json-file.js';
import { learningCommands, programOf, type LearningCommand } from './doctor-learning.js';
import { skillPermissions } from './skills.js';
import { HOOK_WIRING, PROJECT_MEMDEX_COMMAND, hookCommand } from './wiring.js';

export type Status = 'ok' | 'problem' | 'warning';

export interface DoctorResult {
  readonly check: string;
  readonly status: Status;
  readonly message: string;
  readonly fix?: string;
}

export interface DoctorReport {
  readonly root: string;
  readonly results: readonly DoctorResult[];
  readonly exitCode: 0 | 1;
}

/** The settings files whose hooks the client runs for this project (the local one is not committed). */
const SETTINGS_FILES = [SETTINGS_FILE, '.claude/settings.local.json'];
export const HOOK_LOG_FILE = '.claude/memdex-hooks.log';
/** Hook-log lines shown: enough to see a pattern, few enough to read. */
const LAST_LOG_LINES = 3;
/** Failed evaluation notes shown. */
const LAST_FAILURES = 2;
/** `memdex --version` from the hook's shell: start-up plus a cold disk. */
const COMMAND_TIMEOUT_MS = 20_000;

type DoctorHost = TreeHost & SetupHost & Pick<AgentHost, 'readRelevance' | 'relevanceStorePath' | 'relevanceParams'>;

const ok = (check: string, message: string): DoctorResult => ({ check, status: 'ok', message });
const problem = (check: string, message: string, fix: string): DoctorResult => ({ check, status: 'problem', message, fix });

export function runDoctor(host: DoctorHost, explicitRoot: string | undefined): DoctorReport {
  const root = setupRoot(host, explicitRoot);
  const abs = (path: string) => host.resolvePath(root, path);
  const read = (path: string) => (host.exists(abs(path)) ? host.readText(abs(path), path) : undefined);
  const results: DoctorResult[] = [];
  let config: Config = DEFAULT_CONFIG;
  try {
    const loaded = host.loadConfig(root);
    config = loaded.config;
    results.push(ok('config', m.configOk(loaded.configPath ? CONFIG_FILE : undefined)));
  } catch (error) {
    if (!(error instanceof MemdexError)) throw error;
    results.push(problem('config', error.message, m.configFix));
  }
  results.push(host.exists(abs(config.index)) ? ok('tree', m.treeOk(config.index)) : problem('tree', m.treeMissing(config.index), m.runInit));
  const settings = readSettings(read, results);
  // An unreadable settings file is the one problem to fix first: the hooks and permissions in it are unknown.
  if (settings !== undefined) results.push(...checkHooks(settings));
  results.push(checkCommand(host, root));
  results.push(...checkSkills(read, settings));
  results.push(...checkPreCommit(host, root, read));
  results.push(checkHookLog(read));
  results.push(...learningCommands(host.env, config).map((command) => checkLearning(host, root, command)));
  results.push(...checkEvaluations(host, root, config));
  results.push(checkCache(host, root));
  return { root, results, exitCode: results.some((r) => r.status === 'problem') ? 1 : 0 };
}

function readSettings(read: (path: string) => string | undefined, results: DoctorResult[]): readonly JsonObject[] | undefined {
  const found: JsonObject[] = [];
  let readable = true;
  for (const file of SETTINGS_FILES) {
    const text = read(file);
    if (text === undefined) continue;
    const parsed = parseJsonObject(text, file);
    if ('problem' in parsed) {
      results.push(problem('settings', m.settingsUnreadable(parsed.problem), m.settingsFix(file)));
      readable = false;
    } else found.push(parsed.value);
  }
  return readable ? found : undefined;
}

interface RegisteredHook {
  readonly event: string;
  readonly command: string;
  readonly timeout: unknown;
}

function registeredHooks(settings: readonly JsonObject[]): readonly RegisteredHook[] {
  return settings.flatMap((s) =>
    isObject(s.hooks)
      ? Object.entries(s.hooks).flatMap(([event, groups]) =>
          commandHooks(groups).flatMap((hook) => (typeof hook.command === 'string' ? [{ event, command: hook.command, timeout: hook.timeout }] : [])),
        )
      : [],
  );
}

function checkHooks(settings: readonly JsonObject[]): readonly DoctorResult[] {
  const hooks = registeredHooks(settings);
  return HOOK_WIRING.map((wiring) => {
    const expected = hookCommand(wiring.subcommand);
    const check = `hook:${wiring.event}`;
    const exact = hooks.find((h) => h.event === wiring.event && h.command === expected);
    if (exact) return exact.timeout === wiring.timeout ? ok(check, m.hookOk(wiring.event, wiring.timeout)) : problem(check, m.hookTimeout(wiring.event, exact.timeout, wiring.timeout), m.hookTimeoutFix(wiring.timeout));
    const runsIt = (h: RegisteredHook) => h.command.includes('memdex') && new RegExp(`\\bhook\\s+${wiring.subcommand}\\b`).test(h.command);
    const sameEvent = hooks.find((h) => h.event === wiring.event && runsIt(h));
    if (sameEvent) return problem(check, m.hookWrongCommand(wiring.event, sameEvent.command, expected), m.hookWrongCommandFix(expected));
    const elsewhere = hooks.find(runsIt);
    if (elsewhere) return problem(check, m.hookWrongEvent(elsewhere.command, elsewhere.event, wiring.event), m.hookWrongEventFix(wiring.event));
    return problem(check, m.hookMissing(wiring.event, expected), m.runInit);
  });
}

/** The hooks' own command line, run by a shell as the client runs it, asked for its version. */
function checkCommand(host: DoctorHost, root: string): DoctorResult {
  const run = host.runShell(`${PROJECT_MEMDEX_COMMAND} --version`, { cwd: root, env: { ...host.env, CLAUDE_PROJECT_DIR: root }, timeoutMs: COMMAND_TIMEOUT_MS });
  const output = run.output.trim();
  return run.status === 0 ? ok('command', m.commandOk(output)) : problem('command', m.commandFails(run.status, output.split('\n')[0] ?? ''), m.commandFix);
}

function checkSkills(read: (path: string) => string | undefined, settings: readonly JsonObject[] | undefined): readonly DoctorResult[] {
  const results = projectSkills().map((skill): DoctorResult => {
    const text = read(skill.path);
    if (text === undefined) return problem('skills', m.skillMissing(skill.path), m.runInit);
    if (text !== skill.text) return { check: 'skills', status: 'warning', message: m.skillDiffers(skill.path), fix: m.skillDiffersFix(skill.path) };
    return ok('skills', m.skillOk(skill.path));
  });
  if (settings === undefined) return results;
  const allowed = settings.flatMap((s) => (isObject(s.permissions) && Array.isArray(s.permissions.allow) ? s.permissions.allow : []));
  const missing = skillPermissions().filter((entry) => !allowed.includes(entry));
  results.push(missing.length === 0 ? ok('skills', m.allowOk) : problem('skills', m.allowMissing(missing), m.runInit));
  return results;
}

function checkPreCommit(host: DoctorHost, root: string, read: (path: string) => string | undefined): readonly DoctorResult[] {
  const git = host.gitSetup(root);
  if (!git) return [problem('pre-commit', m.noGit, m.noGitFix)];
  const hookPath = `${git.hooksDir}/pre-commit`;
  const display = displayPath(root, hookPath);
  // husky's own folder (.husky/_): its pre-commit runs .husky/pre-commit, which needs no mode of its own.
  const huskyRunner = git.hooksDir === host.resolvePath(root, `${HUSKY_FOLDER}/_`);
  const script = host.exists(hookPath) ? host.readText(hookPath, display) : undefined;
  if (script === undefined) return [problem('pre-commit', m.preCommitMissing(displayPath(root, git.hooksDir)), m.runInit)];
  if (!host.isExecutable(hookPath)) return [problem('pre-commit', m.preCommitNotExecutable(display), m.preCommitNotExecutable(display))];
  const texts = [script, ...(huskyRunner || script.includes(PRE_COMMIT_FILE) ? [read(PRE_COMMIT_FILE) ?? ''] : [])].join('\n');
  const lintStaged = lintStagedConfig(read);
  if (lintStaged) {
    if (!lintStaged.text.includes(STAGED_CHECK)) return [problem('pre-commit', m.lintStagedMissing(lintStaged.file), m.runInit)];
    if (!/\blint-staged\b/.test(texts) && !texts.includes(STAGED_CHECK)) return [problem('pre-commit', m.lintStagedNotRun(displayPath(root, git.hooksDir)), m.lintStagedNotRunFix)];
    return [ok('pre-commit', m.preCommitOk(lintStaged.file))];
  }
  if (!texts.includes(STAGED_CHECK)) return [problem('pre-commit', m.preCommitMissing(displayPath(root, git.hooksDir)), m.runInit)];
  return [ok('pre-commit', m.preCommitOk(huskyRunner ? PRE_COMMIT_FILE : display))];
}

function lintStagedConfig(read: (path: string) => string | undefined): { readonly file: string; readonly text: string } | undefined {
  const pkg = read('package.json');
  if (pkg !== undefined) {
    const parsed = parseJsonObject(pkg, 'package.json');
    if (!('problem' in parsed) && parsed.value['lint-staged'] !== undefined) return { file: 'package.json', text: JSON.stringify(parsed.value['lint-staged']) };
  }
  for (const file of LINT_STAGED_FILES) {
    const text = read(file);
    if (text !== undefined) return { file, text };
  }
  return undefined;
}

function checkHookLog(read: (path: string) => string | undefined): DoctorResult {
  const lines = (read(HOOK_LOG_FILE) ?? '').split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return ok('hook-log', m.hookLogClean);
  return problem('hook-log', m.hookLogErrors(HOOK_LOG_FILE, lines.length, lines.slice(-LAST_LOG_LINES)), m.hookLogFix(HOOK_LOG_FILE));
}

function checkLearning(host: DoctorHost, root: string, command: LearningCommand): DoctorResult {
  const source = command.source.kind === 'env' ? m.sourceEnv(command.source.name) : command.source.kind === 'config' ? m.sourceConfig(command.source.key) : m.sourceDefault;
  const program = programOf(command.command, { ...host.env, CLAUDE_PROJECT_DIR: root });
  const found = program.includes('/') ? (host.isExecutable(host.resolvePath(root, program)) ? host.resolvePath(root, program) : undefined) : host.findOnPath(program, host.env);
  if (found) return ok(command.role, m.learningOk(command.role, command.command, source, found));
  return problem(command.role, m.learningNotFound(command.role, command.command, source, program || command.command), m.learningFix(command.role, command.key, command.env));
}

function checkEvaluations(host: DoctorHost, root: string, config: Config): readonly DoctorResult[] {
  const store = host.readRelevance(host.relevanceStorePath(root, config), host.relevanceParams(config));
  if (store.corrupt !== undefined) return [problem('evaluations', m.storeCorrupt(store.corrupt), m.storeCorruptFix)];
  const sessions = Object.values(store.state.sessions);
  const failed = sessions.filter((s) => s.status === 'failed').sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  const pending = sessions.filter((s) => s.status === 'pending').length;
  if (failed.length === 0) return [ok('evaluations', m.evaluationsOk(pending))];
  const notes = failed.slice(-LAST_FAILURES).map((s) => s.note ?? '');
  return [problem('evaluations', m.evaluationsFailed(failed.length, notes), m.evaluationsFix)];
}

function checkCache(host: DoctorHost, root: string): DoctorResult {
  const cache = host.cacheState(root);
  if (!cache.enabled) return ok('cache', m.cacheOff);
  if (!cache.writable) return problem('cache', m.cacheNotWritable(cache.dir), m.cacheFix(cache.dir));
  return ok('cache', m.cacheState(cache.dir, cache.built));
}

function displayPath(root: string, path: string): string {
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}
