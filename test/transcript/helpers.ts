import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTranscriptFile } from '../../src/node/transcript-file.js';
import type { TranscriptEvent } from '../../src/transcript/events.js';
import type { ReadOptions, TranscriptSummary } from '../../src/transcript/read.js';
import { FIXTURES } from '../helpers/transcripts.js';

export function readFile(path: string, options: ReadOptions = {}): { events: TranscriptEvent[]; summary: TranscriptSummary } {
  const events: TranscriptEvent[] = [];
  const summary = readTranscriptFile(path, options, (event) => events.push(event));
  return { events, summary };
}

/** Events per kind; tool uses also per tool name (`tool_use:Bash`). */
export function countKinds(events: readonly TranscriptEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const event of events) {
    add(event.kind);
    if (event.kind === 'tool_use') add(`tool_use:${event.name}`);
  }
  return counts;
}

/** The SDK reader's order of each shared transcript (test/fixtures/transcripts/sdk-order.json, see its README). */
export const SDK_ORDER: Record<string, string[]> = JSON.parse(readFileSync(join(FIXTURES, 'sdk-order.json'), 'utf8'));

/** The distinct record uuids of `events`, in order. */
export function uuids(events: readonly TranscriptEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.uuid !== undefined && out.at(-1) !== e.uuid) out.push(e.uuid);
  return out;
}

/**
 * Events per kind in cc-2.1.330-loopback-695073e7.jsonl (one session resumed 8 times), counted
 * independently with jq; the trimmed committed fixture must give exactly the same.
 */
export const RESUMED_SESSION_KINDS = {
  hook_result: 3,
  hook_context: 3,
  command: 4,
  skill_body: 3,
  assistant_text: 6,
  prompt: 4,
  tool_use: 3,
  'tool_use:Skill': 2,
  'tool_use:Bash': 1,
  tool_result: 3,
  command_output: 2,
  compact_boundary: 1,
  compact_summary: 1,
};
