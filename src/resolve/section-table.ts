/**
 * The section table: the resolver's `.Section` and `..file.md` queries, precomputed as
 * text at the head of the model cache (app/model-cache.ts), as the trigger table
 * (trigger-table.ts) is a trigger's.
 *
 *   2                                         number of key lines
 *   3                                         number of heading lines
 *   1                                         number of group lines
 *   .safety patterns<TAB>[0]                  one line per heading key (keys.ts, as
 *   examples<TAB>[1,2]                        project.headingsByKey holds them), sorted:
 *                                             the headings of the key, by number
 *   [".Safety Patterns",0,45,1811,2444,0,null,"/when .Safety Patterns"]
 *                                             one line per heading of level 2 and deeper,
 *                                             in the model's order (files, then lines):
 *                                             [heading, file, line, bodyStart, sectionEnd,
 *                                             group, target | null, choice?]
 *   [["/when ..cli.md"],[[3,"/when x"],…]]    one line per sibling group (one file, one
 *                                             parent): [Broader, Related as [target, line]]
 *   ["agents/decisions/cli.md",…]             the decision files (rows name them by place)
 *   {"vocab":[…],"words":[[…],…]}             last, the headings' words for the fuzzy engine
 *                                             (matcherData of section-pick.ts sectionMatchText)
 *
 * Every `.Section` and `..file.md` query is answered from these lines and the one decision
 * file printed (section-lines.ts): no snapshot is parsed, no model built, the model stage's
 * bundle not even loaded (bench/RESULTS.md, "The section table"). A key of one heading is
 * its section, of several the choices (each heading's choice, choice-lines.ts sectionChoice;
 * left off when only its place names it), in the tree or within one file (`..file.md#Heading`:
 * a file's headings are one run of rows), and a decision file of the name: all in the exact
 * stage's bundle (dist/when.cjs). A key no heading has, or a name no file has, is a typo:
 * the fuzzy stage (dist/when-fuzzy.cjs) runs the resolver's own matcher and decisions
 * (section-pick.ts) over the heading lines, in the model's order, from the words stored on the
 * last line (one file's headings and the file names are few: tokenised as resolve() does).
 * A `.Section` with a typo on the 378-entry topic tree: 1.62× → 1.37× `node -e 0` by wall,
 * 1.70× → 1.40× by CPU (bench/RESULTS.md, branch `sectypo`). The lines hold what resolve.ts
 * resolveSection/resolveFile, section.ts headingSection and choice-lines.ts sectionChoice work
 * out, from the same functions, so both paths give the same result (test/resolve/section-table.test.ts
 * compares them on every heading and file of the corpora, exact, mistyped, ambiguous and not
 * found, in process and through the staged CLI).
 *
 * A cold build caches the snapshot alone; the first call that restores it writes the table
 * at its head (app/model-cache.ts): on 1 MB of many headings the table costs ~1.1 s of CPU
 * (a row and the words of each of its 61,276 headings: ~0.5 s more than keys alone), which a
 * cold call, answered from the model it just built, would pay for nothing.
 *
 * Siblings share Broader (broaderLinks reads the ancestors only) and Related: one line
 * per group, as in the trigger table, so that N headings under one parent cost N rows, not
 * N² (1 MB of 166,665 `### a` is one key line of 166,665 numbers).
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { matcherData } from '../fuzzy/matcher.js';
import { entryLabel } from '../model/entry-line.js';
import type { Project } from '../model/project.js';
import { sectionQueryLine } from './choice-lines.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { broaderLinks } from './section.js';
import { sectionMatchText } from './section-pick.js';
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
  const group = (file: DecisionFile, heading: DecisionHeading, byParent: Map<number, number>): number => {
    let g = byParent.get(heading.parent);
    if (g === undefined) {
      byParent.set(heading.parent, (g = groups.length));
      const related = relatedOf.get(file)?.get(heading.parent) ?? [];
      groups.push(`[${JSON.stringify(broaderLinks(project, file, heading))},[${related.map(([t, label]) => `[${t},${JSON.stringify(label)}]`).join(',')}]]`);
    }
    return g;
  };
  // The headings as headingsByKey and the resolver's section matcher hold them: level 2 and deeper, in the model's order.
  const idOf = new Map<DecisionHeading, number>();
  const rows: string[] = [];
  const texts: string[] = [];
  for (const file of project.decisions) {
    const byParent = new Map<number, number>();
    for (const heading of file.headings) {
      if (heading.depth < 2) continue;
      idOf.set(heading, rows.length);
      const target = targetOf.get(heading);
      const choice = sectionQueryLine(project, file, heading);
      rows.push(
        `[${JSON.stringify(heading.text)},${fileIds.get(file.path)},${heading.line},${heading.bodyStart},${heading.sectionEnd},${group(file, heading, byParent)},${target ?? null}${choice === undefined ? '' : `,${JSON.stringify(choice)}`}]`,
      );
      texts.push(sectionMatchText(heading.text));
    }
  }
  const keys = [...project.headingsByKey].filter(([, headings]) => headings.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = keys.map(([key, headings]) => `${key}\t[${headings.map((h) => idOf.get(h)).join(',')}]`);
  const files = JSON.stringify(project.decisions.map((f) => f.path));
  return [String(lines.length), String(rows.length), String(groups.length), ...lines, ...rows, ...groups, files, JSON.stringify(matcherData(texts))].join('\n');
}
