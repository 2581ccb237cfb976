/**
 * `memdex check`: selects the trees, reads each once (working tree or git index),
 * fixes to a fixed point when asked (writing each changed file once), and returns
 * the findings per tree: those of the fix loop's last pass, so a clean tree is
 * parsed and checked once. Documents already parsed (same bytes) come from the
 * tree's parse cache. Presentation (paths relative to the cwd, formats) is the
 * CLI's.
 */
import { loadConfig } from './load-config.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { runRules } from '../core/engine.js';
import { InputError, OsError, UsageError } from '../core/errors.js';
import { applyBaseline, baselineSize, BASELINE_FILE, parseBaseline, pruneBaseline, renderBaseline, sameBaseline, type Baseline, type BaselineApplied } from '../core/baseline.js';
import { fixUntilStable } from '../core/fix.js';
import { checkCliMessages as m } from '../messages/check-cli.js';
import { allRules } from '../rules/registry.js';
import type { Rule } from '../core/rule.js';
import { checkRuleSettings } from '../core/rule-options.js';
import type { TreeHost, TreeSource } from './host.js';
import { buildModel, readProjectFiles } from './load-project.js';
import { openParseCache } from './parse-cache.js';
import { parentDir } from './paths.js';
import { CONFIG_FILE, isDecisionPath, type Config } from '../model/config.js';
import { ignoredRanges } from '../model/ignores.js';
import type { Project } from '../model/project.js';
import { recoverJournal } from './journal.js';

export interface CheckRequest {
  readonly files: readonly string[];
  readonly root?: string;
  readonly fix: boolean;
  readonly staged: boolean;
  readonly quiet: boolean;
  /** Absolute path of the report file (--output-file): refused when it is one of the files checked. */
  readonly outputFile?: string;
  /** --fix-dry-run: fixed to a fixed point, nothing written; the changes are returned. */
  readonly fixDryRun?: boolean;
  /** --stdin --stdin-filename: this text stands for that file (absolute path) of its tree; only its findings are reported. */
  readonly stdin?: { readonly file: string; readonly text: string };
  /** Texts that stand for files of the tree (an editor's open documents: `memdex lsp`), root-relative path → text. */
  readonly overlay?: ReadonlyMap<string, string>;
  /** false: every finding, the baseline (core/baseline.ts) not applied (`memdex baseline`, the editor). */
  readonly useBaseline?: boolean;
}

export interface TreeFindings {
  readonly root: string;
  readonly diagnostics: readonly Diagnostic[];
  /** What the tree's baseline did, when it has one. */
  readonly baseline?: BaselineApplied & { readonly droppedByFix: number };
  /** Every finding of the tree, before the baseline and --quiet (`memdex baseline` records them). */
  readonly all: readonly Diagnostic[];
}

export interface CheckOutcome {
  readonly trees: readonly TreeFindings[];
  /** Titles of the fixes applied (--fix). */
  readonly fixed: readonly string[];
  /** Warnings found in every tree, --quiet or not (what --max-warnings counts). */
  readonly warnings: number;
  /** The rules that ran (memdex's and the trees' local rules), for the formats that describe them (SARIF). */
  readonly rules: readonly Rule[];
  /** What --fix-dry-run would write: root-relative path → texts, per tree root. */
  readonly wouldChange: readonly { readonly root: string; readonly path: string; readonly before: string; readonly after: string }[];
  /** `ignores` patterns that name nothing (absolute config file, pattern as written): warnings for stderr. */
  readonly unmatchedIgnores: readonly { readonly configFile: string; readonly pattern: string }[];
}

export async function check(host: TreeHost, request: CheckRequest): Promise<CheckOutcome> {
  if (request.fix && request.staged) throw new UsageError(m.fixWithStaged);
  if (request.stdin && (request.fix || request.staged)) throw new UsageError(m.stdinWith(request.fix ? '--fix' : '--staged'));
  if (request.fixDryRun && (request.fix || request.staged)) throw new UsageError(m.dryRunWith(request.fix ? '--fix' : '--staged'));
  const wouldChange: { root: string; path: string; before: string; after: string }[] = [];
  const ruleSets = new Map<string, readonly Rule[]>();
  const trees: TreeFindings[] = [];
  const fixed: string[] = [];
  let warnings = 0;
  const unmatchedIgnores: { configFile: string; pattern: string }[] = [];
  const roots = request.stdin ? [stdinRoot(host, request)] : selectRoots(host, request);
  for (const root of roots) {
    recoverJournal(host, root); // an interrupted add or migration is finished or rolled back first (--staged too: it reads the tree's config and files)
    // Local rules first (their ids may be set in `rules`): only `check` loads a tree's code.
    const plugins = loadConfig(host, root).config.plugins;
    const rules = plugins?.length ? [...allRules, ...host.loadPlugins(root, plugins, allRules)] : allRules;
    const { config } = loadConfig(host, root, (settings) => checkRuleSettings(settings, rules));
    ruleSets.set(root, rules);
    const stdinPath = request.stdin ? memoryPathOf(host, root, config, request.stdin.file) : undefined;
    const tree = request.staged ? host.gitIndex(root, config) : host.workingTree(root);
    const texts = new Map(request.overlay ?? []);
    if (stdinPath !== undefined) texts.set(stdinPath, request.stdin!.text);
    const source = texts.size > 0 ? withTexts(tree, config, texts) : tree;
    // Documents parsed before (by any command) come from the parse cache; a fix's last check is the report.
    const parseCache = openParseCache(host, root);
    const files = readProjectFiles(config, source);
    if (request.outputFile !== undefined) refuseMemoryFile(host, root, request.outputFile, files);
    let project: Project | undefined;
    const findings = async (texts: ReadonlyMap<string, string>) => {
      project = await buildModel(texts, config, parseCache);
      const unsafe = project.ignores?.problems[0];
      if (unsafe) throw new UsageError(m.ignoreUnsafe(CONFIG_FILE, unsafe.index, unsafe.pattern, unsafe.reason));
      return runRules(project, rules);
    };
    let found: readonly Diagnostic[];
    if (request.fixDryRun) {
      const result = await fixUntilStable(files, findings);
      for (const [path, text] of result.files) {
        const before = files.get(path);
        if (before !== text) wouldChange.push({ root, path, before: before ?? '', after: text });
      }
      for (const fix of result.applied) fixed.push(fix.title);
      found = result.diagnostics;
    } else if (request.fix) {
      const result = await fixUntilStable(files, findings);
      let written = 0;
      for (const [path, text] of result.files) {
        const before = files.get(path);
        if (before === text) continue;
        try {
          // Refused when the file changed since it was read: an edit made meanwhile is never lost.
          host.writeTextAtomic(host.resolvePath(root, path), text, { expected: before, display: path });
        } catch (error) {
          // The host verified this file; the files written before it did change.
          throw error instanceof OsError && written > 0 ? error.afterChanges() : error;
        }
        written++;
      }
      for (const fix of result.applied) fixed.push(fix.title);
      parseCache.save(result.files);
      found = result.diagnostics;
    } else {
      found = await findings(files);
      if (texts.size === 0) parseCache.save(files);
    }
    if (stdinPath !== undefined) found = found.filter((d) => d.path === stdinPath);
    for (const d of found) if (d.severity === 'warning') warnings++;
    if (project?.ignores) for (const pattern of ignoredRanges(project, project.ignores).unmatched) unmatchedIgnores.push({ configFile: host.resolvePath(root, CONFIG_FILE), pattern });
    const all = found;
    const baseline = request.useBaseline === false ? undefined : readBaseline(host, source, root);
    let applied: TreeFindings['baseline'];
    if (baseline !== undefined) {
      const droppedByFix = request.fix ? pruneByFix(host, root, baseline, found) : 0;
      applied = { ...applyBaseline(found, baseline), droppedByFix };
      found = applied.kept;
    }
    const diagnostics = request.quiet ? found.filter((d) => d.severity === 'error') : found;
    trees.push({ root, diagnostics, all, ...(applied ? { baseline: applied } : {}) });
  }
  return { trees, fixed, warnings, unmatchedIgnores, wouldChange, rules: [...new Set([...ruleSets.values()].flat())] };
}

/** The tree's baseline (from the working tree, or the git index for --staged), undefined when it has none. */
export function readBaseline(host: TreeHost, source: TreeSource, root: string): Baseline | undefined {
  const text = source.read(BASELINE_FILE);
  if (text === undefined) return undefined;
  const parsed = parseBaseline(text, displayIn(host, root, BASELINE_FILE));
  if ('problem' in parsed) throw new InputError(parsed.problem);
  return parsed.baseline;
}

/** --fix lowers the baseline to what is still found (a fixed error drops out of it); how many it dropped. */
function pruneByFix(host: TreeHost, root: string, baseline: Baseline, found: readonly Diagnostic[]): number {
  const pruned = pruneBaseline(baseline, found);
  if (sameBaseline(pruned, baseline)) return 0;
  const path = host.resolvePath(root, BASELINE_FILE);
  host.writeTextAtomic(path, renderBaseline(pruned), { expected: host.readText(path, BASELINE_FILE), display: BASELINE_FILE });
  return baselineSize(baseline).errors - baselineSize(pruned).errors;
}

/** A root-relative path as the user names it from the cwd. */
function displayIn(host: TreeHost, root: string, path: string): string {
  const absolute = host.resolvePath(root, path);
  const cwd = `${host.cwd.replace(/[\\/]+$/, '')}/`;
  return absolute.startsWith(cwd) ? absolute.slice(cwd.length) : absolute;
}

/** --output-file names a memory file: nothing may be written there, not even an error report. */
export class OutputIsMemoryFile extends UsageError {}

/** A report written over the memory index, a decision file, the playbook or the config would destroy it. */
function refuseMemoryFile(host: TreeHost, root: string, outputFile: string, files: ReadonlyMap<string, string>): void {
  for (const path of [...files.keys(), CONFIG_FILE]) {
    if (host.resolvePath(root, path) === outputFile) throw new OutputIsMemoryFile(m.outputIsMemoryFile(path));
  }
}

/** The tree of --stdin-filename (or --root). */
function stdinRoot(host: TreeHost, request: CheckRequest): string {
  if (request.root !== undefined) return host.resolveRoot(request.root);
  let dir = parentDir(request.stdin!.file);
  while (!host.exists(dir) && parentDir(dir) !== dir) dir = parentDir(dir);
  const root = host.findRoot(dir);
  if (!root) throw new UsageError(m.nothingChecked([request.stdin!.file]));
  return root;
}

/** The root-relative path of a memory file of this tree (the index, a decision file, the playbook); a usage error for anything else. */
function memoryPathOf(host: TreeHost, root: string, config: Config, file: string): string {
  const base = `${root.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  const normalized = file.replace(/\\/g, '/');
  const path = normalized.startsWith(base) ? normalized.slice(base.length) : undefined;
  if (path === undefined || !(path === config.index || path === config.playbook.path || isDecisionPath(config, path))) {
    throw new UsageError(m.stdinNotMemory(file, root, config.index, config.decisions, config.playbook.path));
  }
  return path;
}

/** The tree with some files' texts replaced (or added: an unsaved new decision file). */
export function withTexts(source: TreeSource, config: Config, texts: ReadonlyMap<string, string>): TreeSource {
  return {
    listDecisions: (c) => {
      const listed = source.listDecisions(c);
      const added = [...texts.keys()].filter((path) => isDecisionPath(config, path) && !listed.includes(path));
      return added.length > 0 ? [...listed, ...added].sort() : listed;
    },
    read: (p) => texts.get(p) ?? source.read(p),
  };
}

/**
 * Files select trees (each file's nearest root); no files: the tree of --root or the
 * cwd. Files none of which lies in a tree check nothing: that is a usage error, not
 * a clean tree.
 */
function selectRoots(host: TreeHost, request: CheckRequest): string[] {
  if (request.files.length === 0 || request.root !== undefined) return [host.resolveRoot(request.root)];
  const roots = new Set<string>();
  for (const file of request.files) {
    let dir = parentDir(host.resolvePath(host.cwd, file));
    while (!host.exists(dir) && parentDir(dir) !== dir) dir = parentDir(dir); // a deleted file's folder may be gone too
    const root = host.findRoot(dir);
    if (root) roots.add(root);
  }
  if (roots.size === 0) throw new UsageError(m.nothingChecked(request.files));
  return [...roots].sort();
}
