import { describe, expect, test } from '@jest/globals';
import { isStopword } from '../../src/fuzzy/words.js';
import { resolve } from '../../src/resolve/resolve.js';
import { pick, prng } from '../helpers/prng.js';
import { afterProject, corpusEntries } from './corpus-helpers.js';
import { describeCorpora } from '../helpers/corpora.js';

/**
 * Queries as agents mistype them, generated from the corpus with a seeded PRNG:
 * accuracy is the share resolved to the right section; "wrong" counts a different
 * section returned as success, the worst failure, which must never happen.
 */
const { project } = afterProject();
const entries = corpusEntries(project.files);
const random = prng(20260501);

type Perturb = (words: string[]) => string[] | undefined;

const typo = (w: string): string => {
  const i = 1 + Math.floor(random() * (w.length - 2));
  switch (Math.floor(random() * 3)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1); // deletion
    case 1:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // swap
    default:
      return w.slice(0, i) + (w[i] === 'e' ? 'a' : 'e') + w.slice(i + 1); // substitution
  }
};
const contentIndexes = (words: string[]) => words.map((w, i) => (isStopword(w) ? -1 : i)).filter((i) => i >= 0);

const PERTURBATIONS: Record<string, Perturb> = {
  'drop a word': (w) => {
    const c = contentIndexes(w);
    if (c.length < 3) return undefined;
    const i = pick(random, c);
    return w.filter((_, k) => k !== i);
  },
  'swap two words': (w) => {
    if (w.length < 2) return undefined;
    const i = Math.floor(random() * (w.length - 1));
    const out = [...w];
    [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
    return out;
  },
  'one typo': (w) => {
    const long = w.map((x, i) => (x.length >= 5 ? i : -1)).filter((i) => i >= 0);
    if (long.length === 0) return undefined;
    const i = pick(random, long);
    return w.map((x, k) => (k === i ? typo(x) : x));
  },
  'plural / singular': (w) => {
    const c = contentIndexes(w);
    if (c.length === 0) return undefined;
    const i = pick(random, c);
    return w.map((x, k) => (k === i ? (x.endsWith('s') ? x.slice(0, -1) : `${x}s`) : x));
  },
  'add an article': (w) => {
    const i = Math.floor(random() * w.length);
    return [...w.slice(0, i), 'the', ...w.slice(i)];
  },
  'drop an article': (w) => (w.some((x) => isStopword(x)) ? w.filter((x) => !isStopword(x)) : undefined),
};
// Two mistakes at once: harder, still never a wrong section.
PERTURBATIONS['drop + typo'] = (w) => {
  const dropped = PERTURBATIONS['drop a word']!(w);
  return dropped && PERTURBATIONS['one typo']!(dropped);
};
PERTURBATIONS['swap + plural'] = (w) => {
  const swapped = PERTURBATIONS['swap two words']!(w);
  return swapped && PERTURBATIONS['plural / singular']!(swapped);
};

const PREFIXES = ['', 'when ', '/when ', 'how to ', '/how '];

describeCorpora('perturbed queries', () => {
  test('never a wrong section, and top-1 accuracy ≥ 95 %', () => {
    const stats = new Map<string, { total: number; right: number; wrong: number; ambiguous: number; missing: number }>();
    const wrongs: string[] = [];
    for (const e of entries) {
      const words = e.trigger.split(' ');
      for (const [name, perturb] of Object.entries(PERTURBATIONS)) {
        const changed = perturb(words);
        if (!changed || changed.join(' ') === e.trigger) continue;
        const query = pick(random, PREFIXES) + changed.join(' ');
        const s = stats.get(name) ?? { total: 0, right: 0, wrong: 0, ambiguous: 0, missing: 0 };
        stats.set(name, s);
        s.total++;
        const r = resolve(project, query);
        if (r.kind === 'found') {
          if (r.section.heading === e.heading && r.section.file === e.file) s.right++;
          else {
            s.wrong++;
            wrongs.push(`${query} → ${r.section.heading} (want ${e.heading})`);
          }
        } else if (r.kind === 'ambiguous') s.ambiguous++;
        else s.missing++;
      }
    }
    const total = [...stats.values()].reduce((a, s) => a + s.total, 0);
    const right = [...stats.values()].reduce((a, s) => a + s.right, 0);
    const wrong = [...stats.values()].reduce((a, s) => a + s.wrong, 0);
    expect(wrongs).toEqual([]);
    expect(wrong).toBe(0);
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });
});
