/**
 * The line a list of choices or suggestions gives for each target (trigger-pick.ts
 * lineOf): the same from the model (resolve.ts) and from the trigger table, which
 * stores each target's query line, null for a place (trigger-table.ts, trigger-lines.ts).
 * A list whose lines are identical helps nobody (a file of 166,657 `### a` headings
 * made `when a` list `/when .a` twenty times), so each line is a query the resolver
 * answers with that target alone, the shortest there is:
 *
 *   1. its label (targetLine: `/when writing mock tests`, `/how encode paths`) when
 *      that phrase, with its operator, leads to no other target (exact-hits.ts
 *      decides, as the resolver's exact stage does);
 *   2. else its section query (section.ts sectionQuery): `/when .Heading` when the
 *      heading's text names it alone in the tree, else `/when ..file.md#Heading`
 *      when it does within its file (docs/resolve.md);
 *   3. else (its text twice or more in one file, which no query tells apart) its
 *      place, `path:line  .Heading`, as section mode lists such headings.
 *
 * Which labels lead elsewhere too is found in one pass over the exact phrases, once
 * per index: the table, which asks for every target's line, stays linear.
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryLabel } from '../model/entry-line.js';
import { headingOperator, type Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { exactHits } from './exact-hits.js';
import { sectionLink, sectionQuery } from './section.js';
import type { ResolverIndex, Target } from './targets.js';

/** The ready-to-run line that leads to a target: its entry, else its heading's own trigger, else `.Heading`. */
export function targetLine(target: Target): string {
  const label = labelOf(target);
  return label ? entryLabel(label) : `/when ${sectionLink(target.heading)}`;
}

/** A ready-to-run line naming one heading among several: `/when .Heading` or `/when ..file.md#Heading`, else its place. */
export function sectionChoice(project: Project, file: DecisionFile, heading: DecisionHeading): string {
  return sectionQueryLine(project, file, heading) ?? placeChoice(heading.path, heading.line, heading.text);
}

/** The query line of sectionChoice, undefined when only the heading's place names it (the section table stores none). */
export function sectionQueryLine(project: Project, file: DecisionFile, heading: DecisionHeading): string | undefined {
  const link = sectionQuery(project, file, heading);
  return link === undefined ? undefined : `/when ${link}`;
}

/**
 * The choice for a heading no query names alone: its place, `path:line  .Heading` (the heading's section
 * link: a structural heading's text has its dot, section.ts sectionLink). The trigger table stores none
 * (its row has the path, line and heading): 166,657 of them made its text 14 % longer.
 */
export function placeChoice(path: string, line: number, heading: string): string {
  return `${path}:${line}  ${heading.startsWith('.') ? heading : `.${heading}`}`;
}

/** A choice that is a heading's place (placeChoice), not a query: its message says so. */
export function isPlaceChoice(line: string): boolean {
  return /\.md:\d+ {2}\S/.test(line);
}

const queriesByIndex = new WeakMap<ResolverIndex, (target: number) => string | undefined>();

/** Each target's line for choices and suggestions: one that picks that target alone, else its place (see above). */
export function choiceLines(project: Project, index: ResolverIndex): (target: number) => string {
  const queryOf = queryLines(project, index);
  return (t) => {
    const query = queryOf(t);
    if (query !== undefined) return query;
    const { heading } = index.targets[t]!;
    return placeChoice(heading.path, heading.line, heading.text);
  };
}

/**
 * Each target's query line (rules 1 and 2 above), undefined when no query picks it alone. Kept per index:
 * a cold `when` that builds the table and then lists 166,657 choices works each line out once.
 */
export function queryLines(project: Project, index: ResolverIndex): (target: number) => string | undefined {
  let queryOf = queriesByIndex.get(index);
  if (!queryOf) {
    const shared = sharedLabels(index);
    const lines: (string | null | undefined)[] = [];
    queryOf = (t) => {
      let line = lines[t];
      if (line === undefined) {
        const target = index.targets[t]!;
        const label = shared.has(t) ? undefined : labelOf(target);
        lines[t] = line = label ? entryLabel(label) : (sectionQueryLine(project, target.file, target.heading) ?? null);
      }
      return line ?? undefined;
    };
    queriesByIndex.set(index, queryOf);
  }
  return queryOf;
}

/** What a target's label is as a query: its phrase's operator (undefined: a heading's `/when .Heading`, section mode). */
function labelOf(target: Target): { readonly trigger: string; readonly operator: Operator | undefined } | undefined {
  const entry = target.entry;
  if (entry?.kind === 'entry') return entry;
  return headingOperator(target.heading.text, target.heading.key);
}

/**
 * The targets whose label leads to another target too: per exact phrase shared by
 * several targets, each label candidate on it (its target's entry trigger, or its
 * operator heading's phrase) is looked up as the resolver would look up its line, the
 * hits computed once per operator of the phrase.
 */
function sharedLabels(index: ResolverIndex): Set<number> {
  const shared = new Set<number>();
  for (const ids of index.exact.values()) {
    if (ids.length < 2) continue;
    const labels = ids.filter((id) => isLabel(index, id));
    if (labels.length === 0) continue;
    const hits = ids.map((id) => [index.candidates[id]!.target, index.candidates[id]!.operator] as const);
    const byOperator = new Map<Operator | undefined, number[]>();
    for (const id of labels) {
      const { target, operator } = index.candidates[id]!;
      let found = byOperator.get(operator);
      if (!found) byOperator.set(operator, (found = exactHits(hits, operator, operator !== undefined)));
      if (found.length !== 1 || found[0] !== target) shared.add(target);
    }
  }
  return shared;
}

/** The candidate a target's label is made of: its entry's trigger, or (no entry) its operator heading's phrase. */
function isLabel(index: ResolverIndex, id: number): boolean {
  const candidate = index.candidates[id]!;
  const target = index.targets[candidate.target]!;
  const entry = target.entry;
  if (entry?.kind === 'entry') return candidate.kind === 'trigger' && candidate.text === entry.trigger && candidate.operator === entry.operator;
  return candidate.kind === 'heading' && candidate.operator !== undefined;
}
