/**
 * Reads the section table (section-table.ts builds it, at the head of the model cache)
 * and answers the `.Section` and `..file.md` queries it can decide alone: one heading of
 * the key, a decision file of the name. Undefined for anything else: resolve() on the
 * model decides it (a typo, several headings, `..file.md#Heading`, an unsafe name).
 * Small and free of the fuzzy engine: it runs in the exact stage's bundle (dist/when.cjs).
 */
import { foldKey, type Operator } from '../model/keys.js';
import { keyedValue } from './keyed-lines.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { baseName, fileSection, isSafeFileName, QUALIFIED_FILE, trimSection } from './section.js';

/** A key's line: [heading, file, line, bodyStart, sectionEnd, group, target?]; 0: several headings have the key. */
type KeyRow = readonly [heading: string, file: number, line: number, bodyStart: number, sectionEnd: number, group: number, target?: number] | 0;
/** A group's line: [Broader, Related as [target, line]]. */
type GroupRow = readonly [broader: readonly string[], related: readonly (readonly [number, string])[]];

export interface SectionTable {
  /** The answer to a `.Section` or `..file.md` query, or undefined when only the model can give it. */
  resolve(query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined;
}

/**
 * The table at the head of a model payload (app/model-cache.ts: the table's lines, then the snapshot's);
 * undefined when the payload is the snapshot alone (the call that restores it adds the table). Throws on a torn one.
 */
export function openSectionTable(payload: string): SectionTable | undefined {
  if (!payload.includes('\n')) return undefined;
  const lines = new SectionLines(payload);
  return { resolve: (query, operator, readText) => resolveFromLines(lines, query, operator, readText) };
}

function resolveFromLines(lines: SectionLines, query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind !== 'query' || parsed.mode === 'trigger') return undefined;
  if (parsed.mode === 'section') return section(lines, parsed.text, `.${parsed.text}`, readText);
  // resolve.ts resolveFile: a name without `.md` that is a structural heading's is section mode.
  const name = parsed.text;
  if (QUALIFIED_FILE.test(name)) return undefined;
  if (name !== '' && !name.toLowerCase().endsWith('.md') && lines.key(`.${foldKey(name)}`) !== undefined) return section(lines, `.${name}`, `..${name}`, readText);
  const withMd = /\.md$/i.test(name) ? name : `${name}.md`;
  if (!isSafeFileName(withMd)) return undefined; // the model words it
  const files = lines.files();
  const file = files.find((f) => baseName(f) === withMd) ?? files.find((f) => baseName(f).toLowerCase() === withMd.toLowerCase());
  if (file === undefined) return undefined;
  return { kind: 'found', query: `..${name}`, section: fileSection({ path: file, text: readText(file) }) };
}

/** resolve.ts resolveSection's exact case (section.ts headingsKeyed: the key, else the key with a dot). */
function section(lines: SectionLines, text: string, query: string, readText: (path: string) => string): ResolveResult | undefined {
  const key = foldKey(text);
  const row = lines.key(key) ?? lines.key(`.${key}`);
  if (row === undefined || row === 0) return undefined;
  const [heading, fileId, line, bodyStart, sectionEnd, group, target] = row;
  const file = lines.files()[fileId]!;
  const [broader, siblings] = lines.group(group);
  const related = siblings.filter(([t]) => t !== target).map(([, label]) => label);
  const content = trimSection(readText(file).slice(bodyStart, sectionEnd));
  return { kind: 'found', query, section: { heading, file, line, content, broader, related } };
}

/**
 * Line access without splitting the payload: the offsets of the table's lines once (not
 * of the snapshot after them), then a binary search over the key lines.
 */
class SectionLines {
  private readonly starts: number[] = [0];
  private readonly count: number;
  private readonly groups: number;
  private filesRow: readonly string[] | undefined;

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'), n = 3; i !== -1 && this.starts.length < n; i = text.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
      if (this.starts.length === 3) n = 3 + Number(this.line(0)) + Number(this.line(1)) + 1; // the files line's end too
    }
    this.count = Number(this.line(0));
    this.groups = Number(this.line(1));
    const lines = 3 + this.count + this.groups; // the files line is the last of the table
    if (!Number.isInteger(this.count + this.groups) || this.count < 0 || this.groups < 0 || this.starts.length < lines + 1) throw new Error('torn section table');
  }

  private line(n: number): string {
    return this.text.slice(this.starts[n]!, this.starts[n + 1]! - 1);
  }

  key(key: string): KeyRow | undefined {
    const row = keyedValue(this.text, this.starts, 2, this.count + 1, key);
    return row === undefined ? undefined : (JSON.parse(row) as KeyRow);
  }

  group(g: number): GroupRow {
    return JSON.parse(this.line(2 + this.count + g)) as GroupRow;
  }

  /** The table's last line. */
  files(): readonly string[] {
    return (this.filesRow ??= JSON.parse(this.line(2 + this.count + this.groups)) as string[]);
  }
}
