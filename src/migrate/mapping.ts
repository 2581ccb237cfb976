/**
 * The migration mapping: one row per index entry to change, as a TSV file with a
 * header line (tab-separated, no quoting: fields never hold tabs or newlines).
 *
 * Columns (any order; unknown columns are refused so a typo cannot be ignored):
 *   section            optional  the index section (a decision file path); informative
 *   old_index_line     optional  line of the entry in the index: a hint, the text decides
 *   old_index_entry    required  the entry line as it is now (trimmed)
 *   decision_file:line required  `agents/decisions/cli.md:7`: the heading the entry names
 *   old_heading        required  the heading as it is now (`### Title` or `Title`)
 *   operator           optional  `when` | `how`
 *   trigger            optional  the new trigger
 *   keep_old_trigger   optional  `yes`: the entry's current trigger becomes its first extra
 *   new_heading        optional  taken as written (its `#`s are ignored: the level is kept);
 *                                empty: `When`/`How to` + trigger (keys.ts headingForEntry)
 *   new_index_line     ignored   (the shape of the 2026 hand-made table)
 *   new_index_entry    optional  taken as written; empty: built from operator, trigger, extras
 *   note               ignored
 * A row needs new_index_entry, or operator and trigger. This is both the file
 * `memdex migrate plan` writes and the columns of a hand-made migration table.
 */
import type { Operator } from '../model/keys.js';
import { stripBom } from '../model/bom.js';
import { headingText } from '../model/heading-text.js';

export interface MappingRow {
  /** 1-based line in the mapping file. */
  readonly row: number;
  /** `mapping.tsv:3`: where the row is, for messages. */
  readonly at: string;
  readonly section?: string;
  readonly oldIndexLine?: number;
  readonly oldIndexEntry: string;
  readonly file: string;
  readonly headingLine: number;
  /** Heading text without `#`s. */
  readonly oldHeading: string;
  readonly operator?: Operator;
  readonly trigger?: string;
  readonly keepOldTrigger: boolean;
  /** Heading text without `#`s; undefined: derived. */
  readonly newHeading?: string;
  /** undefined: derived. */
  readonly newIndexEntry?: string;
}

export const MAPPING_COLUMNS = [
  'section',
  'old_index_line',
  'old_index_entry',
  'decision_file:line',
  'old_heading',
  'operator',
  'trigger',
  'keep_old_trigger',
  'new_heading',
  'new_index_line',
  'new_index_entry',
  'note',
] as const;

type Column = (typeof MAPPING_COLUMNS)[number];

/** A mapping file that cannot be read as a mapping (exit 2 at the CLI). */
export class MappingError extends Error {}

/** A heading cell with or without its `#`s (`### Title` or `Title`): its text. */
export function stripHashes(heading: string): string {
  return headingText(heading.trim());
}

export function parseMapping(text: string, displayPath: string): MappingRow[] {
  const lines = stripBom(text).split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((c) => c.trim());
  for (const column of header) {
    if (!(MAPPING_COLUMNS as readonly string[]).includes(column)) {
      throw new MappingError(`${displayPath}:1: unknown column "${column}"; expected some of ${MAPPING_COLUMNS.join(', ')}`);
    }
  }
  for (const required of ['old_index_entry', 'decision_file:line', 'old_heading'] as const) {
    if (!header.includes(required)) throw new MappingError(`${displayPath}:1: missing column "${required}"`);
  }
  const rows: MappingRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const at = `${displayPath}:${i + 1}`;
    const cells = line.split('\t');
    if (cells.length > header.length) throw new MappingError(`${at}: ${cells.length} fields, but the header has ${header.length} columns`);
    const get = (column: Column): string | undefined => {
      const index = header.indexOf(column);
      const value = index === -1 ? undefined : cells[index]?.trim();
      return value === '' ? undefined : value;
    };
    const location = get('decision_file:line');
    const match = location === undefined ? null : /^(.+):(\d+)$/.exec(location);
    if (!match) throw new MappingError(`${at}: decision_file:line must look like agents/decisions/x.md:12, got "${location ?? ''}"`);
    const oldIndexEntry = get('old_index_entry');
    const oldHeading = get('old_heading');
    if (oldIndexEntry === undefined) throw new MappingError(`${at}: old_index_entry is empty`);
    if (oldHeading === undefined) throw new MappingError(`${at}: old_heading is empty`);
    const operator = get('operator');
    if (operator !== undefined && operator !== 'when' && operator !== 'how') {
      throw new MappingError(`${at}: operator must be "when" or "how", got "${operator}"`);
    }
    const keep = get('keep_old_trigger') ?? 'no';
    if (keep !== 'yes' && keep !== 'no') throw new MappingError(`${at}: keep_old_trigger must be "yes" or "no", got "${keep}"`);
    const trigger = get('trigger');
    const newIndexEntry = get('new_index_entry');
    if (newIndexEntry === undefined && (operator === undefined || trigger === undefined)) {
      throw new MappingError(`${at}: give new_index_entry, or operator and trigger`);
    }
    const oldLine = get('old_index_line');
    const newHeading = get('new_heading');
    rows.push({
      row: i + 1,
      at,
      ...(get('section') !== undefined ? { section: get('section')! } : {}),
      ...(oldLine !== undefined && /^\d+$/.test(oldLine) ? { oldIndexLine: Number(oldLine) } : {}),
      oldIndexEntry,
      file: match[1]!,
      headingLine: Number(match[2]),
      oldHeading: stripHashes(oldHeading),
      ...(operator !== undefined ? { operator } : {}),
      ...(trigger !== undefined ? { trigger } : {}),
      keepOldTrigger: keep === 'yes',
      ...(newHeading !== undefined ? { newHeading: stripHashes(newHeading) } : {}),
      ...(newIndexEntry !== undefined ? { newIndexEntry } : {}),
    });
  }
  return rows;
}

/** A row as `memdex migrate plan` writes it (every column filled, derived ones included). */
export interface PlannedRow {
  readonly section: string;
  readonly oldIndexLine: number;
  readonly oldIndexEntry: string;
  readonly file: string;
  readonly headingLine: number;
  /** With its `#`s, as in the file. */
  readonly oldHeading: string;
  readonly operator: Operator;
  readonly trigger: string;
  readonly keepOldTrigger: boolean;
  readonly newHeading: string;
  readonly newIndexEntry: string;
  readonly note: string;
}

const PLAN_COLUMNS: readonly Column[] = MAPPING_COLUMNS.filter((c) => c !== 'new_index_line');

export function formatMapping(rows: readonly PlannedRow[]): string {
  const clean = (value: string) => value.replace(/[\t\r\n]+/g, ' ');
  const lines = [PLAN_COLUMNS.join('\t')];
  for (const r of rows) {
    const cells: Record<string, string> = {
      section: r.section,
      old_index_line: String(r.oldIndexLine),
      old_index_entry: r.oldIndexEntry,
      'decision_file:line': `${r.file}:${r.headingLine}`,
      old_heading: r.oldHeading,
      operator: r.operator,
      trigger: r.trigger,
      keep_old_trigger: r.keepOldTrigger ? 'yes' : 'no',
      new_heading: r.newHeading,
      new_index_entry: r.newIndexEntry,
      note: r.note,
    };
    lines.push(PLAN_COLUMNS.map((c) => clean(cells[c] ?? '')).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
