/**
 * The one grammar of the memory index.
 *
 *   # Memory Index                    preamble: free text, never parsed as entries
 *   ...
 *   ## agents/decisions/testing.md    a section: entries for that decision file
 *   /when writing mock tests | mock patch, test doubles
 *   /how encode file paths
 *   Mock patching — patch where used  legacy (pre-migration) entry: key before ' — '
 *   any other line                    kept as a non-entry line
 *
 * An entry line follows the one entry grammar (entry-line.ts: parse and format).
 * Lines inside code blocks are never entries. Malformed entry-like lines are kept
 * as data for the format rule: the parser never throws.
 */
import { parseEntryLine, type EntryProblem } from './entry-line.js';
import type { ScanResult } from './block-scan.js';
import { headingText } from './heading-text.js';
import { entryKey, foldKey, type Operator } from './keys.js';
import { lineTable, type LineTable } from './lines.js';

export type { EntryProblem, EntryProblemCode } from './entry-line.js';

export interface IndexEntry {
  /** `entry`: /when or /how; `legacy`: `Key — description` (needs `memdex migrate`). */
  readonly kind: 'entry' | 'legacy';
  /** Undefined for legacy entries. */
  readonly operator: Operator | undefined;
  /** For legacy entries, the key text before ' — '. */
  readonly trigger: string;
  readonly extras: readonly string[];
  /** keys.ts: `when <trigger>` / `how to <trigger>` folded; legacy: the key text folded. */
  readonly key: string;
  /** Index of the section in MemoryIndex.sections. */
  readonly section: number;
  readonly line: number;
  /** 1-based column of the first non-space character. */
  readonly column: number;
  /** Offsets of the line content, without its terminator. */
  readonly start: number;
  readonly end: number;
  /** The line including its terminator: what a move or delete takes. */
  readonly lineRange: readonly [number, number];
  /** The raw line, without terminator. */
  readonly text: string;
  readonly problems: readonly EntryProblem[];
}

/** A line that starts like an entry but is not one (`/what x`, `/When x`). */
export interface MalformedLine extends SectionLine {
  readonly reason: 'unknown-operator' | 'operator-case';
  readonly column: number;
}

/** Any other non-blank line inside a section (prose, bullets, comments, code). */
export interface TextLine extends SectionLine {
  readonly lineRange: readonly [number, number];
}

/** A line of a section: where it is, and its raw text without terminator. */
interface SectionLine {
  readonly section: number;
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** What the index, or one of its sections, holds line by line (Entry: the parsed entry, or a snapshot's row of it). */
export interface IndexLines<Entry = IndexEntry> {
  /** Every entry (current and legacy) in file order. */
  readonly entries: readonly Entry[];
  readonly malformed: readonly MalformedLine[];
  readonly textLines: readonly TextLine[];
}

export interface IndexSection extends IndexLines {
  readonly index: number;
  /** The H2 text. */
  readonly title: string;
  /** Root-relative decision file path when the title ends in `.md`. */
  readonly path: string | undefined;
  readonly line: number;
  /** Offset of the `## ` line. */
  readonly start: number;
  /** Offset after the `## ` line's terminator. */
  readonly bodyStart: number;
  /** Offset where the next section starts, or the end of the text. */
  readonly end: number;
}

export interface MemoryIndex extends IndexLines {
  readonly path: string;
  readonly text: string;
  readonly lines: LineTable;
  /** Offset where the first section starts (end of the preamble). */
  readonly preambleEnd: number;
  readonly sections: readonly IndexSection[];
  /** 1-based lines on which an HTML block starts (the scan's): where suppression comments are looked for. */
  readonly htmlStarts: ReadonlySet<number>;
}

/** Where an entry line is: its section, line, first column, content offsets, the offset after its terminator, and its raw text. */
export interface EntryPlace {
  readonly section: number;
  readonly line: number;
  readonly column: number;
  readonly start: number;
  readonly end: number;
  readonly next: number;
  readonly text: string;
}

/** One entry from what its line says and where it is: the key and the line range are derived here, for the parser and the snapshot alike. */
export function indexEntry(
  kind: IndexEntry['kind'],
  operator: Operator | undefined,
  trigger: string,
  extras: readonly string[],
  problems: readonly EntryProblem[],
  { section, line, column, start, end, next, text }: EntryPlace,
  /** The folded key when known (a model snapshot stores it); else folded now. */
  key: string = operator ? entryKey(operator, trigger) : foldKey(trigger),
): IndexEntry {
  return { kind, operator, trigger, extras, key, section, line, column, start, end, lineRange: [start, next], text, problems };
}

/** A section names a decision file when its title is a `.md` path. */
export function sectionPath(title: string): string | undefined {
  return /\.md$/i.test(title) ? title : undefined;
}

const ANY_OPERATOR = /^\/[A-Za-z]/;

function keepText(section: { textLines: TextLine[] }, all: TextLine[], line: TextLine): void {
  section.textLines.push(line);
  all.push(line);
}
const LEGACY_SEPARATOR = ' — ';

export function buildMemoryIndex(path: string, text: string, scan: ScanResult, table = lineTable(text)): MemoryIndex {
  // The scan's headings are in line order: a cursor walks them with the lines (a Set of a
  // million heading lines cost more than the rest of the build: issue 27 §15).
  const headings = scan.headings;
  let nextHeading = 0;
  const sections: IndexSection[] = [];
  const all: IndexEntry[] = [];
  const allMalformed: MalformedLine[] = [];
  const allText: TextLine[] = [];
  let current: { title: string; line: number; start: number; bodyStart: number; entries: IndexEntry[]; malformed: MalformedLine[]; textLines: TextLine[] } | undefined;
  const close = (end: number) => {
    if (!current) return;
    const title = current.title;
    sections.push({
      index: sections.length,
      title,
      path: sectionPath(title),
      line: current.line,
      start: current.start,
      bodyStart: current.bodyStart,
      end,
      entries: current.entries,
      malformed: current.malformed,
      textLines: current.textLines,
    });
  };
  for (let line = 1; line <= table.starts.length; line++) {
    const start = table.starts[line - 1]!;
    const end = table.ends[line - 1]!;
    const next = table.nexts[line - 1]!;
    const raw = text.slice(start, end);
    while (nextHeading < headings.length && headings[nextHeading]!.line < line) nextHeading++;
    const heading = headings[nextHeading]?.line === line ? headings[nextHeading] : undefined;
    if (heading && heading.depth === 2 && (heading.column ?? 1) <= 4) {
      close(start);
      current = { title: headingText(raw), line, start, bodyStart: next, entries: [], malformed: [], textLines: [] };
      continue;
    }
    if (!current || raw.trim() === '') continue;
    const sectionIndex = sections.length;
    const trimmed = raw.trim();
    const indent = raw.length - raw.trimStart().length;
    const column = indent + 1;
    if (heading || scan.opaqueLines.has(line)) {
      keepText(current, allText, { section: sectionIndex, line, start, end, lineRange: [start, next], text: raw });
      continue;
    }
    const parsed = parseEntryLine(raw);
    if (parsed) {
      const place = { section: sectionIndex, line, column: parsed.column, start, end, next, text: raw };
      const entry = indexEntry('entry', parsed.operator, parsed.trigger, parsed.extras, parsed.problems, place);
      current.entries.push(entry);
      all.push(entry);
      continue;
    }
    if (ANY_OPERATOR.test(trimmed)) {
      const m: MalformedLine = {
        reason: /^\/(when|how)(?=\s|$)/i.test(trimmed) ? 'operator-case' : 'unknown-operator',
        section: sectionIndex,
        line,
        column,
        start,
        end,
        text: raw,
      };
      current.malformed.push(m);
      allMalformed.push(m);
      continue;
    }
    const dash = trimmed.indexOf(LEGACY_SEPARATOR);
    if (dash > 0 && !/^([-*+]|\d+[.)])\s/.test(trimmed)) {
      const keyText = trimmed.slice(0, dash).trim();
      const place = { section: sectionIndex, line, column, start, end, next, text: raw };
      const entry = indexEntry('legacy', undefined, keyText, [], [{ code: 'legacy', column }], place);
      current.entries.push(entry);
      all.push(entry);
      continue;
    }
    keepText(current, allText, { section: sectionIndex, line, start, end, lineRange: [start, next], text: raw });
  }
  close(text.length);
  return {
    path,
    text,
    lines: table,
    preambleEnd: sections[0]?.start ?? text.length,
    sections,
    entries: all,
    malformed: allMalformed,
    textLines: allText,
    htmlStarts: scan.htmlStarts,
  };
}
