/**
 * The two hook steps the playbook hooks call (src/app/injection.ts, src/app/session-audit.ts),
 * tested directly: they record what was shown and that the session ended,
 * and they fail open (never throw, never overwrite a file they cannot read).
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { relevanceInjection } from '../../src/app/injection.js';
import { relevanceAuditStep, relevanceSessionEnd } from '../../src/app/session-audit.js';
import { nodeHost } from '../../src/node/node-host.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { parseInjectionBlock } from '../../src/relevance/index.js';
import { SESSION_RECORDS, sessionRecords } from '../helpers/session-records.js';

let root: string;
const store = () => join(root, '.claude', 'relevance.json');
const sessions = () => sessionRecords(root);
const sessionFile = (id: string) => join(root, SESSION_RECORDS, `${id}.json`);
const context = (minute = 0) => ({ root, config: DEFAULT_CONFIG, now: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() });
const keyPoints = () => [
  { id: 'kpt_001', text: 'Everywhere' },
  { id: 'kpt_002', text: 'Only under src', paths: [join(root, 'src')] },
  { id: 'kpt_003', text: 'Only under src-other', paths: [join(root, 'src-other')] },
];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'memdex-hooks-'));
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(join(root, 'src-other'));
  writeFileSync(join(root, 'tsconfig.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the injection step', () => {
  test('renders the block for the key points it is given, honouring path prerequisites on boundaries', () => {
    const outcome = relevanceInjection(nodeHost(), { ...context(), keyPoints: keyPoints(), cwd: join(root, 'src', 'deep') });
    expect(outcome.tags).toEqual(['typescript']);
    expect(parseInjectionBlock(outcome.text)).toEqual(['kpt_001', 'kpt_002']);
    expect(relevanceInjection(nodeHost(), { ...context(), keyPoints: keyPoints(), cwd: root }).shown).toEqual(['kpt_001']);
    expect(relevanceInjection(nodeHost(), { ...context(), keyPoints: keyPoints(), cwd: join(root, 'src-other') }).shown).toEqual(['kpt_001', 'kpt_003']);
    expect(existsSync(join(root, SESSION_RECORDS))).toBe(false); // no session id: nothing recorded
  });

  test('with a session id, records the shown ids in the session\'s own record (merged across prompts); a transcript path outside the client\'s folder and the project is not recorded', () => {
    writeFileSync(join(root, 's1.jsonl'), '{}\n');
    relevanceInjection(nodeHost(), { ...context(0), keyPoints: keyPoints(), cwd: root, sessionId: 's1', transcriptPath: join(root, 's1.jsonl') });
    relevanceInjection(nodeHost(), { ...context(1), keyPoints: keyPoints(), cwd: join(root, 'src'), sessionId: 's1' });
    expect(sessions().s1).toMatchObject({ status: 'open', shown: ['kpt_001', 'kpt_002'], tags: ['typescript'], transcriptPath: realpathSync(join(root, 's1.jsonl')) });
    relevanceInjection(nodeHost(), { ...context(2), keyPoints: keyPoints(), cwd: root, sessionId: 's2', transcriptPath: '/etc/passwd' });
    expect(sessions().s2?.transcriptPath).toBeUndefined();
    expect(existsSync(store())).toBe(false); // the shared store holds scores only: a prompt never writes it
  });

  test('a prompt that shows nothing new within the hour does not rewrite the store', () => {
    relevanceInjection(nodeHost(), { ...context(0), keyPoints: keyPoints(), sessionId: 's1' });
    const before = readFileSync(sessionFile('s1'), 'utf8');
    relevanceInjection(nodeHost(), { ...context(59), keyPoints: keyPoints(), sessionId: 's1' });
    expect(readFileSync(sessionFile('s1'), 'utf8')).toBe(before);
    relevanceInjection(nodeHost(), { ...context(60), keyPoints: keyPoints(), sessionId: 's1' });
    expect(sessions().s1!.updatedAt).toBe(context(60).now);
  });
});

describe('the session-end step', () => {
  test('writes the audit record and queues the session', () => {
    relevanceInjection(nodeHost(), { ...context(0), keyPoints: keyPoints(), sessionId: 's1' });
    // Transcripts are kept to the client's projects folder or the project (issue 16 item 13): this one is in the project.
    writeFileSync(join(root, 's1.jsonl'), '{}\n');
    const outcome = relevanceSessionEnd(nodeHost(), { sessionId: 's1', transcriptPath: join(root, 's1.jsonl') }, context(5));
    expect(outcome).toMatchObject({ kind: 'recorded', sessionId: 's1', record: { status: 'pending', shown: ['kpt_001'], transcriptPath: realpathSync(join(root, 's1.jsonl')) } });
    expect(sessions().s1!.endedAt).toBe(context(5).now);
  });

  test('a session that showed nothing is recorded as skipped', () => {
    expect(relevanceSessionEnd(nodeHost(), { sessionId: 's2' }, context())).toMatchObject({ kind: 'recorded', record: { status: 'skipped' } });
  });

  test.each([{}, { sessionId: '  ' }, { transcriptPath: '/t.jsonl' }])('payload %p is skipped without throwing or writing', (payload) => {
    expect(relevanceSessionEnd(nodeHost(), payload, context())).toEqual({ kind: 'skipped', reason: 'no session_id in the hook payload' });
    expect(existsSync(join(root, SESSION_RECORDS))).toBe(false);
  });

  test('a corrupt session record is reported and left untouched (fail open); the shared store is not read at all', () => {
    mkdirSync(join(root, SESSION_RECORDS), { recursive: true });
    writeFileSync(sessionFile('s1'), 'not json');
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(store(), 'not json either');
    const outcome = relevanceSessionEnd(nodeHost(), { sessionId: 's1' }, context());
    expect(outcome).toEqual({ kind: 'skipped', reason: expect.stringMatching(/s1\.json: cannot read this session record \(invalid JSON .*\); it is left as it is/) });
    expect(readFileSync(sessionFile('s1'), 'utf8')).toBe('not json');
    expect(relevanceSessionEnd(nodeHost(), { sessionId: 's2' }, context())).toMatchObject({ kind: 'recorded' });
  });

  test('the hooks write a record nothing of which was evaluated without fsync, one the evaluator touched with it; the empty file a power cut leaves of the first is no record, written again', () => {
    const writes: { file: string; durable: boolean }[] = [];
    const host = nodeHost();
    const spy = { ...host, replaceText: (path: string, text: string, options?: { durable?: boolean }) => (writes.push({ file: path.split('/').pop()!, durable: options?.durable !== false }), host.replaceText(path, text, options)) };
    relevanceInjection(spy, { ...context(0), keyPoints: keyPoints(), sessionId: 's1' });
    relevanceSessionEnd(spy, { sessionId: 's1' }, context(5));
    expect(writes).toEqual([
      { file: 's1.json', durable: false },
      { file: 's1.json', durable: false },
    ]);
    const evaluated = readFileSync(sessionFile('s1'), 'utf8').replace('"evaluated": []', '"evaluated": ["kpt_001"]').replace('"status": "pending"', '"status": "done"');
    writeFileSync(sessionFile('s1'), evaluated);
    relevanceSessionEnd(spy, { sessionId: 's1' }, context(90));
    expect(writes[2]).toEqual({ file: 's1.json', durable: true });
    expect(sessions().s1).toMatchObject({ evaluated: ['kpt_001'], endedAt: context(90).now });
    writeFileSync(sessionFile('s2'), '');
    relevanceInjection(spy, { ...context(0), keyPoints: keyPoints(), sessionId: 's2' });
    expect(sessions().s2).toMatchObject({ status: 'open', shown: ['kpt_001'] });
  });

  test('does nothing inside the evaluator\'s own process (MEMDEX_HOOKS=0)', () => {
    process.env.MEMDEX_HOOKS = '0';
    try {
      expect(relevanceSessionEnd(nodeHost(), { sessionId: 's1' }, context())).toEqual({ kind: 'skipped', reason: 'MEMDEX_HOOKS=0' });
      expect(relevanceInjection(nodeHost(), { ...context(), keyPoints: keyPoints(), sessionId: 's1' }).text).toBe('');
    } finally {
      delete process.env.MEMDEX_HOOKS;
    }
    expect(existsSync(join(root, SESSION_RECORDS))).toBe(false);
  });

  test('as a playbook hook step: records, and logs only real problems', () => {
    const logged: string[] = [];
    const stepContext = (payload: { sessionId?: string }) => ({ host: nodeHost(), event: 'session-end', hookEventName: 'SessionEnd', env: process.env, root, config: DEFAULT_CONFIG, payload, log: (m: string) => logged.push(m) });
    relevanceAuditStep.run(stepContext({}));
    relevanceAuditStep.run(stepContext({ sessionId: 's1' }));
    expect(sessions().s1!.status).toBe('skipped');
    writeFileSync(sessionFile('s2'), 'not json');
    relevanceAuditStep.run(stepContext({ sessionId: 's2' }));
    expect(logged).toEqual([expect.stringMatching(/s2\.json: cannot read this session record/)]);
  });
});
