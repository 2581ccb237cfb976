/**
 * resolve(project, query): the one runtime resolver, used by `memdex when/how/resolve`
 * and by hooks. Pure: the project is already loaded; file mode only ever looks up
 * decision files already in the model, so nothing outside the decisions folder can
 * be read through it.
 *
 * Trigger mode: an exact trigger, extra or heading phrase first (keys.ts foldKey:
 * the same folding `memdex check` pairs with, so an entry check accepts is always
 * an exact hit); then the fuzzy engine over all of them. An operator written in the
 * query (`/how x`) is part of the key: the exact stage only takes phrases of that
 * operator (or of none); the subcommand's operator (`memdex how x`) only breaks ties. A section is returned
 * only when it is clearly the best (score ≥ accept, and ahead of the best other
 * section by `margin`); otherwise the answer is "ambiguous" with ready-to-run
 * choices, or "not found" with the closest entries.
 */
import { createMatcher, textMatcher, type Matcher } from '../fuzzy/matcher.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { foldKey, type Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery, type QueryMode } from './query.js';
import { pickTrigger, type TriggerSource } from './trigger-pick.js';
import { fileMatchTexts, namedFile, pickFile, pickSection, sectionMatchText } from './section-pick.js';
import { choiceLines, sectionChoice } from './choice-lines.js';
import { baseName, fileSection, headingSection, headingsNamed, isSafeFileName, QUALIFIED_FILE, type Section } from './section.js';
import { resolverIndex, type ResolverIndex } from './targets.js';

export interface ResolveOptions {
  /** The subcommand's operator (`memdex when` / `memdex how`); a query's own operator wins. */
  readonly operator?: Operator;
  readonly params?: ResolveParams;
}

export type ResolveResult =
  | { readonly kind: 'found'; readonly query: string; readonly section: Section }
  /** `choices`: ready-to-run lines (`/when x`, `.Heading`), or `path:line  .Heading` for duplicate headings. */
  | { readonly kind: 'ambiguous'; readonly query: string; readonly mode: QueryMode; readonly choices: readonly string[] }
  | { readonly kind: 'not-found'; readonly query: string; readonly mode: QueryMode; readonly suggestions: readonly string[] }
  /** `null` (a recall gate's "nothing to recall"): skipped silently. */
  | { readonly kind: 'null'; readonly query: string }
  | { readonly kind: 'invalid'; readonly query: string; readonly reason: 'empty' | 'unsafe-file' };

export function resolve(project: Project, query: string, options: ResolveOptions = {}): ResolveResult {
  const params = options.params ?? DEFAULT_RESOLVE_PARAMS;
  const parsed = parseQuery(query, options.operator);
  if (parsed.kind === 'null') return { kind: 'null', query };
  if (parsed.kind === 'empty') return { kind: 'invalid', query, reason: 'empty' };
  const index = resolverIndex(project, params);
  switch (parsed.mode) {
    case 'trigger':
      return resolveTrigger(project, index, params, parsed.text, parsed.operator, parsed.explicit, parsed.noteless);
    case 'section':
      return resolveSection(project, index, params, parsed.text);
    case 'file':
      return resolveFile(project, index, params, parsed.text);
  }
}

/** Trigger mode on an already-parsed trigger (also what compress-key asks). */
export function resolveTrigger(
  project: Project,
  index: ResolverIndex,
  params: ResolveParams,
  text: string,
  operator: Operator | undefined,
  explicitOperator = false,
  noteless?: string,
): ResolveResult {
  const found = (t: number): ResolveResult => ({ kind: 'found', query: text, section: targetSection(project, index, t) });
  const pick = pickTrigger(triggerSource(index, choiceLines(project, index)), params, { text, noteless, operator, explicit: explicitOperator });
  return pick.kind === 'found' ? found(pick.target) : { ...pick, query: text, mode: 'trigger' };
}

/** The model's resolver index as trigger-pick.ts reads it; `lineOf`: each target's line in choices (choice-lines.ts). */
export function triggerSource(index: ResolverIndex, lineOf: (target: number) => string): TriggerSource {
  const exact = (key: string) => index.exact.get(key)?.map((id) => [index.candidates[id]!.target, index.candidates[id]!.operator] as const);
  return { exact, matcher: () => index.matcher, lineOf };
}

/**
 * Section mode (`.Heading`, or `..file.md#Heading` within one file): the heading of
 * that key; else the fuzzy engine over the headings' texts, a typo tolerated as in
 * trigger mode (section-pick.ts, which the section table decides with too: the clearly
 * best heading, else the near-ties as choices, else the nearest headings as written).
 */
function resolveSection(project: Project, index: ResolverIndex, params: ResolveParams, text: string, within?: DecisionFile): ResolveResult {
  const query = within ? qualifiedQuery(within, text) : `.${text}`;
  const found = (file: DecisionFile, heading: DecisionHeading): ResolveResult => ({ kind: 'found', query, section: headingSection(project, index, file, heading) });
  const named = headingsNamed(project, text, within);
  if (named.length === 1) return found(fileOf(index, named[0]!), named[0]!);
  if (named.length > 1) return { kind: 'ambiguous', query, mode: 'section', choices: named.map((h) => sectionChoice(project, fileOf(index, h), h)) };
  const pick = pickSection(sectionMatcher(project, params, within), params, text, (h) => h.text);
  if (pick.kind === 'found') return found(fileOf(index, pick.heading), pick.heading);
  if (pick.kind === 'ambiguous') return { kind: 'ambiguous', query, mode: 'section', choices: pick.headings.map((h) => sectionChoice(project, fileOf(index, h), h)) };
  return { kind: 'not-found', query, mode: 'section', suggestions: pick.suggestions };
}

function qualifiedQuery(file: DecisionFile, text: string): string {
  return `..${baseName(file.path)}#${text}`;
}

const sectionMatchers = new WeakMap<Project, Map<string, Matcher<DecisionHeading>>>();

/** The fuzzy matcher over the headings (H2 and deeper; a structural one without its dot), of the tree or of one file. */
function sectionMatcher(project: Project, params: ResolveParams, within: DecisionFile | undefined): Matcher<DecisionHeading> {
  let byScope = sectionMatchers.get(project);
  if (!byScope) sectionMatchers.set(project, (byScope = new Map()));
  const scope = within?.path ?? '';
  let matcher = byScope.get(scope);
  if (!matcher) {
    const headings = (within ? [within] : project.decisions).flatMap((file) => file.headings.filter((h) => h.depth >= 2));
    byScope.set(scope, (matcher = createMatcher(headings, (h) => sectionMatchText(h.text), params.fuzzy)));
  }
  return matcher;
}

function fileOf(index: ResolverIndex, heading: DecisionHeading): DecisionFile {
  return index.fileByPath.get(heading.path)!;
}

/**
 * File mode. `..name.md` a whole decision file (`..name` too, and one typo in the
 * name is tolerated as in the other modes); `..name.md#Heading` a section of that
 * file (section mode within it: how Broader names an ancestor whose text other
 * files share). A structural heading named like a file (`..Mock Patching`) is section mode.
 */
function resolveFile(project: Project, index: ResolverIndex, params: ResolveParams, name: string): ResolveResult {
  const qualified = QUALIFIED_FILE.exec(name);
  const fileName = qualified ? qualified[1]!.trim() : name;
  if (!qualified && name !== '' && !name.toLowerCase().endsWith('.md') && project.headingsByKey.has(`.${foldKey(name)}`)) {
    return resolveSection(project, index, params, `.${name}`);
  }
  const query = `..${name}`;
  const withMd = /\.md$/i.test(fileName) ? fileName : `${fileName}.md`;
  // Only a plain `<name>.md` is ever looked up, and only among the files in the model.
  if (!isSafeFileName(withMd)) return { kind: 'invalid', query, reason: 'unsafe-file' };
  const names = project.decisions.map((f) => baseName(f.path));
  let named = namedFile(names, withMd);
  if (named === -1) {
    const texts = fileMatchTexts(names);
    const pick = pickFile(textMatcher(texts, params.fuzzy), params, names, withMd);
    if (pick.kind === 'not-found') return { kind: 'not-found', query, mode: 'file', suggestions: pick.suggestions };
    named = pick.file;
  }
  const file = project.decisions[named]!;
  if (qualified) {
    const section = qualified[2]!.trim().replace(/^\./, '');
    if (section === '') return { kind: 'invalid', query, reason: 'empty' };
    return resolveSection(project, index, params, section, file);
  }
  return { kind: 'found', query, section: fileSection(file) };
}

function targetSection(project: Project, index: ResolverIndex, t: number): Section {
  const { file, heading } = index.targets[t]!;
  return headingSection(project, index, file, heading);
}
