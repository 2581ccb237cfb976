/**
 * `memdex playbook show|update|migrate|stats`. `show` prints exactly what the
 * injection hook would add (injection.ts, one renderer), without recording anything.
 */
import { InputError } from '../core/errors.js';
import { messages } from '../messages/playbook.js';
import { toRelevanceItem } from '../relevance/key-points.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { parseExtraction } from '../playbook/parse-extraction.js';
import { playbookStats, type PlaybookStats } from '../playbook/stats.js';
import type { Host } from './host.js';
import { renderInjection } from './injection.js';
import { projectContext } from './project-context.js';
import { migratePlaybook, playbookFile, readPlaybook, updatePlaybook } from './playbook-file.js';

export function showPlaybook(host: Host, explicitRoot: string | undefined): { readonly text: string; readonly warnings: readonly string[] } {
  const { root, config } = projectContext(host, explicitRoot);
  const { playbook } = readPlaybook(host, playbookFile(host, root, config)); // a malformed playbook is an InputError here
  const outcome = renderInjection(host, { root, config, now: host.now(), keyPoints: playbook.keyPoints.map(toRelevanceItem) });
  return { text: outcome.context, warnings: outcome.warnings };
}

export function updatePlaybookFrom(host: Host, explicitRoot: string | undefined, extraction: string) {
  const { root, config } = projectContext(host, explicitRoot);
  const file = playbookFile(host, root, config);
  const text = extraction === '-' ? host.stdin() : host.readText(host.resolvePath(host.cwd, extraction), messages.extractionFile(extraction));
  const parsed = parseExtraction(text);
  if (!parsed.ok) throw new InputError(describeProblems(extraction === '-' ? '<stdin>' : extraction, text, parsed.problems));
  return updatePlaybook(host, file, parsed.result, host.now());
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
