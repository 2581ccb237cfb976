/**
 * Did-you-mean for the validator: the semantic heading closest to a key, by the
 * shared fuzzy engine, and only when it is close enough to be what was meant
 * (the floor is explained in fuzzy/did-you-mean.ts): an orphan entry whose file was
 * deleted gets no suggestion rather than an unrelated one.
 */
import { createMatcher, type Matcher } from '../fuzzy/matcher.js';
import { DEFAULT_FUZZY_PARAMS, type FuzzyParams } from '../fuzzy/params.js';
import { didYouMeanFloor } from '../fuzzy/did-you-mean.js';
import type { DecisionHeading } from '../model/decision-file.js';
import type { Project } from '../model/project.js';

const matchers = new WeakMap<Project, Matcher<DecisionHeading>>();

export function closestHeading(project: Project, key: string, params: FuzzyParams = DEFAULT_FUZZY_PARAMS): DecisionHeading | undefined {
  let matcher = matchers.get(project);
  if (!matcher) {
    const headings = project.decisions.flatMap((d) => d.headings.filter((h) => h.semantic));
    matcher = createMatcher(headings, (h) => h.text, params);
    matchers.set(project, matcher);
  }
  const [best] = matcher.rank(key, 1);
  return best && best.score >= didYouMeanFloor(params) ? best.item : undefined;
}
