/** Did-you-mean for the validator: the semantic heading closest to a key, by the shared fuzzy engine. */
import { createMatcher, type Matcher } from '../fuzzy/matcher.js';
import { DEFAULT_FUZZY_PARAMS } from '../fuzzy/params.js';
import type { DecisionHeading } from '../model/decision-file.js';
import type { Project } from '../model/project.js';

const matchers = new WeakMap<Project, Matcher<DecisionHeading>>();

export function closestHeading(project: Project, key: string): DecisionHeading | undefined {
  let matcher = matchers.get(project);
  if (!matcher) {
    const headings = project.decisions.flatMap((d) => d.headings.filter((h) => h.semantic));
    matcher = createMatcher(headings, (h) => h.text, DEFAULT_FUZZY_PARAMS);
    matchers.set(project, matcher);
  }
  return matcher.rank(key, 1)[0]?.item;
}
