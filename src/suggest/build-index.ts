/**
 * Builds the ranker's index (index-data.ts) from a Project: one document per index
 * entry, with the five fields the essay in rank.ts describes.
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import type { IndexEntry } from '../model/memory-index.js';
import type { Project } from '../model/project.js';
import { headingOfEntry } from '../resolve/targets.js';
import { analyze } from './analyze.js';
import { FIELDS, type SuggestIndexData } from './index-data.js';

export function buildSuggestIndex(project: Project): SuggestIndexData {
  const entries = project.index?.entries ?? [];
  const fileByPath = new Map(project.decisions.map((f) => [f.path, f]));
  const counts = new Map<string, Map<number, number[]>>();
  const lengths: number[] = [];
  entries.forEach((entry, id) => {
    const fields = entryFields(project, fileByPath, entry);
    fields.forEach((text, field) => {
      const terms = analyze(text);
      lengths.push(terms.length);
      for (const term of terms) {
        let byEntry = counts.get(term);
        if (!byEntry) counts.set(term, (byEntry = new Map()));
        let tf = byEntry.get(id);
        if (!tf) byEntry.set(id, (tf = new Array<number>(FIELDS.length).fill(0)));
        tf[field]!++;
      }
    });
  });
  const terms = [...counts.keys()].sort();
  const df: number[] = [];
  const postings: number[][] = [];
  for (const term of terms) {
    const byEntry = counts.get(term)!;
    df.push(byEntry.size);
    const list: number[] = [];
    for (const id of [...byEntry.keys()].sort((a, b) => a - b)) {
      byEntry.get(id)!.forEach((tf, field) => {
        if (tf > 0) list.push(id, field, tf);
      });
    }
    postings.push(list);
  }
  return { version: 1, labels: entries.map(entryLabel), terms, df, lengths, postings };
}

/** `/when <trigger>` or `/how <trigger>`; a legacy entry is shown by its key text. */
export function entryLabel(entry: IndexEntry): string {
  return entry.operator ? `/${entry.operator} ${entry.trigger}` : entry.trigger;
}

/** The texts of the fields, in FIELDS order. */
function entryFields(project: Project, fileByPath: ReadonlyMap<string, DecisionFile>, entry: IndexEntry): string[] {
  const heading = headingOfEntry(project, entry);
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
