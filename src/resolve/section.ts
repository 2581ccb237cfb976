/**
 * A resolved section with its navigation: the text from the heading to the next
 * heading of the same or higher level (the model's sectionEnd, fence-aware, so a
 * `# comment` inside a code block never cuts it), the ancestors to go broader, and
 * the sibling entries under the same parent.
 */
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import type { Project } from '../model/project.js';
import type { ResolverIndex, Target } from './targets.js';
import { entryLabel } from '../model/entry-line.js';

export interface Section {
  /** Heading text as written; undefined for a whole file (`..name.md`). */
  readonly heading: string | undefined;
  /** Root-relative path of the decision file. */
  readonly file: string;
  readonly line: number;
  readonly content: string;
  /** Ready-to-run `/when .Heading` and `/when ..file.md` lines, top-down. */
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

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function headingSection(project: Project, index: ResolverIndex, file: DecisionFile, heading: DecisionHeading): Section {
  const body = file.text.slice(heading.bodyStart, heading.sectionEnd);
  const broader: string[] = [];
  for (let p = heading.parent; p >= 0; p = file.headings[p]!.parent) {
    const ancestor = file.headings[p]!;
    // Only links that resolve: H2+ and unique in the tree.
    if (ancestor.depth >= 2 && project.headingsByKey.get(ancestor.key)?.length === 1) broader.unshift(`/when ${sectionLink(ancestor)}`);
  }
  broader.push(`/when ${fileLink(file)}`);
  const related: string[] = [];
  for (const target of siblingsOf(index, file, heading.parent)) {
    if (target.heading === heading) continue;
    const entry = target.entry;
    if (entry?.kind === 'entry') related.push(entryLabel(entry));
  }
  return { heading: heading.text, file: file.path, line: heading.line, content: trimSection(body), broader, related };
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

export function fileSection(file: DecisionFile): Section {
  return { heading: undefined, file: file.path, line: 1, content: trimSection(file.text), broader: [], related: [] };
}

/** Leading blank lines and trailing whitespace go; everything else is kept byte for byte. */
export function trimSection(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}
