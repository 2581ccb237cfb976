/** The scoring parameters and the relevance configuration: defaults, and bad values named. */
import { describe, expect, test } from '@jest/globals';
import { parseConfig } from '../../src/model/config.js';
import { checkRelevanceParams, relevanceParams, DEFAULT_RELEVANCE_PARAMS } from '../../src/relevance/index.js';
import { P } from './helpers.js';

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
