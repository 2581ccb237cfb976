/**
 * `memdex init`: everything a repository needs to use memdex, set up in one
 * idempotent step. Each part plans edits from what is on disk (the memory tree,
 * memdex.config.json, Claude Code's settings and skills, the pre-commit hook, the
 * CI workflow, .gitignore); nothing is written until every part has planned, and
 * then each file once, atomically, refused if it changed since it was read.
 *
 * Never overwrite: JSON is merged key by key, text is appended to, a file that
 * exists is otherwise left as it is. A file it cannot parse is named
 * (file:line:col) and left alone, and the run exits 1 after doing the rest.
 * A second run plans nothing ("nothing to do"). `--dry-run` prints the diff.
 */
import { MemdexError } from '../core/errors.js';
import { CONFIG_FILE, type Config } from '../model/config.js';
import { CONTEXT_FILES } from '../model/project.js';
import { importLine, importLines } from '../rules/index/in-context.js';
import { CHARS_PER_TOKEN, DEFAULT_MAX_TOKENS } from '../rules/index/size-budget.js';
import { unifiedDiff } from '../migrate/unified-diff.js';
import { EXAMPLE_DECISION, EXAMPLE_DECISION_FILE, GITIGNORE_HEADER, initMessages as m, starterIndex, workflow } from '../messages/init.js';
import type { SetupHost, TreeHost } from './host.js';
import { SETTINGS_FILE, mergeSettings, projectSkills } from './init-claude.js';
import {
  HUSKY_FOLDER,
  LINT_STAGED_FILES,
  PRE_COMMIT_FILE,
  addLintStagedEntry,
  addToPackageJson,
  lintStagedGlob,
  lintStagedSkipsDeletions,
  packageType,
  preCommitText,
} from './init-git.js';
import { isObject, parseJsonObject, renderJson, type JsonObject, type JsonText } from './json-file.js';
import { COMMITTED_STATE, RUNTIME_STATE_IGNORES } from './wiring.js';

export const CONFIG_SCHEMA_REF = './node_modules/memdex/schemas/memdex.config.schema.json';
export const WORKFLOW_FILE = '.github/workflows/memdex.yml';
export const GITIGNORE_FILE = '.gitignore';
export const CLAUDE_FILE = 'CLAUDE.md';
const SIZE_BUDGET = 'index/size-budget';
const IN_CONTEXT = 'index/in-context';
/** memdex in the project, from the hook's working folder (the top of the git working tree). */
const PROJECT_BIN = 'node_modules/.bin/memdex';
const HOOKS_PATH_KEY = 'core.hooksPath';

export interface InitOptions {
  readonly root?: string;
  readonly dryRun: boolean;
  readonly claude: boolean;
  readonly git: boolean;
  readonly ci: boolean;
}

/** One file init writes: root-relative path, the text it read (undefined: new), the text it writes. */
export interface FileEdit {
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string;
  readonly executable: boolean;
  /** For the report: what changed in it. */
  readonly what: string;
}

export interface InitReport {
  /** The lines to print (what was done or would be, notes, problems, the next step). */
  readonly lines: readonly string[];
  readonly edits: readonly FileEdit[];
  readonly problems: readonly string[];
  readonly exitCode: 0 | 1;
}

interface Plan {
  readonly edits: FileEdit[];
  readonly gitConfig: { key: string; value: string; top: string }[];
  readonly notes: string[];
  readonly problems: string[];
}

type InitHost = TreeHost & SetupHost;

/**
 * The folder init sets up and doctor checks: found as every command finds its tree
 * (--root, CLAUDE_PROJECT_DIR, a tree at or above the cwd), else the cwd itself,
 * where a new tree is to be made.
 */
export function setupRoot(host: TreeHost, explicit: string | undefined): string {
  if (explicit !== undefined || host.env.CLAUDE_PROJECT_DIR) return host.resolveRoot(explicit);
  return host.findRoot(host.cwd) ?? host.cwd;
}

export function runInit(host: InitHost, options: InitOptions): InitReport {
  const root = setupRoot(host, options.root);
  const plan: Plan = { edits: [], gitConfig: [], notes: [], problems: [] };
  // A config memdex cannot read leaves the paths unknown: the parts that need them wait for it.
  const config = readConfig(host, root, plan);
  const files = projectFiles(host, root);
  if (config) {
    const index = planTree(files, config, plan);
    const inContext = options.claude ? planContext(files, config, index, plan) : undefined;
    planConfig(files, plan, inContext);
  }
  if (options.claude) planClaude(files, plan);
  else plan.notes.push(m.skipped('Claude Code (--no-claude)'));
  if (!options.git) plan.notes.push(m.skipped('the pre-commit hook (--no-git)'));
  else if (config) planGit(host, files, root, config, plan);
  if (options.ci) planCi(files, host.gitSetup(root)?.top, root, plan);
  else plan.notes.push(m.skipped('CI (--no-ci)'));
  planGitignore(files, plan);
  if (!options.dryRun) {
    for (const edit of plan.edits) {
      host.writeSetupFile(host.resolvePath(root, edit.path), edit.after, { ...(edit.before !== undefined ? { expected: edit.before } : {}), executable: edit.executable, display: edit.path });
    }
    for (const change of plan.gitConfig) host.setGitConfig(change.top, change.key, change.value);
  }
  return report(plan, options.dryRun);
}

function readConfig(host: InitHost, root: string, plan: Plan): Config | undefined {
  try {
    return host.loadConfig(root).config;
  } catch (error) {
    if (!(error instanceof MemdexError)) throw error;
    plan.problems.push(error.message);
    return undefined;
  }
}

/** Reads a root-relative file once; undefined when absent. */
interface ProjectFiles {
  read(path: string): string | undefined;
  exists(path: string): boolean;
  isExecutable(path: string): boolean;
}

function projectFiles(host: InitHost, root: string): ProjectFiles {
  const cache = new Map<string, string | undefined>();
  const abs = (path: string) => host.resolvePath(root, path);
  return {
    read: (path) => {
      if (!cache.has(path)) cache.set(path, host.exists(abs(path)) ? host.readText(abs(path), path) : undefined);
      return cache.get(path);
    },
    exists: (path) => host.exists(abs(path)),
    isExecutable: (path) => host.isExecutable(abs(path)),
  };
}

/** Plans the memory tree when there is none; returns the index text as it will be (undefined: no index). */
function planTree(files: ProjectFiles, config: Config, plan: Plan): string | undefined {
  if (files.exists(config.index) || files.exists(config.decisions)) {
    plan.notes.push(m.treeExists(files.exists(config.index) ? config.index : config.decisions));
    return files.read(config.index);
  }
  const index = starterIndex(config.decisions);
  create(plan, config.index, index);
  create(plan, `${config.decisions}/${EXAMPLE_DECISION_FILE}`, EXAMPLE_DECISION);
  return index;
}

/**
 * Whether the agent is shown the whole index (docs/agent-view.md): `@<index>` in
 * CLAUDE.md when the index fits index/size-budget, never when it does not; a
 * CLAUDE.md that already loads it is left as it is. Returns the choice to record
 * in the config (rule index/in-context's `loaded`).
 */
function planContext(files: ProjectFiles, config: Config, index: string | undefined, plan: Plan): boolean | undefined {
  if (index === undefined) return undefined;
  const tokens = Math.ceil(index.length / CHARS_PER_TOKEN);
  const budget = (config.rules[SIZE_BUDGET]?.options.maxTokens as number | undefined) ?? DEFAULT_MAX_TOKENS;
  const loaded = CONTEXT_FILES.some((path) => importLines(files.read(path) ?? '', config.index).length > 0);
  if (loaded) return true;
  if (tokens > budget) {
    plan.notes.push(m.indexNotLoaded(config.index, tokens, budget));
    return false;
  }
  const before = files.read(CLAUDE_FILE);
  const line = importLine(config.index);
  if (before === undefined) create(plan, CLAUDE_FILE, `${line}\n`);
  else update(plan, CLAUDE_FILE, before, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${before.trim() === '' ? '' : '\n'}${line}\n`, m.indexLoadedWhat(line));
  plan.notes.push(m.indexLoaded(config.index, tokens, budget));
  return true;
}

/**
 * memdex.config.json: created with `$schema` and, for a new setup, the prompt hook's
 * pointers on (docs/suggest.md: calibrated for precision); the in-context choice is
 * recorded when the config records none.
 */
function planConfig(files: ProjectFiles, plan: Plan, inContext: boolean | undefined): void {
  const text = files.read(CONFIG_FILE);
  const record = (value: JsonObject): JsonObject | undefined => {
    if (inContext === undefined) return undefined;
    const rules = isObject(value.rules) ? value.rules : {};
    if (rules[IN_CONTEXT] !== undefined) return undefined;
    return { ...value, rules: { ...rules, [IN_CONTEXT]: { options: { loaded: inContext } } } };
  };
  if (text === undefined) {
    const fresh: JsonObject = { $schema: CONFIG_SCHEMA_REF, suggest: { onPrompt: true } };
    return create(plan, CONFIG_FILE, renderJson(record(fresh) ?? fresh, '  '));
  }
  const parsed = parseJsonObject(text, CONFIG_FILE);
  if ('problem' in parsed) return void plan.problems.push(parsed.problem);
  const added: string[] = [];
  let value = parsed.value;
  if (value.$schema === undefined) {
    value = { $schema: CONFIG_SCHEMA_REF, ...value };
    added.push(m.schemaAdded);
  }
  const recorded = record(value);
  if (recorded) {
    value = recorded;
    added.push(m.inContextAdded(inContext!));
  }
  if (added.length > 0) update(plan, CONFIG_FILE, text, renderJson(value, parsed.indent), m.addedKeys(added));
}

function planClaude(files: ProjectFiles, plan: Plan): void {
  const text = files.read(SETTINGS_FILE);
  const parsed: JsonText | { problem: string } = text === undefined ? { text: '', value: {}, indent: '  ' } : parseJsonObject(text, SETTINGS_FILE);
  if ('problem' in parsed) plan.problems.push(parsed.problem);
  else {
    const merged = mergeSettings(parsed.text, parsed.value);
    if ('problem' in merged) plan.problems.push(merged.problem);
    else {
      plan.notes.push(...merged.notes);
      if (merged.added.length > 0) {
        const after = renderJson(merged.value, parsed.indent);
        if (text === undefined) create(plan, SETTINGS_FILE, after);
        else update(plan, SETTINGS_FILE, text, after, merged.added.join('; '));
      }
    }
  }
  for (const skill of projectSkills()) {
    const existing = files.read(skill.path);
    if (existing === undefined) create(plan, skill.path, skill.text);
    else if (existing !== skill.text) plan.notes.push(m.skillDiffers(skill.path));
  }
}

/** The memory files, root-relative: what a staged change to must be checked. */
function memoryPaths(config: Config): readonly string[] {
  return [config.index, `${config.decisions}/**/*.md`, config.playbook.path, CONFIG_FILE];
}

function planGit(host: InitHost, files: ProjectFiles, root: string, config: Config, plan: Plan): void {
  const git = host.gitSetup(root);
  if (!git) return void plan.notes.push(m.noGit);
  const pkgText = files.read('package.json');
  const pkg = pkgText === undefined ? undefined : parseJsonObject(pkgText, 'package.json');
  if (pkg && 'problem' in pkg) return void plan.problems.push(pkg.problem);
  const glob = lintStagedGlob(memoryPaths(config));
  if (pkg?.value['lint-staged'] !== undefined) return void planEdit(plan, 'package.json', pkgText!, addToPackageJson(pkgText!, pkg.value, pkg.indent, glob), glob, files);
  const lintStaged = LINT_STAGED_FILES.find((file) => files.exists(file));
  if (lintStaged) return void planEdit(plan, lintStaged, files.read(lintStaged)!, addLintStagedEntry(lintStaged, files.read(lintStaged)!, glob, packageType(pkg?.value)), glob, files);
  // The hook runs at the top of the working tree: paths from there.
  const prefix = relativeTo(git.top, root);
  const inTop = (path: string) => (prefix ? `${prefix}/${path}` : path);
  const pathspecs = [config.index, config.decisions, config.playbook.path, CONFIG_FILE].map(inTop);
  const before = files.read(PRE_COMMIT_FILE);
  const after = preCommitText(before, pathspecs, `./${inTop(PROJECT_BIN)}`, prefix ? ` --root '${prefix}'` : '');
  if (after !== 'present') {
    if (before === undefined) create(plan, PRE_COMMIT_FILE, after, true);
    else update(plan, PRE_COMMIT_FILE, before, after, m.appendedBlock, true);
  } else if (!files.isExecutable(PRE_COMMIT_FILE)) update(plan, PRE_COMMIT_FILE, before!, before!, m.madeExecutable, true);
  const husky = inTop(HUSKY_FOLDER);
  const hooksPath = git.hooksPath?.replace(/\/+$/, '');
  if (hooksPath === husky || hooksPath === `${husky}/_`) return;
  if (hooksPath !== undefined) return void plan.notes.push(m.otherHooksPath(hooksPath));
  const own = git.activeHooks;
  if (own.length > 0) return void plan.notes.push(m.foreignHooks(git.hooksDir, own));
  plan.gitConfig.push({ key: HOOKS_PATH_KEY, value: husky, top: git.top });
}

function planEdit(plan: Plan, file: string, before: string, edit: ReturnType<typeof addLintStagedEntry>, glob: string, files: ProjectFiles): void {
  if (edit === 'present') return;
  if ('problem' in edit) return void plan.problems.push(edit.problem);
  update(plan, file, before, edit.after, m.lintStagedEntry(glob));
  const hook = files.read(PRE_COMMIT_FILE);
  if (hook !== undefined && lintStagedSkipsDeletions(hook)) plan.notes.push(m.lintStagedDeletions(PRE_COMMIT_FILE));
}

function planCi(files: ProjectFiles, top: string | undefined, root: string, plan: Plan): void {
  if (files.exists(WORKFLOW_FILE)) return void plan.notes.push(m.workflowExists(WORKFLOW_FILE));
  const install = files.exists('package-lock.json') || files.exists('npm-shrinkwrap.json') ? 'npm ci' : 'npm install';
  create(plan, WORKFLOW_FILE, workflow(install, top ? relativeTo(top, root) : ''));
}

function planGitignore(files: ProjectFiles, plan: Plan): void {
  const before = files.read(GITIGNORE_FILE) ?? '';
  const normal = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '');
  const present = new Set(before.split('\n').map(normal));
  const missing = RUNTIME_STATE_IGNORES.filter((line) => !present.has(normal(line)));
  if (missing.length === 0) return;
  const lead = before === '' ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const after = `${before}${lead}${GITIGNORE_HEADER}\n${missing.join('\n')}\n`;
  if (files.exists(GITIGNORE_FILE)) update(plan, GITIGNORE_FILE, before, after, m.ignoresAdded(missing));
  else create(plan, GITIGNORE_FILE, after);
}

function create(plan: Plan, path: string, text: string, executable = false): void {
  plan.edits.push({ path, before: undefined, after: text, executable, what: '' });
}

function update(plan: Plan, path: string, before: string, after: string, what: string, executable = false): void {
  plan.edits.push({ path, before, after, executable, what });
}

/** `root` relative to `top`, with forward slashes ('' when equal). */
function relativeTo(top: string, root: string): string {
  const a = top.replace(/[\\/]+$/, '');
  const b = root.replace(/[\\/]+$/, '');
  return b === a ? '' : b.slice(a.length + 1).split('\\').join('/');
}

function report(plan: Plan, dryRun: boolean): InitReport {
  const lines: string[] = [];
  const changed = plan.edits.length > 0 || plan.gitConfig.length > 0;
  if (dryRun && changed) {
    lines.push(m.dryRunHeader);
    for (const edit of plan.edits) {
      lines.push(edit.before === edit.after ? m.dryRunChmod(edit.path) : unifiedDiff(edit.path, edit.before ?? '', edit.after).trimEnd());
    }
    for (const change of plan.gitConfig) lines.push(m.dryRunGitConfig(change.key, change.value));
  } else {
    for (const edit of plan.edits) lines.push(edit.before === undefined ? m.created(edit.path) : m.updated(edit.path, edit.what));
    for (const change of plan.gitConfig) lines.push(m.gitConfig(change.key, change.value));
  }
  lines.push(...plan.notes);
  if (!changed && plan.problems.length === 0) lines.push(m.nothingToDo);
  else if (plan.problems.length > 0) lines.push(m.nextStepProblems);
  else {
    lines.push(m.committed(COMMITTED_STATE, RUNTIME_STATE_IGNORES));
    if (!dryRun) lines.push(m.nextStep([...new Set(plan.edits.map((edit) => topFolder(edit.path)))]));
  }
  return { lines, edits: plan.edits, problems: plan.problems, exitCode: plan.problems.length > 0 ? 1 : 0 };
}

/** What `git add` is given for a file: its first folder (`.claude`, `agents`), or the file. */
function topFolder(path: string): string {
  const cut = path.indexOf('/');
  return cut < 0 ? path : path.slice(0, cut);
}
