/**
 * The plain index (index-data.ts) as ranking reads it (RankerIndex): its vocabulary
 * as a map, built once per index object; the cache file's form is index-file.ts.
 */
import type { RankerIndex, SuggestIndex, SuggestIndexData } from './index-data.js';

const views = new WeakMap<SuggestIndexData, RankerIndex>();

/** Either form of an index as a RankerIndex (the same object for the same plain data). */
export function rankerIndex(index: SuggestIndex): RankerIndex {
  if (!('postings' in index) || typeof index.postings === 'function') return index as RankerIndex;
  const data = index as SuggestIndexData;
  let view = views.get(data);
  if (view) return view;
  let ids: Map<string, number> | undefined;
  view = {
    entries: data.labels.length,
    termId: (term) => (ids ??= new Map(data.terms.map((t, i) => [t, i]))).get(term),
    df: (t) => data.df[t]!,
    postings: (t) => data.postings[t]!,
    lengths: data.lengths,
    label: (entry) => data.labels[entry]!,
    ...(data.stats ? { stats: data.stats } : {}),
    ...(data.usage ? { usage: data.usage } : {}),
    data: () => data,
  };
  views.set(data, view);
  return view;
}
