/**
 * The trigger table: the exact-phrase half of the resolver, precomputed as text.
 *
 *   2                                        number of phrase lines
 *   3                                        number of target lines
 *   encode file paths<TAB>[[1,"how"]]        one line per normalised phrase (trigger,
 *   writing mock tests<TAB>[[0,"when"]]      extra or heading), sorted: [target, operator]
 *   ["When Writing Mock Tests",12,40,610,0,"/when writing mock tests"]
 *   ["How to Encode File Paths",20,…,1]      then one line per target (semantic heading):
 *                                            [heading, line, bodyStart, sectionEnd, group, choice?]
 *   ["agents/decisions/x.md",[…],[[0,"/when writing mock tests"],…]]
 *                                            then one line per sibling group: [file, Broader, Related]
 *   [["writing mock tests",0,0],…]           then the fuzzy candidates: [text, target, operator]
 *   {"vocab":[…],"words":[[…],…]}            last, their words (matcherData: not re-tokenised per call)
 *
 * A per-call process answers an exact query by binary search over this one string
 * and reads only the decision file it prints: no model is built, no JSON but a
 * line or three is parsed. A trigger with no exact phrase runs the fuzzy engine over the
 * candidates line, in the resolver's order, and decides with the resolver's own
 * code (trigger-pick.ts). `.Section` and `..file.md` queries are not answered here
 * and go to resolve() on the full model. Both paths give the same result by
 * construction (tests compare them on every corpus entry and on perturbed queries).
 *
 * A target's row is an array, and what its siblings (one file, one parent) share — the
 * file, the Broader lines (broaderLinks reads the ancestors only) and the Related lines —
 * is written once, on their group's line, which the row names by number. A row of keyed
 * objects repeating the file path took ~190 bytes per target: 32 MB of table for a 1 MB
 * file of 166,665 `### a` headings, and 0.2–0.4 s of CPU of a cold `when` to build and write;
 * the array ~28 (bench/RESULTS.md, "Compact trigger-table rows"). A choice of null
 * (no line picks the target alone) is left off the end of its row.
 */
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import type { Project } from '../model/project.js';
import { broaderLinks } from './section.js';
import { resolverIndex } from './targets.js';
import { queryLines } from './choice-lines.js';
import type { Operator } from '../model/keys.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryLabel } from '../model/entry-line.js';

export function buildTriggerTable(project: Project, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): string {
  const index = resolverIndex(project, params);
  const phrases = new Chunks();
  for (const [phrase, ids] of [...index.exact].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (phrase === '') continue;
    phrases.push(`${phrase}\t${hitsText(ids.map((id) => index.candidates[id]!))}`);
  }
  const groups: { readonly file: string; readonly broader: string; readonly related: [number, string][] }[] = [];
  // Siblings (one file, one parent) share their group, file and Broader lines (broaderLinks
  // reads the ancestors only): each is worked out and serialised once per group.
  // Per file, per parent heading (no key string built per target).
  // (1 MB of many headings: 46,000 groups.)
  const groupOf = new Map<DecisionFile, { readonly path: string; readonly byParent: Map<number, number> }>();
  const targets = new Chunks();
  const queryOf = queryLines(project, index);
  index.targets.forEach((target, t) => {
    const { file, heading } = target;
    let ofFile = groupOf.get(file);
    if (ofFile === undefined) groupOf.set(file, (ofFile = { path: JSON.stringify(file.path), byParent: new Map() }));
    let group = ofFile.byParent.get(heading.parent);
    if (group === undefined) {
      group = groups.length;
      ofFile.byParent.set(heading.parent, group);
      groups.push({ file: ofFile.path, broader: stringsText(broaderLinks(project, file, heading)), related: [] });
    }
    const entry = target.entry;
    if (entry?.kind === 'entry') groups[group]!.related.push([t, entryLabel(entry)]);
    targets.push(row(heading, group, queryOf(t)));
  });
  const candidates = JSON.stringify(index.candidates.map((c) => [c.text, c.target, c.operator === undefined ? null : c.operator]));
  const words = JSON.stringify(index.matcherData);
  return [String(phrases.length), String(targets.length), ...phrases.joined(), ...targets.joined(), ...groups.map((g) => `[${g.file},${g.broader},[${g.related.map(([t, label]) => `[${t},${JSON.stringify(label)}]`).join(',')}]]`), candidates, words].join('\n');
}

/**
 * Lines joined a thousand at a time as they come: each line then dies young, and the
 * chunks (~100 kB) are few. Kept until the end, 166,665 rows of ~160 bytes each were
 * copied by every young-generation collection while the table was built (~0.4 s).
 */
class Chunks {
  private static readonly SIZE = 1024;
  private readonly chunks: string[] = [];
  private pending: string[] = [];
  length = 0;

  push(line: string): void {
    this.pending.push(line);
    this.length++;
    if (this.pending.length === Chunks.SIZE) {
      this.chunks.push(this.pending.join('\n'));
      this.pending = [];
    }
  }

  /** The lines, as fewer strings that join to the same text. */
  joined(): string[] {
    return this.pending.length > 0 ? [...this.chunks, this.pending.join('\n')] : this.chunks;
  }
}

/**
 * A phrase's Hits ([target, operator | null] per candidate) as JSON.stringify writes them, from a
 * template: JSON.stringify of a small array costs ~3 µs (see row), 0.2 s of a cold `when` over
 * 1 MB of many headings.
 */
function hitsText(candidates: readonly { readonly target: number; readonly operator?: Operator | undefined }[]): string {
  return `[${candidates.map((c) => `[${c.target},${c.operator === undefined ? 'null' : `"${c.operator}"`}]`).join(',')}]`;
}

/** A string array as JSON.stringify writes it, a string at a time (the array's own call is the slow one, see row). */
function stringsText(texts: readonly string[]): string {
  return `[${texts.map((text) => JSON.stringify(text)).join(',')}]`;
}

/**
 * One target's line, [heading, line, bodyStart, sectionEnd, group, choice] (trigger-lines.ts
 * TargetRow), written as a template: Node 20's JSON.stringify of a small array or object
 * costs ~3 µs, 0.5 s of a cold `when` over a 1 MB file of 166,665 headings.
 */
function row(heading: DecisionHeading, group: number, query: string | undefined): string {
  const choice = query === undefined ? '' : `,${JSON.stringify(query)}`;
  return `[${JSON.stringify(heading.text)},${heading.line},${heading.bodyStart},${heading.sectionEnd},${group}${choice}]`;
}
