// Topic ranker (issue 22): the general methods tried to raise whole-plan R@10 and the prompt
// hook's precision, each measured by the protocol of bench/suggest-protocol.mjs.
//   npm run bench:suggest-variants     (also updates its section of bench/RESULTS.md)
//
// Each method has a grid of its own constants that includes "off" (the ranker as shipped);
// every figure is leave-one-out: each development case is ranked with the grid point best on
// the other cases by the protocol's objective (MRR + R@10, whole plan and first 300
// characters; with the masked plans too for the last method). Masked MRR and R@10: the
// plans with their relevant triggers' words removed (bench/suggest-protocol.mjs). The
// ranker's own constants stay at params.ts (the point 14 of the 15 folds of
// bench/suggest.mjs choose), so the comparison is the method's alone. A method ships only
// when it wins beyond the noise (the paired bootstrap interval of its gain excludes 0) and
// loses nothing a goal depends on; none did (docs/suggest.md says why, the masked
// constants included).
//
// Ranker methods, each fused in the ranker's own units so both thresholds keep their meaning:
//   rm3        pseudo-relevance feedback: the relevance model of the top k entries (Lavrenko &
//              Croft 2001; RM3, Abdul-Jaleel et al. 2004): a term's weight is Σ_e score(e) ·
//              tf~(t, e) / |e| (the ranker's field-weighted frequencies) · idf(t); the n
//              heaviest terms are ranked as a second query and score + β · its score.
//              Variants: every text, or plans only (texts longer than two passages: a prompt is
//              ranked as shipped).
//   siblings   cluster hypothesis over the memory's own structure (heading-path expansion):
//              entries under the same parent headings of the same file; (1 − λ) · score + λ ·
//              the group's best (or mean) score (Kurland & Lee 2004, at the tree's own clusters).
//   popularity the usage log as a query-independent prior: each plan's log is the plans before
//              it (time order, as bench/suggest.mjs orders them), score + γ · the share of past
//              plans that recalled the entry.
//   headings   structured query: the plan's own markdown headings repeated (m times), its
//              summary of its topics.
//   constants  the ranker's constants no earlier grid chose: passage size and weight, the body
//              field's length normalisation b and the file field's weight (81 points).
//   masked     the ranker's own grid (bench/suggest.mjs), chosen by the objective that also
//              counts masked plans (plans with their relevant triggers' words removed:
//              bench/suggest-protocol.mjs): constants for plans that never name their triggers.
//
// Prompt hook abstention (its first 300 characters, one pointer at most), signals of how sure
// the top entry is, from query-performance prediction: its score (as shipped), the margin over
// the second entry, and its stability when the prompt is cut in two halves at the space
// nearest the middle (the top entry among each half's best 3: ranking robustness, Zhou &
// Croft 2006). A rule's thresholds are chosen on the other cases as bench/suggest.mjs chooses
// the hook's (precision ≥ 0.8 on at least 3 pointers, then the most plans spoken on).
import { pathToFileURL } from 'node:url';
import { updateResultsSection } from './results-section.mjs';
import { loadSuggestLib } from './suggest-lib.mjs';
import { describePaired, findTopics, leaveOneOut, loadTopics, maskedObjective, mean, measureCases, paired, PROMPT_CHARS, wilsonLow } from './suggest-protocol.mjs';
import { chooseHook, grid, HOOK_PRECISION, HOOK_THRESHOLDS, hookAt, SMALL_TALK, UNRELATED } from './suggest.mjs';

/** The labels a score vector ranks, as `suggest` lists them (threshold, best first, ties to the earlier entry). */
const labelsOf = (data, s, threshold) =>
  [...s.keys()]
    .filter((e) => s[e] > 0 && s[e] >= threshold)
    .sort((a, b) => s[b] - s[a] || a - b)
    .map((e) => data.labels[e]);

const idf = (n, df) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Per index: each entry's field-weighted term frequencies (term id → tf~), for the relevance model. */
const entryTermsCache = new WeakMap();
function entryTerms(lib, data, P) {
  let rows = entryTermsCache.get(data);
  if (rows) return rows;
  const weight = lib.FIELDS.map((f) => P.fieldWeight[f]);
  rows = data.labels.map(() => new Map());
  data.postings.forEach((list, t) => {
    for (let i = 0; i < list.length; i += 3) rows[list[i]].set(t, (rows[list[i]].get(t) ?? 0) + weight[list[i + 1]] * list[i + 2]);
  });
  entryTermsCache.set(data, rows);
  return rows;
}

/** Per index: each entry's group, its parent headings and file (the headings and file fields' terms). */
const groupCache = new WeakMap();
function groups(lib, data) {
  let g = groupCache.get(data);
  if (g) return g;
  const fields = [lib.FIELDS.indexOf('headings'), lib.FIELDS.indexOf('file')];
  const parts = data.labels.map(() => []);
  data.postings.forEach((list, t) => {
    for (let i = 0; i < list.length; i += 3) if (fields.includes(list[i + 1])) parts[list[i]].push(`${list[i + 1]}:${t}:${list[i + 2]}`);
  });
  g = parts.map((p) => p.sort().join(' '));
  groupCache.set(data, g);
  return g;
}

function rm3(lib, P, c, text, s, { k, n, beta, plansOnly }) {
  if (plansOnly && lib.passages(text, P.passageChars).length < 2) return s;
  const rows = entryTerms(lib, c.data, P);
  const N = c.data.labels.length;
  const w = new Map();
  const top = [...s.keys()].filter((e) => s[e] > 0).sort((a, b) => s[b] - s[a] || a - b).slice(0, k);
  for (const e of top) {
    let len = 0;
    for (const v of rows[e].values()) len += v;
    for (const [t, v] of rows[e]) w.set(t, (w.get(t) ?? 0) + ((s[e] * v) / len) * idf(N, c.data.df[t]));
  }
  const expansion = [...w].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, n).map(([t]) => c.data.terms[t]).join(' ');
  const s2 = lib.normalisedScores(c.data, expansion, P);
  return s.map((x, e) => x + beta * s2[e]);
}

function siblings(lib, c, s, { lambda, agg }) {
  const g = groups(lib, c.data);
  const best = new Map();
  const sum = new Map();
  const count = new Map();
  s.forEach((x, e) => {
    best.set(g[e], Math.max(best.get(g[e]) ?? 0, x));
    sum.set(g[e], (sum.get(g[e]) ?? 0) + x);
    count.set(g[e], (count.get(g[e]) ?? 0) + 1);
  });
  return s.map((x, e) => (x > 0 ? (1 - lambda) * x + lambda * (agg === 'max' ? best.get(g[e]) : sum.get(g[e]) / count.get(g[e])) : x));
}

function popularity(lib, cases, c, s, { gamma }) {
  const past = cases.filter((h) => h.time < c.time);
  if (past.length === 0) return s;
  return s.map((x, e) => {
    if (x <= 0) return x;
    const key = lib.foldKey(c.data.labels[e]);
    return x + (gamma * past.filter((h) => h.relevantKeys.has(key)).length) / past.length;
  });
}

const headingsRepeated = (text, m) => `${text}\n${text.split('\n').filter((l) => /^#{1,6}\s/.test(l)).flatMap((l) => Array(m - 1).fill(l.replace(/^#+\s*/, ''))).join('\n')}`;

/** The ranker methods: a name and its grid, each point a function (case, text) → score vector; the first point is off. */
function methods(lib, cases, P) {
  const plain = (c, text) => lib.normalisedScores(c.data, text, P);
  const off = { label: 'off', scores: plain };
  const out = [];
  for (const plansOnly of [false, true]) {
    const points = [off];
    for (const k of [3, 5, 10]) for (const n of [10, 30, 100]) for (const beta of [0.2, 0.5]) points.push({ label: `k ${k}, ${n} terms, β ${beta}`, scores: (c, text) => rm3(lib, P, c, text, plain(c, text), { k, n, beta, plansOnly }) });
    out.push({ name: `RM3 relevance-model feedback, ${plansOnly ? 'plans only (a prompt as shipped)' : 'every text'}`, points });
  }
  for (const agg of ['max', 'mean']) {
    const points = [off];
    for (const lambda of [0.1, 0.2, 0.3, 0.5]) points.push({ label: `λ ${lambda}`, scores: (c, text) => siblings(lib, c, plain(c, text), { lambda, agg }) });
    out.push({ name: `siblings (same parent headings and file): the group's ${agg}`, points });
  }
  {
    const points = [off];
    for (const gamma of [0.1, 0.3, 0.5, 1]) points.push({ label: `γ ${gamma}`, scores: (c, text) => popularity(lib, cases, c, plain(c, text), { gamma }) });
    out.push({ name: 'popularity prior from the usage log (the plans before it)', points });
  }
  {
    const points = [off];
    for (const m of [2, 3]) points.push({ label: `m ${m}`, scores: (c, text) => lib.normalisedScores(c.data, headingsRepeated(text, m), P) });
    out.push({ name: "the plan's headings repeated m times", points });
  }
  {
    const points = [];
    for (const passageChars of [150, 300, 600])
      for (const passageWeight of [0.3, 0.5, 0.7])
        for (const bodyB of [0.5, 0.75, 0.9])
          for (const file of [0.5, 1, 2]) {
            const p = Object.freeze({ ...P, passageChars, passageWeight, fieldB: Object.freeze({ ...P.fieldB, body: bodyB }), fieldWeight: Object.freeze({ ...P.fieldWeight, file }) });
            const isOff = JSON.stringify(p) === JSON.stringify(P);
            const point = { label: isOff ? 'off' : `passage ${passageChars} chars, weight ${passageWeight}, body b ${bodyB}, file ${file}`, scores: (c, text) => lib.normalisedScores(c.data, text, p) };
            if (isOff) points.unshift(point);
            else points.push(point);
          }
    out.push({ name: 'passage size and weight, body b, file weight (81 points)', points });
  }
  {
    const describe = (p) => `trigger ${p.fieldWeight.trigger}, extras ${p.fieldWeight.extras}, headings ${p.fieldWeight.headings}, body ${p.fieldWeight.body}, k1 ${p.k1}, queryK ${p.queryK}, passageWeight ${p.passageWeight}`;
    const points = grid(P).map((p) => ({ label: JSON.stringify(p) === JSON.stringify(P) ? 'off' : describe(p), scores: (c, text) => lib.normalisedScores(c.data, text, p) }));
    out.push({ name: "the ranker's grid chosen with masked plans in the objective", points, score: maskedObjective });
  }
  return out;
}

const fig = (rows, kind, m, keep = () => true) => mean(rows.filter((_, i) => keep(i)).map((r) => r[kind]), m);

/** A score vector as the hook and `suggest` see it: every entry scoring above 0, best first, with its score. */
const scored = (data, s) =>
  [...s.keys()]
    .filter((e) => s[e] > 0)
    .sort((a, b) => s[b] - s[a] || a - b)
    .map((e) => ({ label: data.labels[e], score: s[e] }));

/**
 * The prompt hook under a method, by leave-one-out: case i's prompt is scored with the point
 * its fold chose (chosen[i]), and the hook's limit and threshold are chosen, as bench/suggest.mjs
 * does, on the other cases' prompts scored with that same point. Controls: how many of the
 * unrelated texts and small talk the hook would speak on under the point most folds chose, at
 * the threshold chosen on all cases, and the best score any reaches.
 */
function hookUnder(lib, cases, P, points, chosen) {
  const prompts = new Map();
  const promptsOf = (j) => {
    if (!prompts.has(j)) prompts.set(j, cases.map((c) => scored(c.data, points[j].scores(c, c.query.slice(0, PROMPT_CHARS)))));
    return prompts.get(j);
  };
  let pointers = 0;
  let relevant = 0;
  let speaking = 0;
  cases.forEach((c, i) => {
    const sp = promptsOf(chosen[i]);
    const train = cases.map((_, k) => k).filter((k) => k !== i);
    const pick = chooseHook(lib, train.map((k) => cases[k]), P, train.map((k) => sp[k]));
    const h = hookAt(lib, [c], P, pick.t, [sp[i]], pick.limit);
    pointers += h.injected;
    relevant += h.relevant;
    speaking += h.speaking;
  });
  const counts = new Map();
  for (const j of chosen) counts.set(j, (counts.get(j) ?? 0) + 1);
  const mode = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const onAll = chooseHook(lib, cases, P, promptsOf(mode));
  const trees = [...new Map(cases.map((c) => [c.index_rev, c])).values()];
  let spoke = 0;
  let best = 0;
  let total = 0;
  for (const text of [...UNRELATED, ...SMALL_TALK])
    for (const c of trees) {
      const top = scored(c.data, points[mode].scores(c, text))[0]?.score ?? 0;
      best = Math.max(best, top);
      if (top >= onAll.t) spoke++;
      total++;
    }
  return `${(pointers ? relevant / pointers : 0).toFixed(2)} (${relevant} of ${pointers}), ${speaking} of ${cases.length} plans | ${spoke} of ${total}; best ${best.toFixed(3)}`;
}

export async function rankerVariants(lib, cases) {
  const P = lib.DEFAULT_SUGGEST_PARAMS;
  const noLeak = (i) => !cases[i].leak;
  const plain = [{ label: 'off', scores: (c, text) => lib.normalisedScores(c.data, text, P) }];
  const shipped = measureCases(lib, cases, (c, text) => labelsOf(c.data, plain[0].scores(c, text), P.threshold));
  const line = (name, rows, folds, hook) =>
    `| ${name} | ${folds} | ${fig(rows, 'whole', 'mrr').toFixed(3)} | ${fig(rows, 'whole', 'r10').toFixed(3)} | ${fig(rows, 'whole', 'mrr', noLeak).toFixed(3)} | ${fig(rows, 'prompt', 'mrr').toFixed(3)} | ${fig(rows, 'maskedWhole', 'mrr').toFixed(3)} | ${fig(rows, 'maskedWhole', 'r10').toFixed(3)} | ${describePaired(paired(rows, shipped, (r) => r.whole.r10))} | ${describePaired(paired(rows, shipped, (r) => r.whole.mrr))} | ${hook} |`;
  const out = [
    `${cases.length} development cases; each method's constants chosen by leave-one-out (its grid includes "off", the ranker as shipped); the ranker's own constants at params.ts. Gains against the ranker as shipped: difference of the means, 95% paired bootstrap interval, wins / ties / losses. Hook: first ${PROMPT_CHARS} characters scored by the method, limit and threshold chosen by leave-one-out as bench/suggest.mjs does; controls: ${UNRELATED.length} unrelated texts and ${SMALL_TALK.length} small-talk prompts × each tree, the hook's threshold chosen on all cases.`,
    '',
    '| method | chosen by the folds | whole MRR | whole R@10 | no-leak MRR | first 300 MRR | masked MRR | masked R@10 | R@10 vs shipped | MRR vs shipped | hook (LOO): precision, plans with a pointer | controls: hook spoke; best score |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|---|---|',
    line('the ranker as shipped', shipped, '', hookUnder(lib, cases, P, plain, cases.map(() => 0))),
  ];
  for (const { name, points, score } of methods(lib, cases, P)) {
    const perPoint = points.map((p) => measureCases(lib, cases, (c, text) => labelsOf(c.data, p.scores(c, text), P.threshold)));
    const { rows, chosen } = leaveOneOut(perPoint, score);
    const folds = new Map();
    for (const j of chosen) folds.set(points[j].label, (folds.get(points[j].label) ?? 0) + 1);
    out.push(line(name, rows, [...folds].map(([l, n]) => `${l} (${n}×)`).join('; '), hookUnder(lib, cases, P, points, chosen)));
  }
  return out;
}

/** The prompt cut in two at the space nearest its middle. */
function halves(text) {
  const middle = text.length >> 1;
  const cut = text.indexOf(' ', middle);
  return cut < 0 ? [text] : [text.slice(0, cut), text.slice(cut)];
}

/** What the abstention rules look at: the top entry, its score, the runner-up's, and in how many halves it stays among the best 3. */
function hookSignals(lib, data, text, P) {
  const r = lib.rank(data, text, P, { threshold: 0 });
  if (r.length === 0) return { top: undefined, s1: 0, s2: 0, stable: 0 };
  const top = r[0].label;
  const stable = halves(text).filter((h) => lib.rank(data, h, P, { threshold: 0 }).slice(0, 3).some((s) => s.label === top)).length;
  return { top, s1: r[0].score, s2: r[1]?.score ?? 0, stable };
}

function hookRules() {
  const families = [
    { name: 'score (as shipped)', rules: HOOK_THRESHOLDS.map((t) => ({ t, label: `score ≥ ${t}`, ok: (f) => f.s1 >= t })) },
    { name: 'score and margin over the second entry', rules: HOOK_THRESHOLDS.flatMap((t) => [0.02, 0.05, 0.1].map((m) => ({ t, label: `score ≥ ${t}, margin ≥ ${m}`, ok: (f) => f.s1 >= t && f.s1 - f.s2 >= m }))) },
    { name: 'score and stable in both halves', rules: HOOK_THRESHOLDS.map((t) => ({ t, label: `score ≥ ${t}, stable`, ok: (f) => f.s1 >= t && f.stable === 2 })) },
    {
      name: 'score, or a lower score when stable',
      rules: HOOK_THRESHOLDS.flatMap((hi) => HOOK_THRESHOLDS.filter((t) => t < hi).map((t) => ({ t: hi, label: `score ≥ ${hi}, or ≥ ${t} and stable`, ok: (f) => f.s1 >= hi || (f.s1 >= t && f.stable === 2) }))),
    },
  ];
  return [...families, { name: 'any of the above (the folds choose the family too)', rules: families.flatMap((f) => f.rules) }];
}

export function hookVariants(lib, cases) {
  const P = lib.DEFAULT_SUGGEST_PARAMS;
  const signals = cases.map((c) => {
    const f = hookSignals(lib, c.data, c.query.slice(0, PROMPT_CHARS), P);
    return { ...f, relevant: f.top !== undefined && c.relevantKeys.has(lib.foldKey(f.top)) };
  });
  const trees = [...new Map(cases.map((c) => [c.index_rev, c.data])).values()];
  const controls = [...UNRELATED, ...SMALL_TALK].flatMap((text) => trees.map((data) => hookSignals(lib, data, text, P)));
  const at = (rule, idx) => {
    let pointers = 0;
    let relevant = 0;
    for (const i of idx)
      if (rule.ok(signals[i])) {
        pointers++;
        if (signals[i].relevant) relevant++;
      }
    return { pointers, relevant, precision: pointers ? relevant / pointers : 0 };
  };
  // bench/suggest.mjs chooseHook's order: precision ≥ HOOK_PRECISION on ≥ 3 pointers, then most plans, then precision, then the higher threshold.
  const choose = (rules, idx) => {
    let best;
    for (const rule of rules) {
      const h = at(rule, idx);
      if (h.pointers < 3) continue;
      if (!best) {
        best = { rule, h };
        continue;
      }
      const fa = h.precision >= HOOK_PRECISION;
      const fb = best.h.precision >= HOOK_PRECISION;
      const better =
        fa !== fb
          ? fa
          : !fa
            ? h.precision > best.h.precision + 1e-9
            : h.pointers > best.h.pointers || (h.pointers === best.h.pointers && (h.precision > best.h.precision + 1e-9 || (Math.abs(h.precision - best.h.precision) < 1e-9 && rule.t > best.rule.t)));
      if (better) best = { rule, h };
    }
    return best?.rule;
  };
  const all = cases.map((_, i) => i);
  const out = [
    `Prompt hook (first ${PROMPT_CHARS} characters, one pointer at most), each rule's thresholds chosen by leave-one-out as bench/suggest.mjs chooses the hook's (one pointer only here, so the score row can differ from that bench's, which also tries 2 and 3). Controls: ${UNRELATED.length} unrelated texts and ${SMALL_TALK.length} small-talk prompts × ${trees.length} trees, under the rule chosen on all cases.`,
    '',
    '| abstention rule | chosen by the folds | precision (LOO) | plans with a pointer | controls silent |',
    '|---|---|---:|---:|---:|',
  ];
  for (const { name, rules } of hookRules()) {
    let pointers = 0;
    let relevant = 0;
    const picks = new Map();
    for (const i of all) {
      const rule = choose(rules, all.filter((k) => k !== i));
      const label = rule?.label ?? 'none';
      picks.set(label, (picks.get(label) ?? 0) + 1);
      if (rule?.ok(signals[i])) {
        pointers++;
        if (signals[i].relevant) relevant++;
      }
    }
    const onAll = choose(rules, all);
    const silent = controls.filter((f) => !onAll?.ok(f)).length;
    out.push(
      `| ${name} | ${[...picks].map(([l, n]) => `${l} (${n}×)`).join('; ')} | ${(pointers ? relevant / pointers : 0).toFixed(2)} (${relevant} of ${pointers}; Wilson from ${wilsonLow(relevant, pointers).toFixed(2)}) | ${pointers} of ${cases.length} (${Math.round((100 * pointers) / cases.length)} %) | ${silent} of ${controls.length} |`,
    );
  }
  return out;
}

export async function benchVariants() {
  const lib = await loadSuggestLib();
  const topics = findTopics();
  if (!topics) return 'Skipped: shared/topics not found (set MEMDEX_TOPICS).';
  const cases = await loadTopics(lib, topics);
  return [...(await rankerVariants(lib, cases)), '', ...hookVariants(lib, cases)].join('\n');
}

export const TITLE = 'Topic ranker: methods tried for R@10 and the hook (issue 22)';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await benchVariants();
  updateResultsSection(TITLE, text);
  process.stdout.write(`${text}\n`);
}
