import { describe, expect, test } from '@jest/globals';
import {
  applyFeedback,
  claimNextSession,
  parseRelevanceState,
  recordAudit,
  serializeRelevanceState,
  setPinByHand,
  EMPTY_STATE,
  type RelevanceState,
} from '../../src/relevance/index.js';
import { P, at } from './helpers.js';

function sample(): RelevanceState {
  let state = applyFeedback(EMPTY_STATE, 'kpt_002', new Map([['ts', 1], ['react', -0.5]]), at(0), 'why', P).state;
  state = setPinByHand(state, 'kpt_001', 'pin');
  state = recordAudit(state, 's2', { shown: ['kpt_002', 'kpt_001'], tags: ['ts'], repo: 'app', transcriptPath: '/t.jsonl', at: at(1) });
  state = recordAudit(state, 's1', { shown: ['kpt_001'], at: at(2), ended: true });
  return claimNextSession(state, 'host:1:ab', at(3), P).state;
}

const parse = (text: string) => parseRelevanceState(text, P.maxScore);

describe('the store file', () => {
  test('round-trips: parse(serialize(state)) gives the state back, with no issues', () => {
    const state = sample();
    const parsed = parse(serializeRelevanceState(state));
    expect(parsed).toEqual({ kind: 'ok', state, issues: [] });
  });

  test('serialises deterministically: same state, same bytes, whatever the key order in memory', () => {
    const state = sample();
    const reordered: RelevanceState = {
      version: 1,
      sessions: Object.fromEntries(Object.entries(state.sessions).reverse()),
      items: Object.fromEntries(Object.entries(state.items).reverse().map(([k, v]) => [k, { reasons: v.reasons, tags: v.tags, events: v.events, pin: v.pin, ...(v.lastEventAt ? { lastEventAt: v.lastEventAt } : {}) }])),
    };
    const text = serializeRelevanceState(state);
    expect(serializeRelevanceState(reordered)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toMatch(/NaN|Infinity|undefined/);
  });

  test.each([
    ['{ "version": 1, ', /^invalid JSON/],
    ['[]', /expected a JSON object/],
    ['{"version": 2, "items": {}}', /unsupported version 2; expected 1/],
    ['{"items": {}}', /unsupported version undefined/],
  ])('%s is corrupt: %s', (text, problem) => {
    const parsed = parse(text);
    expect(parsed.kind).toBe('corrupt');
    if (parsed.kind === 'corrupt') expect(parsed.problem).toMatch(problem);
  });

  test('values that break an invariant are repaired or dropped, each with an issue', () => {
    const text = JSON.stringify({
      version: 1,
      items: {
        kpt_001: {
          pin: { pinned: 'yes' },
          events: -2,
          tags: {
            ts: { score: 5, positive: 1.7, negative: 0, events: 2, lastEvaluated: '2026-01-01T00:00:00Z' },
            react: { score: 'high' },
            'Not Normal': { score: 0.1 },
          },
        },
        'bad id!': { events: 1 },
      },
      sessions: { s1: { status: 'processing', shown: ['kpt_001'], firstSeenAt: at(0), updatedAt: at(0), attempts: 1 }, s2: { status: 'weird' } },
    }).replace('"score":5', '"score":1e999');
    const parsed = parse(text);
    if (parsed.kind !== 'ok') throw new Error('expected ok');
    expect(parsed.state.items.kpt_001).toMatchObject({ pin: { pinned: false, mode: 'auto' }, events: 0 });
    expect(parsed.state.items.kpt_001!.tags).toEqual({});
    expect(parsed.state.items['bad id!']).toBeUndefined();
    expect(parsed.state.sessions.s1!.status).toBe('pending');
    expect(parsed.state.sessions.s2).toBeUndefined();
    expect(parsed.issues).toEqual([
      'items.kpt_001.pin: expected {pinned: boolean, mode: "auto" | "manual"}',
      'items.kpt_001.tags.ts: expected a finite "score"; entry ignored',
      'items.kpt_001.tags.react: expected a finite "score"; entry ignored',
      'items.kpt_001.tags.Not Normal: tag "Not Normal" contains whitespace or a control character; expected one word such as "react-native"; entry ignored',
      'items.kpt_001.events: -2 is not a count; read as 0',
      expect.stringMatching(/^items\.bad id!: .* is not a stable item id/),
      'sessions.s1.status: processing without a lease: set back to pending',
      'sessions.s2: not a session record; entry ignored',
    ]);
  });

  test('a score outside the clamp is clamped with an issue; fractional counters are floored', () => {
    const text = JSON.stringify({ version: 1, items: { kpt_001: { events: 3, tags: { ts: { score: -7, positive: 1.7, negative: 0, events: 3, lastEvaluated: at(0) } } } }, sessions: {} });
    const parsed = parse(text);
    if (parsed.kind !== 'ok') throw new Error('expected ok');
    expect(parsed.state.items.kpt_001!.tags.ts).toMatchObject({ score: -3, positive: 1 });
    expect(parsed.issues).toEqual(['items.kpt_001.tags.ts.score: -7 clamped to ±3', 'items.kpt_001.tags.ts.positive: 1.7 is not a count; read as 1']);
  });
});
