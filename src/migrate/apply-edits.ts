import type { Edit } from '../core/diagnostic.js';

/** Two edits of one file overlap: the change set is contradictory. */
export class OverlappingEdits extends Error {
  constructor(readonly path: string, readonly at: number) {
    super(`${path}: two changes overlap at offset ${at}`);
  }
}

/**
 * Applies edits (offsets into the ORIGINAL text) in one pass, back to front so
 * earlier offsets stay valid. Overlapping edits are refused, never merged.
 */
export function applyEdits(path: string, text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.range[0] < sorted[i - 1]!.range[1]) throw new OverlappingEdits(path, sorted[i]!.range[0]);
  }
  let result = text;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const edit = sorted[i]!;
    result = result.slice(0, edit.range[0]) + edit.text + result.slice(edit.range[1]);
  }
  return result;
}

/** Groups edits by file path, keeping their order. */
export function editsByPath(edits: readonly Edit[]): Map<string, Edit[]> {
  const byPath = new Map<string, Edit[]>();
  for (const edit of edits) {
    const list = byPath.get(edit.path);
    if (list) list.push(edit);
    else byPath.set(edit.path, [edit]);
  }
  return byPath;
}
