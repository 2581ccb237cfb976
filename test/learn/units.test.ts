/** The pure pieces of the default learner: reading claude's reply, templates, guards, the outcome record. */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { claudeArgs, claudeEnv, readClaudeReply } from '../../src/app/claude-call.js';
import { LEARNER_FLAGS } from '../../src/playbook/learner-flags.js';
import { readLearningOutcomes, recordLearningOutcome, KEEP_OUTCOMES, type LearningOutcome } from '../../src/app/learning-outcomes.js';
import { fillTemplate, missingPlaceholders } from '../../src/core/fill-template.js';
import { nodeHost } from '../../src/node/node-host.js';
import { applyExtraction, normalizeText } from '../../src/playbook/apply-extraction.js';
import { EXTRACTION_REPLY_SCHEMA, extractorPrompt, guardExtraction } from '../../src/playbook/extraction-prompt.js';
import { emptyPlaybook } from '../../src/playbook/load-playbook.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const ok = (value: unknown) => JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: '', structured_output: value });
const REPLY = { evaluations: [], new_key_points: ['x'] };

describe('readClaudeReply', () => {
  test.each([
    ['the structured reply', { status: 0, stdout: ok(REPLY), stderr: '' }, { ok: true, value: REPLY }],
    ['a pretty-printed result', { status: 0, stdout: JSON.stringify(JSON.parse(ok(REPLY)), null, 2), stderr: '' }, { ok: true, value: REPLY }],
    ['claude missing', { status: null, stdout: '', stderr: '', error: 'spawn claude ENOENT', reason: 'not-found' as const }, { ok: false, kind: 'not-found' }],
    ['a timeout', { status: null, stdout: '', stderr: '', error: 'timed out', reason: 'timeout' as const }, { ok: false, kind: 'timeout' }],
    ['a non-zero exit', { status: 2, stdout: '', stderr: 'bad flag' }, { ok: false, kind: 'exit' }],
    ['a 429 on stderr', { status: 1, stdout: '', stderr: 'API Error: 429 rate_limit_error' }, { ok: false, kind: 'rate-limit' }],
    ['an error result, exit 0', { status: 0, stdout: JSON.stringify({ type: 'result', is_error: true, result: 'Invalid API key' }), stderr: '' }, { ok: false, kind: 'error' }],
    ['not JSON', { status: 0, stdout: 'Sure! Here is', stderr: '' }, { ok: false, kind: 'not-json' }],
    ['JSON that is not a result', { status: 0, stdout: '{"evaluations": []}', stderr: '' }, { ok: false, kind: 'not-json' }],
    ['no structured_output', { status: 0, stdout: JSON.stringify({ type: 'result', is_error: false, result: 'plain text' }), stderr: '' }, { ok: false, kind: 'schema' }],
    ['off the schema', { status: 0, stdout: ok({ evaluations: 'none', new_key_points: [] }), stderr: '' }, { ok: false, kind: 'schema' }],
  ])('%s', (_label, result, expected) => {
    expect(readClaudeReply(result, EXTRACTION_REPLY_SCHEMA, 300_000)).toMatchObject(expected);
  });

  test('argv and env', () => {
    expect(claudeArgs('opus', { type: 'object' })).toEqual(['-p', '--model', 'opus', '--output-format', 'json', '--json-schema', '{"type":"object"}', ...LEARNER_FLAGS]);
    expect(claudeEnv({ CLAUDECODE: '1', PATH: '/bin', MEMDEX_HOOKS: '1' })).toEqual({ PATH: '/bin', MEMDEX_HOOKS: '0' });
  });
});

describe('templates', () => {
  test('one pass, literal: a value holding a placeholder is not filled again; unknown braces stay', () => {
    expect(fillTemplate('{a} and {b} and {"json": 1} and {c}', { a: '{b}', b: 'B' })).toBe('{b} and B and {"json": 1} and {c}');
    expect(missingPlaceholders('{key_points} only', ['key_points', 'transcript'])).toEqual(['transcript']);
  });

  test('the extractor prompt of an empty playbook still reads as a sentence', () => {
    expect(extractorPrompt('{key_points}|{transcript}|{max_new}', [], 'user: hi', 2)).toBe('(none yet)|user: hi|2');
  });
});

describe('quality guards', () => {
  test('near-equal texts normalise to one form; a different word does not', () => {
    expect(normalizeText('  Run `npm test` before committing. ')).toBe(normalizeText('run npm test before   committing'));
    expect(normalizeText('Ｕｓｅ pathlib')).toBe(normalizeText('use pathlib'));
    expect(normalizeText('run npm test before pushing')).not.toBe(normalizeText('run npm test before committing'));
  });

  test('applyExtraction drops near-duplicates of existing and of earlier new key points', () => {
    const playbook = applyExtraction(emptyPlaybook(), { newKeyPoints: ['Use type hints'], evaluations: [] }).playbook;
    const outcome = applyExtraction(playbook, { newKeyPoints: ['use TYPE hints!', 'Keep it small', 'keep it small.', '...'], evaluations: [] });
    expect(outcome.added.map((kp) => kp.text)).toEqual(['Keep it small']);
  });

  test('guardExtraction: the first rating of a key point counts, the rest are counted and dropped; new key points capped', () => {
    const guarded = guardExtraction({ newKeyPoints: ['a', 'b', 'c'], evaluations: [{ name: 'k1', rating: 'helpful' }, { name: 'k1', rating: 'harmful' }, { name: 'k2', rating: 'neutral' }] }, 2);
    expect(guarded).toEqual({ result: { newKeyPoints: ['a', 'b'], evaluations: [{ name: 'k1', rating: 'helpful' }, { name: 'k2', rating: 'neutral' }] }, repeatedRatings: 1, overLimit: 1 });
  });
});

describe('the outcome record (for memdex doctor)', () => {
  const outcome = (n: number): LearningOutcome => ({ at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`, step: 'extract', session: `s-${n}`, by: 'claude -p --model haiku', result: 'applied', counts: { rated: n, unknownIds: 0 } });

  test('no file: no outcomes; recorded ones come back oldest first, the newest KEEP_OUTCOMES kept', () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-outcomes-'));
    made.push(root);
    const host = nodeHost();
    expect(readLearningOutcomes(host, root)).toEqual({ path: join(root, '.claude/memdex/learning.json'), outcomes: [] });
    for (let n = 0; n < KEEP_OUTCOMES + 2; n++) expect(recordLearningOutcome(host, root, outcome(n))).toBeUndefined();
    const read = readLearningOutcomes(host, root);
    expect(read.outcomes).toHaveLength(KEEP_OUTCOMES);
    expect(read.outcomes[0]).toEqual(outcome(2));
    expect(read.outcomes.at(-1)).toEqual(outcome(KEEP_OUTCOMES + 1));
  });

  test('a file it cannot read: a problem naming it, no outcomes, and recording leaves it as it is', () => {
    const root = mkdtempSync(join(tmpdir(), 'memdex-outcomes-'));
    made.push(root);
    mkdirSync(join(root, '.claude', 'memdex'), { recursive: true });
    const path = join(root, '.claude/memdex/learning.json');
    writeFileSync(path, '{"outcomes": 3}');
    const host = nodeHost();
    expect(readLearningOutcomes(host, root)).toEqual({ path, outcomes: [], problem: expect.stringMatching(/learning\.json: cannot read the learning outcomes \(expected \{"version": 1/) });
    expect(recordLearningOutcome(host, root, outcome(1))).toMatch(/cannot read the learning outcomes/);
    expect(host.readText(path)).toBe('{"outcomes": 3}');
  });
});
