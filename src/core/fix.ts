/**
 * Autofix, ESLint style: collect the fixes of a pass, apply every fix that does not
 * overlap one already taken (a fix is all-or-nothing), rebuild the model, check
 * again; stop when nothing is left to fix, at a cycle, or after MAX_PASSES.
 * Identical fixes reported by several findings (one plan for many misplaced
 * entries) are applied once. The diagnostics of the final texts come back with
 * them: the last check already computed them (a clean tree is checked once).
 */
import type { Diagnostic, Edit, Fix } from './diagnostic.js';
import { applyEdits, editsOverlap } from './edits.js';

/** ESLint's bound: a fix that needs more passes than this is a bug (or a cycle). */
export const MAX_PASSES = 10;

export interface FixResult {
  readonly files: ReadonlyMap<string, string>;
  /** Fixes applied, in order (for printing: e.g. the entries removed). */
  readonly applied: readonly Fix[];
  readonly passes: number;
  /** The findings on `files`, the final texts (what is left to report). */
  readonly diagnostics: readonly Diagnostic[];
}

export async function fixUntilStable(
  files: ReadonlyMap<string, string>,
  check: (files: ReadonlyMap<string, string>) => Promise<readonly Diagnostic[]>,
): Promise<FixResult> {
  let current = files;
  const applied: Fix[] = [];
  const seen = new Set<string>([snapshot(current)]);
  let passes = 0;
  for (;;) {
    const diagnostics = await check(current);
    const fixes = passes < MAX_PASSES ? uniqueFixes(diagnostics) : [];
    if (fixes.length === 0) return { files: current, applied, passes, diagnostics };
    const taken = new TakenEdits();
    const takenFixes: Fix[] = [];
    for (const fix of fixes) {
      if (fix.edits.some((edit) => taken.overlaps(edit))) continue;
      for (const edit of fix.edits) taken.add(edit);
      takenFixes.push(fix);
    }
    const next = new Map(current);
    for (const [path, edits] of taken.byPath) next.set(path, applyEdits(current.get(path) ?? '', edits));
    passes++;
    const key = snapshot(next);
    if (seen.has(key)) return { files: current, applied, passes, diagnostics }; // a cycle: stop rather than loop
    seen.add(key);
    for (const fix of takenFixes) applied.push(fix);
    current = next;
  }
}

/** Accepted edits per file, sorted by start, so an overlap test is a binary search (a 10,000-entry move is one fix). */
class TakenEdits {
  readonly byPath = new Map<string, Edit[]>();

  overlaps(edit: Edit): boolean {
    const list = this.byPath.get(edit.path);
    if (!list) return false;
    const i = lowerBound(list, edit.range[0]);
    // Only neighbours can overlap: edits in a file never overlap each other.
    for (const j of [i - 1, i, i + 1]) {
      const other = list[j];
      if (other && editsOverlap(edit, other)) return true;
    }
    return false;
  }

  add(edit: Edit): void {
    const list = this.byPath.get(edit.path) ?? [];
    list.splice(lowerBound(list, edit.range[0]), 0, edit);
    this.byPath.set(edit.path, list);
  }
}

function lowerBound(list: readonly Edit[], start: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.range[0] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One fix per distinct edit list. A rule gives every finding of one plan the same Fix
 * object (n misplaced entries, one move of size n): those are merged by identity first,
 * so each distinct object is serialized once; serializing per finding was n².
 */
function uniqueFixes(diagnostics: readonly Diagnostic[]): Fix[] {
  const distinct = new Set<Fix>();
  for (const d of diagnostics) if (d.fix) distinct.add(d.fix);
  const byKey = new Map<string, Fix>();
  for (const fix of distinct) {
    const key = JSON.stringify(fix.edits);
    if (!byKey.has(key)) byKey.set(key, fix);
  }
  return [...byKey.values()];
}

function snapshot(files: ReadonlyMap<string, string>): string {
  return [...files].map(([p, t]) => `${p}\0${t}`).join('\0\0');
}
