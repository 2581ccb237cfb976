/** A temp project for `memdex hook <event>` through the built CLI, and what the tests read back. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyPoints, playbookJson } from '../helpers/playbook-json.js';
import { CLI, runCli } from '../helpers/run-cli.js';
import { sessionRecord } from '../helpers/session-records.js';

export const PLAYBOOK = JSON.stringify(playbookJson(keyPoints(['kpt_001', 'use type hints', 5, 1], ['kpt_002', 'prefer pathlib', 0, 2])));

/** What the block names for feedback when the hook runs as the built CLI (test/helpers/run-cli.ts). */
export const FEEDBACK_LINE = `A key point that does not apply here can be reported with: '${CLI}' feedback <id> --not-applicable --reason "..."`;

export function project(playbook: string | null = PLAYBOOK, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-hooks-'));
  mkdirSync(join(root, '.claude'));
  if (playbook !== null) writeFileSync(join(root, '.claude', 'playbook.json'), playbook);
  writeFileSync(join(root, 'transcript.jsonl'), `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'a session' } })}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** Runs the hook; the payload gets `cwd` and the matching `hook_event_name` unless it names its own. */
export function hook(root: string, event: string, payload: object | string, env: Record<string, string> = {}, timeout = 60_000) {
  const eventName = { 'user-prompt-submit': 'UserPromptSubmit', 'session-start': 'SessionStart', 'session-end': 'SessionEnd', 'pre-compact': 'PreCompact' }[event];
  const input = typeof payload === 'string' ? payload : JSON.stringify({ hook_event_name: eventName, cwd: root, ...payload });
  const result = runCli(['hook', event], { input, timeout, env: { CLAUDE_PROJECT_DIR: root, MEMDEX_EXTRACTOR: '', MEMDEX_HOOKS: '', ...env } });
  return { ...result, json: result.stdout.trim() === '' ? undefined : JSON.parse(result.stdout) };
}

export const log = (root: string) => (existsSync(join(root, '.claude', 'memdex-hooks.log')) ? readFileSync(join(root, '.claude', 'memdex-hooks.log'), 'utf8') : '');
export const readPlaybook = (root: string) => JSON.parse(readFileSync(join(root, '.claude', 'playbook.json'), 'utf8'));
export const hasMarker = (root: string, sessionId: string) => existsSync(join(root, '.claude', 'memdex', 'sessions', sessionId));
export function relevanceSession(root: string, sessionId: string) {
  return sessionRecord(root, sessionId);
}

/** Background work (the extraction worker) is awaited by polling what it writes; fails after `ms`. */
export async function waitFor<T>(read: () => T | undefined | false, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
