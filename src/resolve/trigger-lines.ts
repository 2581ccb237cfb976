/**
 * Reads the trigger table (trigger-table.ts builds it) line by line, and answers a
 * trigger from it with the resolver's own decision (trigger-pick.ts). Without a
 * fuzzy matcher (openExactTable: the exact-hit bundle, dist/when.cjs, which must
 * not carry the fuzzy engine) it answers what the exact stage decides alone and
 * leaves the rest (no exact phrase) to trigger-lookup.ts, which adds the matcher.
 */
import type { Matcher, MatcherData } from '../fuzzy/matcher.js';
import type { Operator } from '../model/keys.js';
import { placeChoice } from './choice-lines.js';
import { keyedValue } from './keyed-lines.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { trimSection, type Section } from './section.js';
import { pickExact, pickTrigger, type TriggerPick, type TriggerSource } from './trigger-pick.js';

export interface TriggerSection extends Omit<Section, 'content' | 'related'> {
  readonly bodyStart: number;
  readonly sectionEnd: number;
  /** Line (after the targets) of the sibling group: shared, since siblings share it. */
  readonly group: number;
  /** The ready-to-run line that picks this target alone (choice-lines.ts), for choices and suggestions; null: none does, its place is listed. */
  readonly choice: string | null;
}

/** [text, target, operator] of every fuzzy candidate, in the resolver's order. */
export type CandidateRow = readonly [text: string, target: number, operator: Operator | null];

/** [target, operator] of every candidate with one phrase. */
export type Hits = readonly (readonly [number, Operator | null])[];

/** A target's line: [heading, line, bodyStart, sectionEnd, group, choice] (choice left off when null). */
export type TargetRow = readonly [heading: string, line: number, bodyStart: number, sectionEnd: number, group: number, choice?: string];

/** [target, `/when x`] of the entries of one (file, parent) group, in target order. */
export type Related = readonly (readonly [number, string])[];

/** A (file, parent) group's line: what its targets share. */
export type Group = readonly [file: string, broader: readonly string[], related: Related];

export type TableMatcher = Matcher<{ readonly target: number; readonly operator: Operator | null }>;

export interface TriggerTable {
  /**
   * The answer to a trigger query, or undefined when only the full resolver can answer
   * (`.Section`, `..file.md`) or, in a table opened without a matcher, when the fuzzy stage must.
   */
  resolve(query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined;
}

/** The table for exact phrases only: no fuzzy engine is loaded. */
export function openExactTable(table: string, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): TriggerTable {
  return tableOf(new TableLines(table), params, undefined);
}

/** The table over its lines; `fuzzy` (built on first use) for the queries no exact phrase decides. */
export function tableOf(lines: TableLines, params: ResolveParams, fuzzy: (() => TableMatcher) | undefined): TriggerTable {
  return { resolve: (query, operator, readText) => resolveFromLines(lines, params, fuzzy, query, operator, readText) };
}

function resolveFromLines(
  lines: TableLines,
  params: ResolveParams,
  fuzzy: (() => TableMatcher) | undefined,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind === 'null') return { kind: 'null', query };
  if (parsed.kind !== 'query' || parsed.mode !== 'trigger') return undefined;
  const text = parsed.text;
  const lineOf = (t: number) => {
    const row = lines.target(t);
    return row.choice ?? placeChoice(row.file, row.line, row.heading!);
  };
  const exact = { exact: (key: string) => lines.phrase(key), lineOf };
  const source: TriggerSource | undefined = fuzzy && { ...exact, matcher: fuzzy };
  const pick: TriggerPick | undefined = source ? pickTrigger(source, params, parsed) : pickExact(exact, parsed);
  if (!pick) return undefined;
  if (pick.kind !== 'found') return { ...pick, query: text, mode: 'trigger' };
  const target = pick.target;
  const { bodyStart, sectionEnd, group, choice: _choice, ...section } = lines.target(target);
  const related = lines.group(group)[2].filter(([t]) => t !== target).map(([, line]) => line);
  const content = trimSection(readText(section.file).slice(bodyStart, sectionEnd));
  return { kind: 'found', query: text, section: { heading: section.heading, file: section.file, line: section.line, content, broader: section.broader, related } };
}

/** Line access without splitting the table: offsets once, then a binary search. */
export class TableLines {
  private readonly starts: number[] = [0];
  private readonly count: number;
  private readonly targets: number;
  /** Parsed group lines: a choice list names many siblings, and each row needs its group's file. */
  private readonly groups = new Map<number, Group>();

  constructor(private readonly table: string) {
    for (let i = table.indexOf('\n'); i !== -1; i = table.indexOf('\n', i + 1)) this.starts.push(i + 1);
    this.count = Number(this.line(0));
    this.targets = Number(this.line(1));
  }

  private line(n: number): string {
    const end = n + 1 < this.starts.length ? this.starts[n + 1]! - 1 : this.table.length;
    return this.table.slice(this.starts[n]!, end);
  }

  phrase(phrase: string): Hits | undefined {
    if (phrase === '') return undefined;
    const hits = keyedValue(this.table, this.starts, 2, this.count + 1, phrase);
    return hits === undefined ? undefined : (JSON.parse(hits) as Hits);
  }

  target(t: number): TriggerSection {
    const [heading, line, bodyStart, sectionEnd, group, choice] = JSON.parse(this.line(2 + this.count + t)) as TargetRow;
    const [file, broader] = this.group(group);
    return { heading, file, line, broader, bodyStart, sectionEnd, group, choice: choice ?? null };
  }

  group(g: number): Group {
    let group = this.groups.get(g);
    if (group === undefined) this.groups.set(g, (group = JSON.parse(this.line(2 + this.count + this.targets + g)) as Group));
    return group;
  }

  /** The line before the last. */
  candidates(): readonly CandidateRow[] {
    return JSON.parse(this.line(this.starts.length - 2)) as CandidateRow[];
  }

  /** The last line. */
  matcherData(): MatcherData {
    return JSON.parse(this.line(this.starts.length - 1)) as MatcherData;
  }
}
