/**
 * A key point's life in the playbook: rated (its helpful and harmful counters), rendered,
 * loaded from legacy entries, pruned, named, and its file never wiped. The seed's
 * scenarios (001), one test each, its id at the end of the title (SCN-SCORE-*), plus the
 * data contract's examples (003).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { applyExtraction, shouldPrune } from '../../src/playbook/apply-extraction.js';
import { DEFAULT_TEMPLATE } from '../../src/playbook/default-template.js';
import { loadPlaybook, playbookFromValue } from '../../src/playbook/load-playbook.js';
import { formatKeyPoints, hasPlaceholder, renderPlaybook } from '../../src/playbook/render-playbook.js';
import { serializePlaybook, toJson } from '../../src/playbook/serialize-playbook.js';
import type { Evaluation, Playbook } from '../../src/playbook/types.js';
import { MIXED_EXAMPLE } from './fixtures/mixed-example.js';

function playbookOf(keyPoints: unknown[]): Playbook {
  const result = playbookFromValue({ version: '1.0', last_updated: null, key_points: keyPoints });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.playbook;
}

/** The key points as they are written to disk. */
function entries(playbook: Playbook): unknown[] {
  return toJson(playbook).key_points as unknown[];
}

function loadKeyPoints(keyPoints: unknown[]): unknown[] {
  const result = loadPlaybook(JSON.stringify({ version: '1.0', last_updated: null, key_points: keyPoints }));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return entries(result.playbook);
}

const useTypes = { name: 'kpt_001', text: 'use types', helpful: 3, harmful: 1 };
function rate(rating: string): unknown[] {
  const evaluations: Evaluation[] = [{ name: 'kpt_001', rating }];
  return entries(applyExtraction(playbookOf([useTypes]), { newKeyPoints: [], evaluations }).playbook);
}
function pruneOnly(kp: object): unknown[] {
  return entries(applyExtraction(playbookOf([kp]), { newKeyPoints: [], evaluations: [] }).playbook);
}

describe('ratings move the helpful and harmful counters (REQ-SCORE-002)', () => {
  test('a helpful rating increments helpful (SCN-SCORE-002-01)', () => {
    expect(rate('helpful')).toEqual([{ ...useTypes, helpful: 4, harmful: 1 }]);
  });
  test('a harmful rating increments harmful (SCN-SCORE-002-02)', () => {
    expect(rate('harmful')).toEqual([{ ...useTypes, helpful: 3, harmful: 2 }]);
  });
  test('a neutral rating changes nothing (SCN-SCORE-002-03)', () => {
    expect(rate('neutral')).toEqual([useTypes]);
  });
  test('an unknown rating changes nothing (SCN-SCORE-002-04)', () => {
    expect(rate('bogus')).toEqual([useTypes]);
    expect(rate('HELPFUL')).toEqual([useTypes]);
  });
  test('an evaluation of an unknown name is ignored, and reported as such', () => {
    const outcome = applyExtraction(playbookOf([useTypes]), { newKeyPoints: [], evaluations: [{ name: 'kpt_404', rating: 'helpful' }] });
    expect(entries(outcome.playbook)).toEqual([useTypes]);
    expect(outcome.unknownNames).toEqual([{ name: 'kpt_404', rating: 'helpful' }]);
    expect(outcome.changed).toBe(false);
  });
  test('repeated evaluations of one name in one result all count', () => {
    const helpful = { name: 'kpt_001', rating: 'helpful' };
    const outcome = applyExtraction(playbookOf([useTypes]), { newKeyPoints: [], evaluations: [helpful, helpful] });
    expect(entries(outcome.playbook)).toEqual([{ ...useTypes, helpful: 5 }]);
  });
});

describe('key points render with their counts (REQ-SCORE-003)', () => {
  test('the format includes the counts (SCN-SCORE-003-01)', () => {
    const playbook = playbookOf([
      { name: 'kpt_001', text: 'use type hints', helpful: 5, harmful: 1 },
      { name: 'kpt_002', text: 'prefer pathlib', helpful: 0, harmful: 0 },
    ]);
    const block = '[kpt_001] helpful=5 harmful=1 :: use type hints\n[kpt_002] helpful=0 harmful=0 :: prefer pathlib';
    expect(formatKeyPoints(playbook)).toBe(block);
    expect(renderPlaybook(playbook, DEFAULT_TEMPLATE)).toBe(DEFAULT_TEMPLATE.replace('{key_points}', block));
  });
  test('an empty playbook renders as the empty string (SCN-SCORE-003-02)', () => {
    expect(renderPlaybook(playbookOf([]), DEFAULT_TEMPLATE)).toBe('');
  });
  test('the template is filled literally: braces elsewhere and in texts are kept', () => {
    const playbook = playbookOf([{ name: 'kpt_001', text: 'use {x} and\nthen {key_points}', helpful: 0, harmful: 0 }]);
    expect(renderPlaybook(playbook, 'a {b} {{c}}\n{key_points}\nend')).toBe(
      'a {b} {{c}}\n[kpt_001] helpful=0 harmful=0 :: use {x} and then {key_points}\nend',
    );
  });
});

describe('legacy entries load as counters (REQ-SCORE-004..006)', () => {
  test('a bare string entry gets a name and zero counters (SCN-SCORE-004-01)', () => {
    expect(loadKeyPoints(['always use type hints'])).toEqual([{ name: 'kpt_001', text: 'always use type hints', helpful: 0, harmful: 0 }]);
  });
  test('a dict without score or counters gets zero counters (SCN-SCORE-005-01)', () => {
    expect(loadKeyPoints([{ name: 'kpt_001', text: 'use types' }])).toEqual([{ name: 'kpt_001', text: 'use types', helpful: 0, harmful: 0 }]);
  });
  test('a dict with a score field gets counters from the score (SCN-SCORE-006-01)', () => {
    expect(loadKeyPoints([{ name: 'kpt_001', text: 'use types', score: -3 }])).toEqual([{ name: 'kpt_001', text: 'use types', helpful: 0, harmful: 3 }]);
  });
  test('a dict with score AND helpful/harmful keeps the counters and drops score (SCN-SCORE-006-02)', () => {
    expect(loadKeyPoints([{ name: 'kpt_001', text: 'use types', helpful: 3, harmful: 1, score: 2 }])).toEqual([
      { name: 'kpt_001', text: 'use types', helpful: 3, harmful: 1 },
    ]);
  });
  test.each([
    [5, 5, 0],
    [0, 0, 0],
    [-3, 0, 3],
    [-7, 0, 7],
  ])('migration formula: score %i -> helpful %i, harmful %i', (score, helpful, harmful) => {
    expect(loadKeyPoints([{ name: 'kpt_005', text: 'Avoid global state', score }])).toEqual([{ name: 'kpt_005', text: 'Avoid global state', helpful, harmful }]);
  });
  test('a lone counter is kept (the Python loader reset it to 0/0)', () => {
    expect(loadKeyPoints([{ name: 'kpt_001', text: 'a', helpful: 4 }])).toEqual([{ name: 'kpt_001', text: 'a', helpful: 4, harmful: 0 }]);
  });
  test('the data contract mixed example loads to exactly its documented output', () => {
    const result = loadPlaybook(MIXED_EXAMPLE);
    if (!result.ok) throw new Error('expected ok');
    const { name_counter: counter, ...documented } = toJson(result.playbook);
    expect(documented).toEqual({
      version: '1.0',
      last_updated: '2026-01-15T10:00:00',
      key_points: [
        { name: 'kpt_001', text: 'Use type hints', helpful: 0, harmful: 0 },
        { name: 'kpt_002', text: 'Prefer pathlib', helpful: 0, harmful: 0 },
        { name: 'kpt_003', text: 'Avoid globals', helpful: 0, harmful: 3 },
        { name: 'kpt_004', text: 'Write tests', helpful: 8, harmful: 2 },
      ],
    });
    expect(counter).toBe(4);
    expect(result.migrations).toEqual([
      { name: 'kpt_001', from: 'bare_string' },
      { name: 'kpt_002', from: 'dict_no_score' },
      { name: 'kpt_003', from: 'dict_with_score', originalScore: -3 },
    ]);
  });
});

describe('a consistently harmful key point is pruned (REQ-SCORE-007)', () => {
  test('a consistently harmful entry is pruned (SCN-SCORE-007-01)', () => {
    const outcome = applyExtraction(playbookOf([{ name: 'kpt_001', text: 'bad advice', helpful: 1, harmful: 4 }]), { newKeyPoints: [], evaluations: [] });
    expect(entries(outcome.playbook)).toEqual([]);
    expect(outcome.pruned.map((kp) => kp.name)).toEqual(['kpt_001']);
  });
  test('an entry with high harmful but higher helpful is kept (SCN-SCORE-007-02)', () => {
    const kp = { name: 'kpt_001', text: 'controversial', helpful: 10, harmful: 4 };
    expect(pruneOnly(kp)).toEqual([kp]);
  });
  test('a zero-evaluation entry is kept (SCN-SCORE-007-03)', () => {
    const kp = { name: 'kpt_001', text: 'new untested', helpful: 0, harmful: 0 };
    expect(pruneOnly(kp)).toEqual([kp]);
  });
  test('an entry below the harmful floor is kept (SCN-SCORE-007-04)', () => {
    const kp = { name: 'kpt_001', text: 'new entry', helpful: 0, harmful: 2 };
    expect(pruneOnly(kp)).toEqual([kp]);
  });
  test.each([
    [0, 0, false],
    [0, 2, false],
    [0, 3, true],
    [1, 4, true],
    [10, 4, false],
    [3, 3, false],
    [5, 6, true],
    [0, 100, true],
  ])('decision table: helpful %i, harmful %i -> pruned %s', (helpful, harmful, pruned) => {
    expect(shouldPrune({ helpful, harmful })).toBe(pruned);
  });
  test('an entry at harmful 2 rated harmful once more is pruned in the same update', () => {
    const playbook = playbookOf([{ name: 'kpt_001', text: 'x', helpful: 0, harmful: 2 }]);
    const outcome = applyExtraction(playbook, { newKeyPoints: [], evaluations: [{ name: 'kpt_001', rating: 'harmful' }] });
    expect(outcome.pruned.map((kp) => [kp.name, kp.harmful])).toEqual([['kpt_001', 3]]);
  });
});

describe('the template explains what the counts mean (REQ-SCORE-008)', () => {
  test('the template explains the scoring semantics, as factual statements (no imperative: issue 10 §2.8) (SCN-SCORE-008-01)', () => {
    expect(DEFAULT_TEMPLATE).toMatch(/rated it helpful or harmful/i);
    expect(DEFAULT_TEMPLATE).toMatch(/many helpful ratings and few harmful ones has worked well here before/i);
    expect(DEFAULT_TEMPLATE).toMatch(/several harmful ratings has caused problems before/i);
    expect(DEFAULT_TEMPLATE).toMatch(/low counts in both has not been tested yet/i);
    for (const imperative of [/^Use /m, /^Consider /m, /^- Consider /m, /\bTreat these\b/]) expect(DEFAULT_TEMPLATE).not.toMatch(imperative);
    expect(hasPlaceholder(DEFAULT_TEMPLATE)).toBe(true);
  });
  test('templates/playbook.txt is the shipped default template, byte for byte', () => {
    expect(readFileSync(new URL('../../templates/playbook.txt', import.meta.url), 'utf8')).toBe(DEFAULT_TEMPLATE);
  });
});

describe('names are never reused', () => {
  test('a new key point takes the number after the highest ever issued, even after that one was pruned', () => {
    const playbook = playbookOf([
      { name: 'kpt_001', text: 'keep', helpful: 1, harmful: 0 },
      { name: 'kpt_002', text: 'doomed', helpful: 0, harmful: 2 },
    ]);
    const first = applyExtraction(playbook, { newKeyPoints: [], evaluations: [{ name: 'kpt_002', rating: 'harmful' }] });
    expect(first.playbook.keyPoints.map((kp) => kp.name)).toEqual(['kpt_001']);
    const saved = loadPlaybook(serializePlaybook(first.playbook, '2026-03-01T00:00:00.000Z'));
    if (!saved.ok) throw new Error('expected ok');
    const second = applyExtraction(saved.playbook, { newKeyPoints: ['fresh'], evaluations: [] });
    expect(second.added.map((kp) => kp.name)).toEqual(['kpt_003']);
  });
  test('new texts equal to an existing one, or to one earlier in the batch, are not added twice', () => {
    const outcome = applyExtraction(playbookOf([{ name: 'kpt_001', text: 'use types', helpful: 0, harmful: 0 }]), {
      newKeyPoints: ['use  types ', 'log more', 'log more', '   '],
      evaluations: [],
    });
    expect(outcome.added.map((kp) => [kp.name, kp.text])).toEqual([['kpt_002', 'log more']]);
  });
  test.each([
    ['a bare string before its would-be name', ['x', { name: 'kpt_001', text: 'y' }], ['kpt_002', 'kpt_001'], 2],
    ['gaps are filled in a legacy file only', ['x', 'y', { name: 'kpt_002', text: 'z' }], ['kpt_001', 'kpt_003', 'kpt_002'], 3],
    ['a duplicated name: the later one is renamed', [{ name: 'kpt_001', text: 'a' }, { name: 'kpt_001', text: 'b' }], ['kpt_001', 'kpt_002'], 2],
    ['foreign names are kept', [{ name: 'my-rule', text: 'a' }, 'b'], ['my-rule', 'kpt_001'], 1],
    ['kpt_ with any width takes its number', [{ name: 'kpt_7', text: 'a' }, 'b'], ['kpt_7', 'kpt_001'], 7],
  ])('legacy naming: %s', (_label, keyPoints, names, counter) => {
    const result = playbookFromValue({ version: '1.0', key_points: keyPoints });
    if (!result.ok) throw new Error('expected ok');
    expect(result.playbook.keyPoints.map((kp) => kp.name)).toEqual(names);
    expect(result.playbook.nameCounter).toBe(counter);
  });
  test('with a name_counter, missing names continue after it, not in the gaps', () => {
    const result = playbookFromValue({ version: '1.0', name_counter: 9, key_points: ['x', { name: 'kpt_002', text: 'y', helpful: 0, harmful: 0 }] });
    if (!result.ok) throw new Error('expected ok');
    expect(result.playbook.keyPoints.map((kp) => kp.name)).toEqual(['kpt_010', 'kpt_002']);
    expect(result.playbook.nameCounter).toBe(10);
  });
});

describe('files memdex must not wipe', () => {
  test.each([
    ['truncated JSON', '{"version": "1.0", "key_points": [', ''],
    ['NaN written by Python', '{"version":"1.0","key_points":[{"name":"kpt_001","text":"a","helpful":NaN,"harmful":0}]}', ''],
    ['a string counter', '{"version":"1.0","key_points":[{"name":"kpt_001","text":"a","helpful":"3","harmful":0}]}', '/key_points/0/helpful'],
    ['a negative counter', '{"key_points":[{"name":"kpt_001","text":"a","helpful":-1,"harmful":0}]}', '/key_points/0/helpful'],
    ['a fractional counter', '{"key_points":[{"name":"kpt_001","text":"a","helpful":1.5,"harmful":0}]}', '/key_points/0/helpful'],
    ['a string score', '{"key_points":[{"name":"kpt_001","text":"a","score":"3"}]}', '/key_points/0/score'],
    ['a number entry', '{"key_points":[3]}', '/key_points/0'],
    ['an empty text', '{"key_points":[{"name":"kpt_001","text":" "}]}', '/key_points/0/text'],
    ['key_points null', '{"key_points":null}', ''],
    ['an array root', '[]', ''],
    ['an unknown version', '{"version":"2.0","key_points":[]}', '/version'],
  ])('%s is a problem, not an empty playbook', (_label, text, pointer) => {
    const result = loadPlaybook(text);
    expect(result.ok).toBe(false);
    if (!result.ok && pointer !== '') expect(result.problems.map((p) => p.pointer)).toContain(pointer);
  });
  test('a BOM and CRLF line ends are read fine', () => {
    const text = '\uFEFF{\r\n  "version": "1.0",\r\n  "last_updated": null,\r\n  "key_points": ["a"]\r\n}\r\n';
    const result = loadPlaybook(text);
    expect(result.ok && entries(result.playbook)).toEqual([{ name: 'kpt_001', text: 'a', helpful: 0, harmful: 0 }]);
  });
  test('unknown keys survive a round trip, top-level and per entry', () => {
    const result = loadPlaybook('{"version":"1.0","owner":"me","key_points":[{"name":"kpt_001","text":"a","helpful":1,"harmful":0,"tags":["x"]}]}');
    if (!result.ok) throw new Error('expected ok');
    const written = JSON.parse(serializePlaybook(result.playbook, '2026-03-01T00:00:00.000Z'));
    expect(written).toEqual({
      version: '1.0',
      last_updated: '2026-03-01T00:00:00.000Z',
      name_counter: 1,
      key_points: [{ name: 'kpt_001', text: 'a', helpful: 1, harmful: 0, tags: ['x'] }],
      owner: 'me',
    });
  });
});
