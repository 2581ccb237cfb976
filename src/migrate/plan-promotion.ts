/**
 * `memdex promote`, planned: a memory moved into an always-loaded fragment (the
 * `/when` design's fragment promotion, rule decision/fragment-candidate). Pure: the
 * project, the entry and the fragment's text in; the three new texts, or the reasons
 * it is refused, out. The use case (app/promote.ts) writes all of them or none.
 *
 *   - the decision file loses the section: its heading line to the section's end
 *     (a section with sub-headings holds other memories and is refused);
 *   - the index loses the entry's line;
 *   - the fragment gains the knowledge as a paragraph led by the heading in bold
 *     (`**When Naming Test Files.** Use *.test.ts.`): the heading is the condition the
 *     content answers, and the fragment is read as prose, not looked up.
 * verifyPromotion then runs the validator on the result: nothing is written that
 * `memdex check` would reject and did not before.
 */
import type { Rule } from '../core/rule.js';
import { entryLabel, parseEntryLine } from '../model/entry-line.js';
import type { DecisionHeading } from '../model/decision-file.js';
import { entryKey, type Operator } from '../model/keys.js';
import { lineTable } from '../model/lines.js';
import type { IndexEntry } from '../model/memory-index.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import { promoteMessages as m } from '../messages/promote.js';
import { validatorErrors } from './verify.js';

export interface PromotionPlan {
  readonly kind: 'planned';
  readonly label: string;
  readonly heading: DecisionHeading;
  readonly fragment: string;
  /** Path → texts before (undefined: a new fragment file) and after. */
  readonly changes: ReadonlyMap<string, { readonly before: string | undefined; readonly after: string }>;
}

export type PromotionOutcome = PromotionPlan | { readonly kind: 'refused'; readonly problems: readonly string[] };

/** The entry a promote names: `/when x` (an index line, extras allowed) or a bare trigger of one operator. */
export function findEntry(project: Project, given: string): IndexEntry | string {
  const index = project.index!;
  const line = parseEntryLine(given.trim());
  const operators: readonly Operator[] = line?.operator ? [line.operator] : ['when', 'how'];
  const trigger = line?.operator ? line.trigger : given.trim().replace(/^\/?(?:when|how(?:\s+to)?)\s+/i, '');
  const keys = new Set(operators.map((op) => entryKey(op, trigger)));
  const found = index.entries.filter((e) => e.kind === 'entry' && keys.has(e.key));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) return m.ambiguousEntry(given, found.map((e) => entryLabel(e)));
  return m.noEntry(given, index.path);
}

export function planPromotion(project: Project, given: string, fragment: string, fragmentText: string | undefined): PromotionOutcome {
  const index = project.index;
  if (!index) return { kind: 'refused', problems: [m.noIndex(project.config.index)] };
  const entry = findEntry(project, given);
  if (typeof entry === 'string') return { kind: 'refused', problems: [entry] };
  const label = entryLabel(entry);
  const heading = pairing(project).headingOf.get(entry);
  const file = heading && project.decisions.find((f) => f.path === heading.path);
  if (!heading || !file) return { kind: 'refused', problems: [m.noHeading(label)] };
  if (heading.directEnd < heading.sectionEnd) return { kind: 'refused', problems: [m.hasChildren(heading.text, `${heading.path}:${heading.line}`)] };
  const content = file.text.slice(heading.bodyStart, heading.sectionEnd).replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  let decision = file.text.slice(0, heading.start) + file.text.slice(heading.sectionEnd);
  if (heading.sectionEnd === file.text.length) decision = decision.replace(/(?:[ \t]*\r?\n)+$/, file.lines.eol); // no blank lines left at the end
  const indexAfter = index.text.slice(0, entry.lineRange[0]) + index.text.slice(entry.lineRange[1]);
  const eol = fragmentText !== undefined && fragmentText !== '' ? lineTable(fragmentText).eol : file.lines.eol;
  const paragraph = `**${heading.text.replace(/[.:]$/, '')}.** ${content.split(/\r?\n/).join(eol)}${eol}`;
  const base = fragmentText ?? '';
  const fragmentAfter = base === '' ? paragraph : `${base.endsWith('\n') ? base : base + eol}${/\n[ \t]*\r?\n$/.test(base.endsWith('\n') ? base : base + eol) ? '' : eol}${paragraph}`;
  const changes = new Map<string, { before: string | undefined; after: string }>([
    [file.path, { before: file.text, after: decision }],
    [index.path, { before: index.text, after: indexAfter }],
    [fragment, { before: fragmentText, after: fragmentAfter }],
  ]);
  return { kind: 'planned', label, heading, fragment, changes };
}

/** Validator errors the promotion would introduce (`rules`: memdex check's memory-tree rules). */
export function verifyPromotion(before: Project, after: Project, rules: readonly Rule[]): string[] {
  const key = (d: { ruleId: string; path: string; message: string }) => `${d.ruleId}\0${d.path}\0${d.message}`;
  const known = new Set(validatorErrors(before, rules).map(({ diagnostic }) => key(diagnostic)));
  return validatorErrors(after, rules).filter(({ diagnostic }) => !known.has(key(diagnostic))).map(({ text }) => text);
}
