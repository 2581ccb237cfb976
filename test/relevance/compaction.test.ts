/** The relevance store's compaction: which sessions and items it drops, and when. */
import { describe, expect, test } from '@jest/globals';
import { compactState, recordAudit, EMPTY_STATE } from '../../src/relevance/index.js';
import { P, at } from './helpers.js';

describe('compaction', () => {
  test('drops finished sessions after retainSessionsMs and empty open ones once stale; keeps the rest', () => {
    let state = recordAudit(EMPTY_STATE, 'old-done', { shown: [], at: at(0), ended: true });
    state = recordAudit(state, 'empty-open', { at: at(0) });
    state = recordAudit(state, 'pending', { shown: ['kpt_001'], at: at(0), ended: true });
    const justBefore = new Date(Date.parse(at(0)) + P.retainSessionsMs).toISOString();
    expect(compactState(state, justBefore, P).removedSessions).toEqual(['empty-open']);
    const after = new Date(Date.parse(at(1)) + P.retainSessionsMs).toISOString();
    const compacted = compactState(state, after, P);
    expect(compacted.removedSessions).toEqual(['old-done', 'empty-open']);
    expect(Object.keys(compacted.state.sessions)).toEqual(['pending']);
  });
  test('drops items not in the playbook only when the live ids are given', () => {
    const state = { ...EMPTY_STATE, items: { kpt_001: { pin: { pinned: false, mode: 'auto' as const }, events: 1, tags: {}, reasons: [] } } };
    expect(compactState(state, at(0), P).state).toBe(state);
    expect(compactState(state, at(0), P, new Set(['kpt_002'])).removedItems).toEqual(['kpt_001']);
  });
});
