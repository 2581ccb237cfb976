/**
 * memdex.config.json: layout, rule settings and hook commands. Parsed here, purely;
 * the file is found and read by src/node/load-config.ts. The JSON Schema shipped in
 * schemas/memdex.config.schema.json is generated from CONFIG_SCHEMA below
 * (`npm run schemas`), and a test keeps the two equal: one source.
 */
import type { Severity } from '../core/diagnostic.js';

export type RuleSetting = Severity | 'off';

export interface RuleConfig {
  readonly severity?: RuleSetting;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface Config {
  /** Memory index, root-relative. */
  readonly index: string;
  /** Folder of decision files, root-relative. */
  readonly decisions: string;
  readonly playbook: {
    readonly path: string;
    /** User template with a `{key_points}` placeholder; default: the shipped one. */
    readonly template?: string;
    /** Command run at session end / pre-compact; receives the transcript path. */
    readonly extractor?: string;
  };
  readonly relevance: {
    /** Scores and the evaluation queue (JSON), root-relative. */
    readonly path: string;
    /** Command run by `memdex relevance evaluate` once per claimed session. */
    readonly evaluator?: string;
    /** How much relevance moves a key point's rank (RelevanceParams.rankWeight). */
    readonly weight?: number;
  };
  readonly rules: Readonly<Record<string, RuleConfig>>;
}

export const CONFIG_FILE = 'memdex.config.json';

export const DEFAULT_CONFIG: Config = Object.freeze({
  index: 'agents/memory-index.md',
  decisions: 'agents/decisions',
  playbook: Object.freeze({ path: '.claude/playbook.json' }),
  relevance: Object.freeze({ path: '.claude/relevance.json' }),
  rules: Object.freeze({}),
});

const ruleSettingSchema = { enum: ['error', 'warning', 'off'] };

/** Draft-07 JSON Schema of the config file (the source of schemas/memdex.config.schema.json). */
export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://memdex.dev/schemas/memdex.config.schema.json',
  title: 'memdex configuration',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    index: { type: 'string', minLength: 1, description: 'Memory index path, relative to the root.', default: DEFAULT_CONFIG.index },
    decisions: { type: 'string', minLength: 1, description: 'Decision files folder, relative to the root.', default: DEFAULT_CONFIG.decisions },
    playbook: {
      type: 'object',
      additionalProperties: false,
      properties: {
        path: { type: 'string', minLength: 1, default: DEFAULT_CONFIG.playbook.path },
        template: { type: 'string', minLength: 1, description: 'Injection template containing {key_points}.' },
        extractor: { type: 'string', minLength: 1, description: 'Command that turns a transcript into an ExtractionResult.' },
      },
    },
    relevance: {
      type: 'object',
      additionalProperties: false,
      properties: {
        path: { type: 'string', minLength: 1, default: DEFAULT_CONFIG.relevance.path },
        evaluator: { type: 'string', minLength: 1, description: 'Command that rates shown items per tag for one session.' },
        weight: { type: 'number', minimum: 0, description: 'How much tag relevance moves a key point up or down (default 2).' },
      },
    },
    rules: {
      type: 'object',
      description: 'Per-rule severity ("error" | "warning" | "off") or {severity, options}. See `memdex rules`.',
      additionalProperties: {
        oneOf: [
          ruleSettingSchema,
          {
            type: 'object',
            additionalProperties: false,
            properties: { severity: ruleSettingSchema, options: { type: 'object' } },
          },
        ],
      },
    },
  },
} as const;

export interface ConfigProblem {
  readonly pointer: string;
  readonly message: string;
}

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

/** Validates parsed JSON against CONFIG_SCHEMA's shape and fills defaults. */
export function parseConfig(value: unknown): ConfigResult {
  const problems: ConfigProblem[] = [];
  const record = asObject(value, '', problems);
  if (!record) return { ok: false, problems };
  checkKeys(record, Object.keys(CONFIG_SCHEMA.properties), '', problems);
  const index = optionalString(record, 'index', '', problems) ?? DEFAULT_CONFIG.index;
  const decisions = optionalString(record, 'decisions', '', problems) ?? DEFAULT_CONFIG.decisions;
  const playbookRecord = record.playbook === undefined ? {} : asObject(record.playbook, '/playbook', problems) ?? {};
  checkKeys(playbookRecord, Object.keys(CONFIG_SCHEMA.properties.playbook.properties), '/playbook', problems);
  const relevanceRecord = record.relevance === undefined ? {} : asObject(record.relevance, '/relevance', problems) ?? {};
  checkKeys(relevanceRecord, Object.keys(CONFIG_SCHEMA.properties.relevance.properties), '/relevance', problems);
  const rulesRecord = record.rules === undefined ? {} : asObject(record.rules, '/rules', problems) ?? {};
  const rules: Record<string, RuleConfig> = {};
  for (const [id, setting] of Object.entries(rulesRecord)) {
    const pointer = `/rules/${escapePointer(id)}`;
    if (typeof setting === 'string') {
      if (isRuleSetting(setting)) rules[id] = { severity: setting, options: {} };
      else problems.push({ pointer, message: `expected "error", "warning" or "off", got ${JSON.stringify(setting)}` });
      continue;
    }
    const object = asObject(setting, pointer, problems);
    if (!object) continue;
    checkKeys(object, ['severity', 'options'], pointer, problems);
    const severity = object.severity;
    if (severity !== undefined && !isRuleSetting(severity)) {
      problems.push({ pointer: `${pointer}/severity`, message: `expected "error", "warning" or "off", got ${JSON.stringify(severity)}` });
    }
    const options = object.options === undefined ? {} : asObject(object.options, `${pointer}/options`, problems) ?? {};
    rules[id] = { ...(isRuleSetting(severity) ? { severity } : {}), options };
  }
  const template = optionalString(playbookRecord, 'template', '/playbook', problems);
  const extractor = optionalString(playbookRecord, 'extractor', '/playbook', problems);
  const evaluator = optionalString(relevanceRecord, 'evaluator', '/relevance', problems);
  const relevancePath = optionalString(relevanceRecord, 'path', '/relevance', problems);
  const weight = relevanceRecord.weight;
  if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)) {
    problems.push({ pointer: '/relevance/weight', message: `expected a number >= 0, got ${typeof weight === 'number' ? weight : describe(weight)}` });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      index: normalizeRelative(index),
      decisions: normalizeRelative(decisions),
      playbook: {
        path: normalizeRelative(optionalString(playbookRecord, 'path', '/playbook', []) ?? DEFAULT_CONFIG.playbook.path),
        ...(template !== undefined ? { template } : {}),
        ...(extractor !== undefined ? { extractor } : {}),
      },
      relevance: {
        path: normalizeRelative(relevancePath ?? DEFAULT_CONFIG.relevance.path),
        ...(evaluator !== undefined ? { evaluator } : {}),
        ...(typeof weight === 'number' ? { weight } : {}),
      },
      rules,
    },
  };
}

function isRuleSetting(value: unknown): value is RuleSetting {
  return value === 'error' || value === 'warning' || value === 'off';
}

function asObject(value: unknown, pointer: string, problems: ConfigProblem[]): Record<string, unknown> | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.push({ pointer: pointer || '/', message: `expected an object, got ${describe(value)}` });
  return undefined;
}

function checkKeys(record: Record<string, unknown>, allowed: readonly string[], pointer: string, problems: ConfigProblem[]): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      problems.push({ pointer: `${pointer}/${escapePointer(key)}`, message: `unknown key "${key}"; expected one of ${allowed.filter((k) => k !== '$schema').join(', ')}` });
    }
  }
}

function optionalString(record: Record<string, unknown>, key: string, pointer: string, problems: ConfigProblem[]): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value;
  problems.push({ pointer: `${pointer}/${key}`, message: `expected a non-empty string, got ${describe(value)}` });
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The root-relative path of config playbook.template, for loading it with the tree
 * (playbook/template-placeholder checks it). Undefined when there is none, or when it
 * is absolute: that file is outside the tree and only read when injecting.
 */
export function playbookTemplatePath(config: Config): string | undefined {
  const template = config.playbook.template;
  if (template === undefined || /^([/\\]|[A-Za-z]:)/.test(template)) return undefined;
  return normalizeRelative(template);
}

/** Root-relative, '/'-separated, no leading './' or trailing '/'. */
export function normalizeRelative(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** Whether a root-relative path is a decision file: `<decisions>/*.md`, direct children only. */
export function isDecisionPath(config: Config, path: string): boolean {
  const prefix = `${config.decisions}/`;
  return path.startsWith(prefix) && path.endsWith('.md') && !path.slice(prefix.length).includes('/');
}
