/**
 * Builds the ranker's index (index-data.ts) from a Project: one document per index
 * entry, with the five fields the essay in rank.ts describes.
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryLabel } from '../model/entry-line.js';
import type { IndexEntry } from '../model/memory-index.js';
import type { Project } from '../model/project.js';
import { pairing } from '../model/pairing.js';
import { analyze } from './analyze.js';
import { FIELDS, type SuggestIndexData } from './index-data.js';
import { DEFAULT_SUGGEST_PARAMS, type SuggestParams } from './params.js';
import { treeStats } from './rank.js';

/** `params`: those whose tree statistics are stored in the index (rank.ts treeStats); others are computed when ranking. */
export function buildSuggestIndex(project: Project, params: SuggestParams = DEFAULT_SUGGEST_PARAMS): SuggestIndexData {
  const entries = project.index?.entries ?? [];
  const fileByPath = new Map(project.decisions.map((f) => [f.path, f]));
  const F = FIELDS.length;
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const df: number[] = [];
  const postings: number[][] = [];
  const lengths: number[] = [];
  entries.forEach((entry, id) => {
    // This entry's frequencies by term × field; entries come in order, so postings stay sorted by entry.
    const counts = new Map<number, number>();
    entryFields(project, fileByPath, entry).forEach((text, field) => {
      const analysed = analyze(text);
      lengths.push(analysed.length);
      for (const term of analysed) {
        let t = termIds.get(term);
        if (t === undefined) {
          termIds.set(term, (t = terms.length));
          terms.push(term);
          df.push(0);
          postings.push([]);
        }
        const key = t * F + field;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    });
    let last = -1;
    for (const key of [...counts.keys()].sort((a, b) => a - b)) {
      const t = Math.floor(key / F);
      if (t !== last) df[t]!++;
      last = t;
      postings[t]!.push(id, key % F, counts.get(key)!);
    }
  });
  const data: SuggestIndexData = { version: 1, labels: entries.map((entry) => entryLabel(entry)), terms, df, lengths, postings };
  return { ...data, stats: { params: JSON.stringify(params), ...treeStats(data, params) } };
}

/** The texts of the fields, in FIELDS order. */
function entryFields(project: Project, fileByPath: ReadonlyMap<string, DecisionFile>, entry: IndexEntry): string[] {
  const heading = pairing(project).headingOf.get(entry);
  const path = heading?.path ?? project.index?.sections[entry.section]?.path;
  const file = path === undefined ? undefined : fileByPath.get(path);
  const headings: string[] = [];
  let body = '';
  if (heading && file) {
    for (let p = heading.parent; p >= 0; p = file.headings[p]!.parent) headings.push(headingWords(file.headings[p]!));
    body = file.text.slice(heading.bodyStart, heading.directEnd);
  }
  const name = path === undefined ? '' : path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  return [entry.trigger, entry.extras.join(', '), headings.join('\n'), body, name];
}

/** A heading's words: a structural heading's leading dot is markup, not text. */
function headingWords(heading: DecisionHeading): string {
  return heading.structural ? heading.text.slice(1) : heading.text;
}
