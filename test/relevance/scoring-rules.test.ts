/**
 * How ratings become scores, pins, filters and boosts, and how the evaluation queue
 * hands out sessions: the scenario list of scoring-behaviour.md B11, ported; each
 * title ends with its scenario number there (B11 #n). "DIFFERS" marks where memdex deliberately does not do what
 * the predecessor did (NaN and out-of-range input rejected, evidence counted
 * in events, one dense average, the root path matching, `[]` as a success);
 * the legacy value is stated next to ours. Scenarios about the predecessor's
 * hybrid search, OS/repo/MCP prerequisites and prompt gating (#37-39, #41-43,
 * #49-50) have no counterpart here.
 */
import { describe, expect, test } from '@jest/globals';
import {
  adjustScore,
  applyEvaluation,
  claimNextSession,
  decidePin,
  denseAverage,
  emaStep,
  failEvaluation,
  matchesPathPrerequisite,
  parseEvaluatorOutput,
  pathPrerequisiteProblem,
  rankAndRenderForInjection,
  recordAudit,
  relevanceParams,
  setPinByHand,
  validateRatings,
  EMPTY_STATE,
  type ItemRelevance,
  type RelevanceState,
} from '../../src/relevance/index.js';
import { P, T0, at, rate } from './helpers.js';

const score = (item: ItemRelevance, tag: string) => item.tags[tag]!.score;

describe('a rating moves the score of its tag by an exponential moving average, within the clamp', () => {
  test('a fresh row rated +1 at weight 1 scores α·1 = 0.30 (B11 #1)', () => {
    expect(score(rate(undefined, { ts: 1 }), 'ts')).toBeCloseTo(0.3, 10);
  });
  test('a second +1 gives 0.3·0.7 + 0.3 = 0.51 (B11 #2)', () => {
    expect(score(rate(undefined, { ts: 1 }, { times: 2 }), 'ts')).toBeCloseTo(0.51, 10);
  });
  test('a fresh row rated +1 at the feedback weight 2 scores 0.60 (B11 #3)', () => {
    expect(score(rate(undefined, { ts: 1 }, { source: 'feedback' }), 'ts')).toBeCloseTo(0.6, 10);
  });
  test('a fresh row rated -1 scores -0.30 (B11 #4)', () => {
    expect(score(rate(undefined, { ts: -1 }), 'ts')).toBeCloseTo(-0.3, 10);
  });
  test('+0.5 then +0.8: positive 2, negative 0, score 0.345 (B11 #5)', () => {
    const item = rate(rate(undefined, { ts: 0.5 }), { ts: 0.8 });
    expect(item.tags.ts).toMatchObject({ positive: 2, negative: 0 });
    expect(score(item, 'ts')).toBeCloseTo(0.345, 10);
  });
  test('a single -0.5: negative 1, positive 0 (B11 #6)', () => {
    expect(rate(undefined, { ts: -0.5 }).tags.ts).toMatchObject({ positive: 0, negative: 1 });
  });
  test.each([
    [1, 2],
    [-1, -2],
  ])('100 updates at (%d, weight 2) stay in the clamp and converge to %d (B11 #7/#8)', (rating, limit) => {
    const s = score(rate(undefined, { ts: rating }, { times: 100, source: 'feedback' }), 'ts');
    expect(Math.abs(s)).toBeLessThanOrEqual(P.maxScore);
    expect(s).toBeCloseTo(limit, 10);
  });
  test('a neutral 0 applied to 0.15 decays it to 0.105 and moves neither counter (DIFFERS: it is one more event of evidence) (B11 #9)', () => {
    const row = emaStep({ score: 0.15, positive: 1, negative: 0, events: 1, lastEvaluated: T0 }, 0, 1, at(1), P);
    expect(row.score).toBeCloseTo(0.105, 10);
    expect(row).toMatchObject({ positive: 1, negative: 0, events: 2 });
  });
  test.each([
    ['out of range 100 (B11 #10; legacy: clamped to 3.0, positive +1)', 100, /must be in \[-1, 1\], got 100/],
    ['NaN (B11 #11; legacy: stored as +3.0)', Number.NaN, /finite number in \[-1, 1\], got NaN/],
    ['+Infinity (B11 #12; legacy: 3.0)', Infinity, /finite number in \[-1, 1\], got Infinity/],
    ['-Infinity (B11 #12; legacy: -3.0)', -Infinity, /finite number in \[-1, 1\], got -Infinity/],
    ['a string (B11 #13; legacy: TypeError)', '0.5', /must be a number in \[-1, 1\], got "0.5"/],
    ['a boolean (B11 #13; legacy: True counts as 1)', true, /must be a number in \[-1, 1\], got boolean true/],
  ])('%s is rejected with a message and nothing is stored (DIFFERS)', (_name, value, message) => {
    const result = validateRatings({ ok: 0.5, bad: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(message);
    expect(() => emaStep(undefined, value as number, 1, T0, P)).toThrow(RangeError);
  });
  test('one event {ts: +1, react: -1}: ts 0.3, react -0.3, average over both 0.0 (B11 #14)', () => {
    const item = rate(undefined, { ts: 1, react: -1 });
    expect(score(item, 'ts')).toBeCloseTo(0.3, 10);
    expect(score(item, 'react')).toBeCloseTo(-0.3, 10);
    expect(denseAverage(item, ['ts', 'react']).avg).toBeCloseTo(0, 10);
  });
});

describe('the average over the requested tags, and the evidence behind it', () => {
  test('no rows, or no tags, is (0, 0) (B11 #15/#16)', () => {
    expect(denseAverage(rate(undefined, { ts: 1 }), [])).toEqual({ avg: 0, evidence: 0 });
    expect(denseAverage(undefined, ['ts'])).toEqual({ avg: 0, evidence: 0 });
    expect(denseAverage(rate(undefined, { ts: 1 }), ['go'])).toEqual({ avg: 0, evidence: 0 });
  });
  test('only ts = 0.3 known, [ts, react] requested: 0.15 (DIFFERS: legacy sparse average said 0.3) (B11 #17)', () => {
    expect(denseAverage(rate(undefined, { ts: 1 }), ['ts', 'react']).avg).toBeCloseTo(0.15, 10);
  });
  test('ts +1, ts -1, then react +0.5: three events of evidence for [ts, react] (B11 #18)', () => {
    const item = rate(rate(rate(undefined, { ts: 1 }), { ts: -1 }), { react: 0.5 });
    expect(denseAverage(item, ['ts', 'react']).evidence).toBe(3);
  });
  test('one tag: the average is the score, evidence 1 (B11 #19)', () => {
    expect(denseAverage(rate(undefined, { ts: 1 }), ['ts'])).toEqual({ avg: 0.3, evidence: 1 });
  });
  test('a duplicate request [ts, ts] does not halve the average (DIFFERS: legacy 0.832 -> 0.416) (B11 #20)', () => {
    const item = rate(undefined, { ts: 1 }, { times: 5 });
    expect(denseAverage(item, ['ts', 'ts']).avg).toBeCloseTo(0.83193, 5);
    expect(denseAverage(item, ['ts', 'TS ']).avg).toBeCloseTo(0.83193, 5);
  });
});

describe('pins follow the evidence, with hysteresis; a pin by hand stays', () => {
  test('seven updates at (+1, weight 2) pin the item automatically (B11 #21)', () => {
    expect(rate(undefined, { ts: 1 }, { times: 7, source: 'feedback' }).pin).toEqual({ pinned: true, mode: 'auto' });
  });
  test('an auto-pinned item given seven updates at (-1, weight 2) is unpinned (B11 #22)', () => {
    const pinned = rate(undefined, { ts: 1 }, { times: 7, source: 'feedback' });
    expect(rate(pinned, { ts: -1 }, { times: 7, source: 'feedback' }).pin).toEqual({ pinned: false, mode: 'auto' });
  });
  test('a manually pinned item stays pinned after the same seven negative updates (B11 #23)', () => {
    const state = setPinByHand(EMPTY_STATE, 'kpt_001', 'pin');
    expect(rate(state.items.kpt_001, { ts: -1 }, { times: 7, source: 'feedback' }).pin).toEqual({ pinned: true, mode: 'manual' });
  });
  test('two updates at (+1, weight 2): two events < 5, no pin (B11 #24)', () => {
    expect(rate(undefined, { ts: 1 }, { times: 2, source: 'feedback' }).pin.pinned).toBe(false);
  });
  test.each([
    [1.0, 'evaluator', 5, 0.832],
    [0.8, 'evaluator', 5, 0.666],
    [0.7, 'evaluator', 6, 0.618],
    [0.6, 'evaluator', undefined, 0.6],
    [0.5, 'feedback', 5, 0.832],
  ] as const)('constant rating %d (%s) pins at event %p, score then %d (B11 #25)', (rating, source, pinsAt, then) => {
    let item: ItemRelevance | undefined;
    let pinnedAt: number | undefined;
    for (let n = 1; n <= 60 && pinnedAt === undefined; n++) {
      item = rate(item, { ts: rating }, { source });
      if (item.pin.pinned) pinnedAt = n;
    }
    expect(pinnedAt).toBe(pinsAt);
    expect(score(item!, 'ts')).toBeCloseTo(then, 3); // for 0.6: the fixed point, never strictly above it
  });
  test('five tags at (+1, weight 2) twice: two events, no pin (DIFFERS: legacy counted 10 and pinned) (B11 #26)', () => {
    const tags = { a: 1, b: 1, c: 1, d: 1, e: 1 };
    const once = rate(undefined, tags, { source: 'feedback' });
    expect(denseAverage(once, Object.keys(tags))).toEqual({ avg: expect.closeTo(0.6, 10), evidence: 1 });
    const twice = rate(once, tags, { source: 'feedback' });
    expect(denseAverage(twice, Object.keys(tags))).toEqual({ avg: expect.closeTo(1.02, 10), evidence: 2 });
    expect(twice.pin.pinned).toBe(false);
  });
  test('neutral decay: from an auto-pin at 1.76, ratings of 0 unpin it at the 7th (0.145 < 0.2) (B11 #27)', () => {
    let item = rate(undefined, { ts: 1 }, { times: 6, source: 'feedback' });
    expect(score(item, 'ts')).toBeCloseTo(1.7647, 4);
    expect(item.pin.pinned).toBe(true);
    const pinnedAfter: boolean[] = [];
    for (let n = 1; n <= 7; n++) {
      item = rate(item, { ts: 0 });
      pinnedAfter.push(item.pin.pinned);
    }
    expect(pinnedAfter).toEqual([true, true, true, true, true, true, false]);
    expect(score(item, 'ts')).toBeCloseTo(0.145, 3);
  });
  test('after an auto-unpin the item is still under automatic control, and positive ratings pin it again (B11 #28)', () => {
    const unpinned = rate(rate(undefined, { ts: 1 }, { times: 6, source: 'feedback' }), { ts: 0 }, { times: 7 });
    expect(unpinned.pin).toEqual({ pinned: false, mode: 'auto' });
    expect(rate(unpinned, { ts: 1 }, { source: 'feedback' }).pin.pinned).toBe(true);
  });
  test('four at (0.9, w2) then three at (-0.5, w2): pins at 5, unpins at 6, ends unpinned (as at HEAD, without its positive-rate rule) (B11 #29)', () => {
    const states: boolean[] = [];
    let item: ItemRelevance | undefined;
    for (const rating of [0.9, 0.9, 0.9, 0.9, -0.5, -0.5, -0.5]) {
      item = rate(item, { ts: rating }, { source: 'feedback' });
      states.push(item.pin.pinned);
    }
    expect(states).toEqual([false, false, false, false, true, false, false]);
  });
  test('scores for an id that was not shown are dropped, not stored as an orphan row (DIFFERS) (B11 #30)', () => {
    const parsed = parseEvaluatorOutput('[{"id": "kpt_999", "tag_scores": {"ts": 1}}]', ['kpt_001'], ['ts']);
    expect(parsed).toEqual({ ok: true, entries: [], warnings: [expect.stringMatching(/kpt_999, which was not shown/)], unknownIds: ['kpt_999'] });
  });
  test('the hysteresis band: inside [0.2, 0.6] a decision never flips, whatever the state', () => {
    for (const avg of [0.2, 0.3, 0.45, 0.6]) {
      for (const pinned of [true, false]) expect(decidePin({ pinned, mode: 'auto' }, avg, 50, P).action).toBe('keep');
    }
  });
});

describe('an item is filtered or boosted by its average once the evidence suffices', () => {
  const filtered = (item: ItemRelevance | undefined, tags: string[]) => adjustScore(0, denseAverage(item, tags), P).filtered;
  test('five -1 on frontend: evidence 5 >= 3 and average < -0.1, filtered (B11 #31)', () => {
    expect(filtered(rate(undefined, { frontend: -1 }, { times: 5 }), ['frontend'])).toBe(true);
  });
  test('a single -1: evidence 1 < 3, not filtered (exploration) (B11 #32)', () => {
    expect(filtered(rate(undefined, { frontend: -1 }), ['frontend'])).toBe(false);
  });
  test('five +1: boosted (B11 #33)', () => {
    expect(adjustScore(0, denseAverage(rate(undefined, { ts: 1 }, { times: 5 }), ['ts']), P).delta).toBeGreaterThan(0);
  });
  test('no data: passes with no boost (B11 #34)', () => {
    expect(adjustScore(0.5, denseAverage(undefined, ['ts']), P)).toEqual({ score: 0.5, delta: 0, filtered: false });
  });
  test('-0.1, +0.1, -0.1: evidence 3, average -0.0237 > -0.1, passes with a tiny penalty (B11 #35)', () => {
    let item: ItemRelevance | undefined;
    for (const r of [-0.1, 0.1, -0.1]) item = rate(item, { ts: r });
    const relevance = denseAverage(item, ['ts']);
    expect(relevance.evidence).toBe(3);
    expect(relevance.avg).toBeCloseTo(-0.0237, 4);
    const adjusted = adjustScore(0, relevance, P);
    expect(adjusted.filtered).toBe(false);
    expect(adjusted.delta).toBeCloseTo((-0.0237 / 3) * P.rankWeight, 4);
  });
  test('boost arithmetic: base 0.032266 and average 0.832 at weight 0.01 add 0.832/3·0.01 = +0.00277 (B11 #36)', () => {
    const adjusted = adjustScore(0.032266, { avg: 0.832, evidence: 5 }, relevanceParams({ rankWeight: 0.01 }));
    expect(adjusted.delta).toBeCloseTo(0.00277, 5);
    expect(adjusted.score).toBeCloseTo(0.032266 + 0.00277, 5);
  });
  test('an automatically pinned item averaging -0.5 over 5 events is not injected; pinned by hand it is (DIFFERS: a person decides) (B11 #40)', () => {
    const tags = ['ts'];
    const bad = { ...rate(undefined, { ts: -1 }, { times: 5 }), pin: { pinned: true, mode: 'auto' as const } };
    expect(denseAverage(bad, tags).avg).toBeLessThan(-0.5);
    const kp = [{ id: 'kpt_001', text: 'Pinned advice' }];
    expect(rankAndRenderForInjection(kp, { kpt_001: bad }, tags, P).text).toBe('');
    const byHand = { ...bad, pin: { pinned: true, mode: 'manual' as const } };
    expect(rankAndRenderForInjection(kp, { kpt_001: byHand }, tags, P).shown).toEqual(['kpt_001']);
  });
});

describe('path prerequisites, and the evaluation queue', () => {
  const base = '/Users/test/srv/acme';
  test.each([
    [`${base}/app-repo`, true],
    [base, true],
    ['/Users/test/srv/other', false],
    [`${base}X`, false], // #23: legacy true
  ])('cwd %s matches the prerequisite: %s (B11 #44)', (cwd, expected) => {
    expect(matchesPathPrerequisite(cwd, base)).toBe(expected);
  });
  test('the root matches everything (DIFFERS from HEAD, where "/" never matched) (B11 #44)', () => {
    expect(matchesPathPrerequisite('/srv', '/')).toBe(true);
  });
  test('an empty or relative path prerequisite is an error that matches nothing (DIFFERS: legacy treated it as none, so it passed) (B11 #45)', () => {
    expect(pathPrerequisiteProblem('')).toMatch(/empty/);
    expect(pathPrerequisiteProblem('srv/app')).toMatch(/relative/);
    expect(matchesPathPrerequisite('/srv/app', '')).toBe(false);
  });

  const ended = (state: RelevanceState, id: string, minute: number) =>
    recordAudit(recordAudit(state, id, { shown: ['kpt_001'], tags: ['ts'], at: at(minute) }), id, { at: at(minute), ended: true });

  test('the queue: a session that failed twice is claimable, three times is not, a done one is not (B11 #46)', () => {
    let state = ended(EMPTY_STATE, 's1', 0);
    const attempts: string[] = [];
    for (let run = 0; run < 4; run++) {
      const step = claimNextSession(state, `w${run}`, at(10 + run), P);
      if (step.claimed === undefined) break;
      attempts.push(step.claimed.sessionId);
      state = failEvaluation(step.state, 's1', `w${run}`, 'evaluator exited with code 1', P);
    }
    expect(attempts).toEqual(['s1', 's1', 's1']);
    expect(state.sessions.s1).toMatchObject({ status: 'skipped', attempts: 3, note: expect.stringMatching(/gave up after 3 attempts/) });
    const done = applyEvaluation(claimNextSession(ended(EMPTY_STATE, 's2', 0), 'w', at(1), P).state, 's2', 'w', [], at(2), P).state;
    expect(done.sessions.s2!.status).toBe('done');
    expect(claimNextSession(done, 'w', at(60 * 24 * 7), P).claimed).toBeUndefined();
  });
  test('a run respects its limit, oldest sessions first (B11 #46)', () => {
    let state = EMPTY_STATE;
    for (let i = 5; i >= 1; i--) state = ended(state, `s${i}`, i);
    const claimed: string[] = [];
    const tried = new Set<string>();
    for (let n = 0; n < 2; n++) {
      const step = claimNextSession(state, 'w', at(60), P, tried);
      state = step.state;
      claimed.push(step.claimed!.sessionId);
      tried.add(step.claimed!.sessionId);
    }
    expect(claimed).toEqual(['s1', 's2']);
    expect(Object.values(state.sessions).filter((s) => s.status === 'pending')).toHaveLength(3);
  });
  test('an empty evaluator answer [] is "no signal": done, nothing scored (DIFFERS: legacy marked it failed) (B11 #47)', () => {
    const step = claimNextSession(ended(EMPTY_STATE, 's1', 0), 'w', at(5), P);
    const parsed = parseEvaluatorOutput('[]', ['kpt_001'], ['ts']);
    expect(parsed.ok).toBe(true);
    const applied = applyEvaluation(step.state, 's1', 'w', parsed.ok ? parsed.entries : [], at(6), P);
    expect(applied.state.sessions.s1).toMatchObject({ status: 'done', evaluated: ['kpt_001'] });
    expect(applied.state.items).toEqual({});
  });
  test('a session that showed nothing is skipped, terminal (DIFFERS: legacy re-selected it on every run) (B11 #47)', () => {
    const state = recordAudit(EMPTY_STATE, 's1', { tags: ['ts'], at: T0, ended: true });
    expect(state.sessions.s1).toMatchObject({ status: 'skipped', note: 'nothing was shown in this session' });
    expect(claimNextSession(state, 'w', at(60 * 24), P).claimed).toBeUndefined();
  });
});
