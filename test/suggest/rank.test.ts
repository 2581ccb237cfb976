import { describe, expect, test } from '@jest/globals';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { analyze } from '../../src/suggest/analyze.js';
import { buildSuggestIndex } from '../../src/suggest/build-index.js';
import { DEFAULT_SUGGEST_PARAMS as P, type SuggestParams } from '../../src/suggest/params.js';
import { normalisedScores, passages, rank, scoreEntries, treeStats } from '../../src/suggest/rank.js';

/** A tree from index lines and decision-file sections (heading → body), all in agents/decisions/notes.md. */
function tree(sections: Record<string, string>, extras: Record<string, string> = {}) {
  const index = ['# Memory Index', '', '## agents/decisions/notes.md', ''];
  const doc = ['# Notes', ''];
  for (const [heading, body] of Object.entries(sections)) {
    const op = heading.startsWith('How to ') ? 'how' : 'when';
    const trigger = heading.replace(/^(How to|When) /, '').toLowerCase();
    index.push(`/${op} ${trigger}${extras[heading] ? ` | ${extras[heading]}` : ''}`);
    doc.push(`## ${heading}`, '', body, '');
  }
  const files = new Map([
    ['agents/memory-index.md', `${index.join('\n')}\n`],
    ['agents/decisions/notes.md', doc.join('\n')],
  ]);
  return buildSuggestIndex(buildProject(files, DEFAULT_CONFIG));
}

const BODY = 'Plain words only.\nNothing else here.';
/** The share of a field-weighted frequency w that BM25 keeps: w / (k1 + w). */
const sat = (w: number, p: SuggestParams = P) => w / (p.k1 + w);
const qw = (tf: number, p: SuggestParams = P) => (tf * (p.queryK + 1)) / (p.queryK + tf);
const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 9);

describe('BM25F scoring, as formulas of the named constants', () => {
  const data = tree({ 'When Alpha Beta': BODY, 'When Gamma Delta': BODY });

  test('one query term in one trigger of average length: idf × w_trigger / (k1 + w_trigger)', () => {
    // N = 2, df = 1: idf = ln(1 + (2 − 1 + 0.5) / (1 + 0.5)) = ln 2; length = average, so no length correction.
    const { raw } = scoreEntries(data, 'alpha', P);
    close(raw[0]!, Math.LN2 * sat(P.fieldWeight.trigger));
    expect(raw[1]).toBe(0);
  });

  test('a term repeated in the query weighs tf (k + 1) / (k + tf), the BM25 query saturation', () => {
    const once = scoreEntries(data, 'alpha', P).raw[0]!;
    close(scoreEntries(data, 'alpha alpha alpha', P).raw[0]!, once * qw(3));
    const presence = { ...P, queryK: 0 };
    close(scoreEntries(data, 'alpha alpha alpha', presence).raw[0]!, scoreEntries(data, 'alpha', presence).raw[0]!);
  });

  test('the normalised score is raw / √(Q · E): here exactly 1/√2, whatever the constants', () => {
    // Q = ln2 · sat; each entry's own trigger gives it E = 2 · ln2 · sat.
    for (const p of [P, { ...P, k1: 0.7, fieldWeight: { ...P.fieldWeight, trigger: 9 } }]) {
      const [top] = rank(data, 'alpha', p, { threshold: 0 });
      expect(top!.label).toBe('/when alpha beta');
      close(top!.score, Math.round((1 / Math.SQRT2) * 1e6) / 1e6);
    }
  });

  test('a word the tree does not know counts against the query (idf of df = 0) but matches nothing', () => {
    const [alone] = rank(data, 'alpha', P, { threshold: 0 });
    const [diluted] = rank(data, 'alpha zygomorphic', P, { threshold: 0 });
    // Q gains ln(1 + 2.5 / 0.5) = ln 6 for the unknown word: the score falls by √(ln2 / (ln2 + ln6)).
    close(diluted!.score, Math.round(alone!.score * Math.sqrt(Math.LN2 / (Math.LN2 + Math.log(6))) * 1e6) / 1e6);
  });

  test('maxQueryTerms keeps the most informative terms: an unknown word (idf at df = 0) before a known one', () => {
    const one = { ...P, maxQueryTerms: 1 };
    expect(rank(data, 'alpha zygomorphic', one, { threshold: 0 })).toEqual([]);
    expect(rank(data, 'alpha', one, { threshold: 0 }).map((s) => s.label)).toEqual(['/when alpha beta']);
  });

  test('field weights: the same word counts w_trigger in a trigger and w_body in a section text', () => {
    const fields = tree({ 'When Zeta Omega': BODY, 'When Kappa Omega': 'Plain zeta only.\nNothing else here.' });
    const { raw } = scoreEntries(fields, 'zeta', P);
    // Both fields at their average length (triggers 2 terms each, bodies 4 terms each); df = 2 of N = 2.
    const idf = Math.log(1 + 0.5 / 2.5);
    close(raw[0]!, idf * sat(P.fieldWeight.trigger));
    close(raw[1]!, idf * sat(P.fieldWeight.body));
    expect(raw[0]!).toBeGreaterThan(raw[1]!);
    const bodyFirst = { ...P, fieldWeight: { ...P.fieldWeight, trigger: 0.5, body: 4 } };
    const flipped = scoreEntries(fields, 'zeta', bodyFirst).raw;
    expect(flipped[1]!).toBeGreaterThan(flipped[0]!);
  });

  test('length normalisation: a longer trigger than average weighs 1 / (1 − b + b · len / avg)', () => {
    const lengths = tree({ 'When Alpha Beta': BODY, 'When Alpha Beta Gamma Delta Epsilon Zeta': BODY, 'When Theta Iota': BODY });
    const { raw } = scoreEntries(lengths, 'epsilon', P);
    // Trigger lengths 2, 6, 2: average 10/3; df(epsilon) = 1 of N = 3.
    const b = P.fieldB.trigger;
    const tf = P.fieldWeight.trigger / (1 - b + (b * 6) / (10 / 3));
    close(raw[1]!, Math.log(1 + 2.5 / 1.5) * sat(tf));
  });

  test('extras and parent headings and the file name are fields too', () => {
    const data2 = tree({ 'When Alpha Beta': BODY, 'When Gamma Delta': BODY }, { 'When Gamma Delta': 'mock patch, test doubles' });
    expect(rank(data2, 'test doubles', P, { threshold: 0 }).map((s) => s.label)).toEqual(['/when gamma delta']);
    const scoresOfNotes = scoreEntries(data2, 'notes', P).raw; // the H1 title and the file name, both entries alike
    expect(scoresOfNotes[0]).toBeGreaterThan(0);
    close(scoresOfNotes[0]!, scoresOfNotes[1]!);
  });
});

describe('passages: a long text is also scored prompt-sized piece by piece', () => {
  test('cut at headings and blank lines, blocks joined up to passageChars, a short tail joins the last', () => {
    const a = 'a'.repeat(200);
    expect(passages(`# Title\n${a}\n\n${a}\n\n## Next\n${a}\n\nend`, 300)).toEqual([
      `# Title\n${a}\n${a}`,
      `## Next\n${a}\nend`,
    ]);
    expect(passages('short prompt', 300)).toEqual(['short prompt']);
  });

  test('score = (1 − passageWeight) · whole + passageWeight · best passage, each normalised', () => {
    const data = tree({ 'When Alpha Beta': BODY, 'When Gamma Delta': BODY });
    const filler = 'lorem ipsum dolor sit amet consectetur '.repeat(8);
    const text = `${filler}\n\nalpha beta ${filler}\n\n${filler} gamma`;
    const parts = passages(text, P.passageChars);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const normalised = (t: string) => {
      const { raw, norm } = scoreEntries(data, t, P);
      return [...raw].map((x) => x / norm);
    };
    const whole = normalised(text);
    const best = parts.map(normalised).reduce((m, s) => m.map((x, e) => Math.max(x, s[e]!)));
    const mixed = normalisedScores(data, text, P);
    whole.forEach((s, e) => close(mixed[e]!, (1 - P.passageWeight) * s + P.passageWeight * best[e]!));
    const off = normalisedScores(data, text, { ...P, passageWeight: 0 });
    whole.forEach((s, e) => close(off[e]!, s));
  });
});

describe('analysis: stop words and Porter stems', () => {
  test('inflections meet on one stem; stop words, single letters and numbers are not terms', () => {
    expect(analyze('Writing writes gates gating')).toEqual(['write', 'write', 'gate', 'gate']);
    expect(analyze('When the 2 of a memory-index')).toEqual(['memori', 'index']);
  });

  test('numbers in any script are not terms; words mixing digits and letters are', () => {
    // a year in ASCII, Arabic-Indic and Devanagari digits
    expect(analyze('release 2026 ٢٠٢٦ १२ v2 2fa ٣x')).toEqual(['releas', 'v2', '2fa', '٣x']);
  });

  test('a query in another grammatical form finds the entry', () => {
    const data = tree({ 'When Placing Quality Gates': BODY, 'When Naming Branches': BODY });
    expect(rank(data, 'where should the quality gate be placed?', P).map((s) => s.label)).toEqual(['/when placing quality gates']);
  });
});

describe('threshold and determinism', () => {
  const data = tree({
    'When Writing Mock Tests': 'Patch where the object is used, not where it is defined.\nPrefer fakes to mocks.',
    'How to Encode File Paths': 'Encode separators as dashes.\nKeep the root relative.',
    'When Choosing Test Doubles': 'A fake for state, a mock for calls.\nNever both.',
  });

  test('unrelated text: nothing clears the threshold, so nothing is returned', () => {
    expect(rank(data, 'Preheat the oven, whisk the eggs with sugar and bake the sponge until golden.', P)).toEqual([]);
    expect(rank(data, '', P)).toEqual([]);
  });

  test('related text is returned with scores at or above the threshold, best first', () => {
    const found = rank(data, 'I am writing tests with mocks and need test doubles', P);
    expect(found.map((s) => s.label)).toEqual(['/when writing mock tests', '/when choosing test doubles']);
    expect(found.every((s) => s.score >= P.threshold)).toBe(true);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
  });

  test('equal evidence ties in index order; the same input always gives the same output', () => {
    const twins = tree({ 'When Alpha Beta': BODY, 'When Alpha Gamma': BODY, 'When Delta Beta': BODY });
    const first = rank(twins, 'alpha', P, { threshold: 0 });
    expect(first.map((s) => s.label)).toEqual(['/when alpha beta', '/when alpha gamma']);
    expect(first[0]!.score).toBe(first[1]!.score);
    expect(rank(twins, 'alpha', P, { threshold: 0 })).toEqual(first);
  });

  test('the index is plain data: through JSON it ranks exactly the same', () => {
    const restored = JSON.parse(JSON.stringify(data));
    const text = 'encode the paths of files in tests';
    expect(rank(restored, text, P, { threshold: 0 })).toEqual(rank(data, text, P, { threshold: 0 }));
    expect(restored).toEqual(data);
  });

  test('the tree statistics stored at build time are those ranking would compute, and are used only for their params', () => {
    const text = 'encode the paths of files in tests';
    const { stats, ...bare } = data;
    expect(stats).toEqual({ params: JSON.stringify(P), ...treeStats(bare, P) });
    expect(rank(bare, text, P, { threshold: 0 })).toEqual(rank(data, text, P, { threshold: 0 }));
    // Statistics of other params are not taken for these: a forged E would change every score.
    const other = { ...P, k1: 0.7 };
    const forged = { ...data, stats: { ...stats!, entryMass: stats!.entryMass * 4 } };
    expect(rank(forged, text, other, { threshold: 0 })).toEqual(rank(bare, text, other, { threshold: 0 }));
    expect(rank(forged, text, P, { threshold: 0 })[0]!.score).toBeCloseTo(rank(data, text, P, { threshold: 0 })[0]!.score / 2, 5);
  });

  test('limit keeps the best', () => {
    expect(rank(data, 'mock tests test doubles encode paths', P, { limit: 1, threshold: 0 })).toHaveLength(1);
  });
});
