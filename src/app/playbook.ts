/**
 * `memdex playbook show|update|migrate|stats`. `show` prints exactly what the
 * injection hook would add (injection.ts, one renderer), without recording anything.
 */
import { InputError, MemdexError } from '../core/errors.js';
import { messages } from '../messages/playbook.js';
import { activeKeyPoints, pendingKeyPoints, type ReviewDecision } from '../playbook/review.js';
import type { KeyPoint } from '../playbook/types.js';
import { toRelevanceItem } from '../relevance/key-points.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { parseExtraction } from '../playbook/parse-extraction.js';
import { playbookStats, type PlaybookStats } from '../playbook/stats.js';
import type { Host } from './host.js';
import { renderInjection } from './injection.js';
import { projectContext } from './project-context.js';
import { migratePlaybook, playbookFile, readPlaybook, reviewPlaybook, updatePlaybook } from './playbook-file.js';

export function showPlaybook(host: Host, explicitRoot: string | undefined): { readonly text: string; readonly warnings: readonly string[] } {
  const { root, config } = projectContext(host, explicitRoot);
  const { playbook } = readPlaybook(host, playbookFile(host, root, config)); // a malformed playbook is an InputError here
  const outcome = renderInjection(host, { root, config, now: host.now(), keyPoints: activeKeyPoints(playbook).map(toRelevanceItem) });
  return { text: outcome.context, warnings: outcome.warnings };
}

export function updatePlaybookFrom(host: Host, explicitRoot: string | undefined, extraction: string) {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  const text = extraction === '-' ? host.stdin() : host.readText(host.resolvePath(host.cwd, extraction), messages.extractionFile(extraction));
  const parsed = parseExtraction(text);
  if (!parsed.ok) throw new InputError(describeProblems(extraction === '-' ? '<stdin>' : extraction, text, parsed.problems));
  const now = host.now();
  // A person applying a result by hand is its author: it goes in as it is, marked as theirs.
  return updatePlaybook(host, file, parsed.result, now, undefined, { source: { by: 'user', at: now }, hold: () => undefined });
}

export interface PendingList {
  readonly display: string;
  readonly pending: readonly KeyPoint[];
}

export function listPending(host: Host, explicitRoot: string | undefined): PendingList {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  return { display: file.display, pending: pendingKeyPoints(readPlaybook(host, file).playbook) };
}

/** `memdex playbook approve|reject <id>`: exit 1 naming the problem when the id is unknown or not pending. */
export function reviewHeld(host: Host, explicitRoot: string | undefined, name: string, decision: ReviewDecision): { readonly display: string; readonly keyPoint: KeyPoint } {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  const outcome = reviewPlaybook(host, file, name, decision, host.now());
  if (!outcome.ok) throw new MemdexError(outcome.problem === 'unknown' ? messages.reviewUnknown(name, file.display) : messages.reviewNotPending(name), 1);
  return { display: file.display, keyPoint: outcome.keyPoint };
}

export function migratePlaybookFile(host: Host, explicitRoot: string | undefined) {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  return { file, outcome: migratePlaybook(host, file, host.now()) };
}

export function statsOfPlaybook(host: Host, explicitRoot: string | undefined): { readonly display: string; readonly stats: PlaybookStats & { readonly legacyEntries: number } } {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  const { playbook, migrations } = readPlaybook(host, file);
  return { display: file.display, stats: { ...playbookStats(playbook), legacyEntries: migrations.length } };
}
