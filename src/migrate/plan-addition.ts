/**
 * `memdex add`, planned: one new memory (a `When …`/`How to …` heading with its
 * content in a decision file, and its `/when`/`/how` line in the index) as the two
 * new texts, or the reasons it is refused. Pure: the project and the request in,
 * texts out; the use case (app/add.ts) writes both files or neither.
 *
 * Where things go, by the conventions the rules check:
 *   - the heading: headingForEntry (keys.ts), so its key is the entry's key and the
 *     pairing is exact, its words written as the tree writes them (`CLI`, not `Cli`:
 *     model/spellings.ts); at the end of the `--under` heading's section, one level
 *     deeper. Without `--under`, where the file's memories about the same thing are:
 *     under the heading that holds the one the topic ranker finds most about it, at
 *     the bar the hooks act on (suggest/ hookThreshold); with none, a memory of its
 *     own at level 2 at the end of the file, under the title: never inside a section
 *     that merely happens to come last (`## .Arguments` for a memory about releases).
 *     The plan names the parent, so a dry run shows it;
 *   - the entry: formatEntry (entry-line.ts) into the file's `## <path>` section, at
 *     the place index/entry-order wants (before the first entry whose heading comes
 *     after the new one, else after the section's last entry); a missing section is
 *     created in path order, as the placement fix does;
 *   - a new decision file starts with a `# Title` made from its name.
 *
 * Refused before anything is built: a trigger without words or with the grammar's
 * own characters, a trigger or heading that exists, an extra that is another
 * entry's trigger (or a trigger that is another entry's extra), a file outside the
 * decisions folder, content too thin for decision/semantic-heading-content, a file
 * that would pass decision/line-limit. verifyAddition then runs the validator on
 * the result, so a memory is never written that `memdex check` would reject.
 */
import type { Rule } from '../core/rule.js';
import { stripBom } from '../model/bom.js';
import { entryLabel, formatEntry, hasEmptyTrigger } from '../model/entry-line.js';
import { isDecisionPath, normalizeRelative } from '../model/config.js';
import type { DecisionFile, DecisionHeading } from '../model/decision-file.js';
import { entryKey, foldKey, headingForEntry, type Operator } from '../model/keys.js';
import { lineTable } from '../model/lines.js';
import type { IndexSection, MemoryIndex } from '../model/memory-index.js';
import { targetOf } from '../model/pairing.js';
import { entryLinesAt, insertionPoint, sectionBlock } from '../rules/index/layout.js';
import type { Project } from '../model/project.js';
import { addMessages as m } from '../messages/add.js';
import { validatorErrors } from './verify.js';
import { wordSpellings } from '../model/spellings.js';
import { pairing } from '../model/pairing.js';
import { buildSuggestIndex, DEFAULT_SUGGEST_PARAMS, normalisedScores } from '../suggest/index.js';

export interface AdditionRequest {
  readonly operator: Operator;
  readonly trigger: string;
  /** As given: a name in the decisions folder, or a root-relative path. */
  readonly file: string;
  readonly extras: readonly string[];
  /** Text of the heading to add under. */
  readonly under?: string;
  /** The section's content (Markdown). */
  readonly body: string;
}

export interface AdditionLimits {
  /** decision/line-limit's `max`, undefined when that rule is off. */
  readonly maxLines: number | undefined;
  /** Fewest non-blank content lines (one more than decision/semantic-heading-content's THIN_CONTENT_LINES). */
  readonly minContentLines: number;
}

export interface AdditionPlan {
  readonly kind: 'planned';
  /** Root-relative decision file. */
  readonly file: string;
  readonly created: boolean;
  /** The trigger as written in the entry (spaces normalised). */
  readonly trigger: string;
  readonly extras: readonly string[];
  readonly heading: string;
  readonly depth: number;
  /** The heading the new one goes under (as written: `.Code Organisation`, the file's title), or undefined at the top of a file without a title. */
  readonly parent: string | undefined;
  /** Why it goes there: named by --under, next to the memories about the same thing, or at the end of the file. */
  readonly placement: 'under' | 'similar' | 'end';
  /** The index line. */
  readonly entry: string;
  /** 1-based lines in the new texts. */
  readonly headingLine: number;
  readonly entryLine: number;
  /** Lines the new section takes in the decision file (heading to its last content line). */
  readonly sectionLines: number;
  /** Path → texts before (undefined: a new file) and after. */
  readonly changes: ReadonlyMap<string, { readonly before: string | undefined; readonly after: string }>;
}

export type AdditionOutcome = AdditionPlan | { readonly kind: 'refused'; readonly problems: readonly string[] };

/** Characters the one grammar reads: `|` starts the extras, a line break ends the entry. */
const GRAMMAR_CHARS: readonly (readonly [RegExp, string])[] = [
  [/\|/, 'a "|" (it starts the extras)'],
  [/[\r\n]/, 'a line break'],
];
const HEADING_MAX_DEPTH = 6;
/** A file without memories puts them at level 2 (`## When …`), under its `# Title`. */
const DEFAULT_DEPTH = 2;

export function planAddition(project: Project, request: AdditionRequest, limits: AdditionLimits): AdditionOutcome {
  const problems: string[] = [];
  const index = project.index;
  if (!index) return { kind: 'refused', problems: [m.noIndex(project.config.index)] };
  const trigger = request.trigger.trim().replace(/\s+/g, ' ');
  const extras = request.extras.map((e) => e.trim()).filter((e) => e !== '');
  problems.push(...triggerProblems(request.trigger, trigger, extras));
  const path = decisionPath(project, request.file);
  if (path === undefined) problems.push(m.notDecisionFile(request.file, project.config.decisions));
  const key = entryKey(request.operator, trigger);
  const label = entryLabel({ operator: request.operator, trigger });
  if (problems.length === 0) problems.push(...conflicts(project, index, trigger, extras, key, label));
  const body = contentLines(request.body);
  const content = body.filter((l) => l.trim() !== '' && !l.trim().startsWith('<!--')).length;
  if (content < limits.minContentLines) problems.push(body.length === 0 ? m.noBody : m.thinContent(content, limits.minContentLines));
  if (problems.length > 0 || path === undefined) return { kind: 'refused', problems };

  const file = project.decisions.find((f) => f.path === path);
  const place = placeHeading(project, file, request, path);
  if ('problem' in place) return { kind: 'refused', problems: [place.problem] };
  const heading = headingForEntry(request.operator, trigger, wordSpellings(project));
  const before = file?.text ?? `# ${titleOf(path)}\n`;
  const eol = lineTable(before).eol;
  const block = [`${'#'.repeat(place.depth)} ${heading}`, '', ...body];
  const decision = insertBlock(before, place.at, block, eol);
  const after = lineTable(decision.text);
  if (limits.maxLines !== undefined && after.starts.length > limits.maxLines) {
    return { kind: 'refused', problems: [m.lineLimit(path, after.starts.length, limits.maxLines)] };
  }
  const entry = formatEntry({ operator: request.operator, trigger, extras });
  const indexAfter = insertEntry(project, index, path, place.at, entry);
  const changes = new Map<string, { before: string | undefined; after: string }>([
    [path, { before: file?.text, after: decision.text }],
    [index.path, { before: index.text, after: indexAfter.text }],
  ]);
  return {
    kind: 'planned',
    file: path,
    created: file === undefined,
    trigger,
    extras,
    heading,
    depth: place.depth,
    parent: place.parent?.text ?? (file ? undefined : titleOf(path)),
    placement: place.placement,
    entry,
    headingLine: decision.line,
    entryLine: indexAfter.line,
    sectionLines: block.length,
    changes,
  };
}

/**
 * The result checked by the validator (`rules`: `memdex check`'s registry): errors it
 * did not report before the addition refuse it, and so does content that holds a
 * heading ending the new section early.
 */
export function verifyAddition(before: Project, after: Project, plan: AdditionPlan, rules: readonly Rule[]): string[] {
  const problems: string[] = [];
  const file = after.decisions.find((f) => f.path === plan.file);
  const added = file?.headings.find((h) => h.line === plan.headingLine);
  if (file && added) {
    const last = plan.headingLine + plan.sectionLines - 1;
    for (const h of file.headings) {
      if (h.line > plan.headingLine && h.line <= last && h.depth <= plan.depth) problems.push(m.bodyHeading(h.line - plan.headingLine - 1, h.depth, h.text));
    }
  }
  const known = new Set(errors(before, rules).map((d) => d.key));
  for (const d of errors(after, rules)) if (!known.has(d.key)) problems.push(d.text);
  return problems;
}

function errors(project: Project, rules: readonly Rule[]): { key: string; text: string }[] {
  // Positions move when lines are inserted: a finding is "the same" by rule, file and message.
  return validatorErrors(project, rules).map(({ diagnostic: d, text }) => ({ key: `${d.ruleId}\0${d.path}\0${d.message}`, text }));
}

function triggerProblems(given: string, trigger: string, extras: readonly string[]): string[] {
  const problems: string[] = [];
  if (hasEmptyTrigger({ trigger })) problems.push(m.emptyTrigger(given));
  else if (trigger.startsWith('.')) problems.push(m.dotTrigger(trigger));
  for (const [pattern, what] of GRAMMAR_CHARS) if (pattern.test(given)) problems.push(m.triggerChar(trigger, what));
  for (const extra of extras) {
    for (const [pattern, what] of [...GRAMMAR_CHARS, [/,/, 'a "," (it separates extras)'] as const]) if (pattern.test(extra)) problems.push(m.extraChar(extra, what));
  }
  return problems;
}

function conflicts(project: Project, index: MemoryIndex, trigger: string, extras: readonly string[], key: string, label: string): string[] {
  const problems: string[] = [];
  const at = (line: number) => `${index.path}:${line}`;
  const same = index.entries.find((e) => e.key === key);
  if (same) problems.push(m.duplicateTrigger(label, at(same.line)));
  // The new heading (headingForEntry) has the entry's key.
  const existing = project.headingsByKey.get(key)?.[0];
  if (existing) problems.push(m.duplicateHeading(existing.text, `${existing.path}:${existing.line}`));
  const triggerKey = foldKey(trigger);
  for (const entry of index.entries) {
    if (entry.kind !== 'entry') continue;
    const other = entryLabel(entry);
    for (const extra of extras) if (foldKey(extra) === foldKey(entry.trigger)) problems.push(m.extraShadows(extra, other, at(entry.line)));
    if (entry.extras.some((e) => foldKey(e) === triggerKey)) problems.push(m.shadowedByExtra(trigger, other, at(entry.line)));
  }
  return problems;
}

/** Root-relative path of `--file`: a bare name lives in the decisions folder; undefined outside it. */
function decisionPath(project: Project, given: string): string | undefined {
  const path = normalizeRelative(given.trim());
  const full = path.includes('/') ? path : `${project.config.decisions}/${path}`;
  if (full.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return isDecisionPath(project.config, full) ? full : undefined;
}

type Place =
  | { readonly at: number; readonly depth: number; readonly parent: DecisionHeading | undefined; readonly placement: AdditionPlan['placement'] }
  | { readonly problem: string };

function placeHeading(project: Project, file: DecisionFile | undefined, request: AdditionRequest, path: string): Place {
  const headings = file?.headings ?? [];
  const under = request.under;
  if (under !== undefined) {
    const wanted = foldKey(under);
    // foldKey drops punctuation, a structural heading's leading dot included: `--under .Mocks` and `--under mocks` both name `.Mocks`.
    const found = headings.filter((h) => foldKey(h.text) === wanted);
    if (found.length === 0) return { problem: m.underNotFound(under, path, headings.map((h) => h.text)) };
    if (found.length > 1) return { problem: m.underAmbiguous(under, found.map((h) => `${path}:${h.line}`)) };
    const parent = found[0]!;
    if (parent.depth >= HEADING_MAX_DEPTH) return { problem: m.tooDeep(under) };
    return { at: parent.sectionEnd, depth: parent.depth + 1, parent, placement: 'under' };
  }
  const end = file?.text.length ?? `# ${titleOf(path)}\n`.length;
  const title = headings.find((h) => h.depth === 1 && h.parent === -1);
  const near = file ? containerOfSimilar(project, file, [request.trigger, ...request.extras, request.body].join('\n')) : undefined;
  if (near && near !== title && near.depth < HEADING_MAX_DEPTH) return { at: near.sectionEnd, depth: near.depth + 1, parent: near, placement: 'similar' };
  return { at: end, depth: DEFAULT_DEPTH, parent: title, placement: near ? 'similar' : 'end' };
}

/**
 * The heading holding the file's memory most about `text` (the topic ranker, at the
 * bar the hooks act on): its nearest ancestor that is not itself a memory (a
 * structural heading, or the title), so the new memory becomes its sibling, never its child.
 */
function containerOfSimilar(project: Project, file: DecisionFile, text: string): DecisionHeading | undefined {
  const entries = project.index?.entries ?? [];
  if (entries.length === 0) return undefined;
  const scores = normalisedScores(buildSuggestIndex(project), text, DEFAULT_SUGGEST_PARAMS);
  const { headingOf } = pairing(project);
  let best: DecisionHeading | undefined;
  let bestScore = DEFAULT_SUGGEST_PARAMS.hookThreshold;
  entries.forEach((entry, i) => {
    const heading = headingOf.get(entry);
    if (heading?.path === file.path && scores[i]! >= bestScore && (best === undefined || scores[i]! > bestScore)) [best, bestScore] = [heading, scores[i]!];
  });
  if (best === undefined) return undefined;
  let p = (best as DecisionHeading).parent;
  while (p >= 0 && file.headings[p]!.semantic) p = file.headings[p]!.parent;
  return p >= 0 ? file.headings[p] : undefined;
}

/** The content's lines: trailing spaces and the blank lines around it dropped. */
function contentLines(body: string): string[] {
  const lines = stripBom(body).split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `block` inserted at `at` as its own paragraph group: a blank line before it, and after it when text follows. */
function insertBlock(text: string, at: number, block: readonly string[], eol: string): { text: string; line: number } {
  let head = text.slice(0, at);
  const tail = text.slice(at);
  if (head !== '' && !head.endsWith('\n')) head += eol;
  if (head !== '' && !/(^|\n)[ \t]*\r?\n$/.test(head)) head += eol;
  const after = tail !== '' && !/^[ \t]*\r?\n/.test(tail) ? eol : '';
  return { text: head + block.join(eol) + eol + after + tail, line: linesBefore(head) + 1 };
}

/** The index with `entry` in `path`'s section, at the place entry-order wants for a heading inserted at `at`. */
function insertEntry(project: Project, index: MemoryIndex, path: string, at: number, entry: string): { text: string; line: number } {
  const eol = index.lines.eol;
  const text = index.text;
  const section = index.sections.find((s) => s.path === path);
  let offset: number;
  let insert: string;
  if (section) {
    offset = entryOffset(project, index, section, at);
    insert = entryLinesAt(index, section, offset, section.entries.length > 0, [entry]);
  } else {
    const next = index.sections.find((s) => s.path !== undefined && s.path > path);
    offset = next ? next.start : text.length;
    const head = text.slice(0, offset);
    const lead = head === '' || head.endsWith('\n') ? '' : eol;
    const gap = head === '' || /\n[ \t]*\r?\n$/.test(lead === '' ? head : head + eol) ? '' : eol;
    insert = lead + gap + sectionBlock(path, [entry], eol, next !== undefined);
  }
  const after = text.slice(0, offset) + insert + text.slice(offset);
  const entryAt = offset + insert.indexOf(entry);
  return { text: after, line: linesBefore(after.slice(0, entryAt)) + 1 };
}

/** Lines of a text that ends where a line starts. */
function linesBefore(head: string): number {
  return head === '' ? 0 : lineTable(head).starts.length;
}

/** Before the section's first own entry whose heading lies after `at`; else after its last entry (or its header). */
function entryOffset(project: Project, index: MemoryIndex, section: IndexSection, at: number): number {
  const later = section.entries.find((e) => {
    const target = targetOf(project, e);
    return target !== undefined && target.path === section.path && target.start >= at;
  });
  return later ? later.lineRange[0] : insertionPoint(index, section);
}

/** `mock-testing.md` → `Mock Testing`. */
function titleOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
