/**
 * memdex.config.json: layout, rule settings and hook commands. Parsed here, purely;
 * the file is found and read by src/app/load-config.ts. The JSON Schema shipped in
 * schemas/memdex.config.schema.json is generated from CONFIG_SCHEMA below
 * (`npm run schemas`), and a test keeps the two equal: one source.
 */
import { closedObject, nonBlankString, validateJson, type SchemaProblem } from './json-schema.js';
import { configMessages } from '../messages/config.js';
import { ignoreProblem } from './ignores.js';
import { normalizeRelative } from './relative-path.js';

export { normalizeRelative };

/** How loud a rule's findings are (core/diagnostic.ts): an error fails `check`, a warning does not. */
export type Severity = 'error' | 'warning';

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
  /** The default extractor and evaluator on `claude -p` (docs/playbook.md, "Learning"). */
  readonly learn: LearnConfig;
  readonly rules: Readonly<Record<string, RuleConfig>>;
  /** Files and sections memdex reads but does not report on (model/ignores.ts); absent: none. */
  readonly ignores?: readonly string[];
  /** Local rules (`memdex check` only): root-relative paths of modules exporting a rule or a list of rules; absent: none. */
  readonly plugins?: readonly string[];
  /** Always-loaded fragments `memdex promote` may move a memory into (root-relative path globs); absent: the files CLAUDE.md @-loads. */
  readonly fragments?: readonly string[];
  /** The topic ranker's hook (docs/suggest.md); absent: off. */
  readonly suggest?: {
    /** On every prompt, inject pointers to the memory entries the prompt is about. */
    readonly onPrompt: boolean;
  };
}

export interface LearnConfig {
  /** False: no default extractor or evaluator (configured commands still run). */
  readonly enabled: boolean;
  /** `claude -p --model <model>`. */
  readonly model: string;
  /** Characters of transcript sent to the model per session (extraction and evaluation each). */
  readonly maxExcerptChars: number;
  /** Sessions the background runner started by SessionStart handles per run (also `relevance evaluate`'s default --limit). */
  readonly sessionsPerRun: number;
  /** Prompt templates replacing the shipped templates/extractor.txt and templates/evaluator.txt, root-relative. */
  readonly extractorTemplate?: string;
  readonly evaluatorTemplate?: string;
  /**
   * `active`: a learned key point is injected from the next session on, unless it reads like an
   * instruction to run, fetch or disable something (src/playbook/quarantine.ts); `pending`: every
   * learned key point waits for `memdex playbook approve`.
   */
  readonly newKeyPoints: NewKeyPoints;
}

export type NewKeyPoints = 'active' | 'pending';

export { CONFIG_FILE } from './config-file.js';

export const DEFAULT_CONFIG: Config = Object.freeze({
  index: 'agents/memory-index.md',
  decisions: 'agents/decisions',
  playbook: Object.freeze({ path: '.claude/playbook.json' }),
  relevance: Object.freeze({ path: '.claude/relevance.json' }),
  learn: Object.freeze({
    enabled: true,
    /** The cheapest model: rating a few key points against an excerpt is a small task. */
    model: 'haiku',
    /** 20,000 characters (about 5,000 tokens): the end of a working session with its commands; the evaluator's excerpt size. */
    maxExcerptChars: 20_000,
    /** 3 sessions: a SessionStart after a day of short sessions catches up in a few runs, and one run stays a few model calls. */
    sessionsPerRun: 3,
    newKeyPoints: 'active',
  }),
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
    index: nonBlankString({ description: 'Memory index path, relative to the root.', default: DEFAULT_CONFIG.index }),
    decisions: nonBlankString({ description: 'Decision files folder, relative to the root.', default: DEFAULT_CONFIG.decisions }),
    playbook: closedObject({
      path: nonBlankString({ default: DEFAULT_CONFIG.playbook.path }),
      template: nonBlankString({ description: 'Injection template containing {key_points}.' }),
      extractor: nonBlankString({ description: 'Command that turns a transcript into an ExtractionResult.' }),
    }),
    relevance: closedObject({
      path: nonBlankString({ default: DEFAULT_CONFIG.relevance.path }),
      evaluator: nonBlankString({ description: 'Command that rates shown items per tag for one session.' }),
      weight: { type: 'number', minimum: 0, description: 'How much tag relevance moves a key point up or down (default 2).' },
    }),
    ignores: {
      type: 'array',
      description:
        'Files and sections memdex reads but does not report on: root-relative path globs (`*`, `**`, `?`, `{a,b}`, `[abc]`), a section as `<path glob>#<heading glob>`, `!` in front to take back what earlier patterns ignored (docs/rules/README.md).',
      items: nonBlankString(),
    },
    plugins: {
      type: 'array',
      description: 'Local rules, loaded by `memdex check` only: root-relative paths of JavaScript modules whose default export is a rule or a list of rules (docs/rules/README.md, "Local rules").',
      items: nonBlankString(),
    },
    fragments: {
      type: 'array',
      description: 'Always-loaded fragment files `memdex promote` may move a memory into: root-relative path globs (`*`, `**`, `?`). Default: the files CLAUDE.md @-loads.',
      items: nonBlankString(),
    },
    learn: closedObject(
      {
        enabled: { type: 'boolean', default: DEFAULT_CONFIG.learn.enabled, description: 'false: no default extractor or evaluator (configured commands still run).' },
        model: nonBlankString({ default: DEFAULT_CONFIG.learn.model, description: 'The model of `claude -p --model`.' }),
        maxExcerptChars: { type: 'integer', minimum: 1000, default: DEFAULT_CONFIG.learn.maxExcerptChars, description: 'Characters of transcript sent to the model per session.' },
        sessionsPerRun: { type: 'integer', minimum: 1, default: DEFAULT_CONFIG.learn.sessionsPerRun, description: 'Sessions one background run handles.' },
        extractorTemplate: nonBlankString({ description: 'Extractor prompt template ({key_points}, {transcript}), relative to the root.' }),
        evaluatorTemplate: nonBlankString({ description: 'Evaluator prompt template ({items}, {transcript}), relative to the root.' }),
        newKeyPoints: {
          enum: ['active', 'pending'],
          default: DEFAULT_CONFIG.learn.newKeyPoints,
          description: 'active: a learned key point is injected unless it reads like an instruction to run, fetch or disable something (then it waits for `memdex playbook approve`); pending: every learned key point waits for review.',
        },
      },
      { description: 'The default extractor and evaluator, which run `claude -p` when no command is configured.' },
    ),
    suggest: closedObject({
      onPrompt: {
        type: 'boolean',
        default: false,
        description: 'On every prompt, inject pointers (at most 3) to the memory entries the prompt is about, each at most once per session.',
      },
    }),
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
  /** The problem is the key itself (unknown), not its value: point at the key. */
  readonly atKey?: boolean;
}

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

/**
 * Validates parsed JSON against CONFIG_SCHEMA and fills defaults. Rule ids and
 * options are checked against the rules themselves by core/rule-options.ts
 * (the model does not know the rules).
 */
export function parseConfig(value: unknown): ConfigResult {
  const problems: ConfigProblem[] = [...validateJson(CONFIG_SCHEMA, value).map(toConfigProblem), ...ignoresProblems(value), ...pluginsProblems(value)];
  if (problems.length > 0) return { ok: false, problems };
  const record = value as RawConfig;
  const rules: Record<string, RuleConfig> = {};
  for (const [id, setting] of Object.entries(record.rules ?? {})) {
    rules[id] = typeof setting === 'string' ? { severity: setting, options: {} } : { ...(setting.severity ? { severity: setting.severity } : {}), options: setting.options ?? {} };
  }
  const { playbook = {}, relevance = {}, learn = {}, suggest } = record;
  return {
    ok: true,
    config: {
      index: normalizeRelative(record.index ?? DEFAULT_CONFIG.index),
      decisions: normalizeRelative(record.decisions ?? DEFAULT_CONFIG.decisions),
      playbook: {
        path: normalizeRelative(playbook.path ?? DEFAULT_CONFIG.playbook.path),
        ...(playbook.template !== undefined ? { template: playbook.template } : {}),
        ...(playbook.extractor !== undefined ? { extractor: playbook.extractor } : {}),
      },
      relevance: {
        path: normalizeRelative(relevance.path ?? DEFAULT_CONFIG.relevance.path),
        ...(relevance.evaluator !== undefined ? { evaluator: relevance.evaluator } : {}),
        ...(relevance.weight !== undefined ? { weight: relevance.weight } : {}),
      },
      learn: {
        enabled: learn.enabled ?? DEFAULT_CONFIG.learn.enabled,
        model: learn.model ?? DEFAULT_CONFIG.learn.model,
        maxExcerptChars: learn.maxExcerptChars ?? DEFAULT_CONFIG.learn.maxExcerptChars,
        sessionsPerRun: learn.sessionsPerRun ?? DEFAULT_CONFIG.learn.sessionsPerRun,
        newKeyPoints: learn.newKeyPoints ?? DEFAULT_CONFIG.learn.newKeyPoints,
        ...(learn.extractorTemplate !== undefined ? { extractorTemplate: learn.extractorTemplate } : {}),
        ...(learn.evaluatorTemplate !== undefined ? { evaluatorTemplate: learn.evaluatorTemplate } : {}),
      },
      rules,
      ...(record.ignores !== undefined ? { ignores: record.ignores } : {}),
      ...(record.plugins !== undefined ? { plugins: record.plugins } : {}),
      ...(record.fragments !== undefined ? { fragments: record.fragments.map(normalizeRelative) } : {}),
      ...(suggest?.onPrompt !== undefined ? { suggest: { onPrompt: suggest.onPrompt } } : {}),
    },
  };
}

/** Patterns of `ignores` that are strings (the schema judges the rest) but cannot name a place in the tree. */
function ignoresProblems(value: unknown): ConfigProblem[] {
  const ignores = value !== null && typeof value === 'object' ? (value as { ignores?: unknown }).ignores : undefined;
  if (!Array.isArray(ignores)) return [];
  const problems: ConfigProblem[] = [];
  ignores.forEach((pattern: unknown, i) => {
    const problem = typeof pattern === 'string' && pattern.trim() !== '' ? ignoreProblem(pattern) : undefined;
    if (problem) problems.push({ pointer: `/ignores/${i}`, message: configMessages.badIgnore[problem] });
  });
  return problems;
}

/** Plugin paths that are strings but would load code from outside the tree. */
function pluginsProblems(value: unknown): ConfigProblem[] {
  const plugins = value !== null && typeof value === 'object' ? (value as { plugins?: unknown }).plugins : undefined;
  if (!Array.isArray(plugins)) return [];
  const problems: ConfigProblem[] = [];
  plugins.forEach((path: unknown, i) => {
    if (typeof path !== 'string' || path.trim() === '') return;
    if (/^([/\\]|[A-Za-z]:)/.test(path)) problems.push({ pointer: `/plugins/${i}`, message: configMessages.badPlugin.absolute });
    else if (path.split(/[/\\]/).includes('..')) problems.push({ pointer: `/plugins/${i}`, message: configMessages.badPlugin.parent });
  });
  return problems;
}

/** A schema problem as a config problem: an unexpected key is pointed at by its name. */
export function toConfigProblem({ pointer, keyword, message }: SchemaProblem): ConfigProblem {
  return { pointer, message, ...(keyword === 'additionalProperties' ? { atKey: true } : {}) };
}

/** The shape CONFIG_SCHEMA guarantees. */
interface RawConfig {
  readonly index?: string;
  readonly decisions?: string;
  readonly playbook?: { readonly path?: string; readonly template?: string; readonly extractor?: string };
  readonly relevance?: { readonly path?: string; readonly evaluator?: string; readonly weight?: number };
  readonly learn?: Partial<LearnConfig>;
  readonly rules?: Readonly<Record<string, RuleSetting | { readonly severity?: RuleSetting; readonly options?: Record<string, unknown> }>>;
  readonly ignores?: readonly string[];
  readonly plugins?: readonly string[];
  readonly fragments?: readonly string[];
  readonly suggest?: { readonly onPrompt?: boolean };
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

/** Whether a root-relative path is a decision file: `<decisions>/*.md`, direct children only. */
export function isDecisionPath(config: Config, path: string): boolean {
  const prefix = `${config.decisions}/`;
  return path.startsWith(prefix) && path.endsWith('.md') && !path.slice(prefix.length).includes('/');
}
