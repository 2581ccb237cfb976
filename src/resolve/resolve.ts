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
import { createMatcher } from '../fuzzy/matcher.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryLabel } from '../model/entry-line.js';
import { foldKey, headingOperator, type Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import { DEFAULT_RESOLVE_PARAMS, type ResolveParams } from './params.js';
import { parseQuery, type QueryMode } from './query.js';
import { pickTrigger, type TriggerSource } from './trigger-pick.js';
import { baseName, fileSection, headingSection, sectionLink, type Section } from './section.js';
import { resolverIndex, type ResolverIndex, type Target } from './targets.js';

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
  const pick = pickTrigger(triggerSource(index), params, { text, noteless, operator, explicit: explicitOperator });
  return pick.kind === 'found' ? found(pick.target) : { ...pick, query: text, mode: 'trigger' };
}

/** The model's resolver index as trigger-pick.ts reads it. */
export function triggerSource(index: ResolverIndex): TriggerSource {
  const exact = (key: string) => index.exact.get(key)?.map((id) => [index.candidates[id]!.target, index.candidates[id]!.operator] as const);
  return { exact, matcher: () => index.matcher, lineOf: (t: number) => targetLine(index.targets[t]!) };
}

function resolveSection(project: Project, index: ResolverIndex, params: ResolveParams, text: string): ResolveResult {
  const key = foldKey(text);
  const all = allHeadings(project);
  let matches = all.filter((h) => h.heading.key === key);
  // Structural headings are reachable without their own dot: `.Mock Patching` finds `## .Mock Patching`.
  if (matches.length === 0) matches = all.filter((h) => h.heading.key === `.${key}` || `.${h.heading.key}` === key);
  if (matches.length === 1) {
    const { file, heading } = matches[0]!;
    return { kind: 'found', query: `.${text}`, section: headingSection(project, index, file, heading) };
  }
  if (matches.length > 1) {
    return {
      kind: 'ambiguous',
      query: `.${text}`,
      mode: 'section',
      choices: matches.map(({ heading }) => `${heading.path}:${heading.line}  ${sectionLink(heading)}`),
    };
  }
  const matcher = createMatcher(all, (h) => h.heading.text.replace(/^\./, ''), params.fuzzy);
  const suggestions = matcher.rank(text, params.suggestions).map((r) => sectionLink(r.item.heading));
  return { kind: 'not-found', query: `.${text}`, mode: 'section', suggestions };
}

/** A structural heading named like the rest (`..Mock Patching`) is section mode; otherwise a file name. */
function resolveFile(project: Project, index: ResolverIndex, params: ResolveParams, name: string): ResolveResult {
  if (name !== '' && !name.toLowerCase().endsWith('.md') && project.headingsByKey.has(`.${foldKey(name)}`)) {
    return resolveSection(project, index, params, `.${name}`);
  }
  const query = `..${name}`;
  const available = project.decisions.map((f) => `..${baseName(f.path)}`);
  // Only a plain `<name>.md` is ever looked up, and only among the files in the model.
  if (!isSafeFileName(name)) return { kind: 'invalid', query, reason: 'unsafe-file' };
  const file = project.decisions.find((f) => baseName(f.path) === name) ?? project.decisions.find((f) => baseName(f.path).toLowerCase() === name.toLowerCase());
  if (!file) return { kind: 'not-found', query, mode: 'file', suggestions: available };
  return { kind: 'found', query, section: fileSection(file) };
}

export function isSafeFileName(name: string): boolean {
  return /^[^/\\\0]+\.md$/i.test(name) && !name.startsWith('.') && !name.includes('..');
}

function targetSection(project: Project, index: ResolverIndex, t: number): Section {
  const { file, heading } = index.targets[t]!;
  return headingSection(project, index, file, heading);
}

/** The ready-to-run line that leads to a target: its entry, else its heading's own trigger, else `.Heading`. */
export function targetLine(target: Target): string {
  const entry = target.entry;
  if (entry?.kind === 'entry') return entryLabel(entry);
  const op = headingOperator(target.heading.text);
  if (op) return entryLabel(op);
  return `/when ${sectionLink(target.heading)}`;
}

function allHeadings(project: Project): { file: DecisionFile; heading: DecisionHeading }[] {
  return project.decisions.flatMap((file) => file.headings.filter((h) => h.depth >= 2).map((heading) => ({ file, heading })));
}
