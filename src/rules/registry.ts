/**
 * The one rule registry: every rule `memdex check` runs, in `memdex rules` order
 * (memory index, decision files, playbook, then the suppression comments). A test checks it against the rule files:
 * each file under src/rules/<area>/ is one rule whose id is its path (`index/entry-format`).
 * Rule ids are permanent, which is why the memory-index rules keep the folder `index/`.
 */
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
import inContext from './index/in-context.js';
import headingHasEntry from './decision/heading-has-entry.js';
import noDuplicateHeading from './decision/no-duplicate-heading.js';
import semanticHeadingContent from './decision/semantic-heading-content.js';
import structuralHeadingContent from './decision/structural-heading-content.js';
import lineLimit from './decision/line-limit.js';
import fragmentCandidate from './decision/fragment-candidate.js';
import validJson from './playbook/valid-json.js';
import exactKeys from './playbook/exact-keys.js';
import version from './playbook/version.js';
import lastUpdated from './playbook/last-updated.js';
import counters from './playbook/counters.js';
import provenance from './playbook/provenance.js';
import nameCounter from './playbook/name-counter.js';
import nameFormat from './playbook/name-format.js';
import uniqueNames from './playbook/unique-names.js';
import nonEmptyText from './playbook/non-empty-text.js';
import noScore from './playbook/no-score.js';
import templatePlaceholder from './playbook/template-placeholder.js';
import templateSize from './playbook/template-size.js';
import directiveValid from './directive/valid.js';
import directiveNoUnused from './directive/no-unused.js';

export const allRules: readonly Rule[] = [
  entryFormat,
  noDuplicateEntry,
  extraShadowsTrigger,
  entryHasHeading,
  sectionFileExists,
  entryInFileSection,
  entryOrder,
  noStructuralEntry,
  sizeBudget,
  inContext,
  headingHasEntry,
  noDuplicateHeading,
  semanticHeadingContent,
  structuralHeadingContent,
  lineLimit,
  fragmentCandidate,
  validJson,
  exactKeys,
  version,
  lastUpdated,
  counters,
  nameCounter,
  nameFormat,
  uniqueNames,
  nonEmptyText,
  noScore,
  provenance,
  templatePlaceholder,
  templateSize,
  directiveValid,
  directiveNoUnused,
];

/** The memory-tree rules (index and decision files): what a migration must leave clean. */
export const memoryTreeRules: readonly Rule[] = allRules.filter((rule) => !rule.meta.id.startsWith('playbook/'));
