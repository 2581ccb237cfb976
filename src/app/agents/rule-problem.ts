/**
 * What `memdex doctor` finds wrong with Cursor's rule for memdex (check-agents.ts):
 * its YAML front matter, or the block missing. A module of its own because the YAML
 * parser is ~260 kB of code to compile: doctor imports it only when the rule is there.
 */
import { parse as parseYaml } from 'yaml';
import { ENTRY_BLOCK_START } from '../../messages/agents.js';
import { isObject } from '../json-file.js';

/** What is wrong with a Cursor rule for memdex: its front matter (description, globs, alwaysApply: true), or the block missing. */
export function ruleProblem(text: string): string | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!match) return 'no front matter (--- description, globs, alwaysApply ---)';
  let front: unknown;
  try {
    front = parseYaml(match[1]!);
  } catch {
    return 'its front matter is not YAML';
  }
  if (!isObject(front)) return 'its front matter is not a mapping';
  if (front.alwaysApply !== true) return 'alwaysApply is not true: Cursor does not include the rule in every chat';
  if (typeof front.description !== 'string' || front.description === '') return 'no description';
  if (!text.includes(ENTRY_BLOCK_START)) return "no memdex block (where the memory is, how to recall it)";
  return undefined;
}
