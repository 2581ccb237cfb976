/**
 * The usage log, `.claude/memdex/usage.jsonl`: which entries were recalled for which
 * task, one JSON object a line:
 *
 *   {"at": "2026-03-02T10:14:00.000Z", "text": "<a prompt or plan>", "entries": ["/when …", "/how …"]}
 *
 * memdex appends a line per user prompt after which the agent recalled entries (the
 * learning run and `memdex recall` read them from this project's transcripts); a user
 * or a planning tool may append lines of its own (a plan and the entries its recall
 * artifact lists). The ranker reads it as evidence (usage-prior.ts). This module is the
 * one definition of a line: what is valid, and how a line is written.
 */
import { foldKey } from '../model/keys.js';

/** Root-relative path of the usage log. */
export const USAGE_LOG = '.claude/memdex/usage.jsonl';

export interface UsageLine {
  /** ISO 8601 time of the text. */
  readonly at: string;
  readonly text: string;
  /** Entry labels (`/when x`, `/how y`) recalled for the text. */
  readonly entries: readonly string[];
}

/** A line of the log, or undefined when it is not one (a torn last line, a hand edit): such lines are skipped. */
export function parseUsageLine(line: string): UsageLine | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { at, text, entries } = value as Record<string, unknown>;
  if (typeof at !== 'string' || typeof text !== 'string' || !Array.isArray(entries)) return undefined;
  const labels = entries.filter((e): e is string => typeof e === 'string');
  return labels.length === 0 || text.trim() === '' ? undefined : { at, text, entries: labels };
}

/** Every valid line of a log's text, in order. */
export function parseUsageLog(text: string): UsageLine[] {
  const lines: UsageLine[] = [];
  for (const line of text.split('\n')) {
    const parsed = parseUsageLine(line);
    if (parsed) lines.push(parsed);
  }
  return lines;
}

/** A line as written to the log (no trailing newline). */
export function formatUsageLine(line: UsageLine): string {
  return JSON.stringify({ at: line.at, text: line.text, entries: line.entries });
}

/** What makes a line the same event when it is appended again: its time and its text. */
export function usageLineKey(line: Pick<UsageLine, 'at' | 'text'>): string {
  return `${line.at}\n${foldKey(line.text)}`;
}
