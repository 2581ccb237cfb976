/** The explicit rule registry, in `memdex rules` order. A test checks it against src/rules/**. */
import type { Rule } from '../core/rule.js';

export const rules: readonly Rule[] = [];
