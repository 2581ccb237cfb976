/**
 * Answers exact triggers from the recall table (recall-table.ts builds it): the
 * fast path of a hook call. Loads only the query parser and the phrase folding,
 * never the model, the fuzzy engine or the full resolver.
 */
import type { Operator } from '../model/keys.js';
import { foldKey } from '../model/keys.js';
import { parseQuery } from './query.js';
import { exactHits } from './exact-hits.js';
import type { ResolveResult } from './resolve.js';
import { trimSection, type Section } from './section.js';

export interface RecallSection extends Omit<Section, 'content' | 'related'> {
  readonly bodyStart: number;
  readonly sectionEnd: number;
  /** Line (after the targets) of the sibling group: shared, since siblings share it. */
  readonly group: number;
}

/** [target, operator] of every candidate with one phrase. */
export type Hits = readonly (readonly [number, Operator | null])[];

/** [target, `/when x`] of the entries of one (file, parent) group, in target order. */
export type Group = readonly (readonly [number, string])[];

export interface RecallTable {
  /** The exact answer, or undefined when only the full resolver can answer. */
  resolve(query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined;
}

export function openRecallTable(table: string): RecallTable {
  const lines = new TableLines(table);
  return { resolve: (query, operator, readText) => resolveFromLines(lines, query, operator, readText) };
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

function resolveFromLines(lines: TableLines, query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind === 'null') return { kind: 'null', query };
  if (parsed.kind !== 'query' || parsed.mode !== 'trigger') return undefined;
  // The exact branch of resolveTrigger: the whole trigger, else the trigger before a note; one section, or the query's operator picks one.
  const targetsOf = (text: string) => exactHits(lines.phrase(foldKey(text)) ?? [], parsed.operator, parsed.explicit);
  let targets = targetsOf(parsed.text);
  if (targets.length === 0 && parsed.noteless !== undefined) targets = targetsOf(parsed.noteless);
  if (targets.length !== 1) return undefined;
  const target = targets[0]!;
  const { bodyStart, sectionEnd, group, ...section } = lines.target(target);
  const related = lines.group(group).filter(([t]) => t !== target).map(([, line]) => line);
  const content = trimSection(readText(section.file).slice(bodyStart, sectionEnd));
  return { kind: 'found', query: parsed.text, section: { heading: section.heading, file: section.file, line: section.line, content, broader: section.broader, related } };
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
}
