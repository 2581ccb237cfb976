/**
 * One session's recalls mapped to index entries, and its opportunities.
 *
 * A recall reaches the entry memdex's own resolver (src/resolve/) gives for its
 * query on the project as it is now: `found` → the entries naming that heading
 * (a whole file, `..x.md`, or a Read of a decision file, reaches every entry of
 * the file, as the predecessor counted a Read); `not-found`, `ambiguous` (a
 * near-tie) or `invalid` → a miss, a gap in the index, reported with its query.
 * `null` (a recall gate's "nothing to recall") is not a recall. The playbook
 * block reaches no entry.
 *
 * An opportunity is a (session, entry) pair: the topic ranker (src/suggest/),
 * at its own threshold, finds the entry in one of the session's typed prompts.
 * It is followed when the entry is recalled after the turn that prompt opened
 * began: a hook's context for the prompt is written just before the prompt
 * record, so "after the previous prompt" is the earliest a recall can answer it.
 */
import { resolve } from '../resolve/resolve.js';
import type { Project } from '../model/project.js';
import { pairing } from '../model/pairing.js';
import { entryLabel } from '../model/entry-line.js';
import { rank } from '../suggest/rank.js';
import type { SuggestIndexData } from '../suggest/index-data.js';
import type { SuggestParams } from '../suggest/params.js';
import type { UsageLine } from '../suggest/usage.js';
import type { RecallKind, SessionObservations } from './observe.js';

export type MissReason = 'not-found' | 'ambiguous' | 'invalid';

export interface Recall {
  readonly kind: RecallKind;
  readonly timestamp: string | undefined;
  /** Labels of the entries reached (`/when x`); empty for the playbook and for misses. */
  readonly entries: readonly string[];
  readonly miss?: { readonly query: string; readonly reason: MissReason };
}

export interface Opportunity {
  readonly entry: string;
  readonly followed: boolean;
}

export interface SessionResult {
  readonly id: string;
  readonly start: string | undefined;
  readonly recalls: readonly Recall[];
  readonly refused: number;
  readonly opportunities: readonly Opportunity[];
  /** The session's usage-log lines (suggest/usage.ts): each prompt with the entries the agent recalled in its turn. */
  readonly usage: readonly UsageLine[];
}

/**
 * The recalls that say an entry mattered for the task: the agent's own (Skill, Bash,
 * MCP) and the user's typed `/when`. A hook's pointer is only a suggestion: it counts
 * when the agent followed it, i.e. through the recall that followed it. A Read of a
 * decision file reaches every entry of the file, too coarse to say which one mattered.
 */
const USAGE_KINDS: ReadonlySet<RecallKind> = new Set(['skill', 'bash', 'mcp', 'typed']);

/** What a session is measured against: the project, its ranker index, and the ranker's parameters. */
export interface RecallContext {
  readonly project: Project;
  readonly rankerIndex: SuggestIndexData;
  readonly rankerParams: SuggestParams;
  /** Root-relative decision file paths. */
  readonly decisionFiles: readonly string[];
  /** Every entry label, in index order. */
  readonly labels: readonly string[];
  /** `path:line` of a heading → the labels of the entries naming it; path → the labels of the file's entries. */
  readonly byHeading: ReadonlyMap<string, readonly string[]>;
  readonly byFile: ReadonlyMap<string, readonly string[]>;
  /** Query → resolution, shared across sessions (the same query resolves the same way). */
  readonly resolved: Map<string, Pick<Recall, 'entries' | 'miss'>>;
}

export function recallContext(project: Project, rankerIndex: SuggestIndexData, rankerParams: SuggestParams): RecallContext {
  const byHeading = new Map<string, string[]>();
  const byFile = new Map<string, string[]>();
  const headingOf = pairing(project).headingOf;
  const labels: string[] = [];
  for (const entry of project.index?.entries ?? []) {
    const label = entryLabel(entry);
    labels.push(label);
    const heading = headingOf.get(entry);
    const file = heading?.path ?? project.index?.sections[entry.section]?.path;
    if (heading !== undefined) push(byHeading, `${heading.path}:${heading.line}`, label);
    if (file !== undefined) push(byFile, file, label);
  }
  return { project, rankerIndex, rankerParams, decisionFiles: project.decisions.map((f) => f.path), labels, byHeading, byFile, resolved: new Map() };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function resolveQuery(context: RecallContext, query: string): Pick<Recall, 'entries' | 'miss'> | undefined {
  const cached = context.resolved.get(query);
  if (cached !== undefined) return cached;
  const result = resolve(context.project, query);
  if (result.kind === 'null') return undefined;
  let outcome: Pick<Recall, 'entries' | 'miss'>;
  if (result.kind === 'found') {
    const { section } = result;
    const entries = section.heading === undefined ? context.byFile.get(section.file) : context.byHeading.get(`${section.file}:${section.line}`);
    outcome = { entries: entries ?? [] };
  } else {
    outcome = { entries: [], miss: { query, reason: result.kind === 'invalid' ? 'invalid' : result.kind } };
  }
  context.resolved.set(query, outcome);
  return outcome;
}

export function analyzeSession(context: RecallContext, id: string, observed: SessionObservations): SessionResult {
  const recalls: (Recall & { seq: number })[] = [];
  for (const o of observed.recalls) {
    const at = { kind: o.kind, timestamp: o.timestamp, seq: o.seq };
    if ('query' in o.target) {
      const outcome = resolveQuery(context, o.target.query);
      if (outcome !== undefined) recalls.push({ ...at, ...outcome });
    } else if ('file' in o.target) {
      recalls.push({ ...at, entries: context.byFile.get(o.target.file) ?? [] });
    } else {
      recalls.push({ ...at, entries: [] });
    }
  }
  // First opportunity of each entry, with the position its turn began at.
  const firstSince = new Map<string, number>();
  let turnStart = 0;
  for (const prompt of observed.prompts) {
    for (const { label } of rank(context.rankerIndex, prompt.text, context.rankerParams)) if (!firstSince.has(label)) firstSince.set(label, turnStart);
    turnStart = prompt.seq + 1;
  }
  const opportunities = [...firstSince].map(([entry, since]) => ({
    entry,
    followed: recalls.some((r) => r.seq >= since && r.entries.includes(entry)),
  }));
  return { id, start: observed.start, refused: observed.refused, opportunities, recalls: recalls.map(({ seq: _seq, ...r }) => r), usage: usageLines(observed, recalls) };
}

/** Each prompt paired with the entries recalled (USAGE_KINDS) after it and before the next prompt. */
function usageLines(observed: SessionObservations, recalls: readonly (Recall & { seq: number })[]): UsageLine[] {
  const lines: UsageLine[] = [];
  observed.prompts.forEach((prompt, i) => {
    const end = observed.prompts[i + 1]?.seq ?? Infinity;
    const entries = new Set<string>();
    for (const r of recalls) if (USAGE_KINDS.has(r.kind) && r.seq > prompt.seq && r.seq < end) for (const e of r.entries) entries.add(e);
    const at = prompt.timestamp ?? observed.start;
    if (entries.size > 0 && at !== undefined) lines.push({ at, text: prompt.text, entries: [...entries] });
  });
  return lines;
}
