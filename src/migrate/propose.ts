/**
 * `memdex migrate plan`: one row per index entry to change, with a proposed
 * operator and trigger. Legacy `Key — description` entries always get a row;
 * `/when`/`/how` entries get one when the proposal differs from their trigger
 * (a trigger rename, the old trigger kept as an extra), or always with `all`.
 */
import type { DecisionHeading } from '../model/decision-file.js';
import { entryKey, headingForEntry, headingOperator, type Operator } from '../model/keys.js';
import type { Project } from '../model/project.js';
import type { PlannedRow } from './mapping.js';
import { formatEntry } from '../model/entry-line.js';

export interface Proposal {
  readonly operator: Operator;
  readonly trigger: string;
}

/** Injected so the planner stays independent of the resolver; the CLI passes compress-key. */
export type ProposeTrigger = (project: Project, heading: DecisionHeading) => Proposal;

/**
 * When compress-key finds no unique shorter trigger: the heading's own words after
 * When/How to, lower-cased; other headings become `when <their words>` for the user to edit.
 */
export const fallbackProposal: ProposeTrigger = (_project, heading) => {
  const parsed = headingOperator(heading.text);
  if (parsed) return { operator: parsed.operator, trigger: parsed.trigger.toLowerCase() };
  const words = heading.text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return { operator: 'when', trigger: words };
};

export interface ProposeResult {
  readonly rows: PlannedRow[];
  /** Entries with no heading of their key in their section's file: nothing to propose. */
  readonly orphans: number;
}

export function proposeRows(project: Project, propose: ProposeTrigger, all = false): ProposeResult {
  const rows: PlannedRow[] = [];
  let orphans = 0;
  const index = project.index;
  if (!index) return { rows, orphans };
  for (const entry of index.entries) {
    const section = index.sections[entry.section]!;
    const heading = (project.headingsByKey.get(entry.key) ?? []).find((h) => h.semantic && h.path === section.path);
    if (!heading || section.path === undefined) {
      orphans++;
      continue;
    }
    const proposal = propose(project, heading);
    const trigger = proposal.trigger.trim().replace(/\s+/g, ' ');
    const key = entryKey(proposal.operator, trigger);
    const legacy = entry.kind === 'legacy';
    if (!legacy && key === entry.key && !all) continue;
    const keepOldTrigger = !legacy && key !== entry.key;
    const extras = legacy ? [] : [...(keepOldTrigger ? [entry.trigger] : []), ...entry.extras];
    rows.push({
      section: section.title,
      oldIndexLine: entry.line,
      oldIndexEntry: entry.text.trim(),
      file: heading.path,
      headingLine: heading.line,
      oldHeading: `${'#'.repeat(heading.depth)} ${heading.text}`,
      operator: proposal.operator,
      trigger,
      keepOldTrigger,
      newHeading: key === heading.key ? heading.text : headingForEntry(proposal.operator, trigger),
      newIndexEntry: formatEntry({ operator: proposal.operator, trigger, extras }),
      note: '',
    });
  }
  return { rows, orphans };
}
