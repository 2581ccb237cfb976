import type { Edit } from './diagnostic.js';

/** Applies non-overlapping edits to one text. An insertion and a deletion may touch. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = '';
  let pos = 0;
  for (const edit of sorted) {
    const [start, end] = edit.range;
    if (start < pos) throw new Error(`overlapping edits at offset ${start} in ${edit.path}`);
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
