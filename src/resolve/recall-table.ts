/**
 * The recall table: the exact-phrase half of the resolver, precomputed as text.
 *
 *   2                                        number of phrase lines
 *   encode file paths<TAB>[[1,"how"]]        one line per normalised phrase (trigger,
 *   writing mock tests<TAB>[[0,"when"]]      extra or heading), sorted: [target, operator]
 *   {"heading":…,"file":…,"line":…,"bodyStart":…,"sectionEnd":…,"broader":[…],"related":[…]}
 *   {…}                                      then one line per target (semantic heading)
 *   [[0,"/when writing mock tests"],…]       then one line per sibling group (Related)
 *
 * A per-call process answers an exact query by binary search over this one string
 * and reads only the decision file it prints: no model is built, no JSON but one
 * line is parsed. Anything else (fuzzy, ambiguous, `.Section`, `..file.md`) is not
 * answered here and goes to resolve() on the full model, so both paths give the
 * same result by construction (a test compares them on every corpus entry).
 */
import type { Operator } from '../model/keys.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { headingSection, trimSection, type Section } from './section.js';
import type { Project } from '../model/project.js';
import { normalisePhrase, resolverIndex } from './targets.js';

interface RecallSection extends Omit<Section, 'content' | 'related'> {
  readonly bodyStart: number;
  readonly sectionEnd: number;
  /** Line (after the targets) of the sibling group: shared, since siblings share it. */
  readonly group: number;
}

/** [target, `/when x`] of the entries of one (file, parent) group, in target order. */
type Group = readonly (readonly [number, string])[];

/** [target, operator] of every candidate with one phrase. */
type Hits = readonly (readonly [number, Operator | null])[];

export function buildRecallTable(project: Project, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): string {
  const index = resolverIndex(project, params);
  const phrases: string[] = [];
  for (const [phrase, ids] of [...index.exact].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (phrase === '') continue;
    const hits: Hits = ids.map((id) => [index.candidates[id]!.target, index.candidates[id]!.operator ?? null] as const);
    phrases.push(`${phrase}\t${JSON.stringify(hits)}`);
  }
  const groups: [number, string][][] = [];
  const groupOf = new Map<string, number>();
  const targets = index.targets.map(({ file, heading }, t) => {
    const { content: _content, related, ...section } = headingSection(project, index, file, heading);
    const key = `${file.path}\0${heading.parent}`;
    let group = groupOf.get(key);
    if (group === undefined) {
      groupOf.set(key, (group = groups.length));
      groups.push([]);
    }
    const entry = index.targets[t]!.entry;
    if (entry?.kind === 'entry' && entry.operator) groups[group]!.push([t, `/${entry.operator} ${entry.trigger}`]);
    void related; // rebuilt from the group at lookup: the siblings minus the target itself
    const row: RecallSection = { ...section, bodyStart: heading.bodyStart, sectionEnd: heading.sectionEnd, group };
    return JSON.stringify(row);
  });
  return [String(phrases.length), String(targets.length), ...phrases, ...targets, ...groups.map((g) => JSON.stringify(g))].join('\n');
}

/**
 * The exact answer to `query` from the table, or undefined when only the full
 * resolver can answer (no exact phrase, several sections, another mode).
 */
export function resolveFromRecallTable(
  table: string,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind === 'null') return { kind: 'null', query };
  if (parsed.kind !== 'query' || parsed.mode !== 'trigger') return undefined;
  const lines = new TableLines(table);
  const hits = lines.phrase(normalisePhrase(parsed.text));
  if (!hits) return undefined;
  // The exact branch of resolveTrigger: one section, or the query's operator picks one.
  let targets = unique(hits.map(([t]) => t));
  if (targets.length > 1 && parsed.operator) {
    const same = unique(hits.filter(([, op]) => op === parsed.operator).map(([t]) => t));
    if (same.length > 0) targets = same;
  }
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

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
