/** BM25's idf (Robertson & Zaragoza 2009), never negative: the ranker's term weight (rank.ts) and the usage prior's (usage-prior.ts). */
export function idfOf(entries: number, df: number): number {
  return Math.log(1 + (entries - df + 0.5) / (df + 0.5));
}
