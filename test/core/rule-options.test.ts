/** Rule options through the library API, the schema validator's messages, and the did-you-mean floor. */
import { describe, expect, test } from '@jest/globals';
import { runRules } from '../../src/core/engine.js';
import { UsageError } from '../../src/core/errors.js';
import { expectedOf, validateJson } from '../../src/model/json-schema.js';
import { checkRuleSettings, resolveOptions } from '../../src/core/rule-options.js';
import { closestWord, DID_YOU_MEAN_FLOOR, didYouMeanFloor } from '../../src/fuzzy/did-you-mean.js';
import { DEFAULT_FUZZY_PARAMS } from '../../src/fuzzy/params.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { pointerToKey } from '../../src/model/config-problems.js';
import lineLimit from '../../src/rules/decision/line-limit.js';
import entryOrder from '../../src/rules/index/entry-order.js';
import { allRules } from '../../src/rules/registry.js';

describe('the engine hands rules validated options with defaults', () => {
  test('defaults come from the schema; given options win', () => {
    expect(resolveOptions(lineLimit.meta)).toEqual({ max: 400 });
    expect(resolveOptions(lineLimit.meta, { max: 7 })).toEqual({ max: 7 });
    expect(resolveOptions(entryOrder.meta)).toEqual({});
  });

  test('invalid options through the API are a UsageError naming the key, never NaN columns', () => {
    const project = buildProject(new Map([['agents/decisions/a.md', '# A\nb\nc\n']]), DEFAULT_CONFIG);
    const run = (options: Record<string, unknown>) => () => runRules(project, [lineLimit], { 'decision/line-limit': { options } });
    expect(run({ max: -5 })).toThrow(UsageError);
    expect(run({ max: -5 })).toThrow('invalid rule options: rules["decision/line-limit"].options.max must be an integer >= 1, got -5');
    expect(run({ max: 'abc' })).toThrow('got "abc"');
    expect(runRules(project, [lineLimit], { 'decision/line-limit': { options: { max: 2 } } }).map((d) => [d.span!.start.line, d.span!.start.column])).toEqual([[3, 1]]);
  });

  test('settings are checked against the registry', () => {
    expect(checkRuleSettings({ 'decision/line-limit': { options: { max: 3 } }, 'index/entry-order': { severity: 'off', options: {} } }, allRules)).toEqual([]);
    expect(checkRuleSettings({ 'index/entry-ordre': { options: {} } }, allRules)).toEqual([
      { pointer: '/rules/index~1entry-ordre', message: 'is not a rule of memdex; did you mean "index/entry-order"? (run `memdex rules` for the list)', atKey: true },
    ]);
  });
});

describe('schema messages say what is expected', () => {
  test.each([
    [{ type: 'integer', minimum: 1 }, 'an integer >= 1'],
    [{ type: 'number', minimum: 0, maximum: 1 }, 'a number >= 0 and <= 1'],
    [{ type: 'string', minLength: 1 }, 'a non-empty string'],
    [{ enum: ['error', 'warning', 'off'] }, '"error", "warning" or "off"'],
    [{ type: ['string', 'null'] }, 'a string or null'],
    [{ const: '1.0' }, '"1.0"'],
  ] as const)('%j reads "%s"', (schema, words) => {
    expect(expectedOf(schema)).toBe(words);
  });

  test('an unknown key lists the known ones', () => {
    expect(validateJson({ type: 'object', additionalProperties: false, properties: { max: { type: 'integer' } } }, { mox: 1 })).toEqual([
      { pointer: '/mox', keyword: 'additionalProperties', message: 'is not a known key (expected one of max)' },
    ]);
  });

  test('an unsupported keyword is refused loudly', () => {
    expect(() => validateJson({ format: 'email' } as never, 'x')).toThrow(/unsupported keyword format/);
  });

  test.each([
    ['/rules/decision~1line-limit/options/max', 'rules["decision/line-limit"].options.max'],
    ['/playbook/path', 'playbook.path'],
    ['/rules/a~0b', 'rules["a~b"]'],
    ['', 'the configuration'],
  ])('pointer %s is shown as %s', (pointer, key) => {
    expect(pointerToKey(pointer)).toBe(key);
  });
});

describe('a did-you-mean only above the similarity floor', () => {
  test('the floor is derived from the engine weights: 2/3 of the words on both sides, in order', () => {
    const { weightRecall, weightPrecision, weightOrder } = DEFAULT_FUZZY_PARAMS;
    expect(DID_YOU_MEAN_FLOOR).toBeCloseTo((weightRecall + weightPrecision) * (2 / 3) + weightOrder, 12);
    expect(didYouMeanFloor({ ...DEFAULT_FUZZY_PARAMS, weightOrder: 0 })).toBeCloseTo(0.6, 12);
  });

  test.each([
    ['decision/line-limt', 'decision/line-limit'],
    ['index/entry-ordr', 'index/entry-order'],
    ['playbook/counter', 'playbook/counters'],
    ['index/bogus-rule', undefined],
    ['decision/size', undefined],
  ])('%s → %s', (query, expected) => {
    expect(closestWord(query, allRules.map((r) => r.meta.id))).toBe(expected);
  });
});
