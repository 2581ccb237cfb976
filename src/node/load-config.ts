import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { CONFIG_FILE, DEFAULT_CONFIG, parseConfig, type Config } from '../model/config.js';
import { readTextIfExists } from './read-text.js';
import { locateJsonPointer } from '../model/json-locate.js';
import { stripBom } from '../model/bom.js';

export interface LoadedConfig {
  /** Absolute root of the memory tree. */
  readonly root: string;
  readonly config: Config;
  /** Absolute path of memdex.config.json, when there is one. */
  readonly configPath?: string;
}

export function loadConfig(root: string): LoadedConfig {
  const configPath = join(root, CONFIG_FILE);
  const text = readTextIfExists(configPath, CONFIG_FILE);
  if (text === undefined) return { root, config: DEFAULT_CONFIG };
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch (error) {
    throw new InputError(`${CONFIG_FILE}: invalid JSON (${(error as Error).message}); nothing was changed`);
  }
  const result = parseConfig(value);
  if (!result.ok) {
    const lines = result.problems.map((p) => {
      const at = locateJsonPointer(text, p.pointer);
      return `${CONFIG_FILE}:${at.line}:${at.column}: ${p.pointer}: ${p.message}`;
    });
    throw new InputError(`invalid configuration\n${lines.join('\n')}`);
  }
  return { root, config: result.config, configPath };
}
