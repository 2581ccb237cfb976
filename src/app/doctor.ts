/**
 * `memdex doctor`: checks the wiring `memdex init` sets up against the one
 * description of it (wiring.ts, skills.ts), and what the hooks left behind (the
 * hook log, failed evaluations). Each check says what it found; a problem also
 * says how to fix it. Failures of hooks are silent by design (they fail open),
 * so this is where they show.
 *
 * Two wirings are accepted: the project's own (hooks in the settings, skills in
 * .claude/skills/, as init writes them) or the memdex plugin (enabled in the
 * settings' `enabledPlugins`, or loaded with `claude --plugin-dir`, which no file
 * records: `--plugin` says so), whose hooks/hooks.json and skills/ are rendered
 * from the same wiring (plugin.ts). Doctor says which one it found.
 *
 * Severity: a `problem` makes the exit status 1; a `warning` (a skill edited by
 * hand, a hook both wirings register) is reported and does not.
 */
import { readInstallRecord } from './install-record.js';
import { loadConfig } from './load-config.js';
import { MemdexError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, type Config } from '../model/config.js';
import { DEFAULT_SUGGEST_PARAMS, HOOK_PRECISION_MEASURED } from '../suggest/params.js';
import { USAGE_LOG } from '../suggest/usage.js';
import { suggestsOnPrompt } from './prompt-suggestions.js';
import { STAGED_CHECK } from '../messages/init.js';
import { baselineMessages as bm } from '../messages/baseline.js';
import { baselineSize, BASELINE_FILE, parseBaseline } from '../core/baseline.js';
import { doctorMessages as m } from '../messages/doctor.js';
import type { AgentHost, GitSetup, SetupHost, TranscriptHost, TreeHost } from './host.js';
import { commandHooks, projectSkills, SETTINGS_FILE } from './init-claude.js';
import { FRAMEWORK_HOOK_MARK, memdexSource, setupRoot } from './init.js';
import { HUSKY_FOLDER, LEFTHOOK_HOOK_MARK, LINT_STAGED_FILES, PRE_COMMIT_FILE, checkHiddenBy, lefthookConfig } from './init-git.js';
import { isObject, parseJsonObject, type JsonObject } from './json-file.js';
import { unapprovedCommands } from './command-approval.js';
import { approvalMessages } from '../messages/approval.js';
import { learningCommands, programOf, type LearningCommand } from './doctor-learning.js';
import { LEARNING_OUTCOMES, readLearningOutcomes } from './learning-outcomes.js';
import { PLUGIN_NAME, enabledPlugin, pluginSkillPermissions } from './plugin.js';
import { SKILL_NAMES, skillPermissions } from './skills.js';
import { HOOK_WIRING } from './wiring.js';
import { claudeInvocation, hookCommand, PLUGIN_MEMDEX_COMMAND, type MemdexSource } from './memdex-command.js';
import { projectRelevanceParams, readRelevance, relevanceStorePath } from './relevance-store.js';
import { learnerOpenings, splitLearnerSessions } from './learner-sessions.js';
import { pendingKeyPoints } from '../playbook/review.js';
import { playbookFile, readPlaybook } from './playbook-file.js';
import { listSessionRecords } from './session-records.js';
import { shellQuote } from '../core/shell-quote.js';
import { checkAgents } from './agents/check-agents.js';

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
/** The user's settings: Claude Code's config folder under HOME (unless CLAUDE_CONFIG_DIR names it), and the file in it. */
const USER_CONFIG_FOLDER = '.claude';
const USER_SETTINGS_FILE = 'settings.json';
export const HOOK_LOG_FILE = '.claude/memdex-hooks.log';
const PRE_COMMIT_FRAMEWORK_CONFIG = '.pre-commit-config.yaml';
/** Hook-log lines shown: enough to see a pattern, few enough to read. */
const LAST_LOG_LINES = 3;
/** Failed evaluation notes shown. */
const LAST_FAILURES = 2;
/** `memdex --version` from the hook's shell: start-up plus a cold disk. */
const COMMAND_TIMEOUT_MS = 20_000;

type DoctorHost = TreeHost & SetupHost & Pick<AgentHost, 'listDir' | 'writeDiagnostic' | 'canonicalPath' | 'sha256'> & Pick<TranscriptHost, 'transcriptsDir' | 'listSessions'>;

const ok = (check: string, message: string): DoctorResult => ({ check, status: 'ok', message });
const problem = (check: string, message: string, fix: string): DoctorResult => ({ check, status: 'problem', message, fix });

export interface DoctorOptions {
  /** The plugin is loaded with `claude --plugin-dir` (no settings file says so). */
  readonly plugin?: boolean;
}

/** Where the hooks and skills come from: the project's settings and skills, or the plugin. */
type Wiring = { readonly kind: 'project' } | { readonly kind: 'plugin'; readonly source: string };

export async function runDoctor(host: DoctorHost, explicitRoot: string | undefined, options: DoctorOptions = {}): Promise<DoctorReport> {
  const root = setupRoot(host, explicitRoot);
  const abs = (path: string) => host.resolvePath(root, path);
  const read = (path: string) => (host.exists(abs(path)) ? host.readText(abs(path), path) : undefined);
  const results: DoctorResult[] = [];
  let config: Config = DEFAULT_CONFIG;
  try {
    const loaded = loadConfig(host, root);
    config = loaded.config;
    results.push(ok('config', m.configOk(loaded.configPath ? CONFIG_FILE : undefined)));
  } catch (error) {
    if (!(error instanceof MemdexError)) throw error;
    results.push(problem('config', error.message, m.configFix));
  }
  results.push(host.exists(abs(config.index)) ? ok('tree', m.treeOk(config.index)) : problem('tree', m.treeMissing(config.index), m.runInit));
  results.push(checkBaseline(read));
  const files = readSettings(read, results);
  // The client merges the user's settings with the project's: their hooks run and their
  // permissions apply here too, and `/plugin install` enables the plugin there by default.
  const user = userSettings(host, results);
  const settings = files && [...(user ? [user.value] : []), ...files.map((f) => f.value)];
  const wiring = wiringOf([...(user ? [user] : []), ...(files ?? [])], options);
  const agents = await checkAgents(host, root, read);
  // git's setup, asked once (two git calls): which memdex the hooks run, and the pre-commit check.
  const git = host.gitSetup(root);
  // A project wired for other agents alone (`init --agent codex`) expects no Claude Code hooks or skills.
  const claudeWired = wiring.kind === 'plugin' || files === undefined || files.length > 0 || agents.length === 0 || agents.some((r) => r.check === 'agent:claude');
  if (claudeWired) {
    results.push(ok('wiring', wiring.kind === 'plugin' ? m.wiringPlugin(wiring.source) : m.wiringProject(SETTINGS_FILE)));
    // An unreadable settings file is the one problem to fix first: the hooks and permissions in it are unknown.
    const source = sourceOf(host, root, git?.top, settings ?? []);
    if (settings !== undefined) results.push(...(wiring.kind === 'plugin' ? checkPluginHooks(settings) : checkHooks(settings, source)));
    results.push(checkCommand(host, root, wiring, source));
    results.push(...(wiring.kind === 'plugin' ? checkPluginSkills(settings) : checkSkills(read, settings, source)));
  } else results.push(ok('wiring', m.wiringAgentsOnly(SETTINGS_FILE)));
  results.push(...agents);
  results.push(...(await checkPreCommit(host, root, git, read)));
  results.push(...checkInstall(host, root));
  results.push(checkHookLog(read));
  results.push(checkPointers(host, root, config));
  results.push(...learningCommands(host.env, config).map((command) => checkLearning(host, root, command)));
  results.push(...unapprovedCommands(host, root, config).map((c) => ({ check: 'approval', status: 'warning' as const, message: approvalMessages.doctorUnapproved(c.key, c.command), fix: approvalMessages.doctorFix })));
  results.push(checkLearningOutcomes(host, root));
  results.push(...checkEvaluations(host, root, config));
  results.push(...checkReview(host, root, config));
  results.push(...checkLearnerSessions(host, root, config));
  results.push(checkCache(host, root));
  return { root, results, exitCode: results.some((r) => r.status === 'problem') ? 1 : 0 };
}

interface SettingsFile {
  readonly file: string;
  readonly value: JsonObject;
}

function readSettings(read: (path: string) => string | undefined, results: DoctorResult[]): readonly SettingsFile[] | undefined {
  const found: SettingsFile[] = [];
  let readable = true;
  for (const file of SETTINGS_FILES) {
    const text = read(file);
    if (text === undefined) continue;
    const parsed = parseJsonObject(text, file);
    if ('problem' in parsed) {
      results.push(problem('settings', m.settingsUnreadable(parsed.problem), m.settingsFix(file)));
      readable = false;
    } else found.push({ file, value: parsed.value });
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

/** A hook that runs `memdex hook <subcommand>`, however memdex is found. */
function runsMemdexHook(hook: RegisteredHook, subcommand: string): boolean {
  return hook.command.includes('memdex') && new RegExp(`\\bhook\\s+${subcommand}\\b`).test(hook.command);
}

/**
 * The memdex init chose for this project: the one whose hook commands the
 * settings hold (a global install's, or the project's bin wherever it is), else
 * the one init would choose now.
 */
function sourceOf(host: DoctorHost, root: string, top: string | undefined, settings: readonly JsonObject[]): MemdexSource {
  const found = memdexSource(host, root, undefined, top);
  const candidates: MemdexSource[] = [found, { kind: 'global' }, memdexSource(host, root, 'project', top)];
  const commands = new Set(registeredHooks(settings).map((h) => h.command));
  return candidates.find((source) => HOOK_WIRING.some((w) => commands.has(hookCommand(w.subcommand, source)))) ?? found;
}

function checkHooks(settings: readonly JsonObject[], source: MemdexSource): readonly DoctorResult[] {
  const hooks = registeredHooks(settings);
  return HOOK_WIRING.map((wiring) => {
    const expected = hookCommand(wiring.subcommand, source);
    const check = `hook:${wiring.event}`;
    const exact = hooks.find((h) => h.event === wiring.event && h.command === expected);
    if (exact) return exact.timeout === wiring.timeout ? ok(check, m.hookOk(wiring.event, wiring.timeout)) : problem(check, m.hookTimeout(wiring.event, exact.timeout, wiring.timeout), m.hookTimeoutFix(wiring.timeout));
    const runsIt = (h: RegisteredHook) => runsMemdexHook(h, wiring.subcommand);
    const sameEvent = hooks.find((h) => h.event === wiring.event && runsIt(h));
    if (sameEvent) return problem(check, m.hookWrongCommand(wiring.event, sameEvent.command, expected), m.hookWrongCommandFix(expected));
    const elsewhere = hooks.find(runsIt);
    if (elsewhere) return problem(check, m.hookWrongEvent(elsewhere.command, elsewhere.event, wiring.event), m.hookWrongEventFix(wiring.event));
    return problem(check, m.hookMissing(wiring.event, expected), m.runInit);
  });
}

/** The user's settings.json in Claude Code's config folder (CLAUDE_CONFIG_DIR, else ~/.claude), if any. */
function userSettings(host: DoctorHost, results: DoctorResult[]): SettingsFile | undefined {
  const folder = host.env.CLAUDE_CONFIG_DIR || (host.env.HOME ? host.resolvePath(host.env.HOME, USER_CONFIG_FOLDER) : undefined);
  if (!folder) return undefined;
  const file = host.resolvePath(folder, USER_SETTINGS_FILE);
  if (!host.exists(file)) return undefined;
  const parsed = parseJsonObject(host.readText(file, file), file);
  if (!('problem' in parsed)) return { file, value: parsed.value };
  results.push(problem('settings', m.settingsUnreadable(parsed.problem), m.userSettingsFix(file)));
  return undefined;
}

function wiringOf(files: readonly SettingsFile[], options: DoctorOptions): Wiring {
  const enabled = enabledPlugin(files);
  if (enabled) return { kind: 'plugin', source: m.pluginEnabledIn(enabled.key, enabled.file) };
  return options.plugin ? { kind: 'plugin', source: m.pluginDirOption } : { kind: 'project' };
}

/** The plugin brings the hooks; one the settings register as well runs twice. */
function checkPluginHooks(settings: readonly JsonObject[]): readonly DoctorResult[] {
  const hooks = registeredHooks(settings);
  return HOOK_WIRING.map((wiring) => {
    const check = `hook:${wiring.event}`;
    const twice = hooks.find((h) => h.event === wiring.event && runsMemdexHook(h, wiring.subcommand));
    if (twice) return { check, status: 'warning', message: m.hookTwice(wiring.event, twice.command), fix: m.hookTwiceFix(wiring.event) };
    return ok(check, m.hookFromPlugin(wiring.event, wiring.timeout));
  });
}

/** The plugin brings the skills (`/memdex:when`, …); the settings must allow the model to invoke them. */
function checkPluginSkills(settings: readonly JsonObject[] | undefined): readonly DoctorResult[] {
  const results = [ok('skills', m.skillsFromPlugin(SKILL_NAMES.map((name) => `/${PLUGIN_NAME}:${name}`)))];
  if (settings === undefined) return results;
  const missing = pluginSkillPermissions().filter((entry) => !allowedIn(settings).includes(entry));
  results.push(missing.length === 0 ? ok('skills', m.allowOk) : problem('skills', m.allowMissing(missing), m.allowFix(missing)));
  return results;
}

function allowedIn(settings: readonly JsonObject[]): readonly unknown[] {
  return settings.flatMap((s) => (isObject(s.permissions) && Array.isArray(s.permissions.allow) ? s.permissions.allow : []));
}

/** The hooks' own command line, run by a shell as the client runs it, asked for its version. */
function checkCommand(host: DoctorHost, root: string, wiring: Wiring, source: MemdexSource): DoctorResult {
  if (wiring.kind === 'project') {
    const described = source.kind === 'project' ? source.bin : 'memdex on PATH';
    const fix = source.kind === 'global' ? m.commandGlobalFix : m.commandFix;
    return runCommandLine(host, root, claudeInvocation(source).command, {}, (version) => m.commandOk(described, version), (status, output) => m.commandFails(described, status, output), fix);
  }
  // The plugin's hooks run its own bin/memdex: in the folder the client gives them, else this memdex's own (doctor run as the plugin's).
  const pluginRoot = host.env.CLAUDE_PLUGIN_ROOT || host.memdexPackageRoot();
  if (pluginRoot === undefined) return problem('command', m.pluginCommandFails(undefined, null, ''), m.pluginCommandFix);
  return runCommandLine(
    host,
    root,
    PLUGIN_MEMDEX_COMMAND,
    { CLAUDE_PLUGIN_ROOT: pluginRoot },
    (version) => m.pluginCommandOk(pluginRoot, version),
    (status, output) => m.pluginCommandFails(pluginRoot, status, output),
    m.pluginCommandFix,
  );
}

function runCommandLine(
  host: DoctorHost,
  root: string,
  memdex: string,
  env: Record<string, string>,
  works: (version: string) => string,
  fails: (status: number | null, output: string) => string,
  fix: string,
): DoctorResult {
  const run = host.runShell(`${memdex} --version`, { cwd: root, env: { ...host.env, CLAUDE_PROJECT_DIR: root, ...env }, timeoutMs: COMMAND_TIMEOUT_MS });
  const output = run.output.trim();
  return run.status === 0 ? ok('command', works(output)) : problem('command', fails(run.status, output.split('\n')[0] ?? ''), fix);
}

function checkSkills(read: (path: string) => string | undefined, settings: readonly JsonObject[] | undefined, source: MemdexSource): readonly DoctorResult[] {
  const results = projectSkills(source).map((skill): DoctorResult => {
    const text = read(skill.path);
    if (text === undefined) return problem('skills', m.skillMissing(skill.path), m.runInit);
    if (text !== skill.text) return { check: 'skills', status: 'warning', message: m.skillDiffers(skill.path), fix: m.skillDiffersFix(skill.path) };
    return ok('skills', m.skillOk(skill.path));
  });
  if (settings === undefined) return results;
  const missing = skillPermissions().filter((entry) => !allowedIn(settings).includes(entry));
  results.push(missing.length === 0 ? ok('skills', m.allowOk) : problem('skills', m.allowMissing(missing), m.runInit));
  return results;
}

/**
 * A half-removed install: files init created in this clone (its record,
 * install-record.ts) that are gone since. Said only when there are some: the
 * checks above name what each missing part breaks.
 */
function checkInstall(host: DoctorHost, root: string): readonly DoctorResult[] {
  const record = readInstallRecord(host, root);
  const gone = Object.entries(record?.files ?? {}).filter(([path, file]) => file.created && !host.exists(host.resolvePath(root, path))).map(([path]) => path);
  return gone.length === 0 ? [] : [{ check: 'install', status: 'warning', message: m.installPartly(gone), fix: m.installPartlyFix }];
}

async function checkPreCommit(host: DoctorHost, root: string, git: GitSetup | undefined, read: (path: string) => string | undefined): Promise<readonly DoctorResult[]> {
  if (!git) return [problem('pre-commit', m.noGit, m.noGitFix)];
  const hookPath = `${git.hooksDir}/pre-commit`;
  const display = displayPath(root, hookPath);
  // husky's own folder (.husky/_): its pre-commit runs .husky/pre-commit, which needs no mode of its own.
  const huskyRunner = git.hooksDir === host.resolvePath(git.top, `${HUSKY_FOLDER}/_`);
  // .husky/ is the repository's, at the top of the working tree (init puts it there for a tree in a subfolder).
  const huskyFile = host.resolvePath(git.top, PRE_COMMIT_FILE);
  const huskyDisplay = displayPath(root, huskyFile);
  const readHusky = () => (host.exists(huskyFile) ? host.readText(huskyFile, huskyDisplay) : (read(PRE_COMMIT_FILE) ?? ''));
  const script = host.exists(hookPath) ? host.readText(hookPath, display) : undefined;
  // lefthook writes its own scripts; memdex's command is in its config (init.ts planGit), at the top of the working tree.
  const lefthook = lefthookConfig((path) => host.exists(host.resolvePath(git.top, path)), (file) => file);
  if (lefthook !== undefined) {
    const file = host.resolvePath(git.top, lefthook);
    const { lefthookRunsCheck } = await import('./lefthook-command.js');
    const runsCheck = lefthookRunsCheck(host.readText(file, displayPath(root, file)));
    if (script?.includes(LEFTHOOK_HOOK_MARK)) return [runsCheck ? ok('pre-commit', m.preCommitOk(displayPath(root, file))) : problem('pre-commit', m.lefthookMissing(displayPath(root, file)), m.runInit)];
    if (runsCheck) return [problem('pre-commit', m.lefthookNotInstalled(displayPath(root, file), displayPath(root, git.hooksDir)), m.lefthookNotInstalledFix)];
  }
  if (script === undefined) return [problem('pre-commit', m.preCommitMissing(displayPath(root, git.hooksDir)), m.runInit)];
  if (!host.isExecutable(hookPath)) return [problem('pre-commit', m.preCommitNotExecutable(display), m.preCommitNotExecutableFix(display))];
  const texts = [script, ...(huskyRunner || script.includes(PRE_COMMIT_FILE) ? [readHusky()] : [])].join('\n');
  // The pre-commit framework (pre-commit.com) writes its own script; memdex's hook is in its config (docs/pre-commit.md).
  if (script.includes(FRAMEWORK_HOOK_MARK) && /^\s*-\s*id:\s*memdex\s*$/m.test(read(PRE_COMMIT_FRAMEWORK_CONFIG) ?? '')) {
    return [ok('pre-commit', m.preCommitOk(PRE_COMMIT_FRAMEWORK_CONFIG))];
  }
  const lintStaged = lintStagedConfig(read);
  if (lintStaged) {
    if (!lintStaged.text.includes(STAGED_CHECK)) return [problem('pre-commit', m.lintStagedMissing(lintStaged.file), m.runInit)];
    if (!/\blint-staged\b/.test(texts) && !texts.includes(STAGED_CHECK)) return [problem('pre-commit', m.lintStagedNotRun(displayPath(root, git.hooksDir)), m.lintStagedNotRunFix)];
    return [ok('pre-commit', m.preCommitOk(lintStaged.file))];
  }
  if (!texts.includes(STAGED_CHECK)) return [problem('pre-commit', m.preCommitMissing(displayPath(root, git.hooksDir)), m.runInit)];
  const where = script.includes(STAGED_CHECK) ? { file: display, text: script } : { file: huskyDisplay, text: readHusky() };
  const hidden = checkHiddenBy(where.text);
  if (hidden) return [problem('pre-commit', m.preCommitHidden(`${where.file}:${hidden.line}:1`, hidden.text), m.preCommitHiddenFix)];
  return [ok('pre-commit', m.preCommitOk(huskyRunner ? huskyDisplay : display))];
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

/** The baseline's size (core/baseline.ts): errors adopted as they were, which check does not report. */
function checkBaseline(read: (path: string) => string | undefined): DoctorResult {
  const text = read(BASELINE_FILE);
  if (text === undefined) return ok('baseline', bm.doctorNone(BASELINE_FILE));
  const parsed = parseBaseline(text, BASELINE_FILE);
  if ('problem' in parsed) return problem('baseline', parsed.problem, bm.doctorUnreadableFix);
  const size = baselineSize(parsed.baseline);
  return size.errors === 0 ? ok('baseline', bm.doctorNone(BASELINE_FILE)) : { check: 'baseline', status: 'ok', message: bm.doctorSize(BASELINE_FILE, size), fix: bm.doctorFix };
}

function checkHookLog(read: (path: string) => string | undefined): DoctorResult {
  const lines = (read(HOOK_LOG_FILE) ?? '').split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return ok('hook-log', m.hookLogClean);
  return problem('hook-log', m.hookLogErrors(HOOK_LOG_FILE, lines.length, lines.slice(-LAST_LOG_LINES)), m.hookLogFix(HOOK_LOG_FILE));
}

function checkLearning(host: DoctorHost, root: string, command: LearningCommand): DoctorResult {
  if (command.source.kind === 'off') return ok(command.role, m.learningOff(command.role, command.source.why));
  const source = command.source.kind === 'env' ? m.sourceEnv(command.source.name) : command.source.kind === 'config' ? m.sourceConfig(command.source.key) : m.sourceDefault;
  const program = programOf(command.command, { ...host.env, CLAUDE_PROJECT_DIR: root });
  const found = program.includes('/') ? (host.isExecutable(host.resolvePath(root, program)) ? host.resolvePath(root, program) : undefined) : host.findOnPath(program, host.env);
  if (found) return ok(command.role, m.learningOk(command.role, command.command, source, found));
  // No learner on a machine without Claude Code is a fact of that machine (its sessions run elsewhere), not a broken setup.
  if (command.source.kind === 'default') return { check: command.role, status: 'ok', message: m.learningNoClaude(command.role), fix: m.learningNoClaudeFix(command.role, command.key, command.env) };
  return problem(command.role, m.learningNotFound(command.role, command.command, source, program || command.command), m.learningFix(command.role, command.key, command.env));
}

/** The learning steps' last runs (learning-outcomes.ts): a problem when the newest run of a step failed. */
function checkLearningOutcomes(host: DoctorHost, root: string): DoctorResult {
  const { outcomes, problem: unreadable } = readLearningOutcomes(host, root);
  if (unreadable !== undefined) return problem('learning', unreadable, m.outcomesUnreadableFix(LEARNING_OUTCOMES));
  const newest = (['extract', 'evaluate'] as const).map((step) => outcomes.filter((o) => o.step === step).at(-1)).filter((o) => o !== undefined);
  const failed = newest.filter((o) => o.result !== 'applied');
  const applied = outcomes.filter((o) => o.result === 'applied').length;
  if (failed.length === 0) return ok('learning', outcomes.length === 0 ? m.outcomesNone : m.outcomesOk(outcomes.length, applied, LEARNING_OUTCOMES));
  return problem('learning', m.outcomesFailed(failed.map((o) => m.outcomeLine(o.step, o.at, o.by, o.result, o.detail ?? ''))), m.outcomesFix);
}

function checkEvaluations(host: DoctorHost, root: string, config: Config): readonly DoctorResult[] {
  const store = readRelevance(host, relevanceStorePath(host, root, config), projectRelevanceParams(config));
  if (store.corrupt !== undefined) return [problem('evaluations', m.storeCorrupt(store.corrupt), m.storeCorruptFix)];
  // The sessions' records (session-records.ts), and those an earlier version kept in the store.
  const listed = listSessionRecords(host, root);
  const sessions = [...listed.sessions.map((s) => s.record), ...Object.values(store.state.sessions)];
  const failed = sessions.filter((s) => s.status === 'failed').sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  const pending = sessions.filter((s) => s.status === 'pending').length;
  if (failed.length === 0) return [ok('evaluations', m.evaluationsOk(pending))];
  const notes = failed.slice(-LAST_FAILURES).map((s) => s.note ?? '');
  return [problem('evaluations', m.evaluationsFailed(failed.length, notes), m.evaluationsFix)];
}

/** Learned key points held for review are not injected until someone looks: say how many wait. */
function checkReview(host: DoctorHost, root: string, config: Config): readonly DoctorResult[] {
  try {
    const pending = pendingKeyPoints(readPlaybook(host, playbookFile(host, root, config)).playbook);
    if (pending.length === 0) return [];
    return [{ check: 'playbook-review', status: 'warning', message: m.pendingReview(pending.map((kp) => kp.name)), fix: m.pendingReviewFix }];
  } catch {
    return []; // an unreadable playbook is `memdex check`'s to report
  }
}

/** Sessions memdex's learner left in the client's folder (versions before it ran without persistence): listed, with the command that removes them. */
function checkLearnerSessions(host: DoctorHost, root: string, config: Config): readonly DoctorResult[] {
  const dir = host.transcriptsDir(root);
  const listed = host.listSessions(dir);
  if (listed === undefined) return [];
  const { learner } = splitLearnerSessions(listed, learnerOpenings(host, root, config));
  if (learner.length === 0) return [ok('learner-sessions', m.learnerSessionsNone(dir))];
  const paths = learner.flatMap((s) => [s.path, s.path.replace(/\.jsonl$/, '')]);
  return [{ check: 'learner-sessions', status: 'warning', message: m.learnerSessions(dir, learner.map((s) => s.id)), fix: m.learnerSessionsFix(paths.map(shellQuote).join(' ')) }];
}

/** The prompt hook's pointers: on or off, with the precision measured for them (issue 22). */
function checkPointers(host: DoctorHost, root: string, config: Config): DoctorResult {
  const measured = HOOK_PRECISION_MEASURED;
  const usage = host.exists(host.resolvePath(root, USAGE_LOG)) ? host.readText(host.resolvePath(root, USAGE_LOG), USAGE_LOG).split('\n').filter((l) => l.trim() !== '').length : 0;
  if (!suggestsOnPrompt(config)) return { check: 'pointers', status: 'warning', message: m.pointersOff(measured), fix: m.pointersOffFix };
  return ok('pointers', m.pointersOn(DEFAULT_SUGGEST_PARAMS.hookLimit, DEFAULT_SUGGEST_PARAMS.hookThreshold, measured, usage));
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
