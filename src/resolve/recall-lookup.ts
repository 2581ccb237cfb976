/**
 * Answers triggers from the recall table (recall-table.ts builds it): the fast path
 * of a hook call. An exact phrase is a binary search; anything else runs the fuzzy
 * engine over the table's candidates (parsed and indexed only then). Never loads
 * the model or the full resolver; decides with the resolver's code (trigger-pick.ts).
 */
import { createMatcher, type Matcher, type MatcherData } from '../fuzzy/matcher.js';
import type { Operator } from '../model/keys.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { trimSection, type Section } from './section.js';
import { pickTrigger } from './trigger-pick.js';

export interface RecallSection extends Omit<Section, 'content' | 'related'> {
  readonly bodyStart: number;
  readonly sectionEnd: number;
  /** Line (after the targets) of the sibling group: shared, since siblings share it. */
  readonly group: number;
  /** The ready-to-run line that leads to this target (targetLine), for choices and suggestions. */
  readonly choice: string;
}

/** [text, target, operator] of every fuzzy candidate, in the resolver's order. */
type CandidateRow = readonly [text: string, target: number, operator: Operator | null];

/** [target, operator] of every candidate with one phrase. */
export type Hits = readonly (readonly [number, Operator | null])[];

/** [target, `/when x`] of the entries of one (file, parent) group, in target order. */
export type Group = readonly (readonly [number, string])[];

export interface RecallTable {
  /** The answer to a trigger query, or undefined when only the full resolver can answer (`.Section`, `..file.md`). */
  resolve(query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined;
}

/** `onFuzzy`: called once, before the first fuzzy match (the adapter tunes a one-query process, node/short-run.ts). */
export function openRecallTable(table: string, params: ResolveParams = DEFAULT_RESOLVE_PARAMS, onFuzzy?: () => void): RecallTable {
  const lines = new TableLines(table);
  let matcher: Matcher<{ readonly target: number; readonly operator: Operator | null }> | undefined;
  const fuzzy = () => {
    if (!matcher) {
      onFuzzy?.();
      const candidates = lines.candidates().map(([text, target, operator]) => ({ text, target, operator }));
      matcher = createMatcher(candidates, (c) => c.text, params.fuzzy, lines.matcherData());
    }
    return matcher;
  };
  return { resolve: (query, operator, readText) => resolveFromLines(lines, params, fuzzy, query, operator, readText) };
}

/** One-off lookup (tests): opens the table for a single query. */
export function resolveFromRecallTable(
  table: string,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | undefined {
  return openRecallTable(table).resolve(query, operator, readText);
}

function resolveFromLines(
  lines: TableLines,
  params: ResolveParams,
  fuzzy: () => Matcher<{ readonly target: number; readonly operator: Operator | null }>,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind === 'null') return { kind: 'null', query };
  if (parsed.kind !== 'query' || parsed.mode !== 'trigger') return undefined;
  const text = parsed.text;
  const source = { exact: (key: string) => lines.phrase(key), matcher: fuzzy, lineOf: (t: number) => lines.target(t).choice };
  const pick = pickTrigger(source, params, parsed);
  if (pick.kind !== 'found') return { ...pick, query: text, mode: 'trigger' };
  const target = pick.target;
  const { bodyStart, sectionEnd, group, choice: _choice, ...section } = lines.target(target);
  const related = lines.group(group).filter(([t]) => t !== target).map(([, line]) => line);
  const content = trimSection(readText(section.file).slice(bodyStart, sectionEnd));
  return { kind: 'found', query: text, section: { heading: section.heading, file: section.file, line: section.line, content, broader: section.broader, related } };
}

/** Line access without splitting the table: offsets once, then a binary search. */
class TableLines {
  private readonly starts: number[] = [0];
  private readonly count: number;
  private readonly targets: number;

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
    let lo = 2;
    let hi = this.count + 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = this.starts[mid]!;
      const tab = this.table.indexOf('\t', start);
      const key = this.table.slice(start, tab);
      if (key === phrase) return JSON.parse(this.line(mid).slice(tab - start + 1)) as Hits;
      if (key < phrase) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  target(t: number): RecallSection {
    return JSON.parse(this.line(2 + this.count + t)) as RecallSection;
  }

  group(g: number): Group {
    return JSON.parse(this.line(2 + this.count + this.targets + g)) as Group;
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
