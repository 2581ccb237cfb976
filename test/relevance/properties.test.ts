/**
 * Property tests over seeded random inputs (test/helpers/prng.ts: reproducible,
 * no dependency). Each property runs many generated cases; a failure message
 * names the seed.
 */
import { describe, expect, test } from '@jest/globals';
import {
  applyEvaluation,
  applyEvent,
  claimNextSession,
  denseAverage,
  failEvaluation,
  recordAudit,
  relevanceParams,
  EMPTY_STATE,
  type ItemRelevance,
  type RelevanceParams,
  type RelevanceState,
} from '../../src/relevance/index.js';
import { prng, shuffle } from '../helpers/prng.js';
import { P, at } from './helpers.js';

const TAGS = ['ts', 'react', 'node', 'go', 'python', 'docker', 'jest'];
const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);

function randomRatings(random: () => number): Map<string, number> {
  const ratings = new Map<string, number>();
  for (const tag of TAGS) if (random() < 0.5) ratings.set(tag, Math.round((random() * 2 - 1) * 100) / 100);
  return ratings;
}

function randomItem(random: () => number, events: number, params: RelevanceParams = P): ItemRelevance | undefined {
  let item: ItemRelevance | undefined;
  for (let i = 0; i < events; i++) {
    item = applyEvent(item, { ratings: randomRatings(random), source: random() < 0.3 ? 'feedback' : 'evaluator', at: at(i) }, params).item;
  }
  return item;
}

describe('scores', () => {
  test.each(SEEDS)('stay finite and inside the clamp, even where the clamp binds (seed %d)', (seed) => {
    const random = prng(seed);
    for (const params of [P, relevanceParams({ maxScore: 0.5, pinAbove: 0.4, unpinBelow: 0.1, feedbackWeight: 3 })]) {
      const item = randomItem(random, 200, params)!;
      for (const row of Object.values(item.tags)) {
        expect(Number.isFinite(row.score)).toBe(true);
        expect(Math.abs(row.score)).toBeLessThanOrEqual(params.maxScore);
        expect(row.positive + row.negative).toBeLessThanOrEqual(row.events);
        expect(row.events).toBeLessThanOrEqual(item.events);
      }
    }
  });

  test.each(SEEDS)('a multi-tag event adds exactly one event (seed %d)', (seed) => {
    const random = prng(seed);
    const before = randomItem(random, Math.floor(random() * 20));
    const ratings = randomRatings(random);
    const after = applyEvent(before, { ratings, source: 'evaluator', at: at(99) }, P).item;
    expect(after.events).toBe((before?.events ?? 0) + 1);
    if (ratings.size > 0) expect(denseAverage(after, [...ratings.keys()]).evidence).toBe(after.events);
  });

  test.each(SEEDS)('the average is invariant under duplicate tags, case and order (seed %d)', (seed) => {
    const random = prng(seed);
    const item = randomItem(random, 30);
    const tags = TAGS.filter(() => random() < 0.6);
    const shuffled = shuffle(random, [...tags, ...tags.filter(() => random() < 0.5).map((t) => (random() < 0.5 ? t.toUpperCase() : ` ${t}`))]);
    const a = denseAverage(item, tags);
    const b = denseAverage(item, shuffled);
    expect(b.evidence).toBe(a.evidence);
    expect(b.avg).toBeCloseTo(a.avg, 12);
  });

  test.each(SEEDS)('a constant rating converges monotonically to weight × rating (seed %d)', (seed) => {
    const random = prng(seed);
    const rating = Math.round((random() * 2 - 1) * 100) / 100;
    const source = random() < 0.5 ? 'feedback' : 'evaluator';
    const target = rating * (source === 'feedback' ? P.feedbackWeight : P.evaluatorWeight);
    let item = randomItem(random, 5);
    let distance = Math.abs((item?.tags.ts?.score ?? 0) - target);
    let previous = item?.tags.ts?.score ?? 0;
    const direction = Math.sign(target - previous);
    for (let n = 0; n < 60; n++) {
      item = applyEvent(item, { ratings: new Map([['ts', rating]]), source, at: at(n) }, P).item;
      const s = item.tags.ts!.score;
      const d = Math.abs(s - target);
      expect(d).toBeLessThanOrEqual(distance + 1e-12);
      expect(Math.sign(s - previous) * direction).toBeGreaterThanOrEqual(0); // never moves away
      distance = d;
      previous = s;
    }
    expect(distance).toBeLessThan(1e-6);
  });
});

describe('the evaluation queue', () => {
  /**
   * Random interleavings of three workers (claim, answer, fail, crash and let
   * the lease expire) with sessions that keep showing items: however they
   * interleave, an item's event count equals the number of sessions that list
   * it as evaluated, and evaluated ids were all shown. So no (session, item)
   * pair is ever applied twice.
   */
  test.each(SEEDS)('applies a session\'s scores at most once under any interleaving (seed %d)', (seed) => {
    const random = prng(seed);
    const items = ['kpt_001', 'kpt_002', 'kpt_003', 'kpt_004'];
    const workers = ['w1', 'w2', 'w3'];
    const holding = new Map<string, string>(); // worker -> session
    let state: RelevanceState = EMPTY_STATE;
    let minute = 0;
    for (let step = 0; step < 400; step++) {
      minute += random() < 0.1 ? P.leaseMs / 60_000 + 1 : 1; // now and then, every lease expires
      const now = at(minute);
      const roll = random();
      if (roll < 0.25) {
        const session = `s${Math.floor(random() * 6)}`;
        const shown = items.filter(() => random() < 0.4);
        state = recordAudit(state, session, { shown, tags: ['ts', 'react'], at: now, ended: random() < 0.7 });
        continue;
      }
      const worker = workers[Math.floor(random() * workers.length)]!;
      const held = holding.get(worker);
      if (held === undefined) {
        const claimed = claimNextSession(state, worker, now, P);
        state = claimed.state;
        if (claimed.claimed) holding.set(worker, claimed.claimed.sessionId);
      } else if (roll < 0.7) {
        const ids = state.sessions[held]?.lease?.worker === worker ? state.sessions[held]!.lease!.ids : items;
        const entries = ids.map((id) => ({ id, ratings: new Map([['ts', 1]]) }));
        state = applyEvaluation(state, held, worker, entries, now, P).state;
        holding.delete(worker);
      } else if (roll < 0.85) {
        state = failEvaluation(state, held, worker, 'boom', P);
        holding.delete(worker);
      } else holding.delete(worker); // crashed: the lease expires on its own
    }
    for (const id of items) {
      const sessionsEvaluated = Object.values(state.sessions).filter((s) => s.evaluated.includes(id)).length;
      expect(state.items[id]?.events ?? 0).toBe(sessionsEvaluated);
    }
    for (const record of Object.values(state.sessions)) {
      for (const id of record.evaluated) expect(record.shown).toContain(id);
    }
  });
});
