/**
 * A resolved section with its navigation (FR-3 of the `/when` design): the text
 * from the heading to the next heading of the same or higher level (the model's
 * sectionEnd, fence-aware, so a `# comment` inside a code block never cuts it),
 * the ancestors to go broader, and the sibling entries under the same parent.
 *
 * Broader lists the ancestors nearest first (an H4's parent H3, then its
 * grandparent H2; the H1 is the file's title), then `..file.md`. Each is a link
 * that resolves to that very heading: `.Heading` when that names it alone in the
 * tree, else the file-qualified `..file.md#Heading` (a structural heading's text
 * shared by several files, `## .Examples`). An ancestor not even its file can name
 * alone (the same text twice in one file) has no link that resolves, and is left out.
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import type { Project } from '../model/project.js';
import type { ResolverIndex, Target } from './targets.js';
import { entryLabel } from '../model/entry-line.js';
import { foldKey } from '../model/keys.js';

export interface Section {
  /** Heading text as written; undefined for a whole file (`..name.md`). */
  readonly heading: string | undefined;
  /** Root-relative path of the decision file. */
  readonly file: string;
  readonly line: number;
  readonly content: string;
  /** Ready-to-run `/when .Heading` (or `/when ..file.md#Heading`) lines, nearest ancestor first, then `/when ..file.md`. */
  readonly broader: readonly string[];
  /** Ready-to-run `/when x` / `/how y` lines of the sibling entries. */
  readonly related: readonly string[];
}

/** `.Heading` link text; a structural heading already carries its dot. */
export function sectionLink(heading: DecisionHeading): string {
  return heading.structural ? heading.text : `.${heading.text}`;
}

export function fileLink(file: DecisionFile): string {
  return `..${baseName(file.path)}`;
}

/** `..file.md#Heading`: the file's name, then the heading within it. */
export const QUALIFIED_FILE = /^(.+?\.md)#(.*)$/is;

/** A name file mode may look up: a plain `<name>.md`, nothing that could leave the decisions folder. */
export function isSafeFileName(name: string): boolean {
  return /^[^/\\\0]+\.md$/i.test(name) && !name.startsWith('.') && !name.includes('..');
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `..file.md#Heading`: a heading named within its file (the heading as written after the `#`). */
export function qualifiedLink(file: DecisionFile, heading: DecisionHeading): string {
  return `${fileLink(file)}#${heading.text}`;
}

/**
 * The headings a section query names exactly (its folded key; a structural heading
 * also without its dot), in the whole tree or within one file.
 */
export function headingsNamed(project: Project, text: string, within?: DecisionFile): readonly DecisionHeading[] {
  return headingsKeyed(project, foldKey(text), within);
}

/** headingsNamed on a text already folded. */
function headingsKeyed(project: Project, key: string, within?: DecisionFile): readonly DecisionHeading[] {
  const of = (k: string) => (within ? byFile(project, k).get(within.path) : project.headingsByKey.get(k)) ?? [];
  const named = of(key);
  return named.length > 0 ? named : of(`.${key}`);
}

/** The headings of one key grouped by file, once per key: a key shared by every file (`.Examples`) costs one pass, not one per ancestor. */
const byFileCache = new WeakMap<Project, Map<string, Map<string, DecisionHeading[]>>>();

function byFile(project: Project, key: string): Map<string, DecisionHeading[]> {
  let keys = byFileCache.get(project);
  if (!keys) byFileCache.set(project, (keys = new Map()));
  let files = keys.get(key);
  if (!files) {
    keys.set(key, (files = new Map()));
    for (const h of project.headingsByKey.get(key) ?? []) {
      const list = files.get(h.path);
      if (list) list.push(h);
      else files.set(h.path, [h]);
    }
  }
  return files;
}

/** The shortest section query that resolves to this heading alone (`.Heading`, else `..file.md#Heading`), or undefined. */
export function sectionQuery(project: Project, file: DecisionFile, heading: DecisionHeading): string | undefined {
  const alone = (named: readonly DecisionHeading[]) => named.length === 1 && named[0] === heading;
  // What headingsNamed folds its text to: the heading's own key unless its text has a dot (keys.ts headingKey).
  const key = heading.text.startsWith('.') ? foldKey(heading.text) : heading.key;
  if (alone(headingsKeyed(project, key))) return sectionLink(heading);
  if (alone(headingsKeyed(project, key, file))) return qualifiedLink(file, heading);
  return undefined;
}

export function headingSection(project: Project, index: ResolverIndex, file: DecisionFile, heading: DecisionHeading): Section {
  const body = file.text.slice(heading.bodyStart, heading.sectionEnd);
  const related: string[] = [];
  for (const target of siblingsOf(index, file, heading.parent)) {
    if (target.heading === heading) continue;
    const entry = target.entry;
    if (entry?.kind === 'entry') related.push(entryLabel(entry));
  }
  return { heading: heading.text, file: file.path, line: heading.line, content: trimSection(body), broader: broaderLinks(project, file, heading), related };
}

/**
 * A section's Broader lines. Apart from its Related lines: the trigger table keeps one
 * sibling list per group, and listing every sibling for every heading made a file of N
 * headings under one parent cost N² (40,000 `### a` lines: 70 s to build the table).
 */
export function broaderLinks(project: Project, file: DecisionFile, heading: DecisionHeading): string[] {
  const broader: string[] = [];
  for (let p = heading.parent; p >= 0; p = file.headings[p]!.parent) {
    const ancestor = file.headings[p]!;
    if (ancestor.depth < 2) continue;
    const link = sectionQuery(project, file, ancestor);
    if (link !== undefined) broader.push(`/when ${link}`);
  }
  broader.push(`/when ${fileLink(file)}`);
  return broader;
}

/**
 * The targets under one parent heading of one file, in index order, grouped once per
 * index: a section's siblings are then read directly, where scanning every target for
 * every section made `compress-key --all` (a section per heading) quadratic.
 */
const siblingGroups = new WeakMap<ResolverIndex, Map<DecisionFile, Map<number, Target[]>>>();

function siblingsOf(index: ResolverIndex, file: DecisionFile, parent: number): readonly Target[] {
  let groups = siblingGroups.get(index);
  if (!groups) {
    groups = new Map();
    for (const target of index.targets) {
      let byParent = groups.get(target.file);
      if (!byParent) groups.set(target.file, (byParent = new Map()));
      const list = byParent.get(target.heading.parent);
      if (list) list.push(target);
      else byParent.set(target.heading.parent, [target]);
    }
    siblingGroups.set(index, groups);
  }
  return groups.get(file)?.get(parent) ?? [];
}

/** A whole decision file (`..name.md`): its path and text. */
export function fileSection(file: Pick<DecisionFile, 'path' | 'text'>): Section {
  return { heading: undefined, file: file.path, line: 1, content: trimSection(file.text), broader: [], related: [] };
}

/** Leading blank lines and trailing whitespace go; everything else is kept byte for byte. */
export function trimSection(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}
