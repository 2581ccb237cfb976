/**
 * FR-3 of the `/when` design (shared/seeds, "navigation.py"), computed from the
 * text alone, knowing nothing of memdex's model: a line scan of each decision file
 * (ATX headings outside fenced code) and of the index (`## <file>` sections,
 * `/when|/how` lines), entries paired with headings by the seed's correspondence
 * (`/when x` ↔ `When X`, `/how x` ↔ `How to X`, case and punctuation aside).
 *
 *   Broader: the heading's ancestors, nearest first ("H4 → parent H3 + grandparent
 *            H2"), H2 and deeper (the H1 is the file), then `..file.md`.
 *   Related: the other entries whose headings share the heading's parent.
 *
 * Used by test/resolve/navigation.test.ts to judge the resolver on real trees.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO } from './corpora.js';

export interface ScannedHeading {
  readonly file: string;
  readonly line: number;
  readonly depth: number;
  readonly text: string;
  /** Position of the parent heading in the file's list, or -1. */
  readonly parent: number;
}

export interface Fr3Entry {
  /** `/when <trigger>` as written in the index (extras dropped). */
  readonly label: string;
  readonly heading: ScannedHeading;
  /** Ancestors at depth ≥ 2, nearest first. */
  readonly broader: readonly ScannedHeading[];
  /** The sibling entries' labels, in index order. */
  readonly related: readonly string[];
}

export interface Fr3Tree {
  readonly entries: readonly Fr3Entry[];
  /** Index lines no heading corresponds to (the resolver may still pair them fuzzily; they are left out). */
  readonly unpaired: readonly string[];
  /** Index lines whose heading text is in several places (the tree's own error: such a trigger is ambiguous; left out). */
  readonly duplicated: readonly string[];
  /** Heading text (as written) → how many decision files hold it. */
  readonly filesWithText: ReadonlyMap<string, number>;
}

/** Every shared tree: the corpora's after-migration tree and each topics tree, as root folders. */
export function sharedTrees(): string[] {
  for (let dir = REPO; ; dir = dirname(dir)) {
    const shared = join(dir, 'shared');
    if (existsSync(join(shared, 'corpora')) || existsSync(join(shared, 'topics'))) {
      const trees = [join(shared, 'corpora', 'after-migration')];
      const topics = join(shared, 'topics', 'trees');
      if (existsSync(topics)) for (const name of readdirSync(topics).sort()) trees.push(join(topics, name));
      return trees.filter((t) => existsSync(join(t, 'agents', 'memory-index.md')));
    }
    if (dirname(dir) === dir) return [];
  }
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function scanHeadings(file: string, text: string): ScannedHeading[] {
  const out: ScannedHeading[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const m = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!m) return;
    const depth = m[1]!.length;
    let parent = out.length - 1;
    while (parent >= 0 && out[parent]!.depth >= depth) parent = out[parent]!.parent;
    out.push({ file, line: i + 1, depth, text: m[2]!, parent });
  });
  return out;
}

/** FR-3 for every entry of the tree at `root` (default layout). */
export function fr3(root: string): Fr3Tree {
  const headingsOf = new Map<string, ScannedHeading[]>();
  const decisions = join(root, 'agents', 'decisions');
  for (const name of readdirSync(decisions).filter((n) => n.endsWith('.md')).sort()) {
    const file = `agents/decisions/${name}`;
    headingsOf.set(file, scanHeadings(file, readFileSync(join(root, file), 'utf8')));
  }
  const filesWithText = new Map<string, number>();
  for (const headings of headingsOf.values()) for (const text of new Set(headings.map((h) => h.text))) filesWithText.set(text, (filesWithText.get(text) ?? 0) + 1);
  const paired: { label: string; heading: ScannedHeading }[] = [];
  const unpaired: string[] = [];
  const duplicated: string[] = [];
  const semanticTexts = new Map<string, number>();
  for (const headings of headingsOf.values()) for (const h of headings) if (h.depth >= 2 && !h.text.startsWith('.')) semanticTexts.set(fold(h.text), (semanticTexts.get(fold(h.text)) ?? 0) + 1);
  let section: string | undefined;
  for (const line of readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8').split('\n')) {
    const s = /^## (\S+\.md)\s*$/.exec(line);
    if (s) section = s[1];
    const e = /^\/(when|how) ([^|]+)/.exec(line);
    if (!e || section === undefined) continue;
    const label = `/${e[1]} ${e[2]!.trim()}`;
    const want = fold(`${e[1] === 'when' ? 'When' : 'How to'} ${e[2]}`);
    const heading = headingsOf.get(section)?.find((h) => h.depth >= 2 && !h.text.startsWith('.') && fold(h.text) === want);
    if (!heading) unpaired.push(line);
    else if (semanticTexts.get(want)! > 1) duplicated.push(line);
    else paired.push({ label, heading });
  }
  const entries = paired.map(({ label, heading }) => {
    const headings = headingsOf.get(heading.file)!;
    const broader: ScannedHeading[] = [];
    for (let p = heading.parent; p >= 0; p = headings[p]!.parent) if (headings[p]!.depth >= 2) broader.push(headings[p]!);
    const related = paired.filter((o) => o.heading !== heading && o.heading.file === heading.file && o.heading.parent === heading.parent).map((o) => o.label);
    return { label, heading, broader, related };
  });
  return { entries, unpaired, duplicated, filesWithText };
}
