/** Every rule `memdex check` runs: memory tree rules, then playbook rules. */
import type { Rule } from '../core/rule.js';
import { rules } from './index.js';

export const allRules: readonly Rule[] = [...rules];
