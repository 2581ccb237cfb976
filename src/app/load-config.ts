/**
 * memdex.config.json of a tree, read and checked: the one place every command gets
 * its config from. With `checkRules` (the commands that run rules pass
 * core/rule-options.ts checkRuleSettings over the registry), rule ids and options are
 * checked too: a bad setting is a usage error. Passed in, so that the when fast path
 * does not load the rules.
 */
import { InputError, UsageError } from '../core/errors.js';
import { stripBom } from '../model/bom.js';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type Config, type ConfigProblem } from '../model/config.js';
import { describeConfigProblems } from '../model/config-problems.js';
import { offsetToLocation } from '../model/lines.js';
import { nestsTooDeep, parseJsonTree } from '../model/json-tree.js';
import { configMessages } from '../messages/config.js';
import type { TreeHost } from './host.js';
import type { LoadedConfig } from './port-types.js';

export type CheckRules = (rules: Config['rules']) => readonly ConfigProblem[];

/** The config of the tree at `root` (the defaults without a config file). */
export function loadConfig(host: Pick<TreeHost, 'readTextIfExists' | 'joinPath'>, root: string, checkRules?: CheckRules): LoadedConfig {
  const path = host.joinPath(root, CONFIG_FILE);
  return configFromText(root, path, host.readTextIfExists(path, CONFIG_FILE), checkRules);
}

/** loadConfig on a text already read from `path` (undefined: no config file): a caller that looked at it first reads it once. */
export function configFromText(root: string, path: string, text: string | undefined, checkRules?: CheckRules): LoadedConfig {
  if (text === undefined) return { root, config: DEFAULT_CONFIG };
  const body = stripBom(text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new InputError(jsonError(body, (error as Error).message));
  }
  if (nestsTooDeep(body)) {
    const tree = parseJsonTree(body); // fails at the level too deep: its place for the message
    if (!tree.ok) {
      const at = offsetToLocation(body, tree.error.offset);
      throw new InputError(configMessages.invalidJson(`${CONFIG_FILE}:${at.line}:${at.column}`, tree.error.message));
    }
  }
  const result = parseConfig(value);
  const problems = result.ok ? (checkRules?.(result.config.rules) ?? []) : result.problems;
  if (!result.ok || problems.length > 0) throw new UsageError(describeConfigProblems(CONFIG_FILE, text, problems));
  return { root, config: result.config, configPath: path };
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
