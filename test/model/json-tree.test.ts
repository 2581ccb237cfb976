import { describe, expect, test } from '@jest/globals';
import { locateJsonPointer, nestsTooDeep, parseJsonTree, toValue } from '../../src/model/json-tree.js';
import { offsetToLocation } from '../../src/model/lines.js';
import { forAllSeeds, type Random } from '../helpers/property.js';

function errorAt(text: string): string {
  const result = parseJsonTree(text);
  if (result.ok) return 'ok';
  const { line, column } = offsetToLocation(text, result.error.offset);
  return `${line}:${column} ${result.error.message}`;
}

describe('parseJsonTree', () => {
  test.each([
    ['{"a": 1,}', "1:9 trailing comma before '}'; JSON does not allow it"],
    ['{"a": NaN}', '1:7 NaN is not valid JSON; expected a number, string, true, false, null, object or array'],
    ['{"a": -Infinity}', '1:7 -Infinity is not valid JSON; expected a number'],
    ['{"a":\n  [1, 2', "2:8 expected ',' or ']' in the array, found the end of the file (the JSON is truncated)"],
    ['{"a": "b', '1:7 unterminated string: the file ends inside it'],
    ['{} x', "1:4 unexpected 'x' after the end of the JSON value"],
    ["{'a': 1}", "1:2 expected a double-quoted key, found '''"],
    ['{"a": 01}', '1:7 invalid number 01'],
    ['{"a": 1.}', '1:7 invalid number 1.'],
    ['{"a": 1e}', '1:7 invalid number 1e'],
    ['{"a" 1}', "1:6 expected ':' after the key \"a\", found '1'"],
    ['', '1:1 expected a value, found the end of the file (the JSON is truncated)'],
    ['"tab\there"', '1:5 control character inside a string; escape it (e.g. \\n)'],
    ['"\\x"', '1:2 invalid escape \\x in a string'],
  ])('%j fails at %s', (text, expected) => {
    expect(errorAt(text)).toBe(expected);
  });

  test('offsets point into the original text, BOM and CRLF included', () => {
    const text = '\uFEFF{\r\n  "k": [true, null]\r\n}';
    const result = parseJsonTree(text);
    if (!result.ok || result.root.kind !== 'object') throw new Error('expected an object');
    const [member] = result.root.members;
    expect(text.slice(member!.keyRange.start, member!.keyRange.end)).toBe('"k"');
    expect(text.slice(member!.value.start, member!.value.end)).toBe('[true, null]');
    expect(offsetToLocation(text, member!.value.start)).toMatchObject({ line: 2, column: 8 });
  });

  test('duplicate keys are kept in order and listed; the value is the last, like JSON.parse', () => {
    const result = parseJsonTree('{"a": 1, "a": 2, "__proto__": 3}');
    if (!result.ok) throw new Error('expected ok');
    expect(result.duplicateKeys.map((m) => m.key)).toEqual(['a']);
    expect(toValue(result.root)).toEqual(JSON.parse('{"a": 2, "__proto__": 3}'));
  });

  test('deep nesting is an error, not a stack overflow', () => {
    expect(errorAt('['.repeat(10_000))).toMatch(/nesting deeper than 256 levels/);
  });

  test('agrees with JSON.parse on random documents, valid or damaged', () => {
    forAllSeeds(500, (r) => {
      const text = JSON.stringify(randomValue(r, 0), null, r.pick([0, 2]));
      const damaged = r.chance(0.5) ? damage(r, text) : text;
      let expected: unknown;
      try {
        expected = JSON.parse(damaged);
      } catch {
        expected = 'error';
      }
      const result = parseJsonTree(damaged);
      expect(result.ok ? toValue(result.root) : 'error').toEqual(expected);
    });
  });
});

function randomValue(r: Random, depth: number): unknown {
  const kind = depth > 3 ? r.int(0, 3) : r.int(0, 5);
  switch (kind) {
    case 0:
      return r.pick(['', 'a"b', 'é\\n', '\u2028', 'kpt_001', 'tab\t']);
    case 1:
      return r.pick([0, -1, 1.5, 1e21, -2.5e-7, 123456789]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(0, 4) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(0, 4) }, (_, i) => [`k${i}`, randomValue(r, depth + 1)]));
  }
}

function damage(r: Random, text: string): string {
  const at = r.int(0, text.length);
  switch (r.int(0, 2)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + r.pick([',', '}', ']', '"', 'NaN', ' ', ':']) + text.slice(at);
    default:
      return text.slice(0, at) + text.slice(at + 1);
  }
}

describe('locateJsonPointer: where a data problem is reported', () => {
  const text = '\uFEFF{\n  "a": {"b": [10, {"c": true}]},\n  "d": 1,\n  "d": 2\n}\n';
  test.each([
    ['', 1, 1], // the root value (the BOM is not a column)
    ['/a', 2, 8],
    ['/a/b/1/c', 2, 25],
    ['/a/b/0', 2, 15],
    ['/d', 3, 8], // a duplicated key: its first member
    ['/a/b/7', 2, 14], // no such item: the closest ancestor
    ['/a/b/01', 2, 14], // not an index
    ['/a/x~1y', 2, 8],
  ])('%s is at %i:%i', (pointer, line, column) => {
    expect(locateJsonPointer(text, pointer)).toMatchObject({ line, column });
  });
  test('a text that is not JSON points at its first value', () => {
    expect(locateJsonPointer('\n  {"a": ', '/a')).toMatchObject({ line: 2, column: 3 });
  });
});

/** nestsTooDeep's rule, one character at a time (its implementation skips strings with a regex). */
function nestsTooDeepByCharacter(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > 256) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

describe('nestsTooDeep', () => {
  test.each([
    ['257 arrays', '['.repeat(257), true],
    ['256 arrays', `${'['.repeat(256)}${']'.repeat(256)}`, false],
    ['objects and arrays', '{"a":['.repeat(129), true],
    ['brackets in a string', `"${'['.repeat(300)}"`, false],
    ['an escaped quote keeps the string open', `"\\"${'['.repeat(300)}"`, false],
    ['an escaped backslash closes it', `"\\\\"${'['.repeat(300)}`, true],
    ['an unterminated string runs to the end', `"${'{'.repeat(300)}`, false],
    ['a backslash at the end', `${'['.repeat(10)}"a\\`, false],
    ['a newline in a string', `"a\n${'['.repeat(300)}"`, false],
  ])('%s', (_name, text, deep) => {
    expect(nestsTooDeep(text)).toBe(deep);
    expect(nestsTooDeepByCharacter(text)).toBe(deep);
  });

  test('decides as a scan of every character does, on generated texts', () => {
    forAllSeeds(300, (random) => {
      const parts = ['[', '[', '{', ']', '}', '"', '\\', 'a', '\n', '"x"', '['.repeat(random.int(0, 260))];
      let text = '';
      const length = random.int(0, 60);
      for (let i = 0; i < length; i++) text += random.pick(parts);
      expect(nestsTooDeep(text)).toBe(nestsTooDeepByCharacter(text));
    });
  });
});
