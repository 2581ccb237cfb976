import { join } from 'node:path';
import { InputError, UsageError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type Config, type ConfigProblem } from '../model/config.js';
import { readTextIfExists } from './read-text.js';
import { describeConfigProblems } from '../model/config-problems.js';
import { offsetToLocation } from '../model/lines.js';
import { configMessages } from '../messages/config.js';
import { stripBom } from '../model/bom.js';
import type { LoadedConfig } from '../app/port-types.js';

/**
 * Reads and checks memdex.config.json. With `checkRules` (the commands that run
 * rules pass core/rule-options.ts checkRuleSettings over the registry), rule ids and
 * options are checked too: a bad setting is a usage error. Passed in, so that the
 * when fast path does not load the rules.
 */
export function loadConfig(root: string, checkRules?: (rules: Config['rules']) => readonly ConfigProblem[]): LoadedConfig {
  return configFromText(root, readTextIfExists(join(root, CONFIG_FILE), CONFIG_FILE), checkRules);
}

/** loadConfig on a text already read (undefined: no config file): a caller that looked at it first reads it once. */
export function configFromText(root: string, text: string | undefined, checkRules?: (rules: Config['rules']) => readonly ConfigProblem[]): LoadedConfig {
  if (text === undefined) return { root, config: DEFAULT_CONFIG };
  const configPath = join(root, CONFIG_FILE);
  const body = stripBom(text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new InputError(jsonError(body, (error as Error).message));
  }
  const result = parseConfig(value);
  const problems = result.ok ? (checkRules?.(result.config.rules) ?? []) : result.problems;
  if (!result.ok || problems.length > 0) throw new UsageError(describeConfigProblems(CONFIG_FILE, text, problems));
  return { root, config: result.config, configPath };
}

/**
 * JSON.parse's complaint with the place as file:line:column. V8 says where as "at
 * position N" (and, in newer versions, "(line L column C)"); the end of the text
 * when it says neither (a truncated file).
 */
function jsonError(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  const at = offsetToLocation(text, position ? Number(position[1]) : text.length);
  const detail = message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)/, '');
  return configMessages.invalidJson(`${CONFIG_FILE}:${at.line}:${at.column}`, detail);
}
