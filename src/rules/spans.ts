/** Where a finding points: the spans of entries, headings and columns, shared by the rules. */
import type { Span } from '../core/diagnostic.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { pointOnLine, spanOf } from '../model/lines.js';
import type { MemoryIndex } from '../model/memory-index.js';
import type { Project } from '../model/project.js';

export function entrySpan(index: MemoryIndex, entry: { start: number; end: number; column: number }): Span {
  return spanOf(index.lines, entry.start + entry.column - 1, entry.end);
}

export function columnSpan(index: MemoryIndex, line: { start: number; end: number }, column: number): Span {
  return spanOf(index.lines, Math.min(line.start + column - 1, line.end), line.end);
}

/**
 * A heading's span: from its first non-blank character to the end of its line. Built once per
 * heading, from the line the heading already knows (no search of the line table), and shared by
 * every finding on it: 1 MB of `### a` has two findings per heading, 333,314 spans of three
 * objects each that lived to the report. Spans are read-only (Span's fields are readonly).
 */
export function headingSpan(file: DecisionFile, heading: DecisionHeading): Span {
  if (file.headings[heading.index] !== heading) return lineSpan(file, heading);
  let spans = headingSpans.get(file);
  if (spans === undefined) headingSpans.set(file, (spans = []));
  return (spans[heading.index] ??= lineSpan(file, heading));
}

const headingSpans = new WeakMap<DecisionFile, Span[]>();

/** spanOf's answer, from the line the heading knows (lines.ts pointOnLine). */
function lineSpan(file: DecisionFile, heading: DecisionHeading): Span {
  const { lines } = file;
  const start = heading.start + heading.column - 1;
  const end = lines.ends[heading.line - 1]!;
  if (start < lines.starts[heading.line - 1]! || start > end) return spanOf(lines, start, end);
  return { start: pointOnLine(lines, heading.line, start), end: pointOnLine(lines, heading.line, end) };
}

export function fileOf(project: Project, path: string): DecisionFile | undefined {
  return project.decisions.find((d) => d.path === path);
}
