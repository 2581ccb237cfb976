import type { Edit } from './diagnostic.js';

/** Two edits of one file overlap: the change set is contradictory. */
export class OverlappingEdits extends Error {
  constructor(
    readonly path: string,
    readonly at: number,
  ) {
    super(`${path}: two changes overlap at offset ${at}`);
  }
}

/**
 * Applies edits (offsets into the ORIGINAL text) in one linear pass. An insertion
 * and a deletion may touch; overlapping edits are refused, never merged.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = '';
  let pos = 0;
  for (const edit of sorted) {
    const [start, end] = edit.range;
    if (start < pos) throw new OverlappingEdits(edit.path, start);
    out += text.slice(pos, start) + edit.text;
    pos = end;
  }
  return out + text.slice(pos);
}

/** Two edits conflict when their ranges overlap, or both insert at the same point. */
export function editsOverlap(a: Edit, b: Edit): boolean {
  if (a.path !== b.path) return false;
  const [as, ae] = a.range;
  const [bs, be] = b.range;
  if (as === ae && bs === be) return as === bs;
  return as < be && bs < ae;
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
