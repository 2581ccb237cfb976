/** The playbook checks of `memdex check`, one rule per file (ids `playbook/<file name>`). */
import type { Rule } from '../../core/rule.js';
import counters from './counters.js';
import exactKeys from './exact-keys.js';
import lastUpdated from './last-updated.js';
import nameCounter from './name-counter.js';
import nameFormat from './name-format.js';
import noScore from './no-score.js';
import nonEmptyText from './non-empty-text.js';
import templatePlaceholder from './template-placeholder.js';
import uniqueNames from './unique-names.js';
import validJson from './valid-json.js';
import version from './version.js';

export const playbookRules: readonly Rule[] = [
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
  templatePlaceholder,
];
