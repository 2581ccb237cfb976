/**
 * Did-you-mean for the validator: the semantic heading closest to a key.
 * (Provisional word-overlap scorer; to be replaced by the shared fuzzy engine.)
 */
import type { DecisionHeading } from '../model/decision-file.js';
import type { Project } from '../model/project.js';

export function closestHeading(project: Project, key: string): DecisionHeading | undefined {
  const words = new Set(key.split(' ').filter((w) => w.length > 2));
  let best: DecisionHeading | undefined;
  let bestScore = 0;
  for (const file of project.decisions) {
    for (const heading of file.headings) {
      if (!heading.semantic) continue;
      const other = heading.key.split(' ').filter((w) => w.length > 2);
      const shared = other.filter((w) => words.has(w)).length;
      const score = shared / Math.max(1, new Set([...words, ...other]).size);
      if (score > bestScore) {
        bestScore = score;
        best = heading;
      }
    }
  }
  return bestScore >= 0.34 ? best : undefined;
}
