/**
 * Reads the section table (section-table.ts builds it, at the head of the model cache)
 * and answers the `.Section` and `..file.md` queries it can decide: the headings of a
 * key (one is its section, several the choices), a decision file of the name, and, given
 * the fuzzy engine, a key no heading has (a typo: section-pick.ts, the resolver's own
 * decision). Undefined for what only resolve() on the model decides (`..file.md#Heading`,
 * a mistyped or unsafe file name); 'fuzzy' for a typo in a table opened without the engine.
 * Free of the fuzzy engine itself: the exact stage's bundle (dist/when.cjs) opens it
 * without; the fuzzy stage (section-lookup.ts) hands it a matcher factory.
 */
import type { Matcher, MatcherData } from '../fuzzy/matcher.js';
import { foldKey, type Operator } from '../model/keys.js';
import { placeChoice } from './choice-lines.js';
import { keyedValue } from './keyed-lines.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { baseName, fileSection, isSafeFileName, QUALIFIED_FILE, trimSection } from './section.js';
import { pickSection, sectionMatchText } from './section-pick.js';

/** A heading's line: [heading, file, line, bodyStart, sectionEnd, group, target | null, choice?] (choice left off: its place). */
type HeadingRow = readonly [heading: string, file: number, line: number, bodyStart: number, sectionEnd: number, group: number, target: number | null, choice?: string];
/** A group's line: [Broader, Related as [target, line]]. */
type GroupRow = readonly [broader: readonly string[], related: readonly (readonly [number, string])[]];

/** The fuzzy matcher over the headings (their numbers), from their match texts and stored words. */
export type SectionMatcherOf = (texts: readonly string[], data: MatcherData) => Matcher<number>;

export interface SectionTable {
  /** The answer to a `.Section` or `..file.md` query; undefined when only the model can give it, 'fuzzy' when the fuzzy stage can. */
  resolve(query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | 'fuzzy' | undefined;
}

/**
 * The table at the head of a model payload (app/model-cache.ts: the table's lines, then the snapshot's);
 * undefined when the payload is the snapshot alone (the call that restores it adds the table). Throws on a torn one.
 * `matcherOf`: the fuzzy engine, for a typo (built on first use); without it a typo is 'fuzzy'.
 */
export function openSectionTable(payload: string, matcherOf?: SectionMatcherOf, params: ResolveParams = DEFAULT_RESOLVE_PARAMS): SectionTable | undefined {
  if (!payload.includes('\n')) return undefined;
  const lines = new SectionLines(payload);
  let matcher: Matcher<number> | undefined;
  const fuzzy = matcherOf && (() => (matcher ??= matcherOf(lines.matchTexts(), lines.matcherData())));
  return { resolve: (query, operator, readText) => resolveFromLines(lines, params, fuzzy, query, operator, readText) };
}

function resolveFromLines(
  lines: SectionLines,
  params: ResolveParams,
  fuzzy: (() => Matcher<number>) | undefined,
  query: string,
  operator: Operator | undefined,
  readText: (path: string) => string,
): ResolveResult | 'fuzzy' | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind !== 'query' || parsed.mode === 'trigger') return undefined;
  if (parsed.mode === 'section') return section(lines, params, fuzzy, parsed.text, `.${parsed.text}`, readText);
  // resolve.ts resolveFile: a name without `.md` that is a structural heading's is section mode.
  const name = parsed.text;
  if (QUALIFIED_FILE.test(name)) return undefined;
  if (name !== '' && !name.toLowerCase().endsWith('.md') && lines.key(`.${foldKey(name)}`) !== undefined) return section(lines, params, fuzzy, `.${name}`, `..${name}`, readText);
  const withMd = /\.md$/i.test(name) ? name : `${name}.md`;
  if (!isSafeFileName(withMd)) return undefined; // the model words it
  const files = lines.files();
  const file = files.find((f) => baseName(f) === withMd) ?? files.find((f) => baseName(f).toLowerCase() === withMd.toLowerCase());
  if (file === undefined) return undefined;
  return { kind: 'found', query: `..${name}`, section: fileSection({ path: file, text: readText(file) }) };
}

/** resolve.ts resolveSection over the whole tree: the headings of the key (section.ts headingsKeyed: the key, else the key with a dot), else the fuzzy engine. */
function section(
  lines: SectionLines,
  params: ResolveParams,
  fuzzy: (() => Matcher<number>) | undefined,
  text: string,
  query: string,
  readText: (path: string) => string,
): ResolveResult | 'fuzzy' {
  const key = foldKey(text);
  const named = lines.key(key) ?? lines.key(`.${key}`);
  const found = (id: number): ResolveResult => {
    const [heading, fileId, line, bodyStart, sectionEnd, group, target] = lines.heading(id);
    const file = lines.files()[fileId]!;
    const [broader, siblings] = lines.group(group);
    const related = siblings.filter(([t]) => t !== target).map(([, label]) => label);
    const content = trimSection(readText(file).slice(bodyStart, sectionEnd));
    return { kind: 'found', query, section: { heading, file, line, content, broader, related } };
  };
  const choices = (ids: readonly number[]): ResolveResult => ({ kind: 'ambiguous', query, mode: 'section', choices: ids.map((id) => lines.choice(id)) });
  if (named !== undefined) return named.length === 1 ? found(named[0]!) : choices(named);
  if (!fuzzy) return 'fuzzy';
  const pick = pickSection(fuzzy(), params, text, (id) => lines.heading(id)[0]);
  if (pick.kind === 'found') return found(pick.heading);
  if (pick.kind === 'ambiguous') return choices(pick.headings);
  return { kind: 'not-found', query, mode: 'section', suggestions: pick.suggestions };
}

/**
 * Line access without splitting the payload: the offsets of the table's lines once (not
 * of the snapshot after them), then a binary search over the key lines.
 */
class SectionLines {
  private readonly starts: number[] = [0];
  private readonly count: number;
  private readonly headings: number;
  private readonly groups: number;
  private readonly rows = new Map<number, HeadingRow>();
  private filesRow: readonly string[] | undefined;

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'), n = 4; i !== -1 && this.starts.length < n; i = text.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
      if (this.starts.length === 4) n = 3 + Number(this.line(0)) + Number(this.line(1)) + Number(this.line(2)) + 3; // the files and words lines' ends too
    }
    this.count = Number(this.line(0));
    this.headings = Number(this.line(1));
    this.groups = Number(this.line(2));
    const lines = 3 + this.count + this.headings + this.groups + 2; // the files and words lines are the last of the table
    if (!Number.isInteger(this.count + this.headings + this.groups) || this.count < 0 || this.headings < 0 || this.groups < 0 || this.starts.length < lines + 1) {
      throw new Error('torn section table');
    }
  }

  private line(n: number): string {
    return this.text.slice(this.starts[n]!, this.starts[n + 1]! - 1);
  }

  /** The headings of a key, by number. */
  key(key: string): readonly number[] | undefined {
    const row = keyedValue(this.text, this.starts, 3, this.count + 2, key);
    return row === undefined ? undefined : (JSON.parse(row) as number[]);
  }

  heading(id: number): HeadingRow {
    let row = this.rows.get(id);
    if (row === undefined) this.rows.set(id, (row = JSON.parse(this.line(3 + this.count + id)) as HeadingRow));
    return row;
  }

  /** A heading's line among choices (choice-lines.ts sectionChoice): its query, else its place. */
  choice(id: number): string {
    const [heading, file, line, , , , , choice] = this.heading(id);
    return choice ?? placeChoice(this.files()[file]!, line, heading);
  }

  group(g: number): GroupRow {
    return JSON.parse(this.line(3 + this.count + this.headings + g)) as GroupRow;
  }

  files(): readonly string[] {
    return (this.filesRow ??= JSON.parse(this.line(3 + this.count + this.headings + this.groups)) as string[]);
  }

  /** What the fuzzy engine matches of every heading, in order (section-pick.ts sectionMatchText). */
  matchTexts(): string[] {
    const texts: string[] = [];
    for (let id = 0; id < this.headings; id++) texts.push(sectionMatchText(this.heading(id)[0]));
    return texts;
  }

  /** The table's last line: the headings' words. */
  matcherData(): MatcherData {
    return JSON.parse(this.line(4 + this.count + this.headings + this.groups)) as MatcherData;
  }
}
