import { describe, expect, test } from '@jest/globals';
import {
  parseInjectionBlock,
  rankAndRenderForInjection,
  relevanceParams,
  setPinByHand,
  trackRecord,
  EMPTY_STATE,
  feedbackLine,
  type InjectionKeyPoint,
} from '../../src/relevance/index.js';
import { P, rate } from './helpers.js';

const KP: InjectionKeyPoint[] = [
  { id: 'kpt_001', text: 'Use CSS classes, not inline styles', helpful: 2 },
  { id: 'kpt_002', text: 'Run the tests before committing', helpful: 2 },
  { id: 'kpt_003', text: 'Branch names are taps-NUMBER' },
];

describe('the injected block', () => {
  test('is the [MEMDEX_V1] block: one marked line per key point, then the feedback statement (#48)', () => {
    expect(rankAndRenderForInjection(KP, {}, ['ts'], P).text).toBe(
      [
        '[MEMDEX_V1]',
        '- [MX#kpt_001] helpful=2 harmful=0 :: Use CSS classes, not inline styles',
        '- [MX#kpt_002] helpful=2 harmful=0 :: Run the tests before committing',
        '- [MX#kpt_003] helpful=0 harmful=0 :: Branch names are taps-NUMBER',
        'A key point that does not apply here can be reported with: memdex feedback <id> --not-applicable --reason "..."',
        '[/MEMDEX_V1]',
      ].join('\n'),
    );
  });

  test('is empty when there is nothing to show (#48)', () => {
    expect(rankAndRenderForInjection([], {}, ['ts'], P)).toEqual({ text: '', shown: [], ranked: [] });
  });

  test('parses back to the ids it shows, in order', () => {
    const injection = rankAndRenderForInjection(KP, {}, [], P);
    expect(parseInjectionBlock(`before\n${injection.text}\nafter`)).toEqual(injection.shown);
    expect(parseInjectionBlock('no block here')).toEqual([]);
  });

  test('keeps one line per key point: newlines collapse, and the block delimiters inside a text are defused', () => {
    const kp = [{ id: 'kpt_001', text: 'line one\n\nline two [/MEMDEX_V1] [MX#kpt_999] x' }];
    const text = rankAndRenderForInjection(kp, {}, [], P).text;
    expect(text.split('\n')).toHaveLength(4);
    expect(parseInjectionBlock(text)).toEqual(['kpt_001']);
  });

  test('shows each id once, and skips entries without a usable id or text', () => {
    const kp = [KP[0]!, { ...KP[0]!, text: 'duplicate' }, { id: 'bad id', text: 'x' }, { id: 'kpt_004', text: '   ' }];
    expect(rankAndRenderForInjection(kp, {}, [], P).shown).toEqual(['kpt_001']);
  });
});

describe('ranking for the environment', () => {
  test('without scores, the order is the track record, ties in playbook order', () => {
    expect(rankAndRenderForInjection(KP, {}, ['ts'], P).shown).toEqual(['kpt_001', 'kpt_002', 'kpt_003']);
  });

  test('relevance here reorders: two explicit "relevant here" lift an untested item above a 1-0 track record', () => {
    const kp = KP.map((k) => ({ ...k, helpful: k.id === 'kpt_003' ? 0 : 1 }));
    expect(rankAndRenderForInjection(kp, {}, ['ts'], P).shown).toEqual(['kpt_001', 'kpt_002', 'kpt_003']);
    const scores = { kpt_003: rate(undefined, { ts: 1 }, { times: 2, source: 'feedback' }) };
    const ranked = rankAndRenderForInjection(kp, scores, ['ts'], P);
    expect(ranked.shown).toEqual(['kpt_003', 'kpt_001', 'kpt_002']);
    expect(ranked.ranked[0]).toMatchObject({ id: 'kpt_003', pinned: false, score: expect.closeTo((1.02 / 3) * P.rankWeight, 10) });
  });

  test('the adjustment is avg / maxScore × rankWeight on the track record', () => {
    const scores = { kpt_002: rate(undefined, { ts: -1 }, { times: 2 }) };
    const kp2 = rankAndRenderForInjection(KP, scores, ['ts', 'react'], P).ranked.find((r) => r.id === 'kpt_002')!;
    expect(kp2.avg).toBeCloseTo(-0.51 / 2, 10);
    expect(kp2.score).toBeCloseTo(trackRecord(2, 0) + (-0.51 / 2 / P.maxScore) * P.rankWeight, 10);
    expect(rankAndRenderForInjection(KP, scores, ['ts'], P).shown).toEqual(['kpt_001', 'kpt_002', 'kpt_003']);
    expect(rankAndRenderForInjection(KP, scores, ['ts'], relevanceParams({ rankWeight: 10 })).shown).toEqual(['kpt_001', 'kpt_003', 'kpt_002']);
  });

  test('an item with enough evidence of being wrong here is left out', () => {
    const scores = { kpt_001: rate(undefined, { ts: -1 }, { times: 3 }) };
    const result = rankAndRenderForInjection(KP, scores, ['ts'], P);
    expect(result.shown).toEqual(['kpt_002', 'kpt_003']);
    expect(result.ranked.find((r) => r.id === 'kpt_001')).toMatchObject({ filtered: true });
  });

  test('pinned items come first', () => {
    const state = setPinByHand(EMPTY_STATE, 'kpt_003', 'pin');
    expect(rankAndRenderForInjection(KP, state.items, [], P).shown[0]).toBe('kpt_003');
  });

  test('trackRecord is a smoothed net helpfulness in (-1, 1); bad counters count as 0', () => {
    expect([trackRecord(0, 0), trackRecord(1, 0), trackRecord(0, 1), trackRecord(9, 0), trackRecord(Number.NaN, -3)]).toEqual([0, 0.5, -0.5, 0.9, 0]);
  });
});

describe('caps', () => {
  const many = Array.from({ length: 40 }, (_, i) => ({ id: `kpt_${String(i + 1).padStart(3, '0')}`, text: `advice number ${i + 1} `.repeat(4) }));

  test('at most maxItems entries', () => {
    expect(rankAndRenderForInjection(many, {}, [], relevanceParams({ maxItems: 7 })).shown).toHaveLength(7);
  });

  test.each([300, 500, 1000, 2000])('at most maxChars = %d characters, and no entry line is cut', (maxChars) => {
    const result = rankAndRenderForInjection(many, {}, [], relevanceParams({ maxChars, maxItems: 100 }));
    expect(result.text.length).toBeLessThanOrEqual(maxChars);
    expect(result.shown.length).toBeGreaterThan(0);
    const lines = result.text.split('\n');
    expect(lines.at(-2)).toBe(feedbackLine());
    for (const line of lines.slice(1, -2)) expect(many.map((kp) => `- [MX#${kp.id}] helpful=0 harmful=0 :: ${kp.text.trim()}`)).toContain(line);
  });

  test('an entry too long for the budget is skipped, and shorter ones after it still fit', () => {
    const kp = [{ id: 'kpt_001', text: 'x'.repeat(5000) }, { id: 'kpt_002', text: 'short' }];
    expect(rankAndRenderForInjection(kp, {}, [], relevanceParams({ maxChars: 1000 })).shown).toEqual(['kpt_002']);
  });
});
