/**
 * The one grammar of an index entry line, both ways: parseEntryLine reads it (the
 * memory index, pasted queries, migration mappings) and formatEntry writes it (the
 * migration, compress-key, every message that names an entry through entryLabel).
 *
 *   /when writing mock tests | mock patch, test doubles
 *   ^op   ^trigger             ^extras (comma-separated)
 *
 * `/when` or `/how` (lower-case), whitespace, a trigger, and optionally `|` and
 * extras. Runs of whitespace inside a trigger or an extra are one space. A trigger
 * without any word (keys.ts: letters or digits) is empty: it could never be looked
 * up. The parser never throws: problems are data for the format rule.
 */
import { foldKey, type Operator } from './keys.js';

export type EntryProblemCode = 'empty-trigger' | 'empty-extra' | 'indented' | 'legacy';

export interface EntryProblem {
  readonly code: EntryProblemCode;
  /** 1-based column in the line where the problem is. */
  readonly column: number;
}

export interface EntryParts {
  readonly operator: Operator;
  readonly trigger: string;
  readonly extras: readonly string[];
}

export interface ParsedEntryLine extends EntryParts {
  /** 1-based column of the `/`. */
  readonly column: number;
  readonly problems: readonly EntryProblem[];
}

/** `/when` or `/how` followed by whitespace or the end of the line. */
export const ENTRY_OPERATOR = /^\/(when|how)(?=\s|$)/;

/** The parts of an entry line (leading whitespace allowed, reported as `indented`), or undefined if it is not one. */
export function parseEntryLine(line: string): ParsedEntryLine | undefined {
  const trimmed = line.trim();
  const op = ENTRY_OPERATOR.exec(trimmed);
  if (!op) return undefined;
  const operator = op[1] as Operator;
  const indent = line.length - line.trimStart().length;
  const column = indent + 1;
  const problems: EntryProblem[] = [];
  if (indent > 0) problems.push({ code: 'indented', column: 1 });
  const bodyOffset = op[0].length;
  const body = trimmed.slice(bodyOffset);
  const pipe = body.indexOf('|');
  const trigger = oneSpace(pipe === -1 ? body : body.slice(0, pipe));
  if (hasEmptyTrigger({ trigger })) problems.push({ code: 'empty-trigger', column: column + bodyOffset });
  const extras: string[] = [];
  if (pipe !== -1) {
    let segmentColumn = column + bodyOffset + pipe + 1;
    for (const segment of body.slice(pipe + 1).split(',')) {
      const value = oneSpace(segment);
      if (value === '') problems.push({ code: 'empty-extra', column: segmentColumn });
      else extras.push(value);
      segmentColumn += segment.length + 1;
    }
  }
  return { operator, trigger, extras, column, problems };
}

/** A trigger without any word: reported by the format rule, never looked up or paired. */
export function hasEmptyTrigger(entry: { readonly trigger: string }): boolean {
  return foldKey(entry.trigger) === '';
}

/** `/when trigger | extra, extra`: extras folding like the trigger or an earlier extra are dropped. */
export function formatEntry({ operator, trigger, extras }: EntryParts): string {
  const seen = new Set([foldKey(trigger)]);
  const kept = extras.filter((e) => !seen.has(foldKey(e)) && seen.add(foldKey(e)));
  return `/${operator} ${oneSpace(trigger)}${kept.length > 0 ? ` | ${kept.map(oneSpace).join(', ')}` : ''}`;
}

/**
 * How messages and navigation name an entry: `/when trigger` (no extras); an old
 * `Key — description` entry (no operator) by its key text.
 */
export function entryLabel(entry: { readonly operator: Operator | undefined; readonly trigger: string }): string {
  return entry.operator === undefined ? entry.trigger : formatEntry({ operator: entry.operator, trigger: entry.trigger, extras: [] });
}

function oneSpace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
