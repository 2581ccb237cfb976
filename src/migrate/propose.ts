/**
 * `memdex migrate plan`: one row per index entry that still needs the migration (an
 * old `Key — description` entry), proposing an operator, a trigger and the heading
 * they name. `/when` and `/how` entries are already migrated: they get a row only
 * with `all`, and that row keeps them as they are, for the user to edit (a trigger
 * rename). A tree with nothing to migrate gets no rows at all.
 *
 * A proposal never drops a word of the heading's meaning. The heading keeps its text
 * and only gains the operator's prefix (`### Entry Point Configuration` →
 * `### When Entry Point Configuration`); the trigger is that text lower-cased
 * (`/when entry point configuration`). Keys fold punctuation and case away
 * (model/keys.ts), so `Path.cwd() vs os.getcwd()` keeps its dots and parentheses in
 * the heading while the entry still pairs with it. A heading already written as
 * `When …`/`How to …` keeps its operator and words. Otherwise the operator is `how`
 * when the heading's last word names a way of doing something (PROCEDURE_NOUNS:
 * `Path Encoding Algorithm`, `Error Output Pattern`), else `when`, the more common
 * (91 of the 152 entries of the real 2026 migration). It is a proposal: the review
 * step decides.
 *
 * Nor does it drop a word of the old entry's description (`Error output pattern —
 * print errors to stderr before exit one, Unix convention`): its comma-separated
 * parts become the entry's extras, as their words (keys.ts: lower-case, punctuation
 * aside, as every lookup compares them), without the words the trigger already has (`/how error output pattern | print errors to stderr before exit one, unix
 * convention`), so what the description said still finds the memory. A prefixed
 * `How to` heading reads badly (`How to Error Output Pattern`: a noun phrase where a
 * verb belongs); the row's note says so, and what to do, as it says what was kept.
 */
import type { DecisionHeading } from '../model/decision-file.js';
import { formatEntry } from '../model/entry-line.js';
import { headingOperator, keyWords, OPERATOR_HEADING_PREFIX, type Operator } from '../model/keys.js';
import { migrateMessages as m } from '../messages/migrate.js';
import { pairing } from '../model/pairing.js';
import type { Project } from '../model/project.js';
import type { PlannedRow } from './mapping.js';

export interface Proposal {
  readonly operator: Operator;
  readonly trigger: string;
  /** The heading text the entry will name (its key is the entry's key). */
  readonly heading: string;
}

/**
 * Last words that name a way of doing something: the nouns the 2026 migration turned
 * into `How to …` headings more often than into `When …` ones.
 */
export const PROCEDURE_NOUNS: ReadonlySet<string> = new Set([
  'algorithm', 'cleanup', 'configuration', 'detection', 'extraction', 'filtering', 'format', 'formatting', 'injection',
  'integration', 'layering', 'order', 'parsing', 'pattern', 'resolution', 'strategy', 'workflow',
]);

/** The lossless proposal for a heading (see the top of this module). */
export function proposeFor(heading: DecisionHeading): Proposal {
  const parsed = headingOperator(heading.text);
  if (parsed) return { operator: parsed.operator, trigger: triggerText(parsed.trigger), heading: heading.text };
  const operator: Operator = PROCEDURE_NOUNS.has(keyWords(heading.text).at(-1) ?? '') ? 'how' : 'when';
  return { operator, trigger: triggerText(heading.text), heading: `${OPERATOR_HEADING_PREFIX[operator]} ${heading.text}` };
}

/** A heading text as a trigger: lower-case, one space, no `|` (which would start the extras). */
function triggerText(text: string): string {
  return text.replace(/\|/g, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface ProposeResult {
  readonly rows: PlannedRow[];
  /** Entries with no heading of their key in their section's file: nothing to propose. */
  readonly orphans: number;
  /** `/when`/`/how` entries already migrated (listed only with `all`). */
  readonly migrated: number;
}

export function proposeRows(project: Project, all = false): ProposeResult {
  const rows: PlannedRow[] = [];
  let orphans = 0;
  let migrated = 0;
  const index = project.index;
  if (!index) return { rows, orphans, migrated };
  const { headingOf } = pairing(project);
  for (const entry of index.entries) {
    const section = index.sections[entry.section]!;
    const heading = headingOf.get(entry);
    if (!heading || section.path === undefined || heading.path !== section.path) {
      orphans++;
      continue;
    }
    const legacy = entry.kind === 'legacy';
    if (!legacy) migrated++;
    if (!legacy && !all) continue;
    const proposal: Proposal = legacy ? proposeFor(heading) : { operator: entry.operator!, trigger: entry.trigger, heading: heading.text };
    const extras = legacy ? descriptionExtras(entry.text, proposal.trigger) : entry.extras;
    const notes = [
      ...(legacy && extras.length > 0 ? [m.notes.descriptionKept] : []),
      ...(legacy && proposal.operator === 'how' && !headingOperator(heading.text) ? [m.notes.readsBadly(proposal.heading)] : []),
    ];
    rows.push({
      section: section.title,
      oldIndexLine: entry.line,
      oldIndexEntry: entry.text.trim(),
      file: heading.path,
      headingLine: heading.line,
      oldHeading: `${'#'.repeat(heading.depth)} ${heading.text}`,
      operator: proposal.operator,
      trigger: proposal.trigger,
      keepOldTrigger: false,
      newHeading: proposal.heading,
      newIndexEntry: formatEntry({ operator: proposal.operator, trigger: proposal.trigger, extras }),
      note: notes.join('; '),
    });
  }
  return { rows, orphans, migrated };
}

/** The old description after ` — `, as extras: its comma-separated parts, lower-cased, without the trigger's words (see the top). */
export function descriptionExtras(oldEntry: string, trigger: string): string[] {
  const at = oldEntry.indexOf(' \u2014 ');
  if (at === -1) return [];
  const triggerWords = new Set(keyWords(trigger));
  const extras: string[] = [];
  for (const part of oldEntry.slice(at + 3).split(',')) {
    const extra = keyWords(part).filter((w) => !triggerWords.has(w)).join(' ');
    if (extra !== '' && !extras.includes(extra)) extras.push(extra);
  }
  return extras;
}
