import { describe, expect, test } from '@jest/globals';
import { buildEvaluatorInput, claimNextSession, parseEvaluatorOutput, recordAudit, EMPTY_STATE } from '../../src/relevance/index.js';
import { P, at } from './helpers.js';

const SENT = ['kpt_001', 'kpt_002'];
const TAGS = ['react', 'ts'];
const parse = (stdout: string) => parseEvaluatorOutput(stdout, SENT, TAGS);

describe('evaluator output', () => {
  test('the contract: ids, per-tag ratings and an optional reason', () => {
    const out = parse('[{"id": "kpt_001", "tag_scores": {"TS": 0.9, "react": -0.5}, "reason": "fits"}, {"id": "kpt_002", "tag_scores": {"ts": 0}}]');
    expect(out).toEqual({
      ok: true,
      entries: [
        { id: 'kpt_001', ratings: new Map([['ts', 0.9], ['react', -0.5]]), reason: 'fits' },
        { id: 'kpt_002', ratings: new Map([['ts', 0]]) },
      ],
      warnings: [],
      unknownIds: [],
    });
  });

  test('a ```json fence around the answer is accepted', () => {
    expect(parse('Here you go:\n```json\n[{"id": "kpt_001", "tag_scores": {"ts": 1}}]\n```\n').ok).toBe(true);
  });

  test('ids that were not sent and tags outside the environment are dropped with a warning', () => {
    const out = parse('[{"id": "kpt_009", "tag_scores": {"ts": 1}}, {"id": "kpt_001", "tag_scores": {"ts": 1, "java": -1}}, {"id": "kpt_002", "tag_scores": {"java": 1}}]');
    expect(out).toEqual({
      ok: true,
      entries: [{ id: 'kpt_001', ratings: new Map([['ts', 1]]) }],
      warnings: [
        'evaluator rated kpt_009, which was not shown in this session; ignored',
        "evaluator rated kpt_001 for tags outside this session's environment (java); ignored",
        "evaluator rated kpt_002 for tags outside this session's environment (java); ignored",
      ],
      unknownIds: ['kpt_009'],
    });
  });

  test.each([
    ['not json at all', /evaluator output is not JSON .*got "not json at all"/],
    ['{"id": "kpt_001"}', /must be a JSON array .*got an object/],
    ['[42]', /\[0\]: expected an object, got number 42/],
    ['[{"id": 1, "tag_scores": {}}]', /\[0\]: "id" must be a string, got number 1/],
    ['[{"id": "kpt_001", "tag_scores": {"ts": 2}}]', /\[0\]: kpt_001: rating for "ts" must be in \[-1, 1\], got 2/],
    ['[{"id": "kpt_001", "tag_scores": {"ts": null}}]', /got null/],
    ['[{"id": "kpt_001", "tag_scores": [1]}]', /expected tag ratings as an object/],
    ['[{"id": "kpt_001", "tag_scores": {"ts": 1}, "reason": 3}]', /"reason" must be a string/],
    ['[{"id": "kpt_001", "tag_scores": {"ts": 1}}, {"id": "kpt_001", "tag_scores": {"ts": -1}}]', /\[1\]: id kpt_001 is rated twice/],
  ])('%s fails the attempt: %s', (stdout, problem) => {
    const out = parse(stdout);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problem).toMatch(problem);
  });

  test('the input names the claimed ids, their texts, the tags and the transcript excerpt', () => {
    const state = recordAudit(EMPTY_STATE, 's1', { shown: ['kpt_002', 'kpt_001'], tags: ['ts'], repo: 'app', transcriptPath: '/t.jsonl', at: at(0), ended: true });
    const claimed = claimNextSession(state, 'w', at(1), P).claimed!;
    const input = buildEvaluatorInput('s1', claimed.record, new Map([['kpt_001', 'Use CSS classes']]), 'user: hi');
    expect(input).toMatchObject({
      session_id: 's1',
      shown: ['kpt_001', 'kpt_002'],
      items: [{ id: 'kpt_001', text: 'Use CSS classes' }],
      tags: ['ts'],
      repo: 'app',
      transcript_path: '/t.jsonl',
      transcript_excerpt: 'user: hi',
      instructions: expect.stringMatching(/tag_scores/),
    });
  });
});
