/**
 * Reads the section table (section-table.ts builds it, at the head of the model cache)
 * and answers every `.Section` and `..file.md` query as resolve() does: the headings of a
 * key (one is its section, several the choices), in the tree or within one file
 * (`..file.md#Heading`), a decision file of the name, an unsafe name; and, given the
 * fuzzy engine, what no key or name decides (a typo: section-pick.ts, the resolver's own
 * decisions). Without the engine such a query is 'fuzzy': the fuzzy stage's. Free of the
 * engine itself: the exact stage's bundle (dist/when.cjs) opens it without; the fuzzy
 * stage (section-lookup.ts) hands it a matcher factory.
 */
import type { Matcher, MatcherData } from '../fuzzy/matcher.js';
import { foldKey, type Operator } from '../model/keys.js';
import { placeChoice } from './choice-lines.js';
import { keyedValue } from './keyed-lines.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery } from './query.js';
import type { ResolveResult } from './resolve.js';
import { baseName, fileSection, isSafeFileName, QUALIFIED_FILE, trimSection } from './section.js';
import { fileMatchTexts, namedFile, pickFile, pickSection, sectionMatchText } from './section-pick.js';

/** A heading's line: [heading, file, line, bodyStart, sectionEnd, group, target | null, choice?] (choice left off: its place). */
type HeadingRow = readonly [heading: string, file: number, line: number, bodyStart: number, sectionEnd: number, group: number, target: number | null, choice?: string];
/** A group's line: [Broader, Related as [target, line]]. */
type GroupRow = readonly [broader: readonly string[], related: readonly (readonly [number, string])[]];

/** The fuzzy matcher over texts (their positions), from their words when stored (the tree's headings). */
export type SectionMatcherOf = (texts: readonly string[], data?: MatcherData) => Matcher<number>;

export interface SectionTable {
  /** The answer to a `.Section` or `..file.md` query ('fuzzy': the fuzzy stage's); undefined for a trigger. */
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
  const tree = () => (matcher ??= matcherOf!(lines.matchTexts(0, lines.headingCount()), lines.matcherData()));
  const fuzzy: Fuzzy | undefined = matcherOf && { tree, of: (texts) => matcherOf(texts) };
  return { resolve: (query, operator, readText) => resolveFromLines(lines, params, fuzzy, query, operator, readText) };
}

/** The fuzzy engine as the resolver builds it: over the tree's headings (from their stored words, once), or over any texts. */
interface Fuzzy {
  tree(): Matcher<number>;
  of(texts: readonly string[]): Matcher<number>;
}

function resolveFromLines(lines: SectionLines, params: ResolveParams, fuzzy: Fuzzy | undefined, query: string, operator: Operator | undefined, readText: (path: string) => string): ResolveResult | 'fuzzy' | undefined {
  const parsed = parseQuery(query, operator);
  if (parsed.kind !== 'query' || parsed.mode === 'trigger') return undefined;
  const answer = { lines, params, fuzzy, readText };
  if (parsed.mode === 'section') return section(answer, parsed.text, `.${parsed.text}`);
  // resolve.ts resolveFile: a name without `.md` that is a structural heading's is section mode.
  const name = parsed.text;
  const qualified = QUALIFIED_FILE.exec(name);
  const fileName = qualified ? qualified[1]!.trim() : name;
  if (!qualified && name !== '' && !name.toLowerCase().endsWith('.md') && lines.key(`.${foldKey(name)}`) !== undefined) return section(answer, `.${name}`, `..${name}`);
  const fileQuery = `..${name}`;
  const withMd = /\.md$/i.test(fileName) ? fileName : `${fileName}.md`;
  if (!isSafeFileName(withMd)) return { kind: 'invalid', query: fileQuery, reason: 'unsafe-file' };
  const names = lines.files().map(baseName);
  let named = namedFile(names, withMd);
  if (named === -1) {
    if (!fuzzy) return 'fuzzy';
    const pick = pickFile(fuzzy.of(fileMatchTexts(names)), params, names, withMd);
    if (pick.kind === 'not-found') return { kind: 'not-found', query: fileQuery, mode: 'file', suggestions: pick.suggestions };
    named = pick.file;
  }
  const file = lines.files()[named]!;
  if (qualified) {
    const heading = qualified[2]!.trim().replace(/^\./, '');
    if (heading === '') return { kind: 'invalid', query: fileQuery, reason: 'empty' };
    return section(answer, heading, `..${names[named]}#${heading}`, named);
  }
  return { kind: 'found', query: fileQuery, section: fileSection({ path: file, text: readText(file) }) };
}

interface Answer {
  readonly lines: SectionLines;
  readonly params: ResolveParams;
  readonly fuzzy: Fuzzy | undefined;
  readonly readText: (path: string) => string;
}

/**
 * resolve.ts resolveSection, in the tree or `within` one file (by number): the headings of the key (section.ts
 * headingsKeyed: the key, else the key with a dot), else the fuzzy engine over the headings (of that file).
 */
function section({ lines, params, fuzzy, readText }: Answer, text: string, query: string, within?: number): ResolveResult | 'fuzzy' {
  // A file's headings are one run of rows (the model's order): [first, end).
  const [first, end] = within === undefined ? [0, lines.headingCount()] : lines.headingsOf(within);
  const keyed = (key: string) => (lines.key(key) ?? []).filter((id) => id >= first && id < end);
  const key = foldKey(text);
  const plain = keyed(key);
  const named = plain.length > 0 ? plain : keyed(`.${key}`);
  const found = (id: number): ResolveResult => {
    const [heading, fileId, line, bodyStart, sectionEnd, group, target] = lines.heading(id);
    const file = lines.files()[fileId]!;
    const [broader, siblings] = lines.group(group);
    const related = siblings.filter(([t]) => t !== target).map(([, label]) => label);
    const content = trimSection(readText(file).slice(bodyStart, sectionEnd));
    return { kind: 'found', query, section: { heading, file, line, content, broader, related } };
  };
  const choices = (ids: readonly number[]): ResolveResult => ({ kind: 'ambiguous', query, mode: 'section', choices: ids.map((id) => lines.choice(id)) });
  if (named.length === 1) return found(named[0]!);
  if (named.length > 1) return choices(named);
  if (!fuzzy) return 'fuzzy';
  // resolve.ts sectionMatcher: the tree's from the stored words; one file's tokenised, as the resolver does.
  const matcher = within === undefined ? fuzzy.tree() : fuzzy.of(lines.matchTexts(first, end));
  const pick = pickSection(matcher, params, text, (i) => lines.heading(first + i)[0]);
  if (pick.kind === 'found') return found(first + pick.heading);
  if (pick.kind === 'ambiguous') return choices(pick.headings.map((i) => first + i));
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

  headingCount(): number {
    return this.headings;
  }

  /** The run of rows of one file's headings, [first, end) (rows are in file order: a binary search). */
  headingsOf(file: number): [number, number] {
    const firstOf = (f: number) => {
      let lo = 0;
      let hi = this.headings;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.heading(mid)[1] < f) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return [firstOf(file), firstOf(file + 1)];
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

  /** What the fuzzy engine matches of the headings [first, end), in order (section-pick.ts sectionMatchText). */
  matchTexts(first: number, end: number): string[] {
    const texts: string[] = [];
    for (let id = first; id < end; id++) texts.push(sectionMatchText(this.heading(id)[0]));
    return texts;
  }

  /** The table's last line: the headings' words. */
  matcherData(): MatcherData {
    return JSON.parse(this.line(4 + this.count + this.headings + this.groups)) as MatcherData;
  }
}
