import { describe, expect, test } from '@jest/globals';
import { checkRelevanceParams, compactState, recordAudit, relevanceParams, DEFAULT_RELEVANCE_PARAMS, EMPTY_STATE } from '../../src/relevance/index.js';
import { parseConfig } from '../../src/model/config.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/transcripts.js';
import { P, at } from './helpers.js';

describe('parameters', () => {
  test('the defaults are valid and frozen', () => {
    expect(checkRelevanceParams(DEFAULT_RELEVANCE_PARAMS)).toEqual([]);
    expect(Object.isFrozen(DEFAULT_RELEVANCE_PARAMS)).toBe(true);
  });
  test('an inverted hysteresis band, or a non-finite value, is a programmer error', () => {
    expect(checkRelevanceParams({ ...P, unpinBelow: 0.7 })).toEqual(['unpinBelow (0.7) must be below pinAbove (0.6)']);
    expect(() => relevanceParams({ alpha: Number.NaN })).toThrow(/alpha \(NaN\) must be a finite number > 0 and <= 1/);
    expect(() => relevanceParams({ minPinEvents: 2.5 })).toThrow(/minPinEvents \(2.5\) must be an integer >= 1/);
  });
});

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

describe('configuration', () => {
  test('relevance.path and relevance.weight: defaults, and a bad weight named at its pointer', () => {
    const ok = parseConfig({ relevance: { weight: 0.5, path: './state/rel.json' } });
    expect(ok.ok && ok.config.relevance).toEqual({ path: 'state/rel.json', weight: 0.5 });
    const defaults = parseConfig({});
    expect(defaults.ok && defaults.config.relevance).toEqual({ path: '.claude/relevance.json' });
    expect(parseConfig({ relevance: { weight: -1 } })).toEqual({ ok: false, problems: [{ pointer: '/relevance/weight', message: 'must be a number >= 0, got -1' }] });
    expect(parseConfig({ relevance: { weight: 'high' } })).toEqual({ ok: false, problems: [{ pointer: '/relevance/weight', message: 'must be a number >= 0, got "high"' }] });
  });
});
