import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import { AFTER, copyTree, readTree } from '../helpers/corpora.js';

/** The after-migration tree, copied to a temp dir and built into a model. */
export function afterProject(): { root: string; project: Project } {
  const root = copyTree(AFTER);
  return { root, project: buildProject(readTree(root), DEFAULT_CONFIG) };
}

export interface CorpusEntry {
  readonly operator: 'when' | 'how';
  readonly trigger: string;
  readonly file: string;
  readonly heading: string;
  /** Section text computed independently: lines after the heading up to the next heading of the same or higher level, outside fences. */
  readonly content: string;
}

/** Entries of the index paired with their headings by a line scan that knows nothing of the model. */
export function corpusEntries(files: ReadonlyMap<string, string>): CorpusEntry[] {
  const index = files.get('agents/memory-index.md') ?? ''; // '' when the corpora are absent (the blocks are skipped)
  const out: CorpusEntry[] = [];
  let section = '';
  for (const line of index.split('\n')) {
    const h = /^## (.+\.md)$/.exec(line);
    if (h) section = h[1]!;
    const e = /^\/(when|how) (.+)$/.exec(line);
    if (!e || !section) continue;
    const operator = e[1] as 'when' | 'how';
    const trigger = e[2]!.trim();
    const want = `${operator === 'when' ? 'When' : 'How to'} ${trigger}`.toLowerCase();
    const lines = files.get(section)!.split('\n');
    let fence = false;
    const headings: { at: number; depth: number; text: string }[] = [];
    lines.forEach((l, at) => {
      if (/^\s{0,3}(```|~~~)/.test(l)) fence = !fence;
      const m = !fence && /^(#{1,6})\s+(.*?)\s*$/.exec(l);
      if (m) headings.push({ at, depth: m[1]!.length, text: m[2]! });
    });
    const i = headings.findIndex((x) => x.text.toLowerCase() === want);
    if (i === -1) throw new Error(`no heading for ${line}`);
    const me = headings[i]!;
    const next = headings.slice(i + 1).find((x) => x.depth <= me.depth);
    const content = lines.slice(me.at + 1, next ? next.at : lines.length).join('\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
    out.push({ operator, trigger, file: section, heading: me.text, content });
  }
  return out;
}
