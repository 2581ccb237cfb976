/** Line bookkeeping shared by every markdown model: offsets, EOL style, positions. */
import type { Point, Span } from './span.js';
import { bomLength } from './bom.js';

export interface LineTable {
  /** Offset of the first character of each line (line 1 at index 0; after a BOM for line 1). */
  readonly starts: readonly number[];
  /** Offset just past each line's content, before its `\r\n` / `\n`. */
  readonly ends: readonly number[];
  /** Offset just past each line's terminator (the next line's start, or text length). */
  readonly nexts: readonly number[];
  /** The file's dominant line terminator, used when a fix inserts new lines. */
  readonly eol: '\n' | '\r\n';
}

export function lineTable(text: string): LineTable {
  const starts: number[] = [];
  const ends: number[] = [];
  const nexts: number[] = [];
  let crlf = 0;
  let lf = 0;
  let start = bomLength(text);
  for (;;) {
    const nl = text.indexOf('\n', start);
    starts.push(start);
    if (nl === -1) {
      ends.push(text.length);
      nexts.push(text.length);
      break;
    }
    const cr = nl > start && text.charCodeAt(nl - 1) === 13;
    if (cr) crlf++;
    else lf++;
    ends.push(cr ? nl - 1 : nl);
    nexts.push(nl + 1);
    start = nl + 1;
    if (start === text.length) break;
  }
  return { starts, ends, nexts, eol: crlf > lf ? '\r\n' : '\n' };
}

/** 1-based line of an offset (binary search). */
export function lineOfOffset(table: LineTable, offset: number): number {
  const { starts } = table;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** 1-based line and column of an offset (a BOM is not a column). */
export function pointAt(table: LineTable, offset: number): Point {
  const last = table.starts.length - 1;
  // Past a final line terminator: the empty line an editor shows there.
  if (offset >= table.nexts[last]! && table.nexts[last]! > table.ends[last]!) {
    return { line: last + 2, column: offset - table.nexts[last]! + 1, offset };
  }
  return pointOnLine(table, lineOfOffset(table, offset), offset);
}

/** pointAt for an offset known to be on the 1-based `line` (within its content): no search of the table. */
export function pointOnLine(table: LineTable, line: number, offset: number): Point {
  return { line, column: Math.max(1, offset - table.starts[line - 1]! + 1), offset };
}

/** Offset of a 1-based line and column (clamped to the line's content). */
export function offsetAt(table: LineTable, line: number, column: number): number {
  const l = Math.min(Math.max(line, 1), table.starts.length) - 1;
  return Math.min(table.starts[l]! + Math.max(column, 1) - 1, table.ends[l]!);
}

export function spanOf(table: LineTable, start: number, end: number): Span {
  return { start: pointAt(table, start), end: pointAt(table, end) };
}

/** Line and column of an offset into `text` (an offset past the end is its end). */
export function offsetToLocation(text: string, offset: number): Point {
  return pointAt(lineTable(text), Math.min(offset, text.length));
}
