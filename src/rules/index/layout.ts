/**
 * Shared planning for the three fixable index rules. Every fix only moves, permutes
 * or (for structural entries) removes whole entry lines: a line the model does not
 * understand is never touched, so autofix is lossless by construction.
 *
 * An entry moves as a block: its line and the `memdex-disable-next-line` directives
 * right above it (core/suppress.ts), which govern it. Moved or sorted alone, the
 * entry would leave its directives governing whatever line comes next (issue 26,
 * item 14). Directives are lines `--fix` never drops: a removed (structural) entry's
 * directives stay where they were, and directive/no-unused then says if they
 * suppress nothing. A `memdex-disable` / `memdex-enable` pair governs a range, not a
 * line: it stays where it is.
 */
import type { Edit, Fix } from '../../core/diagnostic.js';
import { readDirectives } from '../../core/suppress.js';
import type { IndexEntry, IndexSection, MemoryIndex } from '../../model/memory-index.js';
import type { Project } from '../../model/project.js';
import { checkMessages as m } from '../../messages/check.js';
import { pairing, targetOf } from '../pairing.js';

/** Entries whose (unique) heading lives in another file than their section names. */
export function misplacedEntries(project: Project): IndexEntry[] {
  const index = project.index;
  if (!index) return [];
  return index.entries.filter((entry) => {
    const target = targetOf(project, entry);
    return target !== undefined && index.sections[entry.section]!.path !== target.path;
  });
}

/** Where an entry's block starts (its first governing directive line, else the entry's line), and the block's lines. */
export interface EntryBlocks {
  start(entry: IndexEntry): number;
  /** The block's lines without terminators, the entry's without its indent. */
  lines(entry: IndexEntry): string[];
}

/** The entries' blocks in `index` (see above): the directives are read once, linear in the index. */
export function entryBlocks(index: MemoryIndex): EntryBlocks {
  const governing = new Set<number>();
  if (index.text.includes('memdex-disable-next-line')) {
    for (const directive of readDirectives(index)) if (directive.kind === 'memdex-disable-next-line' && !directive.malformed) governing.add(directive.line);
  }
  const firstLine = (entry: IndexEntry) => {
    let line = entry.line;
    while (governing.has(line - 1)) line--;
    return line;
  };
  return {
    start: (entry) => index.lines.starts[firstLine(entry) - 1]!,
    lines: (entry) => {
      const lines: string[] = [];
      for (let line = firstLine(entry); line < entry.line; line++) lines.push(index.text.slice(index.lines.starts[line - 1], index.lines.ends[line - 1]));
      return [...lines, entry.text.trimStart()];
    },
  };
}

/** One fix for all misplaced entries: identical for each finding, so it is applied once. */
export function placementFix(project: Project, moved: readonly IndexEntry[]): Fix {
  const index = project.index!;
  const eol = index.lines.eol;
  const movedSet = new Set(moved);
  const blocks = entryBlocks(index);
  const edits: Edit[] = moved.map((entry) => ({ path: index.path, range: [blocks.start(entry), entry.lineRange[1]], text: '' }));
  const byTarget = new Map<string, IndexEntry[]>();
  for (const entry of moved) {
    const path = targetOf(project, entry)!.path;
    byTarget.set(path, [...(byTarget.get(path) ?? []), entry]);
  }
  const newSections = new Map<number, string[]>();
  for (const [path, entries] of [...byTarget].sort(([a], [b]) => (a < b ? -1 : 1))) {
    entries.sort((a, b) => targetOf(project, a)!.start - targetOf(project, b)!.start);
    const lines = entries.flatMap((e) => blocks.lines(e));
    const section = index.sections.find((s) => s.path === path);
    if (section) {
      const at = insertionPoint(index, section, movedSet);
      const staying = section.entries.some((e) => !movedSet.has(e));
      edits.push({ path: index.path, range: [at, at], text: entryLinesAt(index, section, at, staying, lines) });
      continue;
    }
    // A missing section is created in path order, before the first later file section.
    const next = index.sections.find((s) => s.path !== undefined && s.path > path);
    const at = next ? next.start : index.text.length;
    const block = newSections.get(at) ?? [];
    block.push(next ? sectionBlock(path, lines, eol, true) : eol + sectionBlock(path, lines, eol, false));
    newSections.set(at, block);
  }
  for (const [at, blocks] of newSections) {
    const needsEol = at === index.text.length && index.text.length > 0 && !index.text.endsWith('\n');
    edits.push({ path: index.path, range: [at, at], text: (needsEol ? eol : '') + blocks.join('') });
  }
  return { title: m.fixMoveEntries, edits };
}

/** After the section's last entry that is not `moving`, or after the header and its blank line. */
export function insertionPoint(index: MemoryIndex, section: IndexSection, moving: ReadonlySet<IndexEntry> = new Set()): number {
  const staying = section.entries.filter((e) => !moving.has(e));
  const last = staying[staying.length - 1];
  if (last) return last.lineRange[1];
  const afterHeader = section.bodyStart;
  const line = index.lines.starts.indexOf(afterHeader);
  if (line !== -1 && afterHeader < section.end && index.text.slice(afterHeader, index.lines.ends[line]!).trim() === '') {
    return index.lines.nexts[line]!;
  }
  return afterHeader;
}

/**
 * The text that puts entry `lines` at `at` in `section` (`staying`: the section keeps
 * entries of its own): into an empty section, a blank line after the header, and one
 * before the next section. The placement fix and `memdex add` insert through it.
 */
export function entryLinesAt(index: MemoryIndex, section: IndexSection, at: number, staying: boolean, lines: readonly string[]): string {
  const eol = index.lines.eol;
  const before = index.text.slice(0, at);
  let prefix = before.length > 0 && !before.endsWith('\n') ? eol : '';
  if (!staying && !/\n[ \t]*\r?\n$/.test(before + prefix)) prefix += eol;
  const suffix = !staying && at === section.end && at < index.text.length ? eol : '';
  return prefix + lines.map((l) => l + eol).join('') + suffix;
}

/** A new `## <path>` section holding `lines`; `beforeNext`: a blank line ends it, as another section follows. */
export function sectionBlock(path: string, lines: readonly string[], eol: string, beforeNext: boolean): string {
  return `## ${path}${eol}${eol}${lines.join(eol)}${eol}${beforeNext ? eol : ''}`;
}

/** The section's own entries (heading in this section's file), and their order by heading position. */
export function orderPlan(project: Project, section: IndexSection): { current: IndexEntry[]; sorted: IndexEntry[] } {
  const own = section.entries.filter((entry) => {
    const target = targetOf(project, entry);
    return target !== undefined && target.path === section.path && !pairing(project).structuralOf.has(entry);
  });
  const sorted = [...own].sort((a, b) => targetOf(project, a)!.start - targetOf(project, b)!.start || a.start - b.start);
  return { current: own, sorted };
}

/** Refill the slots the section's own entries occupy, in heading order; other lines stay put. */
export function orderFix(project: Project, section: IndexSection, plan: { current: IndexEntry[]; sorted: IndexEntry[] }): Fix {
  const index = project.index!;
  const blocks = entryBlocks(index);
  const edits: Edit[] = [];
  plan.current.forEach((slot, i) => {
    const entry = plan.sorted[i]!;
    if (entry !== slot) edits.push({ path: index.path, range: [blocks.start(slot), slot.end], text: index.text.slice(blocks.start(entry), entry.end) });
  });
  return { title: m.fixOrderEntries(section.title), edits };
}
