/**
 * A serialisable snapshot of the project model without the file texts, so a
 * per-call command (the resolver, hooks) can skip reading and parsing the whole
 * tree when nothing changed. Pure: the cache file, its validation and its one
 * format version (CACHE_FORMAT: bump it when these rows change) live in
 * src/node/cache-files.ts; texts come back lazily through `readText`, so only the
 * files a query actually prints are read.
 */
import { headingsByKeyOf } from './build-project.js';
import type { Config } from './config.js';
import type { DecisionFile, DecisionHeading } from './decision-file.js';
import { lineTable, type LineTable } from './lines.js';
import { headingKey } from './keys.js';
import { indexEntry, sectionPath, type EntryProblemCode, type IndexEntry, type IndexLines, type IndexSection, type MemoryIndex } from './memory-index.js';
import type { Project } from './project.js';

/**
 * Compact rows rather than objects: a 10,000-entry tree parses in a fraction of the
 * time and garbage. Derivable fields (flags, paths) are recomputed on load; the folded
 * keys are stored: folding every heading and entry again (keys.ts, in code V8 has not
 * compiled yet) was most of a `.Section` call's work above reading the cache
 * (~12 of ~16 ms CPU on the 378-entry tree, bench/RESULTS.md, issue 26 item 12).
 */
type HeadingRow = [depth: number, text: string, line: number, column: number, start: number, textStart: number, textEnd: number, bodyStart: number, directEnd: number, sectionEnd: number, parent: number, directContentLines: number, key: string];
type EntryRow = [legacy: 0 | 1, operator: -1 | 0 | 1, trigger: string, extras: string[], section: number, line: number, column: number, start: number, end: number, next: number, text: string, problems: [string, number][], key: string];
type SectionRow = [title: string, line: number, start: number, bodyStart: number, end: number, entries: number[]];

export interface Snapshot {
  readonly index?: IndexLines<EntryRow> & { readonly path: string; readonly preambleEnd: number; readonly sections: readonly SectionRow[] };
  readonly decisions: readonly { readonly path: string; readonly lineCount: number; readonly headings: readonly HeadingRow[] }[];
}

const OPS = ['when', 'how'] as const;

export function snapshotProject(project: Project): Snapshot {
  const index = project.index;
  const entryIds = new Map(index?.entries.map((e, i) => [e, i]));
  return {
    ...(index
      ? {
          index: {
            path: index.path,
            preambleEnd: index.preambleEnd,
            sections: index.sections.map((s): SectionRow => [s.title, s.line, s.start, s.bodyStart, s.end, s.entries.map((e) => entryIds.get(e)!)]),
            entries: index.entries.map((e): EntryRow => [
              e.kind === 'legacy' ? 1 : 0,
              e.operator ? (OPS.indexOf(e.operator) as 0 | 1) : -1,
              e.trigger,
              [...e.extras],
              e.section,
              e.line,
              e.column,
              e.start,
              e.end,
              e.lineRange[1],
              e.text,
              e.problems.map((p) => [p.code, p.column]),
              e.key,
            ]),
            malformed: index.malformed,
            textLines: index.textLines,
          },
        }
      : {}),
    decisions: project.decisions.map((d) => ({
      path: d.path,
      lineCount: d.lineCount,
      headings: d.headings.map((h): HeadingRow => [h.depth, h.text, h.line, h.column, h.start, h.textRange[0], h.textRange[1], h.bodyStart, h.directEnd, h.sectionEnd, h.parent, h.directContentLines, h.key]),
    })),
  };
}

/** Rebuilds a Project whose texts (and line tables) are read only when first used. */
export function projectFromSnapshot(snapshot: Snapshot, config: Config, readText: (path: string) => string): Project {
  const texts = new Map<string, string>();
  const text = (path: string) => {
    let value = texts.get(path);
    if (value === undefined) texts.set(path, (value = readText(path)));
    return value;
  };
  const lazyText = <T extends object>(target: T, path: string): T => {
    let table: LineTable | undefined;
    Object.defineProperty(target, 'text', { get: () => text(path), enumerable: true });
    Object.defineProperty(target, 'lines', { get: () => (table ??= lineTable(text(path))), enumerable: true });
    return target;
  };
  const decisions: DecisionFile[] = snapshot.decisions.map((d) => {
    const headings = d.headings.map(
      ([depth, text, line, column, start, textStart, textEnd, bodyStart, directEnd, sectionEnd, parent, directContentLines, key], index): DecisionHeading => {
        const structural = text.startsWith('.');
        return {
          path: d.path,
          index,
          depth,
          text,
          key: typeof key === 'string' ? key : headingKey(text),
          structural,
          semantic: depth >= 2 && !structural,
          line,
          column,
          start,
          textRange: [textStart, textEnd],
          bodyStart,
          directEnd,
          sectionEnd,
          parent,
          directContentLines,
        };
      },
    );
    // Code lines are not kept: a snapshot project serves the resolver, not the rules.
    return lazyText({ path: d.path, headings, lineCount: d.lineCount, htmlStarts: new Set<number>() } as unknown as DecisionFile, d.path);
  });
  let index: MemoryIndex | undefined;
  const s = snapshot.index;
  if (s) {
    const entries = s.entries.map(
      ([legacy, op, trigger, extras, section, line, column, start, end, next, text, problems, key]): IndexEntry => {
        const operator = op === -1 ? undefined : OPS[op];
        const entryProblems = problems.map(([code, col]) => ({ code: code as EntryProblemCode, column: col }));
        return indexEntry(legacy ? 'legacy' : 'entry', operator, trigger, extras, entryProblems, { section, line, column, start, end, next, text }, typeof key === 'string' ? key : undefined);
      },
    );
    const sections: IndexSection[] = s.sections.map(([title, line, start, bodyStart, end, ids], i) => ({
      index: i,
      title,
      path: sectionPath(title),
      line,
      start,
      bodyStart,
      end,
      entries: ids.map((id) => entries[id]!),
      malformed: s.malformed.filter((m) => m.section === i),
      textLines: s.textLines.filter((t) => t.section === i),
    }));
    index = lazyText({ path: s.path, preambleEnd: s.preambleEnd, sections, entries, malformed: s.malformed, textLines: s.textLines } as unknown as MemoryIndex, s.path);
  }
  const headingsByKey = headingsByKeyOf(decisions);
  const paths = [...(s ? [s.path] : []), ...decisions.map((d) => d.path)];
  const files: ReadonlyMap<string, string> = {
    get size() {
      return paths.length;
    },
    get: (path: string) => (paths.includes(path) ? text(path) : undefined),
    has: (path: string) => paths.includes(path),
    keys: () => paths[Symbol.iterator](),
    values: () => paths.map(text)[Symbol.iterator](),
    entries: () => paths.map((p) => [p, text(p)] as [string, string])[Symbol.iterator](),
    forEach: (fn: (value: string, key: string, map: ReadonlyMap<string, string>) => void) => paths.forEach((p) => fn(text(p), p, files)),
    [Symbol.iterator]: () => paths.map((p) => [p, text(p)] as [string, string])[Symbol.iterator](),
  };
  return { config, files, index, decisions, headingsByKey, playbook: undefined };
}
