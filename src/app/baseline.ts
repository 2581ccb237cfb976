/**
 * `memdex baseline`: records today's errors of a tree in its baseline file
 * (core/baseline.ts explains the file and what `check` does with it), so that a
 * tree that is not clean can adopt memdex and block only new errors. Run again, it
 * records what is found now: errors fixed since drop out, new ones are added (on
 * purpose: that is what running it means). `--prune` only drops what is gone.
 * The file goes away when nothing is left to record.
 */
import { baselineSize, BASELINE_FILE, countErrors, pruneBaseline, renderBaseline, sameBaseline } from '../core/baseline.js';
import { baselineMessages as m } from '../messages/baseline.js';
import { check, readBaseline } from './check.js';
import type { SetupHost, TreeHost } from './host.js';

export interface BaselineOptions {
  readonly root?: string;
  /** Only drop recorded errors that are gone; record nothing new. */
  readonly prune: boolean;
  readonly dryRun: boolean;
}

export interface BaselineReport {
  readonly lines: readonly string[];
  /** The file, root-relative, and its new text (undefined: removed or never written). */
  readonly text: string | undefined;
}

export async function runBaseline(host: TreeHost & Pick<SetupHost, 'removeFile'>, options: BaselineOptions): Promise<BaselineReport> {
  const outcome = await check(host, { files: [], ...(options.root !== undefined ? { root: options.root } : {}), fix: false, staged: false, quiet: false, useBaseline: false });
  const tree = outcome.trees[0]!;
  const path = host.resolvePath(tree.root, BASELINE_FILE);
  const before = host.readTextIfExists(path, BASELINE_FILE);
  const recorded = readBaseline(host, { listDecisions: () => [], read: () => before }, tree.root);
  const next = options.prune ? pruneBaseline(recorded ?? {}, tree.all) : countErrors(tree.all);
  const size = baselineSize(next);
  const lines: string[] = [];
  if (size.errors === 0) {
    if (before === undefined) return { lines: [m.nothingToRecord], text: undefined };
    if (options.dryRun) return { lines: [m.wouldRemove(BASELINE_FILE), m.nothingWritten], text: undefined };
    host.removeFile(path);
    return { lines: [m.removed(BASELINE_FILE)], text: undefined };
  }
  const text = renderBaseline(next);
  if (recorded !== undefined && sameBaseline(recorded, next) && before === text) return { lines: [m.unchanged(BASELINE_FILE, size)], text };
  if (options.dryRun) return { lines: [m.wouldWrite(BASELINE_FILE), text.trimEnd(), m.nothingWritten], text };
  host.writeTextAtomic(path, text, { ...(before !== undefined ? { expected: before } : {}), display: BASELINE_FILE });
  const dropped = recorded === undefined ? 0 : Math.max(0, baselineSize(recorded).errors - baselineSize(pruneBaseline(recorded, tree.all)).errors);
  lines.push(options.prune ? m.pruned(BASELINE_FILE, dropped, size) : m.recorded(BASELINE_FILE, size));
  return { lines, text };
}

/**
 * What `memdex init` says of a tree it adopts as it is: the errors the pre-commit
 * hook would refuse (the baseline's ones aside), with the way to record them; with
 * `record` (init --baseline) it records them, as `memdex baseline` does.
 */
export async function adoptTree(host: TreeHost & Pick<SetupHost, 'removeFile'>, root: string, record: boolean): Promise<readonly string[]> {
  const outcome = await check(host, { files: [], root, fix: false, staged: false, quiet: true, useBaseline: true });
  const errors = outcome.trees.reduce((sum, tree) => sum + tree.diagnostics.filter((d) => d.severity === 'error').length, 0);
  if (errors === 0) return [];
  if (!record) return [m.initFindings(errors)];
  return (await runBaseline(host, { root, prune: false, dryRun: false })).lines;
}
