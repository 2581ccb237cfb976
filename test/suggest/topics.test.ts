import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { foldKey } from '../../src/model/keys.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { buildSuggestIndex } from '../../src/suggest/build-index.js';
import type { SuggestIndexData } from '../../src/suggest/index-data.js';
import { DEFAULT_SUGGEST_PARAMS as P } from '../../src/suggest/params.js';
import { rank } from '../../src/suggest/rank.js';
import { readTree, REPO } from '../helpers/corpora.js';

/** shared/topics (read-only): the first found walking up from the repository. */
function findTopics(): string | undefined {
  for (let dir = REPO; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', 'topics', 'cases.jsonl'))) return join(dir, 'shared', 'topics');
    if (dirname(dir) === dir) return undefined;
  }
}

interface Case {
  plan: string;
  query: string;
  index_rev: string;
  relevant: { op: string; trigger: string }[];
}

const TOPICS = findTopics();
const PROMPT_CHARS = 300;
/** Floors a little below what bench/suggest.mjs measured with the default params (bench/RESULTS.md). */
const FLOORS = { whole: { mrr: 0.8, r10: 0.29 }, prompt: { mrr: 0.62, r10: 0.22 } };
const UNRELATED = [
  'Preheat the oven to 200 degrees. Whisk the eggs with the sugar until pale, fold in the flour and bake the sponge for twenty minutes.',
  'Heavy rain is expected across the northern valleys tomorrow, with winds up to 80 km/h along the coast and freezing temperatures overnight.',
  'Quarterly revenue rose eight percent on strong demand in Asia, while the board approved a dividend increase and a share buyback.',
];

(TOPICS ? describe : describe.skip)(TOPICS ? 'topic ranker on shared/topics' : 'topic ranker on shared/topics: SKIPPED, shared/topics not found', () => {
  const cases: Case[] = TOPICS ? readFileSync(join(TOPICS, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Case) : [];
  const indexes = new Map<string, SuggestIndexData>();
  const indexOf = async (rev: string) => {
    let data = indexes.get(rev);
    if (!data) indexes.set(rev, (data = buildSuggestIndex(await buildWithFallback(readTree(join(TOPICS!, 'trees', rev)), DEFAULT_CONFIG))));
    return data;
  };

  const measure = async (cut: number | undefined) => {
    let mrr = 0;
    let r10 = 0;
    for (const c of cases) {
      const relevant = new Set(c.relevant.map((r) => foldKey(`/${r.op} ${r.trigger}`)));
      const labels = rank(await indexOf(c.index_rev), cut ? c.query.slice(0, cut) : c.query, P).map((s) => foldKey(s.label));
      const first = labels.findIndex((l) => relevant.has(l));
      mrr += first < 0 ? 0 : 1 / (first + 1);
      r10 += labels.slice(0, 10).filter((l) => relevant.has(l)).length / relevant.size;
    }
    return { mrr: mrr / cases.length, r10: r10 / cases.length };
  };

  test('whole plan documents: MRR and R@10 stay above their floors', async () => {
    const m = await measure(undefined);
    expect(m.mrr).toBeGreaterThanOrEqual(FLOORS.whole.mrr);
    expect(m.r10).toBeGreaterThanOrEqual(FLOORS.whole.r10);
  });

  test('prompt-sized queries (first 300 characters): MRR and R@10 stay above their floors', async () => {
    const m = await measure(PROMPT_CHARS);
    expect(m.mrr).toBeGreaterThanOrEqual(FLOORS.prompt.mrr);
    expect(m.r10).toBeGreaterThanOrEqual(FLOORS.prompt.r10);
  });

  test('unrelated text is silent in every tree; every case gets an answer', async () => {
    for (const c of cases) {
      const data = await indexOf(c.index_rev);
      for (const text of UNRELATED) expect(rank(data, text, P)).toEqual([]);
      expect(rank(data, c.query, P).length).toBeGreaterThan(0);
    }
  });
});
