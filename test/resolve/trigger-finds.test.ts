/**
 * triggerFinds (the question compress-key asks for every candidate trigger) answers
 * exactly as the resolver's own pick does, on trees where the shortcut's bounds matter:
 * headings sharing most words, typo and inflection neighbours, both operators (the bonus
 * window), and the real after-migration tree.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { rmSync } from 'node:fs';
import { tokenize } from '../../src/fuzzy/words.js';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { headingOperator, type Operator } from '../../src/model/keys.js';
import type { Project } from '../../src/model/project.js';
import { DEFAULT_RESOLVE_PARAMS } from '../../src/resolve/params.js';
import { triggerSource } from '../../src/resolve/resolve.js';
import { resolverIndex } from '../../src/resolve/targets.js';
import { triggerFinds } from '../../src/resolve/trigger-finds.js';
import { pickTrigger } from '../../src/resolve/trigger-pick.js';
import { describeCorpora } from '../helpers/corpora.js';
import { afterProject } from './corpus-helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Headings that share most words, some with a neighbour one typo or one inflection away, both operators. */
function sharedWordsProject(n: number): Project {
  const doc = ['# Shared', ''];
  const index = ['# Memory Index', '', '## agents/decisions/shared.md', ''];
  for (let i = 0; i < n; i++) {
    const how = i % 3 === 0;
    const words = `${how ? 'write' : 'writing'} common tests ${i % 2 ? 'alpha' : 'alphas'} item${i}${i % 5 === 0 ? ' mocking' : ''}`;
    doc.push(`## ${how ? 'How to' : 'When'} ${words.replace(/\b\w/g, (c) => c.toUpperCase())}`, '', `body ${i}`, '');
    if (i % 4 !== 0) index.push(`/${how ? 'how' : 'when'} ${words}${i % 7 === 0 ? ` | item${i} extra` : ''}`);
  }
  return buildProject(new Map([['agents/memory-index.md', index.join('\n')], ['agents/decisions/shared.md', doc.join('\n')]]), DEFAULT_CONFIG);
}

/** Order-kept subsets of 1 to 3 words, then the words with one left out and one misspelt. */
function triggersOf(words: readonly string[]): string[] {
  const out: string[] = [];
  const n = words.length;
  for (let a = 0; a < n; a++) {
    out.push(words[a]!);
    for (let b = a + 1; b < n; b++) {
      out.push(`${words[a]} ${words[b]}`);
      for (let c = b + 1; c < n; c++) out.push(`${words[a]} ${words[b]} ${words[c]}`);
    }
  }
  for (let skip = 0; skip < n; skip++) out.push(words.filter((_, i) => i !== skip).join(' '));
  out.push(words.map((w, i) => (i === n - 1 && w.length > 4 ? w.slice(0, -2) + w.at(-1) + w.at(-2) : w)).join(' '));
  return out;
}

function compareAll(project: Project, perHeading: number): { found: number; other: number } {
  const params = DEFAULT_RESOLVE_PARAMS;
  const index = resolverIndex(project, params);
  const source = triggerSource(index, String); // only whether the target is found is compared
  const counts = { found: 0, other: 0 };
  const mismatches: string[] = [];
  // The resolver's pick is a function of the query alone (not of the heading it came from): a query that several
  // headings make (their shared words) is picked once.
  const picks = new Map<string, ReturnType<typeof pickTrigger>>();
  index.targets.forEach((t, target) => {
    const parsed = headingOperator(t.heading.text);
    const words = tokenize(parsed ? parsed.trigger : t.heading.text);
    const operators: [Operator | undefined, boolean][] = [[parsed?.operator ?? 'when', true], [parsed?.operator === 'how' ? 'when' : 'how', false], [undefined, false]];
    const all = triggersOf(words);
    const step = Math.max(1, Math.ceil((all.length - words.length - 1) / perHeading));
    // A sample of the short subsets, and every leave-one-out and misspelt trigger (the ones that find).
    for (const text of all.filter((_, i) => i % step === 0 || i >= all.length - words.length - 1)) {
      for (const [operator, explicit] of operators) {
        const query = { text, operator, explicit };
        const key = JSON.stringify([text, operator ?? null, explicit]);
        let pick = picks.get(key);
        if (pick === undefined) picks.set(key, (pick = pickTrigger(source, params, query)));
        const expected = pick.kind === 'found' && pick.target === target;
        if (triggerFinds(index, params, query, target) !== expected) mismatches.push(`${t.heading.text} ← ${operator}:${explicit} "${text}" (expected ${expected})`);
        counts[expected ? 'found' : 'other']++;
      }
    }
  });
  expect(mismatches.slice(0, 10)).toEqual([]);
  return counts;
}

describe('triggerFinds agrees with the resolver', () => {
  test('headings that share most words (bonus windows, typo and inflection neighbours)', () => {
    const counts = compareAll(sharedWordsProject(30), 10);
    expect(counts.found).toBeGreaterThan(40);
    expect(counts.other).toBeGreaterThan(500);
  });
});

describeCorpora('triggerFinds on the real tree', () => {
  test('every heading of the after-migration tree, 8 triggers each in three operator forms', () => {
    const { root, project } = afterProject();
    dirs.push(root);
    const counts = compareAll(project, 8);
    expect(counts.found).toBeGreaterThan(100);
  });
});
