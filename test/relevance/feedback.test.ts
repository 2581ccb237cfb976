import { describe, expect, test } from '@jest/globals';
import { applyFeedback, feedbackRatings, EMPTY_STATE } from '../../src/relevance/index.js';
import { P, at } from './helpers.js';

const ratingsFor = (tagFlags: string[], notApplicable = false, environmentTags: string[] = ['ts', 'react']) =>
  feedbackRatings({ tagFlags, notApplicable, environmentTags }, P);

describe('feedback ratings', () => {
  test('--tag t=score records exactly that rating, positive or negative', () => {
    expect(ratingsFor(['typescript=0.8', 'React=-1', 'go=+.5'])).toEqual({ ok: true, ratings: new Map([['typescript', 0.8], ['react', -1], ['go', 0.5]]) });
  });

  test('--not-applicable rates every environment tag not named by --tag at notApplicableRating', () => {
    expect(ratingsFor([], true)).toEqual({ ok: true, ratings: new Map([['ts', -0.5], ['react', -0.5]]) });
    expect(ratingsFor(['react=-1'], true)).toEqual({ ok: true, ratings: new Map([['react', -1], ['ts', -0.5]]) });
  });

  test.each([
    [['ts'], /--tag ts: expected tag=score/],
    [['=1'], /--tag =1: expected tag=score/],
    [['ts='], /--tag ts=: expected tag=score/],
    [['ts=NaN'], /"ts" must be a number in \[-1, 1\], got "NaN"/],
    [['ts=Infinity'], /got "Infinity"/],
    [['ts=0x1'], /got "0x1"/],
    [['ts=1e999'], /got "1e999"/],
    [['ts=2'], /must be in \[-1, 1\], got 2/],
    [['ts=1', 'ts=-1'], /rated twice/],
    [['ts=1', 'TS=-1'], /rated twice/],
    [['two words=1'], /whitespace/],
  ])('%j is rejected: %s', (flags, message) => {
    const result = ratingsFor(flags);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(message);
  });

  test('nothing to rate is an error that says what to give', () => {
    expect(ratingsFor([])).toEqual({ ok: false, problems: [expect.stringMatching(/give --not-applicable, or one or more --tag/)] });
    expect(ratingsFor([], true, [])).toEqual({ ok: false, problems: [expect.stringMatching(/no environment tags were detected/)] });
  });

  test('one feedback call is one event at the feedback weight, and keeps its reason', () => {
    const { state, outcome } = applyFeedback(EMPTY_STATE, 'kpt_001', new Map([['ts', -1], ['react', -1]]), at(0), '  not here  ', P);
    expect(outcome.item.events).toBe(1);
    expect(state.items.kpt_001!.tags.ts!.score).toBeCloseTo(-P.alpha * P.feedbackWeight, 10);
    expect(state.items.kpt_001!.reasons).toEqual([{ at: at(0), source: 'feedback', text: 'not here' }]);
  });

  test('only the newest keepReasons reasons are kept', () => {
    let state = EMPTY_STATE;
    for (let i = 0; i < 5; i++) state = applyFeedback(state, 'kpt_001', new Map([['ts', 1]]), at(i), `r${i}`, P).state;
    expect(state.items.kpt_001!.reasons.map((r) => r.text)).toEqual(['r4', 'r3', 'r2']);
  });
});
