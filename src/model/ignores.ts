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
 * Path globs: `*` any characters but `/`, `**` any (including `/`, so `**\/` also
 * matches no folder), `?` one character but `/`; everything else is literal. Heading
 * globs match a heading's text as written (without the `#` marks and closing `#`s,
 * case-sensitive; structural headings keep their leading `.`): `*` any characters,
 * `?` one. The first `#` separates the two parts.
 *
 * Why a matcher of its own: src/ has no other glob matcher, and picomatch/minimatch
 * (in node_modules only through eslint and jest) would be bundled into dist/ for
 * three metacharacters, bringing braces, extglobs and character classes the docs
 * would then have to describe and the config check to validate; heading globs are
 * not path globs at all (`*` crosses `/`). Each glob compiles to one anchored
 * RegExp, linear in the pattern.
 *
 * Ignored files are still read, so that references into them resolve (an index entry
 * whose heading is in an ignored section is not an orphan): only findings located in
 * ignored places are dropped, and no fix edits them. The engine applies this
 * (core/engine.ts); what is a valid pattern is checked with the config (config.ts).
 */
import type { DecisionFile } from './decision-file.js';
import type { MemoryIndex } from './memory-index.js';

export interface IgnorePattern {
  readonly path: RegExp;
  /** Absent: the whole file. */
  readonly heading?: RegExp;
}

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

export function ignoreProblem(pattern: string): IgnoreProblem | undefined {
  const hash = pattern.indexOf('#');
  const path = hash === -1 ? pattern : pattern.slice(0, hash);
  if (path.trim() === '') return 'emptyPath';
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return 'absolute';
  if (path.split(/[/\\]/).includes('..')) return 'parent';
  if (hash !== -1 && pattern.slice(hash + 1).trim() === '') return 'emptyHeading';
  return undefined;
}

/** A valid pattern (ignoreProblem said so) compiled. */
export function compileIgnore(pattern: string): IgnorePattern {
  const hash = pattern.indexOf('#');
  const path = (hash === -1 ? pattern : pattern.slice(0, hash)).trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  const heading = hash === -1 ? undefined : pattern.slice(hash + 1).trim();
  return { path: pathGlob(path), ...(heading !== undefined ? { heading: headingGlob(heading) } : {}) };
}

/** A path glob as an anchored RegExp. */
export function pathGlob(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`);
}

/** A heading glob as an anchored RegExp: `*` and `?` cross everything (titles hold `/`). */
export function headingGlob(glob: string): RegExp {
  return new RegExp(`^${[...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escapeRegExp(c))).join('')}$`);
}

function escapeRegExp(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** A pattern covers a path when it matches the path or one of its folders. */
function coversPath(pattern: IgnorePattern, path: string): boolean {
  if (pattern.path.test(path)) return true;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    if (pattern.path.test(path.slice(0, slash))) return true;
  }
  return false;
}

/**
 * The ignored places of a project: whole files, and the sections a heading pattern
 * names (a decision file's heading through the end of its section, sub-headings
 * included; an index `## ` section through the next one). Linear in files × patterns
 * plus headings × heading patterns.
 */
export function ignoredRanges(project: IgnorableTree, patterns: readonly string[]): IgnoredRanges {
  const ranges = new Map<string, 'file' | (readonly [number, number])[]>();
  if (patterns.length === 0) return ranges;
  const compiled = patterns.map(compileIgnore);
  const decisions = new Map(project.decisions.map((d) => [d.path, d]));
  const sectionsOf = (path: string): readonly { readonly text: string; readonly range: readonly [number, number] }[] => {
    if (project.index && path === project.index.path) return project.index.sections.map((s) => ({ text: s.title, range: [s.start, s.end] as const }));
    const file = decisions.get(path);
    return file ? file.headings.map((h) => ({ text: h.text, range: [h.start, h.sectionEnd] as const })) : [];
  };
  for (const path of project.files.keys()) {
    const matching = compiled.filter((p) => coversPath(p, path));
    if (matching.length === 0) continue;
    if (matching.some((p) => !p.heading)) {
      ranges.set(path, 'file');
      continue;
    }
    const taken = sectionsOf(path)
      .filter((s) => matching.some((p) => p.heading!.test(s.text)))
      .map((s) => s.range);
    if (taken.length > 0) ranges.set(path, taken);
  }
  return ranges;
}
