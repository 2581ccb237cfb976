/**
 * Which index entry names which decision heading: the one pairing, computed once
 * per Project (memoised) and shared by the rules, the resolver's targets,
 * compress-key and the migration (propose and verify).
 *
 * Pairing is exact on keys (keys.ts): an entry names every semantic heading whose
 * key equals its own. The Python validator's fuzzy header check hid real orphans,
 * so fuzzy matching is only used for suggestions. When a key names headings in
 * several files, the entry belongs to the one in its index section's file (else the
 * first, in path and line order): that is the heading `memdex when` prints.
 */
import type { DecisionHeading } from './decision-file.js';
import type { IndexEntry } from './memory-index.js';
import { foldKey } from './keys.js';
import type { Project } from './project.js';

export interface Pairing {
  /** Semantic headings each entry's key names (usually one; more when the heading text is duplicated). */
  readonly headingsOf: ReadonlyMap<IndexEntry, readonly DecisionHeading[]>;
  /** Entries naming each semantic heading. */
  readonly entriesOf: ReadonlyMap<DecisionHeading, readonly IndexEntry[]>;
  /** Structural heading an entry names once its leading dot is ignored (`/when x` ↔ `## .When X`). */
  readonly structuralOf: ReadonlyMap<IndexEntry, DecisionHeading>;
  /** The heading an entry resolves to: the one in its section's file, else the first it names. */
  readonly headingOf: ReadonlyMap<IndexEntry, DecisionHeading>;
}

const cache = new WeakMap<Project, Pairing>();

export function pairing(project: Project): Pairing {
  const cached = cache.get(project);
  if (cached) return cached;
  const headingsOf = new Map<IndexEntry, DecisionHeading[]>();
  const entriesOf = new Map<DecisionHeading, IndexEntry[]>();
  const structuralOf = new Map<IndexEntry, DecisionHeading>();
  const headingOf = new Map<IndexEntry, DecisionHeading>();
  const structuralByKey = new Map<string, DecisionHeading>();
  for (const file of project.decisions) {
    for (const heading of file.headings) {
      if (heading.structural && heading.depth >= 2 && !structuralByKey.has(heading.key.slice(1))) {
        structuralByKey.set(heading.key.slice(1), heading);
      }
    }
  }
  const index = project.index;
  for (const entry of index?.entries ?? []) {
    const headings = (project.headingsByKey.get(entry.key) ?? []).filter((h) => h.semantic);
    headingsOf.set(entry, headings);
    for (const heading of headings) {
      const list = entriesOf.get(heading);
      if (list) list.push(entry);
      else entriesOf.set(heading, [entry]);
    }
    const sectionPath = index!.sections[entry.section]?.path;
    const resolved = headings.find((h) => h.path === sectionPath) ?? headings[0];
    if (resolved) headingOf.set(entry, resolved);
    if (headings.length === 0) {
      // `/when x` names `.When X`, and (as the Python tool read it) `/when test organization` names `.Test Organization`.
      const structural = structuralByKey.get(entry.key) ?? structuralByKey.get(foldKey(entry.trigger));
      if (structural) structuralOf.set(entry, structural);
    }
  }
  const result = { headingsOf, entriesOf, structuralOf, headingOf };
  cache.set(project, result);
  return result;
}

/** The one heading an entry names, when that is unambiguous (what a fix may move an entry for). */
export function targetOf(project: Project, entry: IndexEntry): DecisionHeading | undefined {
  const headings = pairing(project).headingsOf.get(entry) ?? [];
  return headings.length === 1 ? headings[0] : undefined;
}
