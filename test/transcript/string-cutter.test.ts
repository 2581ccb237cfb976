/**
 * The string cutter (src/transcript/string-cutter.ts): long string literals of a JSON
 * line are cut, whole characters and whole escapes only, the rest of the line kept
 * byte for byte, whatever pieces the line arrives in. Checked against JSON.parse on
 * generated values (escapes, surrogate pairs, multi-byte characters, nesting).
 */
import { describe, expect, test } from '@jest/globals';
import { cutMarker, StringCutter } from '../../src/transcript/string-cutter.js';
import { forAllSeeds, type Random } from '../helpers/property.js';

const utf8 = new TextEncoder();

/** Feeds `text` to a cutter in pieces of the given sizes; returns what it kept. */
function cut(text: string, maxString: number, pieces: (remaining: number) => number = (n) => n, maxLine = 1 << 20) {
  const bytes = utf8.encode(text);
  const cutter = new StringCutter(maxString, maxLine);
  for (let at = 0; at < bytes.length; ) {
    const size = Math.max(1, Math.min(bytes.length - at, pieces(bytes.length - at)));
    cutter.write(bytes.slice(at, at + size)); // a copy: the cutter must not keep views of its input
    at += size;
  }
  const line = cutter.finish();
  return { ...line, text: new TextDecoder('utf-8', { fatal: true }).decode(line.bytes) };
}

const ALPHABET = ['a', 'Z', ' ', '"', '\\', '\n', '\t', '/', 'é', '€', '𝄞', '\u0001', '\u2028', 'x'];

function randomString(random: Random): string {
  const length = random.chance(0.3) ? random.int(0, 4) : random.int(5, 60);
  return Array.from({ length }, () => random.pick(ALPHABET)).join('');
}

function randomValue(random: Random, depth = 0): unknown {
  const kind = random.int(0, depth > 3 ? 2 : 5);
  if (kind === 0) return randomString(random);
  if (kind === 1) return random.int(-5, 500);
  if (kind === 2) return random.pick([true, false, null]);
  if (kind === 3) return Array.from({ length: random.int(0, 4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(Array.from({ length: random.int(0, 4) }, () => [randomString(random), randomValue(random, depth + 1)]));
}

/** The expected value: every string cut to its longest prefix of whole escapes and characters within `max` bytes of JSON text. */
function expected(value: unknown, max: number): unknown {
  if (typeof value === 'string') return cutString(value, max);
  if (Array.isArray(value)) return value.map((v) => expected(v, max));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [cutString(k, max), expected(v, max)]));
  return value;
}

function cutString(text: string, max: number): string {
  const literal = JSON.stringify(text).slice(1, -1);
  if (utf8.encode(literal).length <= max) return text;
  // Walk the literal unit by unit (an escape, or one character), keeping while it fits.
  let kept = '';
  let bytes = 0;
  let dropped = 0;
  for (let i = 0; i < literal.length; ) {
    let unit: string;
    if (literal[i] === '\\') unit = literal[i + 1] === 'u' ? literal.slice(i, i + 6) : literal.slice(i, i + 2);
    else unit = String.fromCodePoint(literal.codePointAt(i)!);
    const size = utf8.encode(unit).length;
    const fits = dropped === 0 && bytes + size <= max;
    if (fits) {
      kept += unit;
      bytes += size;
    } else dropped += size;
    i += unit.length;
  }
  return `${JSON.parse(`"${kept}"`)}${cutMarker(dropped)}`;
}

describe('StringCutter', () => {
  test('a line without long strings is kept byte for byte, in any pieces', () => {
    forAllSeeds(200, (random) => {
      const text = JSON.stringify(randomValue(random));
      const line = cut(text, 1 << 16, () => random.int(1, 7));
      expect(line.text).toBe(text);
      expect(line.cutBytes).toBe(0);
    });
  });

  test('long strings (values and keys) are cut to whole characters and escapes; the line still parses to the same structure', () => {
    forAllSeeds(300, (random) => {
      const value = randomValue(random);
      const max = random.int(0, 24);
      const line = cut(JSON.stringify(value), max, () => random.int(1, 9));
      expect(JSON.parse(line.text)).toEqual(expected(value, max));
    });
  });

  test('the marker names the bytes cut; the kept part never splits an escape or a character', () => {
    const line = cut(JSON.stringify({ t: 'abc\\"é𝄞def' }), 4);
    expect(JSON.parse(line.text)).toEqual({ t: `abc${cutMarker(13)}` });
    expect(cut('{"t":"éééé"}', 3).text).toBe(`{"t":"é${cutMarker(6)}"}`);
    expect(cut('{"t":"a\\u00e9b"}', 6).text).toBe(`{"t":"a${cutMarker(7)}"}`);
  });

  test('a 50 MB string is held as its first bytes only', () => {
    const cutter = new StringCutter(100, 1 << 20);
    cutter.write(utf8.encode('{"type":"user","text":"'));
    const chunk = new Uint8Array(1 << 20).fill(0x79);
    for (let i = 0; i < 50; i++) cutter.write(chunk);
    cutter.write(utf8.encode('"}'));
    const line = cutter.finish();
    expect(line.bytes.length).toBeLessThan(200);
    expect(JSON.parse(new TextDecoder().decode(line.bytes))).toEqual({ type: 'user', text: `${'y'.repeat(100)}${cutMarker(50 * (1 << 20) - 100)}` });
  });

  test('more than maxLineBytes outside long strings: too long, nothing kept', () => {
    const numbers = `[${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]`;
    const line = cut(numbers, 10, (n) => Math.min(n, 1000), 4096);
    expect(line).toMatchObject({ tooLong: true, lineBytes: numbers.length, text: '' });
  });

  test('an unterminated string stays unterminated: the line still fails to parse', () => {
    expect(() => JSON.parse(cut('{"type":"user","text":"abcdefghijkl', 4).text)).toThrow();
  });
});
