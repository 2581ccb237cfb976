/**
 * `memdex uninstall`: takes out exactly what `memdex init` put in, and never a
 * memory file (the index, the decision files, the playbook: the team's
 * knowledge, which outlives the tool).
 *
 * What is memdex's is recognised by its content, as init wrote it: the hook
 * commands of wiring.ts in any form memdex writes or wrote (init-claude.ts
 * isMemdexHookCommand), the skill permissions, the marked pre-commit block,
 * the lint-staged entry, the framework's hook and lefthook's command that run
 * `memdex check --staged`, a skill or workflow equal to a text memdex ships. What content
 * cannot tell comes from init's record (install-record.ts): whether init
 * created a file (an emptied file it created goes; one the user had stays,
 * as it was), the text it created it with (an edited skill or workflow is
 * kept and named), `core.hooksPath` set and `pre-commit install` or
 * `lefthook install` run in this clone. JSON files lose only memdex's keys and keep the rest, written back
 * with their own indentation (as init merges them).
 *
 * The parts are a list (UNINSTALL_PARTS), one per thing an installer wrote:
 * another installer (an agent's wiring) adds its part there.
 *
 * Without `--keep-memory`, memdex's own state goes too: the config when it
 * holds nothing of the user's, CLAUDE.md's import of the index when init
 * added it, the baseline, the relevance scores, the per-machine state and the
 * `.gitignore` lines for it. With it, only what runs memdex is taken out, and
 * a later `memdex init` resumes where this one stopped. The memory is never
 * touched either way.
 *
 * Nothing is written until every part has planned; `--dry-run` prints the
 * plan. Folders emptied by a removal are removed (never one inside `.git`).
 */
import { MemdexError } from '../core/errors.js';
import { BASELINE_FILE } from '../core/baseline.js';
import { unifiedDiff } from '../migrate/unified-diff.js';
import { CONFIG_FILE, DEFAULT_CONFIG, type Config } from '../model/config.js';
import { importLine } from '../rules/index/in-context.js';
import { GITIGNORE_HEADER } from '../messages/init.js';
import { uninstallMessages as m } from '../messages/uninstall.js';
import type { GitSetup, SetupHost, TreeHost } from './host.js';
import { isObject, parseJsonObject, renderJson } from './json-file.js';
import { loadConfig } from './load-config.js';
import { lefthookCommand, memdexSource, projectFiles, setupRoot, freshConfigTexts, fromRoot, relativeTo, workflowFile, workflowTexts, CLAUDE_FILE, FRAMEWORK_CONFIG, GITIGNORE_FILE, HOOKS_PATH_KEY, type ProjectFiles } from './init.js';
import { removeFromSettings, SETTINGS_FILE, shippedSkillTexts, SKILLS_FOLDER } from './init-claude.js';
import { emptyScript, lefthookConfig, LINT_STAGED_FILES, PRE_COMMIT_FILE, removeFromPackageJson, removeLintStagedEntry, removePreCommitBlock, HUSKY_FOLDER } from './init-git.js';
import { INSTALL_RECORD, readInstallRecord, type InstallRecord } from './install-record.js';
import { HOOK_LOG_FILE } from './doctor.js';
import { SKILL_NAMES } from './skills.js';
import { planAgentRemoval } from './agents/remove-agents.js';
import { RUNTIME_STATE_IGNORES } from './wiring.js';

export interface UninstallOptions {
  readonly root?: string;
  readonly dryRun: boolean;
  readonly keepMemory: boolean;
}

/** One file uninstall changes, root-relative: its text now, and after (undefined: removed). */
export interface FileChange {
  readonly path: string;
  readonly before: string;
  readonly after: string | undefined;
  readonly what: string;
}

export interface UninstallPlan {
  readonly changes: FileChange[];
  /** Folders removed whole (memdex's per-machine state), root-relative. */
  readonly folders: { readonly path: string; readonly what: string }[];
  readonly gitConfig: { readonly top: string; readonly key: string; readonly value: string }[];
  readonly commands: { readonly command: string; readonly cwd: string }[];
  readonly notes: string[];
  readonly problems: string[];
}

export type UninstallHost = TreeHost & SetupHost;

/** What every part sees. */
export interface UninstallContext {
  readonly host: UninstallHost;
  readonly root: string;
  readonly files: ProjectFiles;
  readonly git: GitSetup | undefined;
  readonly config: Config;
  readonly record: InstallRecord | undefined;
  readonly plan: UninstallPlan;
}

/**
 * One installer's way out: `state` parts are memdex's own state, skipped with --keep-memory. A part that parses
 * with a library imports it when its file is there (init-git.ts), so it may return a promise.
 */
export interface UninstallPart {
  readonly name: string;
  readonly state?: boolean;
  plan(context: UninstallContext): void | Promise<void>;
}

export interface UninstallReport {
  readonly lines: readonly string[];
  readonly problems: readonly string[];
  readonly exitCode: 0 | 1;
}

const COMMAND_TIMEOUT_MS = 60_000;
const FRAMEWORK_UNINSTALL = 'pre-commit uninstall';
const SETTINGS_FILES = [SETTINGS_FILE, '.claude/settings.local.json'];

export async function runUninstall(host: UninstallHost, options: UninstallOptions): Promise<UninstallReport> {
  const root = setupRoot(host, options.root);
  const plan: UninstallPlan = { changes: [], folders: [], gitConfig: [], commands: [], notes: [], problems: [] };
  const context: UninstallContext = { host, root, files: projectFiles(host, root), git: host.gitSetup(root), config: readConfig(host, root), record: readInstallRecord(host, root), plan };
  for (const part of UNINSTALL_PARTS) if (!(part.state && options.keepMemory)) await part.plan(context);
  // The record goes whatever is kept: it describes an install that is gone.
  const record = host.resolvePath(root, INSTALL_RECORD);
  const recordGoes = host.exists(record) && !plan.folders.some((folder) => INSTALL_RECORD.startsWith(`${folder.path}/`));
  if (!options.dryRun) apply(context, recordGoes ? record : undefined);
  return report(plan, options.dryRun, context.config, options.keepMemory);
}

function readConfig(host: UninstallHost, root: string): Config {
  try {
    return loadConfig(host, root).config;
  } catch (error) {
    if (!(error instanceof MemdexError)) throw error;
    return DEFAULT_CONFIG; // an unreadable config is the user's to fix; the wiring still comes out
  }
}

function apply(context: UninstallContext, record: string | undefined): void {
  const { host, root, plan } = context;
  const emptied = new Set<string>();
  for (const change of plan.changes) {
    const path = host.resolvePath(root, change.path);
    if (change.after === undefined) {
      host.removeFile(path);
      emptied.add(change.path);
    } else host.writeSetupFile(path, change.after, { expected: change.before, display: change.path }); // the file's mode is kept
  }
  for (const folder of plan.folders) {
    host.removeTree(host.resolvePath(root, folder.path));
    emptied.add(folder.path);
  }
  if (record !== undefined) {
    host.removeFile(record);
    emptied.add(INSTALL_RECORD);
  }
  for (const change of plan.gitConfig) host.unsetGitConfig(change.top, change.key);
  for (const { command, cwd } of plan.commands) {
    const run = host.runShell(command, { cwd, env: host.env, timeoutMs: COMMAND_TIMEOUT_MS });
    if (run.status !== 0) plan.problems.push(m.commandFailed(command, run.status, run.output.trim().split('\n')[0] ?? ''));
  }
  for (const path of emptied) removeEmptyParents(host, root, path);
}

/** The folders above a removed path that are now empty, up to the tree root (never `..`, never inside `.git`, never outside the working tree). */
function removeEmptyParents(host: UninstallHost, root: string, path: string): void {
  if (/^([\\/]|[A-Za-z]:)/.test(path)) return;
  const parts = path.split('/');
  for (let end = parts.length - 1; end > 0; end--) {
    const folder = parts.slice(0, end);
    if (folder.at(-1) === '..' || folder.includes('.git')) return;
    if (!host.removeEmptyFolder(host.resolvePath(root, folder.join('/')))) return;
  }
}

/** A file created by init (or, without a record, presumed so): one it emptied may go. */
function createdByInit(context: UninstallContext, path: string): boolean {
  return context.record?.files[path]?.created ?? true;
}

function change(context: UninstallContext, path: string, before: string, after: string | undefined, what: string): void {
  context.plan.changes.push({ path, before, after, what });
}

/** Claude Code: memdex's hooks and skill permissions out of the settings files. */
const claudeSettings: UninstallPart = {
  name: 'claude-settings',
  plan(context) {
    for (const file of SETTINGS_FILES) {
      const text = context.files.read(file);
      if (text === undefined) continue;
      const parsed = parseJsonObject(text, file);
      if ('problem' in parsed) {
        if (text.includes('memdex')) context.plan.problems.push(parsed.problem);
        continue;
      }
      const { value, removed } = removeFromSettings(parsed.value);
      if (removed.length === 0) continue;
      const what = m.hooksAndPermissions(removed);
      if (Object.keys(value).length === 0 && file === SETTINGS_FILE && createdByInit(context, file)) change(context, file, text, undefined, what);
      else change(context, file, text, renderJson(value, parsed.indent), what);
    }
  },
};

/**
 * A file memdex installs whole (a skill, the workflow, the config): removed when it
 * holds a text memdex installed it with (the one init recorded, or one memdex ships),
 * else left as it is and named in a note (`kept`; undefined: left silently).
 */
function removeWhenInstalled(context: UninstallContext, path: string, text: string, shipped: readonly string[], what: string, kept: string | undefined): void {
  if (text === context.record?.files[path]?.text || shipped.includes(text)) change(context, path, text, undefined, what);
  else if (kept !== undefined) context.plan.notes.push(kept);
}

const skills: UninstallPart = {
  name: 'skills',
  plan(context) {
    for (const name of SKILL_NAMES) {
      const path = `${SKILLS_FOLDER}/${name}/SKILL.md`;
      const text = context.files.read(path);
      if (text === undefined) continue;
      // Every text a skill may have been installed with: those memdex ships (init-claude.ts).
      const shipped = shippedSkillTexts(name, [memdexSource(context.host, context.root, undefined, context.git?.top)]);
      removeWhenInstalled(context, path, text, shipped, m.skill, m.edited(path, m.skillKept));
    }
  },
};

/** The pre-commit block: in husky's file, the user's core.hooksPath folder, or `.git/hooks`. */
const preCommitBlock: UninstallPart = {
  name: 'pre-commit-block',
  plan(context) {
    const { git } = context;
    const candidates = new Set<string>(Object.keys(context.record?.files ?? {}).filter((path) => path.endsWith('/pre-commit')));
    if (git) {
      candidates.add(fromRoot(git.top, context.root, PRE_COMMIT_FILE));
      const file = `${git.hooksDir.replace(/[\\/]+$/, '')}/pre-commit`;
      const top = git.top.replace(/[\\/]+$/, '');
      candidates.add(file.startsWith(`${top}/`) ? fromRoot(git.top, context.root, relativeTo(git.top, file)) : file);
    } else candidates.add(PRE_COMMIT_FILE);
    for (const path of candidates) {
      const text = context.files.read(path);
      if (text === undefined) continue;
      const after = removePreCommitBlock(text);
      if (after === undefined) continue;
      if (emptyScript(after) && createdByInit(context, path)) change(context, path, text, undefined, m.hookFile);
      else change(context, path, text, after, m.hookBlock);
    }
  },
};

/** lint-staged: the entry in package.json's `lint-staged` or in its own config file. */
const lintStaged: UninstallPart = {
  name: 'lint-staged',
  plan(context) {
    const pkgText = context.files.read('package.json');
    if (pkgText !== undefined) {
      const pkg = parseJsonObject(pkgText, 'package.json');
      const after = 'problem' in pkg ? undefined : removeFromPackageJson(pkg.value, pkg.indent);
      if (after !== undefined) change(context, 'package.json', pkgText, after, m.lintStaged);
    }
    for (const file of LINT_STAGED_FILES) {
      const text = context.files.read(file);
      if (text === undefined) continue;
      const edit = removeLintStagedEntry(file, text);
      if (edit === undefined) continue;
      if ('problem' in edit) context.plan.problems.push(edit.problem);
      else change(context, file, text, edit.after, m.lintStaged);
    }
  },
};

/** The pre-commit framework: memdex's local hook, and the framework's git hook when init installed it. */
const framework: UninstallPart = {
  name: 'pre-commit-framework',
  async plan(context) {
    const { git } = context;
    const file = git ? fromRoot(git.top, context.root, FRAMEWORK_CONFIG) : FRAMEWORK_CONFIG;
    const text = context.files.read(file);
    if (text !== undefined) {
      const { removeFrameworkHook } = await import('./framework-hook.js');
      const edit = removeFrameworkHook(file, text);
      if (edit !== undefined && 'problem' in edit) context.plan.problems.push(edit.problem);
      else if (edit !== undefined) change(context, file, text, edit.after, m.frameworkHook);
    }
    if (git && context.record?.frameworkHook) {
      if (context.host.findOnPath('pre-commit', context.host.env)) context.plan.commands.push({ command: FRAMEWORK_UNINSTALL, cwd: git.top });
      else context.plan.notes.push(m.frameworkNotFound);
    }
  },
};

/** lefthook: memdex's pre-commit command in its config, and its git hooks when init installed them. */
const lefthook: UninstallPart = {
  name: 'lefthook',
  async plan(context) {
    const { git, files, root, host } = context;
    const file = lefthookConfig((path) => files.exists(path), (name) => (git ? fromRoot(git.top, root, name) : name));
    const text = file === undefined ? undefined : files.read(file);
    if (file !== undefined && text !== undefined) {
      const { removeLefthookCommand } = await import('./lefthook-command.js');
      const edit = removeLefthookCommand(file, text);
      if (edit !== undefined && 'problem' in edit) context.plan.problems.push(edit.problem);
      else if (edit !== undefined) change(context, file, text, edit.after, m.lefthookCommand);
    }
    if (git && context.record?.lefthookHook) {
      const command = lefthookCommand(host, git.top, 'uninstall');
      if (command) context.plan.commands.push({ command, cwd: git.top });
      else context.plan.notes.push(m.lefthookNotFound);
    }
  },
};

/**
 * `core.hooksPath`: unset when init set it in this clone and it still says so; in
 * a clone without a record, when it names `.husky` and the husky file that goes
 * was all that folder held (nothing would run there any more).
 */
const hooksPath: UninstallPart = {
  name: 'hooks-path',
  plan(context) {
    const { git, record, host } = context;
    if (!git?.hooksPath) return;
    const husky = fromRoot(git.top, context.root, PRE_COMMIT_FILE);
    const huskyGoes = context.plan.changes.some((c) => c.path === husky && c.after === undefined);
    const folder = host.listDir(host.resolvePath(context.root, fromRoot(git.top, context.root, HUSKY_FOLDER))) ?? [];
    const set = record ? record.hooksPath === git.hooksPath : git.hooksPath === HUSKY_FOLDER && huskyGoes && folder.every((name) => name === 'pre-commit');
    if (set) context.plan.gitConfig.push({ top: git.top, key: HOOKS_PATH_KEY, value: git.hooksPath });
  },
};

const workflowPart: UninstallPart = {
  name: 'workflow',
  plan(context) {
    const top = context.git?.top;
    const file = workflowFile(top, context.root);
    const text = context.files.read(file);
    if (text === undefined) return;
    const kept = context.record?.files[file]?.created ? m.edited(file, m.workflowKept) : undefined;
    removeWhenInstalled(context, file, text, workflowTexts(top, context.root), m.workflow, kept);
  },
};

/** memdex.config.json: removed when it holds only what init wrote. */
const config: UninstallPart = {
  name: 'config',
  state: true,
  plan(context) {
    const text = context.files.read(CONFIG_FILE);
    if (text === undefined) return;
    const recorded = context.record?.files[CONFIG_FILE];
    if (recorded && !recorded.created) return;
    removeWhenInstalled(context, CONFIG_FILE, text, freshConfigTexts(), m.config, recorded ? m.configKept(CONFIG_FILE) : undefined);
  },
};

/** CLAUDE.md's `@<index>` line, when init added it (the recorded run; or the file is that line alone). */
const claudeImport: UninstallPart = {
  name: 'claude-md-import',
  state: true,
  plan(context) {
    const text = context.files.read(CLAUDE_FILE);
    if (text === undefined) return;
    const line = `${importLine(context.config.index)}\n`;
    const recorded = context.record?.files[CLAUDE_FILE];
    if (text === line && (recorded?.created ?? true)) return change(context, CLAUDE_FILE, text, undefined, m.importLine(line.trim()));
    if (recorded && !recorded.created && text.endsWith(line)) {
      const head = text.slice(0, -line.length);
      change(context, CLAUDE_FILE, text, head.endsWith('\n\n') ? head.slice(0, -1) : head, m.importLine(line.trim()));
    }
  },
};

/** .gitignore: the header init wrote and the runtime-state lines under it. */
const gitignore: UninstallPart = {
  name: 'gitignore',
  state: true,
  plan(context) {
    const text = context.files.read(GITIGNORE_FILE);
    if (text === undefined) return;
    const start = text.startsWith(`${GITIGNORE_HEADER}\n`) ? 0 : text.indexOf(`\n${GITIGNORE_HEADER}\n`) + 1;
    if (start === 0 && !text.startsWith(GITIGNORE_HEADER)) return;
    let end = start + GITIGNORE_HEADER.length + 1;
    for (const line of RUNTIME_STATE_IGNORES) if (text.startsWith(`${line}\n`, end)) end += line.length + 1;
    // init wrote "<before>\n<block>" after a final newline (a blank line between): the blank line goes with the block.
    const head = text.slice(0, start);
    const after = (head.endsWith('\n\n') ? head.slice(0, -1) : head) + text.slice(end);
    if (after.trim() === '' && createdByInit(context, GITIGNORE_FILE)) change(context, GITIGNORE_FILE, text, undefined, m.ignores);
    else change(context, GITIGNORE_FILE, text, after, m.ignores);
  },
};

/** What memdex recorded and learned: the baseline, the relevance scores, the per-machine state. */
const state: UninstallPart = {
  name: 'state',
  state: true,
  plan(context) {
    const { host, root, files } = context;
    const remove = (path: string, what: string) => {
      const text = files.exists(path) && !host.isDirectory(host.resolvePath(root, path)) ? files.read(path) : undefined;
      if (text !== undefined) change(context, path, text, undefined, what);
    };
    remove(BASELINE_FILE, m.baseline);
    remove(context.config.relevance.path, m.relevance);
    remove(HOOK_LOG_FILE, m.hookLog);
    for (const folder of RUNTIME_STATE_IGNORES.filter((path) => path.endsWith('/')).map((path) => path.slice(0, -1))) {
      if (host.isDirectory(host.resolvePath(root, folder))) context.plan.folders.push({ path: folder, what: m.runtimeState });
    }
  },
};

/** The other agents' wiring (`init --agent`): their MCP configs, entry-point blocks and Cursor's rule (agents/remove-agents.ts). */
const agents: UninstallPart = {
  name: 'agents',
  async plan(context) {
    const removal = await planAgentRemoval((path) => context.files.read(path), context.config, { createdByInit: (path) => createdByInit(context, path) });
    context.plan.changes.push(...removal.removals);
    context.plan.notes.push(...removal.notes);
    context.plan.problems.push(...removal.problems);
  },
};

/** Every installer's way out, in the order the report lists them. An installer added to init adds its part here. */
export const UNINSTALL_PARTS: readonly UninstallPart[] = [claudeSettings, skills, agents, preCommitBlock, lintStaged, framework, lefthook, hooksPath, workflowPart, config, claudeImport, gitignore, state];

function report(plan: UninstallPlan, dryRun: boolean, config: Config, keepMemory: boolean): UninstallReport {
  const lines: string[] = [];
  const changed = plan.changes.length + plan.folders.length + plan.gitConfig.length + plan.commands.length > 0;
  if (dryRun && changed) {
    lines.push(m.dryRunHeader);
    for (const c of plan.changes) lines.push(c.after === undefined ? m.dryRunRemove(c.path, c.what) : unifiedDiff(c.path, c.before, c.after).trimEnd());
    for (const folder of plan.folders) lines.push(m.dryRunRemove(`${folder.path}/`, folder.what));
    for (const change of plan.gitConfig) lines.push(m.dryRunGitConfig(change.key));
    for (const { command } of plan.commands) lines.push(m.dryRunCommand(command));
  } else {
    for (const c of plan.changes) lines.push(c.after === undefined ? m.removed(c.path, c.what) : m.updated(c.path, c.what));
    for (const folder of plan.folders) lines.push(m.removedFolder(`${folder.path}/`, folder.what));
    for (const change of plan.gitConfig) lines.push(m.unsetGitConfig(change.key, change.value));
    for (const { command } of plan.commands) lines.push(m.ran(command));
  }
  lines.push(...plan.notes);
  if (plan.problems.length > 0) lines.push(m.nextStepProblems);
  else if (!changed) lines.push(m.nothingToDo);
  else lines.push(m.done([config.index, `${config.decisions}/`, config.playbook.path], keepMemory));
  return { lines, problems: plan.problems, exitCode: plan.problems.length > 0 ? 1 : 0 };
}
