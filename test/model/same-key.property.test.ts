/**
 * One model of "same" (issue 9 §1): over generated entry/heading pairs (punctuation,
 * case, spacing, Unicode accents in composed and decomposed form, non-Latin scripts,
 * full-width letters, backticks), `memdex check` reports no pairing finding iff the
 * resolver answers the entry by exact hit on that heading (through the trigger table
 * and through the full resolver, with fuzzy answers turned off: both also answer
 * fuzzy queries), and with fuzzy answers on, the table and the resolver agree.
 */
import { describe, expect, test } from '@jest/globals';
import { runRules } from '../../src/core/engine.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { entryLabel, formatEntry, parseEntryLine } from '../../src/model/entry-line.js';
import { entryKey, foldKey, headingForEntry, headingKey, headingOperator, type Operator } from '../../src/model/keys.js';
import { allRules } from '../../src/rules/registry.js';
import { buildTriggerTable } from '../../src/resolve/trigger-table.js';
import { openTriggerTable, resolveFromTriggerTable } from '../../src/resolve/trigger-lookup.js';
import { DEFAULT_RESOLVE_PARAMS } from '../../src/resolve/params.js';
import { resolve } from '../../src/resolve/resolve.js';
import { forAllSeeds, type Random } from '../helpers/property.js';

const WORDS = [
  'writing', 'mock', 'tests', 'to', 'a', 'TDD', 'paths', 'v2', '2026', 'agent-creator', '__init__.py',
  'café', 'naïve', 'Ärger', 'straße', 'İstanbul', 'οδός', 'ΟΔΟΣ', 'тест', 'Ёлка', '設定', 'を読む', 'اختبار', 'हिन्दी', 'ไทย',
];
const SEPARATORS = [' ', '  ', ' \t ', '-', '_', '/', ' — ', ': ', ', ', ' (', ') ', '.', ' & '];

/** One way of writing a word: case, Unicode form, full-width letters, backticks, emphasis. */
function writeWord(word: string, random: Random): string {
  let w = random.pick([word, word.toLowerCase(), word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1)]);
  if (random.chance(0.3)) w = w.normalize('NFD');
  if (random.chance(0.1)) w = [...w].map((c) => (/[A-Za-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
  if (random.chance(0.15)) w = `\`${w}\``;
  else if (random.chance(0.1)) w = `*${w}*`;
  return w;
}

function writePhrase(words: readonly string[], random: Random): string {
  return words.map((w, i) => (i === 0 ? '' : random.pick(SEPARATORS)) + writeWord(w, random)).join('');
}

interface Pair {
  readonly operator: Operator;
  readonly trigger: string;
  readonly headingOperator: Operator;
  readonly heading: string;
}

function generatePair(random: Random): Pair {
  const words = Array.from({ length: random.int(1, 4) }, () => random.pick(WORDS));
  const operator: Operator = random.pick(['when', 'how']);
  let headingWords = words;
  let headingOp = operator;
  const mutation = random.int(0, 5);
  if (mutation === 1 && words.length > 1) headingWords = words.slice(1);
  if (mutation === 2) headingWords = [...words, random.pick(WORDS)];
  if (mutation === 3) headingOp = operator === 'when' ? 'how' : 'when';
  if (mutation === 4 && words.length > 1) headingWords = [...words].reverse();
  const prefix = headingOp === 'when' ? random.pick(['When', 'WHEN', 'when', '**When**']) : random.pick(['How to', 'HOW TO', 'How  to', 'How-to']);
  return { operator, trigger: writePhrase(words, random), headingOperator: headingOp, heading: `${prefix} ${writePhrase(headingWords, random)}` };
}

const PAIRING_RULES = new Set(['index/entry-has-heading', 'decision/heading-has-entry']);
/** No fuzzy score reaches acceptance: a `found` can only be an exact hit. */
const EXACT_ONLY = { ...DEFAULT_RESOLVE_PARAMS, accept: Number.POSITIVE_INFINITY };

function treeOf(pair: Pair): Map<string, string> {
  return new Map([
    ['agents/memory-index.md', `# Memory Index\n\n## agents/decisions/topic.md\n\n/${pair.operator} ${pair.trigger}\n`],
    ['agents/decisions/topic.md', `# Topic\n\n## ${pair.heading}\n\nFirst line of the section.\nSecond line of the section.\nThird line of the section.\n`],
  ]);
}

describe('check accepts an entry/heading pair iff the resolver answers it by exact hit', () => {
  test('over 600 generated pairs', () => {
    let accepted = 0;
    let rejected = 0;
    forAllSeeds(600, (random) => {
      const pair = generatePair(random);
      const project = buildProject(treeOf(pair), DEFAULT_CONFIG);
      const entry = project.index!.entries[0]!;
      expect(entry.trigger).not.toBe(''); // the generator writes at least one word
      const heading = project.decisions[0]!.headings[1]!;
      const pairingFindings = runRules(project, allRules).filter((d) => PAIRING_RULES.has(d.ruleId));
      const query = entryLabel(entry);
      const read = (p: string) => project.files.get(p)!;
      const exact = openTriggerTable(buildTriggerTable(project, EXACT_ONLY), EXACT_ONLY).resolve(query, undefined, read);
      const exactHit = exact?.kind === 'found' && exact.section.line === heading.line;
      const context = `entry ${JSON.stringify(query)} heading ${JSON.stringify(heading.text)}: ${pairingFindings.map((d) => d.message).join(' | ')}`;
      expect({ context, clean: pairingFindings.length === 0 }).toEqual({ context, clean: exactHit });
      expect(resolve(project, query, { params: EXACT_ONLY })).toEqual(exact);
      expect(resolve(project, query)).toEqual(resolveFromTriggerTable(buildTriggerTable(project), query, undefined, read));
      if (exactHit) accepted++;
      else rejected++;
    });
    // Both sides of the iff are exercised.
    expect(accepted).toBeGreaterThan(150);
    expect(rejected).toBeGreaterThan(150);
  });

  test('the heading a migration writes for an entry always pairs with it', () => {
    forAllSeeds(400, (random) => {
      const pair = generatePair(random);
      const written = headingForEntry(pair.operator, pair.trigger);
      expect(headingKey(written)).toBe(entryKey(pair.operator, pair.trigger));
      expect(headingOperator(written)?.operator).toBe(pair.operator);
    });
  });

  test('foldKey is idempotent and the index line grammar round-trips', () => {
    forAllSeeds(400, (random) => {
      const pair = generatePair(random);
      for (const text of [pair.trigger, pair.heading]) expect(foldKey(foldKey(text))).toBe(foldKey(text));
      const extras = [writePhrase([random.pick(WORDS)], random), writePhrase([random.pick(WORDS)], random)].filter((e) => !e.includes(','));
      const line = formatEntry({ operator: pair.operator, trigger: pair.trigger, extras });
      const parsed = parseEntryLine(line)!;
      expect(formatEntry(parsed)).toBe(line);
      expect(entryKey(parsed.operator, parsed.trigger)).toBe(entryKey(pair.operator, pair.trigger));
    });
  });
});

describe('the examples of keys.ts', () => {
  test.each([
    ['/when Writing  mock-tests', '### When Writing Mock Tests', 'when writing mock tests'],
    ['/how encode paths', '## How to Encode Paths', 'how to encode paths'],
    ['/how use __init__.py', '### How to Use `__init__.py`', 'how to use init py'],
    ['/when choosing an ORM: Café', '### When Choosing an ORM — cafe\u0301', 'when choosing an orm café'],
    ['/when 設定を読む', '### When 設定を読む', 'when 設定を読む'],
  ])('%s ↔ %s', (line, heading, key) => {
    const parsed = parseEntryLine(line)!;
    expect(entryKey(parsed.operator, parsed.trigger)).toBe(key);
    expect(headingKey(heading.replace(/^#+ /, ''))).toBe(key);
  });

  const testingTree = (entry: string, heading: string) =>
    buildProject(
      new Map([
        ['agents/memory-index.md', `# Memory Index\n\n## agents/decisions/testing.md\n\n${entry}\n`],
        ['agents/decisions/testing.md', `# Testing\n\n## ${heading}\n\nOne.\nTwo.\nThree.\n`],
      ]),
      DEFAULT_CONFIG,
    );

  test('the reported case: /when writing mock-tests is clean for check and an exact hit for when', () => {
    const project = testingTree('/when writing mock-tests', 'When Writing Mock Tests');
    expect(runRules(project, allRules).map((d) => d.ruleId)).toEqual([]);
    const hit = resolveFromTriggerTable(buildTriggerTable(project), '/when writing mock-tests', undefined, (p) => project.files.get(p)!);
    expect(hit?.kind === 'found' && hit.section.heading).toBe('When Writing Mock Tests');
  });

  test('a pasted line: the whole trigger first (an entry may hold ` — `), else the trigger before a ` — ` note', () => {
    for (const [entry, heading, query] of [
      ['/when writing mock tests', 'When Writing Mock Tests', '/when writing mock tests — recalled for the patch question'],
      ['/when tabs — or spaces', 'When Tabs — or Spaces', '/when tabs — or spaces'],
    ] as const) {
      const project = testingTree(entry, heading);
      expect(runRules(project, allRules)).toEqual([]);
      const fast = resolveFromTriggerTable(buildTriggerTable(project), query, undefined, (p) => project.files.get(p)!);
      expect(fast?.kind === 'found' && fast.section.heading).toBe(heading);
      expect(resolve(project, query)).toEqual(fast);
    }
  });

  test('a trigger without any word is an empty trigger, never a key that names a heading', () => {
    const project = testingTree('/when ---', '.Structure');
    const ids = runRules(project, allRules).map((d) => d.ruleId);
    expect(ids).toContain('index/entry-format');
    expect(ids).not.toContain('index/entry-has-heading');
  });
});
