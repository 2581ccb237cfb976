/** Where a finding points: the spans of entries, headings and columns, shared by the rules. */
import type { Span } from '../core/diagnostic.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { spanOf } from '../model/lines.js';
import type { MemoryIndex } from '../model/memory-index.js';
import type { Project } from '../model/project.js';

export function entrySpan(index: MemoryIndex, entry: { start: number; end: number; column: number }): Span {
  return spanOf(index.lines, entry.start + entry.column - 1, entry.end);
}

export function columnSpan(index: MemoryIndex, line: { start: number; end: number }, column: number): Span {
  return spanOf(index.lines, Math.min(line.start + column - 1, line.end), line.end);
}

export function headingSpan(file: DecisionFile, heading: DecisionHeading): Span {
  return spanOf(file.lines, heading.start + heading.column - 1, file.lines.ends[heading.line - 1]!);
}

export function fileOf(project: Project, path: string): DecisionFile | undefined {
  return project.decisions.find((d) => d.path === path);
}
