/**
 * The migration, planned purely: rows in, every new file text out (or the reasons
 * it cannot be done). Nothing here touches disk; src/cli/commands/migrate.ts
 * verifies the result with the validator and hands it to the journal.
 *
 * For each row: the heading at decision_file:line must still read old_heading, and
 * the index must still hold old_index_entry (at old_index_line, or anywhere once);
 * then the heading text is replaced (its level and closing `#`s kept) and the
 * entry line rewritten in place. A row whose old texts are gone but whose new
 * texts are present is already applied (a second run is a no-op). Links to the
 * renamed headings' anchors, anywhere in the given markdown, are rewritten.
 */
import type { Edit } from '../core/diagnostic.js';
import type { DecisionHeading } from '../model/decision-file.js';
import { bomLength } from '../model/bom.js';
import { entryLabel, formatEntry, parseEntryLine } from '../model/entry-line.js';
import { entryKey, headingForEntry, headingKey, type Operator } from '../model/keys.js';
import type { IndexEntry } from '../model/memory-index.js';
import type { Project } from '../model/project.js';
import { migrateMessages as msg } from '../messages/migrate.js';
import { applyEdits, editsByPath, OverlappingEdits } from '../core/edits.js';
import { linkEdits, type AnchorRenames, type LinkSites } from './links.js';
import type { MappingRow } from './mapping.js';
import { documentSlugs } from './slug.js';

export interface PlanOptions {
  /** Replaces the index text before its first section. */
  readonly preamble?: string;
  /** Every markdown file of the repository (root-relative path → text) whose links may need rewriting. */
  readonly markdown?: ReadonlyMap<string, string>;
  /** The markdown parser's link finder (link-sites.ts), injected so the planner loads no parser itself. */
  readonly linkSites: LinkSites;
}

export interface FileChange {
  readonly before: string;
  readonly after: string;
}

/** An entry the migration writes, and the decision file its heading must be in. */
export interface MigratedEntry {
  readonly row: number;
  readonly entry: string;
  readonly key: string;
  readonly file: string;
}

export interface MigrationPlan {
  /** Only files whose text changes, sorted by path. */
  readonly changes: ReadonlyMap<string, FileChange>;
  /** Non-empty: the plan must not be applied. */
  readonly refusals: readonly string[];
  readonly entries: readonly MigratedEntry[];
  readonly summary: {
    readonly entries: number;
    readonly headings: ReadonlyMap<string, number>;
    readonly links: number;
    readonly preamble: boolean;
    readonly already: number;
  };
}

export function planMigration(project: Project, rows: readonly MappingRow[], options: PlanOptions): MigrationPlan {
  const index = project.index;
  const refusals: string[] = [];
  const edits: Edit[] = [];
  const entries: MigratedEntry[] = [];
  const headingCounts = new Map<string, number>();
  const renamedHeadings = new Map<DecisionHeading, string>();
  const claimedHeadings = new Map<DecisionHeading, string>();
  const claimedEntries = new Map<IndexEntry, string>();
  const newKeys = new Map<string, string>();
  let entryCount = 0;
  let already = 0;
  if (!index) return emptyPlan([msg.noIndex(project.config.index)]);

  for (const row of rows) {
    const at = row.at;
    const target = targetOf(row, at);
    if (typeof target === 'string') {
      refusals.push(target);
      continue;
    }
    const file = project.decisions.find((d) => d.path === row.file);
    if (!file) {
      refusals.push(msg.missingFile(at, row.file));
      continue;
    }
    const atLine = file.headings.find((h) => h.line === row.headingLine);
    const heading = atLine?.text === row.oldHeading ? atLine : uniqueOf(file.headings.filter((h) => h.text === row.oldHeading));
    const found = findEntry(index.entries, row.oldIndexEntry, row.oldIndexLine);
    if (found === 'ambiguous') {
      refusals.push(msg.ambiguousEntry(at, row.oldIndexEntry));
      continue;
    }
    const newHeading = row.newHeading ?? headingForEntry(target.operator, target.trigger);
    if (!heading || !found) {
      const key = entryKey(target.operator, target.trigger);
      const applied =
        file.headings.some((h) => h.text === newHeading) &&
        index.entries.some((e) => e.kind === 'entry' && e.key === key && index.sections[e.section]!.path === row.file);
      if (applied) {
        already++;
        continue;
      }
      if (!heading) refusals.push(msg.staleHeading(at, row.file, row.headingLine, row.oldHeading, atLine?.text));
      else refusals.push(msg.staleEntry(at, index.path, row.oldIndexLine, row.oldIndexEntry));
      continue;
    }
    const section = index.sections[found.section]!;
    if (section.path !== row.file) {
      refusals.push(msg.wrongSection(at, `${index.path}:${found.line}`, section.title, row.file));
      continue;
    }
    if (row.newHeading !== undefined && row.operator !== undefined && row.trigger !== undefined) {
      const derived = entryKey(row.operator, row.trigger);
      if (headingKey(row.newHeading) !== derived) refusals.push(msg.inconsistent(at, 'new_heading', row.newHeading, derived));
    }
    const claimH = claimedHeadings.get(heading);
    const claimE = claimedEntries.get(found);
    if (claimH !== undefined) refusals.push(msg.duplicateSource(at, `the heading ${row.file}:${heading.line}`, claimH));
    if (claimE !== undefined) refusals.push(msg.duplicateSource(at, `the entry ${index.path}:${found.line}`, claimE));
    claimedHeadings.set(heading, at);
    claimedEntries.set(found, at);
    const key = headingKey(newHeading);
    const twin = newKeys.get(key);
    if (twin !== undefined) refusals.push(msg.duplicateTarget(at, newHeading, twin));
    newKeys.set(key, at);
    renamedHeadings.set(heading, newHeading);

    const newEntry = target.entry(found);
    const entryStart = found.start + found.column - 1;
    if (index.text.slice(entryStart, found.end) !== newEntry) {
      edits.push({ path: index.path, range: [entryStart, found.end], text: newEntry });
      entryCount++;
    }
    if (heading.text !== newHeading) {
      edits.push({ path: file.path, range: heading.textRange, text: newHeading });
      headingCounts.set(file.path, (headingCounts.get(file.path) ?? 0) + 1);
    }
    entries.push({ row: row.row, entry: newEntry, key: entryKey(target.operator, target.trigger), file: file.path });
  }

  // A new heading may not take the key of a heading that keeps its text.
  for (const [key, at] of newKeys) {
    for (const other of project.headingsByKey.get(key) ?? []) {
      if (!renamedHeadings.has(other)) refusals.push(msg.duplicateExisting(at, other.text, `${other.path}:${other.line}`));
    }
  }

  const preamble = options.preamble !== undefined && index.text.slice(bomLength(index.text), index.preambleEnd) !== options.preamble;
  if (preamble) edits.push({ path: index.path, range: [bomLength(index.text), index.preambleEnd], text: options.preamble! });

  // Anchors: compare each renamed file's slugs before and after (suffixes of repeated titles shift too).
  const anchors = new Map<string, Map<string, string>>();
  for (const file of project.decisions) {
    if (!file.headings.some((h) => renamedHeadings.has(h))) continue;
    const before = documentSlugs(file.headings.map((h) => h.text));
    const after = documentSlugs(file.headings.map((h) => renamedHeadings.get(h) ?? h.text));
    const map = new Map<string, string>();
    before.forEach((slug, i) => {
      if (slug !== after[i]) map.set(slug, after[i]!);
    });
    if (map.size > 0) anchors.set(file.path, map);
  }
  const markdown = new Map(options.markdown ?? []);
  for (const [path, text] of project.files) if (path.endsWith('.md')) markdown.set(path, text);
  let links = 0;
  for (const [path, text] of markdown) {
    const found = linkEdits(path, text, anchors as AnchorRenames, options.linkSites);
    links += found.length;
    for (const edit of found) edits.push(edit); // not push(...): 200,000 links overflow the stack
  }

  const changes = new Map<string, FileChange>();
  for (const [path, fileEdits] of [...editsByPath(edits)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = project.files.get(path) ?? markdown.get(path)!;
    try {
      const after = applyEdits(before, fileEdits);
      if (after !== before) changes.set(path, { before, after });
    } catch (error) {
      if (!(error instanceof OverlappingEdits)) throw error;
      refusals.push(msg.overlapping(path));
    }
  }
  return { changes, refusals, entries, summary: { entries: entryCount, headings: headingCounts, links, preamble, already } };
}

interface Target {
  readonly operator: Operator;
  readonly trigger: string;
  /** The new entry line for the entry it replaces (extras come from it). */
  entry(old: IndexEntry | undefined): string;
}

/** Operator, trigger and new entry line of a row, or why the row is inconsistent. */
function targetOf(row: MappingRow, at: string): Target | string {
  if (row.newIndexEntry !== undefined) {
    const parsed = parseEntryLine(row.newIndexEntry.trim());
    if (!parsed || parsed.problems.length > 0) return msg.badNewEntry(at, row.newIndexEntry);
    const { operator, trigger } = parsed;
    if (row.operator !== undefined && row.trigger !== undefined && entryKey(row.operator, row.trigger) !== entryKey(operator, trigger)) {
      return msg.inconsistent(at, 'new_index_entry', row.newIndexEntry, entryLabel({ operator: row.operator, trigger: row.trigger }));
    }
    const written = row.newIndexEntry.trim();
    return { operator, trigger, entry: () => written };
  }
  const operator = row.operator!;
  const trigger = row.trigger!.trim().replace(/\s+/g, ' ');
  return {
    operator,
    trigger,
    entry(old) {
      const extras: string[] = [];
      if (old?.kind === 'entry') {
        if (row.keepOldTrigger) extras.push(old.trigger);
        extras.push(...old.extras);
      }
      return formatEntry({ operator, trigger, extras });
    },
  };
}

/** The entry with this exact (trimmed) text: at `line` if it is there, else the only one anywhere. */
function findEntry(entries: readonly IndexEntry[], text: string, line: number | undefined): IndexEntry | 'ambiguous' | undefined {
  const wanted = text.trim();
  const atLine = line === undefined ? undefined : entries.find((e) => e.line === line && e.text.trim() === wanted);
  if (atLine) return atLine;
  const all = entries.filter((e) => e.text.trim() === wanted);
  return all.length > 1 ? 'ambiguous' : all[0];
}

function uniqueOf<T>(items: readonly T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

function emptyPlan(refusals: string[]): MigrationPlan {
  return { changes: new Map(), refusals, entries: [], summary: { entries: 0, headings: new Map(), links: 0, preamble: false, already: 0 } };
}
