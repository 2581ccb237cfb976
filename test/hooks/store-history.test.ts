/**
 * The prompt hook against the relevance store's history (issue 26 item 11, issue 27 item 15),
 * through the built CLI: an earlier version's `.claude/relevance.json` (every session kept in
 * it under "sessions") is still read, and its sessions are moved to their own files in the
 * background; a store over the injection's cap is not parsed at all (the hook's cost must not
 * grow with it), which the hook log says.
 */
import { mkdirSync, readdirSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { SESSION_RECORDS, sessionRecord } from '../helpers/session-records.js';
import { runCli } from '../helpers/run-cli.js';
import { hook, log, project, waitFor } from './helpers.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const AT = new Date().toISOString(); // recent: compaction keeps a finished session 14 days
const row = (score: number) => ({ score, positive: 1, negative: 0, events: 1, lastEvaluated: AT });
/** kpt_002 (worse track record: helpful=0 harmful=2) is rated highly for typescript, so its scores put it first. */
const ITEMS = {
  kpt_001: { pin: { pinned: false, mode: 'auto' }, events: 1, tags: { typescript: row(-0.3) }, reasons: [] },
  kpt_002: { pin: { pinned: false, mode: 'auto' }, events: 1, tags: { typescript: row(3) }, reasons: [] },
};
const OLD_SESSION = { status: 'done', shown: ['kpt_001'], evaluated: ['kpt_001'], tags: ['typescript'], repo: 'shop', firstSeenAt: AT, updatedAt: AT, endedAt: AT, attempts: 1 };

/** An earlier version's store: the scores and, under "sessions", every session's record; `padding` spaces of JSON whitespace. */
function legacyStore(padding = 0): string {
  return `{\n  "version": 1,${' '.repeat(padding)}\n  "items": ${JSON.stringify(ITEMS)},\n  "sessions": {\n    "old-1": ${JSON.stringify(OLD_SESSION)}\n  }\n}\n`;
}

function setUp(store: string): string {
  const root = project(undefined, { 'tsconfig.json': '{}\n' });
  roots.push(root);
  writeFileSync(join(root, '.claude', 'relevance.json'), store);
  return root;
}

const order = (context: string) => [...context.matchAll(/\[MX#(kpt_\d+)\]/g)].map((m) => m[1]);
const storeJson = (root: string) => JSON.parse(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8'));

describe('the prompt hook and the relevance store', () => {
  test("an earlier version's store is read (its scores rank the key points), and its sessions move to their own files in the background, the scores kept", async () => {
    const root = setUp(legacyStore());
    const result = hook(root, 'user-prompt-submit', { session_id: 's1', prompt: 'hi', transcript_path: join(root, 'transcript.jsonl') });
    expect(order(result.json.hookSpecificOutput.additionalContext)).toEqual(['kpt_002', 'kpt_001']);
    const moved = await waitFor(() => sessionRecord(root, 'old-1'), "the old session's record in its own file");
    expect(moved).toMatchObject({ status: 'done', shown: ['kpt_001'], evaluated: ['kpt_001'] });
    await waitFor(() => Object.keys(storeJson(root).sessions).length === 0, 'the store without sessions');
    expect(storeJson(root).items).toEqual(ITEMS);
    expect(sessionRecord(root, 's1')).toMatchObject({ shown: ['kpt_001', 'kpt_002'] }); // a set, sorted
    expect(log(root)).toBe('');
    // The next session's first prompt reads a store of scores only, and ranks the same.
    const next = hook(root, 'user-prompt-submit', { session_id: 's2', prompt: 'hi' });
    expect(order(next.json.hookSpecificOutput.additionalContext)).toEqual(['kpt_002', 'kpt_001']);
  });

  test('a store over the 2 MiB the injection reads is not parsed: the key points are injected by track record, the log says why, and the store is compacted in the background', async () => {
    const root = setUp(legacyStore(2 * 1024 * 1024));
    const result = hook(root, 'user-prompt-submit', { session_id: 's1', prompt: 'hi' });
    expect(order(result.json.hookSpecificOutput.additionalContext)).toEqual(['kpt_001', 'kpt_002']);
    expect(log(root)).toContain(
      `relevance: ${join(root, '.claude', 'relevance.json')}: 2.0 MiB, over the 2 MiB the injection reads; key points are ranked without their scores. Sessions of an earlier version are moved to their own files in the background; if it stays this large, run \`memdex relevance compact\``,
    );
    await waitFor(() => sessionRecord(root, 'old-1'), "the old session's record in its own file");
    await waitFor(() => Object.keys(storeJson(root).sessions).length === 0, 'the store without sessions');
    expect(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8').length).toBeLessThan(2_000);
    const next = hook(root, 'user-prompt-submit', { session_id: 's2', prompt: 'hi' });
    expect(order(next.json.hookSpecificOutput.additionalContext)).toEqual(['kpt_002', 'kpt_001']);
  });

  test("a hook lists no other session's files: the temps a killed writer left in the records folder stay through a first prompt and a session-end, and `memdex relevance compact` removes them", () => {
    const root = setUp(legacyStore().replace(/"sessions": \{[^]*\}\n\}\n$/, '"sessions": {}\n}\n'));
    const dir = join(root, SESSION_RECORDS);
    mkdirSync(dir, { recursive: true });
    const dead = 4_194_305; // above Linux's largest pid: no such process
    const left = [`.s1.json.${dead}.k1.tmp`, `.other.json.${dead}.k2.tmp`, `s1.json.lock.${dead}.k3.new`];
    for (const name of left) writeFileSync(join(dir, name), 'partial');
    const temps = () => readdirSync(dir).filter((name) => /\.(tmp|new)$/.test(name)).sort();
    expect(hook(root, 'user-prompt-submit', { session_id: 's1', prompt: 'hi' }).json.hookSpecificOutput).toBeDefined();
    expect(hook(root, 'session-end', { session_id: 's1', reason: 'other' }, { MEMDEX_LEARN: '0' }).json).toEqual({});
    expect(sessionRecord(root, 's1')).toMatchObject({ shown: ['kpt_001', 'kpt_002'] });
    expect(temps()).toEqual([...left].sort());
    const compacted = runCli(['relevance', 'compact', '--root', root]);
    expect(compacted.status).toBe(0);
    expect(temps()).toEqual([]);
    expect(sessionRecord(root, 's1')).toMatchObject({ shown: ['kpt_001', 'kpt_002'] });
  });
});
