/**
 * Which entry names which heading, computed once per project and shared by the
 * rules that need it. Pairing is exact (keys.ts): the Python validator's fuzzy
 * header check hid real orphans, so fuzzy matching is only used for suggestions.
 */
import type { DecisionHeading } from '../model/decision-file.js';
import type { IndexEntry } from '../model/memory-index.js';
import { foldKey } from '../model/keys.js';
import type { Project } from '../model/project.js';

export interface Pairing {
  /** Semantic headings each entry's key names (usually one; more when the heading text is duplicated). */
  readonly headingsOf: ReadonlyMap<IndexEntry, readonly DecisionHeading[]>;
  /** Entries naming each semantic heading. */
  readonly entriesOf: ReadonlyMap<DecisionHeading, readonly IndexEntry[]>;
  /** Structural heading an entry names once its leading dot is ignored (`/when x` ↔ `## .When X`). */
  readonly structuralOf: ReadonlyMap<IndexEntry, DecisionHeading>;
}

const cache = new WeakMap<Project, Pairing>();

export function pairing(project: Project): Pairing {
  const cached = cache.get(project);
  if (cached) return cached;
  const headingsOf = new Map<IndexEntry, DecisionHeading[]>();
  const entriesOf = new Map<DecisionHeading, IndexEntry[]>();
  const structuralOf = new Map<IndexEntry, DecisionHeading>();
  const structuralByKey = new Map<string, DecisionHeading>();
  for (const file of project.decisions) {
    for (const heading of file.headings) {
      if (heading.structural && heading.depth >= 2 && !structuralByKey.has(heading.key.slice(1).trim())) {
        structuralByKey.set(heading.key.slice(1).trim(), heading);
      }
    }
  }
  for (const entry of project.index?.entries ?? []) {
    const headings = (project.headingsByKey.get(entry.key) ?? []).filter((h) => h.semantic);
    headingsOf.set(entry, headings);
    for (const heading of headings) {
      const list = entriesOf.get(heading);
      if (list) list.push(entry);
      else entriesOf.set(heading, [entry]);
    }
    if (headings.length === 0) {
      // `/when x` names `.When X`, and (as the Python tool read it) `/when test organization` names `.Test Organization`.
      const structural = structuralByKey.get(entry.key) ?? structuralByKey.get(foldKey(entry.trigger));
      if (structural) structuralOf.set(entry, structural);
    }
  }
  const result = { headingsOf, entriesOf, structuralOf };
  cache.set(project, result);
  return result;
}

/** The one heading an entry belongs to, when that is unambiguous. */
export function targetOf(project: Project, entry: IndexEntry): DecisionHeading | undefined {
  const headings = pairing(project).headingsOf.get(entry) ?? [];
  return headings.length === 1 ? headings[0] : undefined;
}
