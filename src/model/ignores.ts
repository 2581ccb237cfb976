/**
 * `ignores` in memdex.config.json: the places memdex reads but does not report on.
 *
 * A pattern is a root-relative path glob, optionally followed by `#` and a heading
 * glob naming sections:
 *
 *   agents/decisions/legacy-*.md            whole files
 *   agents/decisions/**                     everything under a folder (a folder's pattern covers its files)
 *   agents/decisions/testing.md#.Archive    one section of a decision file (the heading and everything under it)
 *   agents/memory-index.md#agents/decisions/old.md   one `## ` section of the memory index
 *
 *   !agents/decisions/legacy-keep.md        a `!` in front takes back what earlier patterns ignored
 *
 * Globs are picomatch's (model/glob.ts, run by a linear-time engine): `*` any
 * characters but `/`, `**` any (including `/`, so `**\/` also matches no folder), `?`
 * one character but `/`, braces `{a,b}` and `{1..3}`, classes `[abc]`, `[!x]`,
 * `[[:alpha:]]`; a backslash is a path separator, as on Windows, not an escape. Heading
 * globs match a heading's text as written (without the `#` marks and closing `#`s,
 * case-sensitive; structural headings keep their leading `.`): there `*` and `?` cross
 * `/`. The first `#` separates the two parts.
 *
 * The globs compile only when a config has `ignores` (the async project builders in
 * src/node/ load model/glob.ts and hand its compilers in): a tree without them never
 * loads the matcher. A pattern that names nothing is reported by `check` as a warning.
 *
 * Ignored files are still read, so that references into them resolve (an index entry
 * whose heading is in an ignored section is not an orphan): only findings located in
 * ignored places are dropped, and no fix edits them. The engine applies this
 * (core/engine.ts); what is a valid pattern is checked with the config (config.ts).
 */
import { normalizeRelative } from './relative-path.js';
import type { DecisionFile } from './decision-file.js';
import type { GlobMatcher } from './glob.js';
import type { MemoryIndex } from './memory-index.js';

/** What ignoring looks at of a project (model/project.ts Project): its files, index sections and headings. */
export interface IgnorableTree {
  readonly files: ReadonlyMap<string, string>;
  readonly index?: Pick<MemoryIndex, 'path' | 'sections'> | undefined;
  readonly decisions: readonly Pick<DecisionFile, 'path' | 'headings'>[];
}

/** Offsets [start, end) of a file memdex must not report on; 'file' for all of it. */
export type IgnoredRanges = ReadonlyMap<string, 'file' | readonly (readonly [number, number])[]>;

/** Why a pattern is not one, as a problem key for the config messages; undefined when it is valid. */
export type IgnoreProblem = 'absolute' | 'parent' | 'emptyPath' | 'emptyHeading';

export function ignoreProblem(written: string): IgnoreProblem | undefined {
  const pattern = written.trimStart().startsWith('!') ? written.trimStart().slice(1) : written;
  const hash = pattern.indexOf('#');
  const path = hash === -1 ? pattern : pattern.slice(0, hash);
  if (path.trim() === '') return 'emptyPath';
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return 'absolute';
  if (path.split(/[/\\]/).includes('..')) return 'parent';
  if (hash !== -1 && pattern.slice(hash + 1).trim() === '') return 'emptyHeading';
  return undefined;
}

/** One `ignores` pattern, compiled (model/glob.ts); `!` in front un-ignores what earlier patterns ignored. */
export interface IgnorePattern {
  /** As written in the config. */
  readonly source: string;
  readonly negated: boolean;
  readonly path: GlobMatcher;
  /** Absent: the whole file. */
  readonly heading?: GlobMatcher;
}

/** The config's patterns compiled, and those that could not be (reported by `check`, never run). */
export interface CompiledIgnores {
  readonly patterns: readonly IgnorePattern[];
  readonly problems: readonly { readonly index: number; readonly pattern: string; readonly reason: string }[];
}

/** The glob compilers (model/glob.ts), handed in: they load only when a config has `ignores`. */
export interface GlobCompilers {
  compilePathGlob(glob: string): GlobMatcher;
  compileHeadingGlob(glob: string): GlobMatcher;
}

/** Valid patterns (ignoreProblem said so) compiled; one that the safe matcher refuses is a problem, not a pattern. */
export function compileIgnores(patterns: readonly string[], globs: GlobCompilers): CompiledIgnores {
  const compiled: IgnorePattern[] = [];
  const problems: { index: number; pattern: string; reason: string }[] = [];
  patterns.forEach((pattern, index) => {
    const negated = pattern.trimStart().startsWith('!');
    const body = negated ? pattern.trimStart().slice(1) : pattern;
    const hash = body.indexOf('#');
    const path = normalizeRelative((hash === -1 ? body : body.slice(0, hash)).trim());
    const heading = hash === -1 ? undefined : body.slice(hash + 1).trim();
    try {
      compiled.push({ source: pattern, negated, path: globs.compilePathGlob(path), ...(heading !== undefined ? { heading: globs.compileHeadingGlob(heading) } : {}) });
    } catch (error) {
      problems.push({ index, pattern, reason: error instanceof Error ? error.message : String(error) });
    }
  });
  return { patterns: compiled, problems };
}

/** A pattern covers a path when it matches the path or one of its folders. */
function coversPath(pattern: IgnorePattern, path: string): boolean {
  if (pattern.path.test(path)) return true;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    if (pattern.path.test(path.slice(0, slash))) return true;
  }
  return false;
}

export interface IgnoredPlaces {
  readonly ranges: IgnoredRanges;
  /** Patterns (as written) that name no file, or no section of the files they name: a typo, or a place gone. */
  readonly unmatched: readonly string[];
}

/**
 * The ignored places of a project: whole files, and the sections a heading pattern
 * names (a decision file's heading through the end of its section, sub-headings
 * included; an index `## ` section through the next one). Patterns apply in order, as
 * in ESLint: a `!pattern` takes back what earlier ones ignored, so the last pattern
 * that names a place decides. Linear in files × patterns plus headings × heading
 * patterns, each test linear in the glob and the text (model/glob.ts).
 */
export function ignoredRanges(project: IgnorableTree, ignores: CompiledIgnores | undefined): IgnoredPlaces {
  const ranges = new Map<string, 'file' | readonly (readonly [number, number])[]>();
  if (!ignores || ignores.patterns.length === 0) return { ranges, unmatched: [] };
  const decisions = new Map(project.decisions.map((d) => [d.path, d]));
  const sectionsOf = (path: string): readonly { readonly text: string; readonly range: readonly [number, number] }[] => {
    if (project.index && path === project.index.path) return project.index.sections.map((s) => ({ text: s.title, range: [s.start, s.end] as const }));
    const file = decisions.get(path);
    return file ? file.headings.map((h) => ({ text: h.text, range: [h.start, h.sectionEnd] as const })) : [];
  };
  const used = new Set<IgnorePattern>();
  for (const [path, text] of project.files) {
    const matching = ignores.patterns.filter((p) => coversPath(p, path));
    if (matching.length === 0) continue;
    let places: [number, number][] = [];
    for (const pattern of matching) {
      const taken = pattern.heading ? sectionsOf(path).filter((s) => pattern.heading!.test(s.text)).map((s) => s.range) : [[0, text.length] as const];
      if (taken.length > 0) used.add(pattern);
      for (const range of taken) places = pattern.negated ? without(places, range) : withRange(places, range);
    }
    if (places.length === 0) continue;
    ranges.set(path, places.length === 1 && places[0]![0] === 0 && places[0]![1] >= text.length ? 'file' : places);
  }
  return { ranges, unmatched: ignores.patterns.filter((p) => !used.has(p)).map((p) => p.source) };
}

/** Sorted disjoint ranges with [start, end) added. */
function withRange(places: readonly [number, number][], [start, end]: readonly [number, number]): [number, number][] {
  const out: [number, number][] = [];
  let s = start;
  let e = end;
  for (const [a, b] of places) {
    if (b < s || a > e) out.push([a, b]);
    else {
      s = Math.min(s, a);
      e = Math.max(e, b);
    }
  }
  out.push([s, e]);
  return out.sort((x, y) => x[0] - y[0]);
}

/** Sorted disjoint ranges with [start, end) taken out. */
function without(places: readonly [number, number][], [start, end]: readonly [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of places) {
    if (b <= start || a >= end) out.push([a, b]);
    else {
      if (a < start) out.push([a, start]);
      if (b > end) out.push([end, b]);
    }
  }
  return out;
}
