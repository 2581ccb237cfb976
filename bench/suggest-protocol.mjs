// The evaluation protocol of the topic ranker (issue 22 §1), shared by the suggest benches.
//
// Every figure reported as a result is measured on text the ranker's constants were not
// chosen on: for each development case, the constants (a grid point, a threshold, a mix
// weight) are the ones best on the other cases (leave-one-out), and that case is scored with
// them. The 15 cases are few: a figure is reported with the per-case wins and losses
// against plain BM25 and a bootstrap interval of the difference, and a method that wins by
// less than the noise is not kept.
//
// Subsets, as the product owner reports them on the kept-aside cases:
//   whole      the whole plan document (median ≈ 4,300 characters);
//   first 300  its first 300 characters (what the prompt hook sees of a prompt);
//   no-leak    the plans that do not contain any of their relevant triggers verbatim (folded
//              as keys fold: case, punctuation and spacing ignored): a ranker that only finds
//              triggers the plan quotes is not learning what the plan is about.
//   masked     every plan with each word of its relevant triggers removed (a word goes when
//              all its stems are stems of a relevant trigger; ~13 % of the characters): plans
//              that never name what they need, whole and first 300 characters. The dev no-leak
//              plans still use most of their triggers' words (their MRR was 0.81 while the owner
//              measured 0.45 on the kept-aside no-leak plans, below plain BM25's 0.50); masked,
//              the ranker fitted to the plain plans fell below plain BM25 the same way (0.39
//              against 0.46), so this subset shows on the development cases the failure the
//              kept-aside ones showed. Reported beside the others; the constants are chosen
//              on the plans as written (objective), and bench/suggest-variants.mjs measures
//              choosing them with masked plans too (maskedObjective).
// Time order (for the usage log): the trees carry no commit date, but the memory index is
// append-only, so a case's tree size (index_entries) orders the cases; equal sizes keep the
// order of cases.jsonl.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTree } from './suggest-lib.mjs';

export const PROMPT_CHARS = 300;
export const KS = [3, 5, 10];
export const METRICS = ['r3', 'r5', 'r10', 'p3', 'mrr', 'silent'];
export const METRIC_NAMES = { r3: 'R@3', r5: 'R@5', r10: 'R@10', p3: 'P@3', mrr: 'MRR', silent: 'silent' };

export function findTopics() {
  if (process.env.MEMDEX_TOPICS) return existsSync(process.env.MEMDEX_TOPICS) ? process.env.MEMDEX_TOPICS : undefined;
  for (let dir = fileURLToPath(new URL('..', import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', 'topics', 'cases.jsonl'))) return join(dir, 'shared', 'topics');
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Cases with their tree's ranker index (one build per tree revision), their relevant keys,
 * `leak` (a relevant trigger appears verbatim in the plan) and `time` (their place in time order).
 */
export async function loadTopics(lib, topics) {
  const cases = readFileSync(join(topics, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const indexes = new Map();
  for (const c of cases) {
    if (indexes.has(c.index_rev)) continue;
    const project = await lib.buildWithFallback(readTree(join(topics, 'trees', c.index_rev)), lib.DEFAULT_CONFIG);
    indexes.set(c.index_rev, lib.buildSuggestIndex(project));
  }
  const order = cases.map((c, i) => ({ i, size: c.index_entries })).sort((a, b) => a.size - b.size || a.i - b.i);
  const time = new Map(order.map(({ i }, t) => [i, t]));
  return cases.map((c, i) => {
    const folded = ` ${lib.foldKey(c.query)} `;
    const stems = new Set(c.relevant.flatMap((r) => lib.analyze(r.trigger)));
    return {
      ...c,
      masked: c.query.replace(/[A-Za-z][A-Za-z0-9'-]*/g, (word) => {
        const terms = lib.analyze(word);
        return terms.length > 0 && terms.every((t) => stems.has(t)) ? '' : word;
      }),
      id: i,
      time: time.get(i),
      data: indexes.get(c.index_rev),
      relevantKeys: new Set(c.relevant.map((r) => lib.foldKey(`/${r.op} ${r.trigger}`))),
      relevantLabels: c.relevant.map((r) => `/${r.op} ${r.trigger}`),
      leak: c.relevant.some((r) => folded.includes(` ${lib.foldKey(r.trigger)} `)),
    };
  });
}

/** Metrics of one ranked label list against a case's relevant set. */
export function caseMetrics(lib, labels, relevantKeys) {
  const hits = labels.map((l) => relevantKeys.has(lib.foldKey(l)));
  const first = hits.indexOf(true);
  const m = { mrr: first < 0 ? 0 : 1 / (first + 1), silent: labels.length === 0 ? 1 : 0 };
  for (const k of KS) m[`r${k}`] = hits.slice(0, k).filter(Boolean).length / relevantKeys.size;
  m.p3 = hits.slice(0, 3).filter(Boolean).length / 3;
  return m;
}

export const mean = (rows, key) => rows.reduce((s, r) => s + r[key], 0) / rows.length;

/** Per-case metrics of one ranking function, whole and prompt-sized, as written and masked: rankLabels(case, text) → labels. */
export function measureCases(lib, cases, rankLabels) {
  return cases.map((c) => ({
    whole: caseMetrics(lib, rankLabels(c, c.query), c.relevantKeys),
    prompt: caseMetrics(lib, rankLabels(c, c.query.slice(0, PROMPT_CHARS)), c.relevantKeys),
    maskedWhole: caseMetrics(lib, rankLabels(c, c.masked), c.relevantKeys),
    maskedPrompt: caseMetrics(lib, rankLabels(c, c.masked.slice(0, PROMPT_CHARS)), c.relevantKeys),
  }));
}

/** What constants are chosen for: ranking (MRR) and recall (R@10), whole and prompt-sized alike, on the plans as written. */
export const objective = (rows) => objectiveOf(rows, ['whole', 'prompt']);

/** The same on the plans as written and masked: constants for plans that never name their triggers too. */
export const maskedObjective = (rows) => objectiveOf(rows, ['whole', 'prompt', 'maskedWhole', 'maskedPrompt']);

const objectiveOf = (rows, kinds) => kinds.reduce((sum, kind) => sum + mean(rows.map((r) => r[kind]), 'mrr') + mean(rows.map((r) => r[kind]), 'r10'), 0);

/**
 * Leave-one-out over candidates: perPoint[j][i] are case i's rows under candidate j; case i
 * gets the rows of the candidate best (by `score`) on the other cases; ties go to the earlier
 * candidate. Returns the rows and which candidate each fold chose.
 */
export function leaveOneOut(perPoint, score = objective) {
  const n = perPoint[0].length;
  const rows = [];
  const chosen = [];
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestValue = -Infinity;
    perPoint.forEach((rs, j) => {
      const v = score(rs.filter((_, k) => k !== i));
      if (v > bestValue + 1e-12) [best, bestValue] = [j, v];
    });
    rows.push(perPoint[best][i]);
    chosen.push(best);
  }
  return { rows, chosen };
}

/** Plain BM25 (k1 1.2, b 0.75; no constant fitted) over the concatenation of the ranker's fields, from the same index data. */
export function bm25Baseline(lib, data, text) {
  const F = lib.FIELDS.length;
  const n = data.labels.length;
  const len = new Float64Array(n);
  for (let i = 0; i < data.lengths.length; i++) len[Math.floor(i / F)] += data.lengths[i];
  const avg = len.reduce((s, x) => s + x, 0) / n;
  const termId = new Map(data.terms.map((t, i) => [t, i]));
  const qtf = new Map();
  for (const t of lib.analyze(text)) if (termId.has(t)) qtf.set(termId.get(t), (qtf.get(termId.get(t)) ?? 0) + 1);
  const score = new Float64Array(n);
  for (const [id, q] of qtf) {
    const idf = Math.log(1 + (n - data.df[id] + 0.5) / (data.df[id] + 0.5));
    const tf = new Map();
    const list = data.postings[id];
    for (let i = 0; i < list.length; i += 3) tf.set(list[i], (tf.get(list[i]) ?? 0) + list[i + 2]);
    for (const [e, f] of tf) score[e] += q * idf * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * len[e]) / avg)));
  }
  return [...score.keys()].filter((e) => score[e] > 0).sort((a, b) => score[b] - score[a] || a - b).map((e) => data.labels[e]);
}

/**
 * A method against the baseline, per case on one metric: wins, ties, losses, the mean
 * difference and a 95% paired bootstrap interval of it (2,000 resamples of the cases, a fixed
 * seed so the figure is reproducible).
 */
export function paired(ours, base, pick) {
  const d = ours.map((r, i) => pick(r) - pick(base[i]));
  const wins = d.filter((x) => x > 1e-9).length;
  const losses = d.filter((x) => x < -1e-9).length;
  let seed = 22;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const means = [];
  for (let b = 0; b < 2000; b++) {
    let s = 0;
    for (let k = 0; k < d.length; k++) s += d[Math.floor(rand() * d.length)];
    means.push(s / d.length);
  }
  means.sort((a, b) => a - b);
  return { wins, ties: d.length - wins - losses, losses, diff: d.reduce((s, x) => s + x, 0) / d.length, low: means[49], high: means[1949] };
}

export const describePaired = (p) => `${p.diff >= 0 ? '+' : ''}${p.diff.toFixed(3)} [${p.low.toFixed(3)}, ${p.high.toFixed(3)}], ${p.wins} wins / ${p.ties} ties / ${p.losses} losses`;

/** Lower bound of the 95% Wilson score interval of a proportion k / n. */
export function wilsonLow(k, n) {
  if (n === 0) return 0;
  const z = 1.96;
  const p = k / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
}
