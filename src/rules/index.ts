/** The explicit rule registry, in `memdex rules` order. A test checks it against the files under src/rules/. */
import type { Rule } from '../core/rule.js';
import entryFormat from './index/entry-format.js';
import noDuplicateEntry from './index/no-duplicate-entry.js';
import extraShadowsTrigger from './index/extra-shadows-trigger.js';
import entryHasHeading from './index/entry-has-heading.js';
import sectionFileExists from './index/section-file-exists.js';
import entryInFileSection from './index/entry-in-file-section.js';
import entryOrder from './index/entry-order.js';
import noStructuralEntry from './index/no-structural-entry.js';
import sizeBudget from './index/size-budget.js';
import headingHasEntry from './decision/heading-has-entry.js';
import noDuplicateHeading from './decision/no-duplicate-heading.js';
import semanticHeadingContent from './decision/semantic-heading-content.js';
import structuralHeadingContent from './decision/structural-heading-content.js';
import lineLimit from './decision/line-limit.js';

export const rules: readonly Rule[] = [
  entryFormat,
  noDuplicateEntry,
  extraShadowsTrigger,
  entryHasHeading,
  sectionFileExists,
  entryInFileSection,
  entryOrder,
  noStructuralEntry,
  sizeBudget,
  headingHasEntry,
  noDuplicateHeading,
  semanticHeadingContent,
  structuralHeadingContent,
  lineLimit,
];
