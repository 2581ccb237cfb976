/**
 * The section table: the exact half of the resolver's `.Section` and `..file.md`
 * queries, precomputed as text at the head of the model cache (app/model-cache.ts), as
 * the trigger table (trigger-table.ts) is the exact half of a trigger's.
 *
 *   2                                         number of key lines
 *   1                                         number of group lines
 *   .safety patterns<TAB>[".Safety Patterns",0,45,1811,2444,0]
 *   examples<TAB>0                            one line per heading key (keys.ts, as
 *                                             project.headingsByKey holds them), sorted:
 *                                             [heading, file, line, bodyStart, sectionEnd,
 *                                             group, target?] when one heading has the key;
 *                                             0 when several do (the model lists them)
 *   [["/when ..cli.md"],[[3,"/when x"],…]]    one line per sibling group (one file, one
 *                                             parent): [Broader, Related as [target, line]]
 *   ["agents/decisions/cli.md",…]             last, the decision files (rows name them by place)
 *
 * A `.Section` naming one heading exactly and a `..file.md` naming a decision file
 * exactly are answered from these lines and the one decision file printed (section-lines.ts,
 * in the exact stage's bundle): no snapshot is parsed, no model built, the model stage's bundle
 * not even loaded (bench/RESULTS.md, "The section table"). Anything else (a typo, several
 * headings of one key, `..file.md#Heading`, an unsafe name) is left to resolve() on the
 * model. The lines hold what resolve.ts resolveSection/resolveFile and section.ts
 * headingSection work out, from the same functions, so both paths give the same result
 * (test/resolve/section-table.test.ts compares them on every heading and file of the corpora).
 *
 * A cold build caches the snapshot alone; the first call that restores it writes the table
 * at its head (app/model-cache.ts): on 1 MB of many headings the table costs ~0.6 s, which a
 * cold call, answered from the model it just built, would pay for nothing.
 *
 * Siblings share Broader (broaderLinks reads the ancestors only) and Related: one line
 * per group, as in the trigger table, so that N headings under one parent cost N rows, not
 * N² (1 MB of 166,665 `### a` is one key line: several headings share it).
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryLabel } from '../model/entry-line.js';
import type { Project } from '../model/project.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { broaderLinks } from './section.js';
import { resolverIndex } from './targets.js';

export function buildSectionTable(project: Project, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): string {
  const index = resolverIndex(project, params);
  const fileIds = new Map(project.decisions.map((f, i) => [f.path, i]));
  const targetOf = new Map<DecisionHeading, number>();
  // The Related of each (file, parent): the entries of the targets under it, in target order (section.ts siblingsOf).
  const relatedOf = new Map<DecisionFile, Map<number, [number, string][]>>();
  index.targets.forEach(({ file, heading, entry }, t) => {
    targetOf.set(heading, t);
    if (entry?.kind !== 'entry') return;
    let byParent = relatedOf.get(file);
    if (!byParent) relatedOf.set(file, (byParent = new Map()));
    const list = byParent.get(heading.parent);
    if (list) list.push([t, entryLabel(entry)]);
    else byParent.set(heading.parent, [[t, entryLabel(entry)]]);
  });
  const groups: string[] = [];
  const groupOf = new Map<DecisionFile, Map<number, number>>();
  const group = (file: DecisionFile, heading: DecisionHeading): number => {
    let byParent = groupOf.get(file);
    if (!byParent) groupOf.set(file, (byParent = new Map()));
    let g = byParent.get(heading.parent);
    if (g === undefined) {
      byParent.set(heading.parent, (g = groups.length));
      const related = relatedOf.get(file)?.get(heading.parent) ?? [];
      groups.push(`[${JSON.stringify(broaderLinks(project, file, heading))},[${related.map(([t, label]) => `[${t},${JSON.stringify(label)}]`).join(',')}]]`);
    }
    return g;
  };
  const keys = [...project.headingsByKey].filter(([, headings]) => headings.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = keys.map(([key, headings]) => {
    if (headings.length > 1) return `${key}\t0`;
    const heading = headings[0]!;
    const file = index.fileByPath.get(heading.path)!;
    const target = targetOf.get(heading);
    return `${key}\t[${JSON.stringify(heading.text)},${fileIds.get(file.path)},${heading.line},${heading.bodyStart},${heading.sectionEnd},${group(file, heading)}${target === undefined ? '' : `,${target}`}]`;
  });
  return [String(lines.length), String(groups.length), ...lines, ...groups, JSON.stringify(project.decisions.map((f) => f.path))].join('\n');
}
