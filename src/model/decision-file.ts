/**
 * A decision file: its headings with positions, section ranges and the amount of
 * direct content each holds. Built from text by buildDecisionFile; never mutated.
 *
 *   # Title                    depth 1: the document title, never semantic
 *   ## .Mock Patching          structural (text starts with '.'): a container
 *   ### How to Apply Mocks     semantic: needs exactly one index entry
 */
import type { ScanResult } from './block-scan.js';
import { headingTextRangeIn } from './heading-text.js';
import { headingKey } from './keys.js';
import { lineTable, type LineTable } from './lines.js';

export interface DecisionHeading {
  /** Root-relative path of the decision file. */
  readonly path: string;
  /** Position in the file's heading list. */
  readonly index: number;
  readonly depth: number;
  /** Raw inline source, trimmed, closing `#`s removed (`Minimal \`__init__.py\``). */
  readonly text: string;
  /** keys.ts folding of text. */
  readonly key: string;
  /** Text starts with '.': an organisational container, not indexed. */
  readonly structural: boolean;
  /** Depth ≥ 2 and not structural: must be reachable from exactly one index entry. */
  readonly semantic: boolean;
  readonly line: number;
  readonly column: number;
  /** Offset of the heading line's first character. */
  readonly start: number;
  /** Where a rename edit lands. */
  readonly textRange: readonly [number, number];
  /** Offset after the heading line's terminator. */
  readonly bodyStart: number;
  /** Offset of the first sub-heading inside the section, or sectionEnd. */
  readonly directEnd: number;
  /** Offset of the next heading of the same or higher level, or the end of the file. */
  readonly sectionEnd: number;
  /** Index of the parent heading (nearest earlier heading of lower depth), or -1. */
  readonly parent: number;
  /** Non-blank lines before the first sub-heading (or section end), HTML comments excluded. */
  readonly directContentLines: number;
}

export interface DecisionFile {
  readonly path: string;
  readonly text: string;
  readonly lines: LineTable;
  readonly headings: readonly DecisionHeading[];
  /** Lines of the file (a trailing newline does not start a new line). */
  readonly lineCount: number;
  /** 1-based lines on which an HTML block starts (the scan's): where suppression comments are looked for. */
  readonly htmlStarts: ReadonlySet<number>;
}

export function buildDecisionFile(path: string, text: string, scan: ScanResult, table = lineTable(text)): DecisionFile {
  const scanned = scan.headings;
  const starts = scanned.map((h) => table.starts[h.line - 1]!);
  // One pass with a stack of open sections (depths strictly increasing): a heading closes
  // every open section at its depth or deeper (their sectionEnd is its start), and the one
  // left on top is its parent. Each heading is pushed and popped once: linear, where a
  // search back and forth per heading was quadratic on a file of N structural headings.
  const sectionEnds = scanned.map(() => text.length);
  const parents = scanned.map(() => -1);
  const open: number[] = [];
  scanned.forEach((h, i) => {
    while (open.length > 0 && scanned[open[open.length - 1]!]!.depth >= h.depth) sectionEnds[open.pop()!] = starts[i]!;
    parents[i] = open.length > 0 ? open[open.length - 1]! : -1;
    open.push(i);
  });
  // Each heading is built once, whole (a pathological file has ~100,000 of them). A heading's key
  // is the one before it again when its text is (a run of equal headings folds once).
  let lastText: string | undefined;
  let lastKey = '';
  const headings: DecisionHeading[] = scanned.map((h, index) => {
    const start = starts[index]!;
    const range = headingTextRangeIn(text, start + (h.column ?? 1) - 1, table.ends[h.line - 1]!);
    const headingText = text.slice(range[0], range[1]);
    const structural = headingText.startsWith('.');
    const sectionEnd = sectionEnds[index]!;
    const next = starts[index + 1];
    const directEnd = next !== undefined && next < sectionEnd ? next : sectionEnd;
    return {
      path,
      index,
      depth: h.depth,
      text: headingText,
      key: headingText === lastText ? lastKey : (lastKey = headingKey((lastText = headingText))),
      structural,
      semantic: h.depth >= 2 && !structural,
      line: h.line,
      column: 1 + leadingSpaces(text, start),
      start,
      textRange: range,
      bodyStart: table.nexts[h.line - 1]!,
      sectionEnd,
      directEnd,
      parent: parents[index]!,
      directContentLines: countContentLines(text, table, h.line, directEnd),
    };
  });
  return { path, text, lines: table, headings, lineCount: table.starts.length, htmlStarts: scan.htmlStarts };
}

function leadingSpaces(text: string, start: number): number {
  let n = 0;
  while (text[start + n] === ' ') n++;
  return n;
}

function countContentLines(text: string, table: LineTable, headingLine: number, end: number): number {
  let count = 0;
  for (let line = headingLine + 1; line <= table.starts.length; line++) {
    const start = table.starts[line - 1]!;
    if (start >= end) break;
    if (isContentLine(text, start, table.ends[line - 1]!)) count++;
  }
  return count;
}

/**
 * Not blank and not an HTML comment's line (`<!--` after its blanks), as `trim()` sees blanks. A line
 * that starts with a printable ASCII character is decided in place; any other is trimmed as a copy.
 */
function isContentLine(text: string, start: number, end: number): boolean {
  if (start >= end) return false;
  const first = text.charCodeAt(start);
  if (first > 0x20 && first < 0x7f) return first !== LESS_THAN || !text.startsWith('<!--', start) || end - start < 4;
  const content = text.slice(start, end).trim();
  return content !== '' && !content.startsWith('<!--');
}

const LESS_THAN = 0x3c;
