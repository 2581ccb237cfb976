import { describe, expect, test } from '@jest/globals';
import {
  applyEvaluation,
  claim,
  claimNextSession,
  complete,
  isClaimable,
  failEvaluation,
  mergeAudit,
  recordAudit,
  EMPTY_STATE,
  type RelevanceState,
} from '../../src/relevance/index.js';
import { P, at } from './helpers.js';

const entries = (ids: readonly string[]) => ids.map((id) => ({ id, ratings: new Map([['ts', 1]]) }));
const LEASE_MINUTES = P.leaseMs / 60_000;

function endedSession(shown: string[], minute = 0): RelevanceState {
  const open = recordAudit(EMPTY_STATE, 's1', { shown, tags: ['ts'], repo: 'app', transcriptPath: '/t/s1.jsonl', at: at(minute) });
  return recordAudit(open, 's1', { tags: ['ts'], at: at(minute + 1), ended: true });
}

describe('the audit record', () => {
  test('is merged, never replaced: unions of ids and tags, the newest non-empty values', () => {
    let record = mergeAudit(undefined, { shown: ['kpt_002'], tags: ['TS'], repo: 'app', transcriptPath: '/t/a.jsonl', at: at(0) });
    record = mergeAudit(record, { shown: ['kpt_001', 'kpt_002'], tags: ['react'], at: at(1) });
    record = mergeAudit(record, { tags: [], transcriptPath: '', at: at(2), ended: true });
    expect(record).toMatchObject({
      shown: ['kpt_001', 'kpt_002'],
      tags: ['react', 'ts'],
      repo: 'app',
      transcriptPath: '/t/a.jsonl',
      firstSeenAt: at(0),
      updatedAt: at(2),
      endedAt: at(2),
      status: 'pending',
    });
  });

  test('stays open while the session runs, and becomes pending when it ends', () => {
    const open = recordAudit(EMPTY_STATE, 's1', { shown: ['kpt_001'], at: at(0) });
    expect(open.sessions.s1!.status).toBe('open');
    expect(claimNextSession(open, 'w', at(1), P).claimed).toBeUndefined();
    expect(recordAudit(open, 's1', { at: at(2), ended: true }).sessions.s1!.status).toBe('pending');
  });

  test('a session whose end hook never ran becomes claimable after staleOpenMs of silence', () => {
    const open = recordAudit(EMPTY_STATE, 's1', { shown: ['kpt_001'], at: at(0) });
    const staleMinutes = P.staleOpenMs / 60_000;
    expect(claimNextSession(open, 'w', at(staleMinutes - 1), P).claimed).toBeUndefined();
    expect(claimNextSession(open, 'w', at(staleMinutes), P).claimed?.sessionId).toBe('s1');
  });

  test('a resumed session that shows new items is evaluated again for those items only', () => {
    const claimed = claimNextSession(endedSession(['kpt_001']), 'w', at(5), P);
    let state = applyEvaluation(claimed.state, 's1', 'w', entries(['kpt_001']), at(6), P).state;
    expect(state.sessions.s1!.status).toBe('done');
    state = recordAudit(state, 's1', { shown: ['kpt_001', 'kpt_002'], at: at(10) });
    state = recordAudit(state, 's1', { at: at(11), ended: true });
    expect(state.sessions.s1).toMatchObject({ status: 'pending', attempts: 0 });
    const again = claimNextSession(state, 'w2', at(12), P);
    expect(again.claimed?.record.lease?.ids).toEqual(['kpt_002']);
    state = applyEvaluation(again.state, 's1', 'w2', entries(['kpt_001', 'kpt_002']), at(13), P).state;
    expect(state.items.kpt_001!.events).toBe(1);
    expect(state.items.kpt_002!.events).toBe(1);
  });

  test('items shown while the evaluator runs wait for their own evaluation', () => {
    const claimed = claimNextSession(endedSession(['kpt_001']), 'w', at(5), P);
    let state = recordAudit(claimed.state, 's1', { shown: ['kpt_003'], at: at(6) });
    expect(state.sessions.s1!.status).toBe('processing');
    state = applyEvaluation(state, 's1', 'w', entries(['kpt_001', 'kpt_003']), at(7), P).state;
    expect(state.items.kpt_003).toBeUndefined();
    expect(state.sessions.s1).toMatchObject({ status: 'open', evaluated: ['kpt_001'] });
  });
});

describe('claims and leases', () => {
  test('a claimed session is not claimable by another worker while its lease runs', () => {
    const first = claimNextSession(endedSession(['kpt_001']), 'w1', at(5), P);
    expect(first.claimed?.record).toMatchObject({ status: 'processing', attempts: 1, lease: { worker: 'w1', ids: ['kpt_001'] } });
    expect(claimNextSession(first.state, 'w2', at(5 + LEASE_MINUTES - 1), P).claimed).toBeUndefined();
  });

  test('an expired claim is taken over, and the late answer of the first worker is discarded', () => {
    const first = claimNextSession(endedSession(['kpt_001']), 'w1', at(5), P);
    const second = claimNextSession(first.state, 'w2', at(5 + LEASE_MINUTES), P);
    expect(second.claimed?.record).toMatchObject({ attempts: 2, lease: { worker: 'w2' } });
    const late = applyEvaluation(second.state, 's1', 'w1', entries(['kpt_001']), at(6 + LEASE_MINUTES), P);
    expect(late.applied).toBe(false);
    expect(late.state).toBe(second.state);
    const onTime = applyEvaluation(second.state, 's1', 'w2', entries(['kpt_001']), at(6 + LEASE_MINUTES), P);
    expect(onTime.applied).toBe(true);
    expect(onTime.state.items.kpt_001!.events).toBe(1);
  });

  test('a failure by a worker that lost its claim changes nothing', () => {
    const first = claimNextSession(endedSession(['kpt_001']), 'w1', at(5), P);
    const second = claimNextSession(first.state, 'w2', at(5 + LEASE_MINUTES), P);
    expect(failEvaluation(second.state, 's1', 'w1', 'boom', P)).toBe(second.state);
  });

  test('a session whose evaluator keeps dying gives up when its last lease expires', () => {
    let state = endedSession(['kpt_001']);
    let minute = 5;
    for (let attempt = 1; attempt <= P.maxAttempts; attempt++) {
      state = claimNextSession(state, `w${attempt}`, at(minute), P).state;
      minute += LEASE_MINUTES;
    }
    const step = claimNextSession(state, 'w9', at(minute), P);
    expect(step.claimed).toBeUndefined();
    expect(step.gaveUp).toEqual(['s1']);
    expect(step.state.sessions.s1).toMatchObject({ status: 'skipped', note: expect.stringMatching(/gave up after 3 attempts: the evaluator did not finish/) });
  });

  test('a retried failure keeps its note until it succeeds', () => {
    const claimed = claimNextSession(endedSession(['kpt_001']), 'w', at(5), P);
    const failed = failEvaluation(claimed.state, 's1', 'w', 'evaluator exited with code 3', P);
    expect(failed.sessions.s1).toMatchObject({ status: 'failed', attempts: 1, note: 'evaluator exited with code 3' });
    expect(failed.sessions.s1!.lease).toBeUndefined();
    const retried = claimNextSession(failed, 'w', at(6), P);
    const done = applyEvaluation(retried.state, 's1', 'w', entries(['kpt_001']), at(7), P).state;
    expect(done.sessions.s1!.status).toBe('done');
    expect(done.sessions.s1!.note).toBeUndefined();
  });
});

describe('by part (issue 21)', () => {
  const part = (from: number, to: number) => ({ from, to });
  const ended = () => mergeAudit(mergeAudit(undefined, { shown: ['kpt_001', 'kpt_002'], tags: ['ts'], at: at(0) }), { at: at(1), ended: true });

  test('a claim carries its part; completing it records how far the transcript was evaluated', () => {
    const claimed = claim(ended(), 'w', at(2), P, part(0, 500));
    expect(claimed.record.lease).toMatchObject({ ids: ['kpt_001', 'kpt_002'], from: 0, to: 500 });
    expect(complete(claimed.record)).toMatchObject({ status: 'done', evaluatedTo: 500, evaluated: ['kpt_001', 'kpt_002'] });
  });

  test('ended again after an evaluation by part: pending for every shown id, on the new part only', () => {
    const done = complete(claim(ended(), 'w', at(2), P, part(0, 500)).record);
    const again = mergeAudit(done, { at: at(10), ended: true });
    expect(again).toMatchObject({ status: 'pending', attempts: 0, evaluatedTo: 500 });
    expect(isClaimable(again, at(11), P)).toBe(true);
    expect(claim(again, 'w2', at(11), P, part(500, 800)).record.lease).toMatchObject({ ids: ['kpt_001', 'kpt_002'], from: 500, to: 800 });
  });

  test('ended again while its earlier part was evaluated (a short resume): the part after it is pending on completion', () => {
    const claimed = claim(ended(), 'w', at(2), P, part(0, 500)).record;
    expect(claimed.lease).toMatchObject({ at: at(2) });
    const endedDuring = mergeAudit(claimed, { at: at(3), ended: true });
    expect(endedDuring.status).toBe('processing');
    expect(complete(endedDuring)).toMatchObject({ status: 'pending', attempts: 0, evaluatedTo: 500, evaluated: ['kpt_001', 'kpt_002'] });
    // Ended before the claim only: done.
    expect(complete(claimed)).toMatchObject({ status: 'done', evaluatedTo: 500 });
  });

  test('a session that stopped running without its end hook: claimable as soon as it is known not to run', () => {
    const open = mergeAudit(undefined, { shown: ['kpt_001'], at: at(0) });
    expect(isClaimable(open, at(1), P)).toBe(false);
    expect(isClaimable(open, at(1), P, { live: true, grew: true })).toBe(false);
    expect(isClaimable(open, at(1), P, { live: false, grew: true })).toBe(true);
    // Evaluated once, then resumed and left again without its end hook: claimable only when its transcript grew.
    const done = complete(claim(open, 'w', at(2), P, part(0, 300)).record);
    expect(isClaimable(done, at(3), P, { live: false, grew: false })).toBe(false);
    expect(isClaimable(done, at(3), P, { live: true, grew: true })).toBe(false);
    expect(isClaimable(done, at(3), P, { live: false, grew: true })).toBe(true);
    expect(claim(done, 'w', at(3), P, part(300, 900)).record).toMatchObject({ status: 'processing', attempts: 1 });
  });
});
