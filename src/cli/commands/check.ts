/**
 * `memdex check`: parse, run the use case (src/app/check.ts), print in the chosen
 * format. pre-commit runs it on every commit: it loads the tree half of the host only,
 * and bin/memdex.cjs runs it from its own CommonJS bundle (check-cjs.ts). Output goes
 * straight to the descriptors (no stream is built).
 */
import type { ChalkInstance } from 'chalk';
import { loadConfig } from '../../app/load-config.js';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { checkRuleSettings, resolveOptions } from '../../core/rule-options.js';
import { escapeControls } from '../../core/terminal-text.js';
import { unifiedDiff } from '../../migrate/unified-diff.js';
import { check, OutputIsMemoryFile, type TreeFindings } from '../../app/check.js';
import { MemdexError, UsageError } from '../../core/errors.js';
import { checkCliMessages as m } from '../../messages/check-cli.js';
import { baselineMessages as bm } from '../../messages/baseline.js';
import { BASELINE_FILE } from '../../core/baseline.js';
import { CHECK_FORMATS, checkSpec } from '../../messages/commands.js';
import { formatMessages as fm } from '../../messages/format.js';
import type { TreeHost } from '../../app/host.js';
import { nodeTreeHost } from '../../node/tree-host.js';
import { allRules } from '../../rules/registry.js';
import { applyColorEnv, loadChalk, plainText } from '../color.js';
import { formatGithub, githubSummary } from '../format/github.js';
import { formatJson, formatJsonError } from '../format/json.js';
import type { LocatedTree } from '../format/located.js';
import { formatSarif, MAX_RESULTS, sarifQuota } from '../format/sarif.js';
import { sarifMessages as sm } from '../../messages/sarif.js';
import { formatStylish } from '../format/stylish.js';
import { formatJunit } from '../format/junit.js';
import { bool, rest, runCommand, str } from '../run-command.js';

type Format = (typeof CHECK_FORMATS)[number];

export function main(argv: readonly string[]): Promise<number> {
  return runCommand(checkSpec, argv, async (args) => {
    applyColorEnv(process.env);
    const format = (str(args, 'format') as Format | undefined) ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'stylish');
    const maxWarnings = maxWarningsOf(args.values['max-warnings']);
    const outputFile = str(args, 'output-file');
    if (outputFile !== undefined) plainText(process.env); // a report file holds no terminal colours
    const host = nodeTreeHost();
    if (bool(args, 'print-config')) return printConfig(host, rest(args, 'files')[0], str(args, 'root'));
    const fixDryRun = bool(args, 'fix-dry-run');
    if (fixDryRun && format !== 'stylish') throw new UsageError(`${m.dryRunFormat(format)}\n${m.usageHint}`);
    const stdinFile = str(args, 'stdin-filename');
    if (bool(args, 'stdin') && stdinFile === undefined) throw new UsageError(`${m.stdinNeedsFilename}\n${m.usageHint}`);
    if (!bool(args, 'stdin') && stdinFile !== undefined) throw new UsageError(`${m.filenameNeedsStdin}\n${m.usageHint}`);
    // The report goes to stdout as it is rendered, or (--output-file) into the file's temp as it is rendered, renamed
    // over the file once whole. Each format escapes the tree's control characters in its fields (core/terminal-text.ts).
    let writing = false;
    const emit = (chunks: Iterable<string | Uint8Array>) => {
      writing = true; // a failure from here on is the report's own: it is not written again as an error report
      if (outputFile === undefined) for (const text of batched(chunks)) host.writeStdout(text);
      else writeReport(host, outputFile, batched(chunks));
    };
    try {
      const root = str(args, 'root');
      const outcome = await check(host, {
        files: rest(args, 'files'),
        ...(root !== undefined ? { root } : {}),
        fix: bool(args, 'fix'),
        staged: bool(args, 'staged'),
        quiet: bool(args, 'quiet'),
        ...(outputFile !== undefined ? { outputFile: host.resolvePath(host.cwd, outputFile) } : {}),
        fixDryRun,
        ...(stdinFile !== undefined ? { stdin: { file: host.resolvePath(host.cwd, stdinFile), text: host.stdin() } } : {}),
      });
      if (fixDryRun) {
        const diffs = outcome.wouldChange.map((c) => unifiedDiff(shownPath(host.cwd, resolve(c.root, c.path)), c.before, c.after));
        if (diffs.length > 0) host.writeStdout(escapeControls(`${diffs.join('')}\n`));
        host.writeStderr(`${m.wouldChange(outcome.wouldChange.length)}\n`);
      }
      if (!fixDryRun) for (const title of outcome.fixed) host.writeStderr(escapeControls(`${fm.fixed(title)}\n`));
      for (const { configFile, pattern } of outcome.unmatchedIgnores) host.writeStderr(escapeControls(`memdex: ${m.ignoreUnmatched(shownPath(host.cwd, configFile), pattern)}\n`));
      for (const tree of outcome.trees) for (const note of baselineNotes(host, tree, bool(args, 'quiet'))) host.writeStderr(escapeControls(`memdex: ${note}\n`));
      // (over --max-warnings, the line that fails the run gives their number)
      const overMax = maxWarnings !== undefined && outcome.warnings > maxWarnings;
      if (bool(args, 'quiet') && outcome.warnings > 0 && format === 'stylish' && !overMax) host.writeStderr(`memdex: ${bm.hiddenWarnings(outcome.warnings)}\n`);
      const trees = outcome.trees.map((tree) => located(tree, host.cwd));
      // --quiet hides warnings; a tree that has some is not called clean.
      const clean = format === 'stylish' && outcome.warnings === 0 && trees.every((tree) => tree.diagnostics.length === 0);
      const chalk = format === 'stylish' && !clean ? await loadChalk() : undefined;
      if (format === 'sarif') {
        const quota = sarifQuota(outcome.trees);
        if (quota.total > quota.errors + quota.warnings) host.writeStderr(`memdex: ${sm.capped(quota.errors + quota.warnings, quota.total, MAX_RESULTS)}\n`);
      }
      emit(clean ? [`${fm.clean(outcome.trees.length)}\n`] : format === 'sarif' ? formatSarif(outcome.trees, host.cwd, outcome.rules) : render(format, trees, chalk));
      if (trees.some((tree) => tree.diagnostics.some((d) => d.severity === 'error'))) return 1;
      if (maxWarnings !== undefined && outcome.warnings > maxWarnings) {
        host.writeStderr(`${m.tooManyWarnings(outcome.warnings, maxWarnings)}\n`);
        return 1;
      }
      return 0;
    } catch (error) {
      // Machine formats still produce a valid document, carrying the error; the message also goes to stderr.
      if (error instanceof MemdexError && !writing && !(error instanceof OutputIsMemoryFile) && (format === 'json' || format === 'sarif')) {
        emit(format === 'json' ? [formatJsonError(error.message)] : formatSarif([], host.cwd, allRules, error.message));
      }
      throw error;
    }
  });
}

/** What the tree's baseline did, for stderr: errors over a recorded count, counts left over, what --fix dropped. */
function baselineNotes(host: TreeHost, tree: TreeFindings, quiet: boolean): string[] {
  if (tree.baseline === undefined) return [];
  const file = shownPath(host.cwd, resolve(tree.root, BASELINE_FILE));
  const shown = (path: string) => shownPath(host.cwd, resolve(tree.root, path));
  const notes = tree.baseline.exceeded.map((e) => bm.exceeded(shown(e.path), e.ruleId, e.count, e.found));
  if (tree.baseline.droppedByFix > 0) notes.push(bm.prunedByFix(file, tree.baseline.droppedByFix));
  else if (tree.baseline.unused > 0 && !quiet) notes.push(bm.unused(file, tree.baseline.unused));
  return notes;
}

/**
 * --print-config: the configuration `check` runs with for a file's tree (or --root's, or the cwd's), as JSON:
 * memdex.config.json with every default filled, and every rule with the severity and options it runs at.
 */
function printConfig(host: TreeHost, file: string | undefined, root: string | undefined): number {
  let tree: string | undefined;
  if (file !== undefined && root === undefined) {
    let dir = dirname(host.resolvePath(host.cwd, file));
    while (!host.exists(dir) && dirname(dir) !== dir) dir = dirname(dir);
    tree = host.findRoot(dir);
    if (tree === undefined) throw new UsageError(m.nothingChecked([file]));
  } else tree = host.resolveRoot(root);
  const { config } = loadConfig(host, tree, (rules) => checkRuleSettings(rules, allRules));
  const rules = Object.fromEntries(
    allRules.map(({ meta }) => {
      const setting = config.rules[meta.id];
      return [meta.id, { severity: setting?.severity ?? meta.severity, options: resolveOptions(meta, setting?.options) }];
    }),
  );
  host.writeStdout(`${JSON.stringify({ ...config, ignores: config.ignores ?? [], rules }, null, 2)}\n`);
  return 0;
}

/** --max-warnings: a whole number of warnings at or under which the check still passes. */
function maxWarningsOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new UsageError(`${m.badMaxWarnings(String(value))}\n${m.usageHint}`);
  return value;
}

/**
 * The report file, replaced atomically (a reader never sees half a SARIF file), its text written as it is
 * rendered (never one string: a report can pass V8's longest string); its folder is created as ESLint does.
 */
function writeReport(host: TreeHost, file: string, text: Iterable<string | Uint8Array>): void {
  const path = host.resolvePath(host.cwd, file);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch {
    // the write below names the file in its error
  }
  host.writeTextAtomic(path, text, { display: file });
}

/** A path as the report shows it: relative to the cwd when under it, '/'-separated. */
function shownPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
}

function located({ root, diagnostics }: TreeFindings, cwd: string): LocatedTree {
  // Once per file, not per finding: a pathological file has ~100,000 findings (issue 16, bench/linear.mjs).
  const shown = new Map<string, string>();
  const display = (path: string) => {
    let text = shown.get(path);
    if (text === undefined) {
      text = shownPath(cwd, resolve(root, path));
      shown.set(path, text);
    }
    return text;
  };
  return { diagnostics, display };
}

/** The report in a text format; the github format also appends its step summary. */
function render(format: Exclude<Format, 'sarif'>, trees: readonly LocatedTree[], chalk: ChalkInstance | undefined): Iterable<string | Uint8Array> {
  switch (format) {
    case 'json':
      return formatJson(trees);
    case 'github': {
      const summaryFile = process.env.GITHUB_STEP_SUMMARY;
      if (summaryFile) appendFileSync(summaryFile, githubSummary(trees));
      return formatGithub(trees);
    }
    case 'stylish':
      return formatStylish(trees, chalk!);
    case 'junit':
      return formatJunit(trees);
  }
}

/**
 * A report's pieces joined into writes of at least BATCH_CHARS: few system calls, never one
 * 90 MB string, and no string so long that the heap keeps it among its large objects.
 * Bytes (json's chunks, cli/format/json.ts) pass as they are, after the text before them.
 */
const BATCH_CHARS = 1 << 14;

function* batched(chunks: Iterable<string | Uint8Array>): Generator<string | Uint8Array> {
  let parts: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
    if (typeof chunk !== 'string' || (size === 0 && chunk.length >= BATCH_CHARS)) {
      if (size > 0) yield parts.join('');
      parts = [];
      size = 0;
      yield chunk; // already a batch (json, sarif): not copied again
      continue;
    }
    parts.push(chunk);
    size += chunk.length;
    if (size >= BATCH_CHARS) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield parts.join('');
}
