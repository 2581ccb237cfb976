/**
 * Rule settings in memdex.config.json checked against the rules themselves: an
 * unknown rule id (with a did-you-mean) or options that break a rule's schema
 * (meta.options) is a problem naming its JSON pointer, so the CLI can say
 * `memdex.config.json:3:42: rules["decision/line-limit"].options.max must be an
 * integer >= 1, got -5` and exit 2 instead of checking with a value that makes no
 * sense. The same schemas generate the config JSON Schema editors use.
 */
import type { ConfigProblem, RuleConfig } from '../model/config.js';
import { CONFIG_SCHEMA, toConfigProblem } from '../model/config.js';
import { pointerToKey } from '../model/config-problems.js';
import { configMessages as m } from '../messages/config.js';
import { closestWord } from '../fuzzy/did-you-mean.js';
import { escapePointer, validateJson, type JsonSchema } from '../model/json-schema.js';
import { UsageError } from './errors.js';
import type { OptionsSchema, Rule, RuleMeta } from './rule.js';

/** A rule without meta.options takes none: any key is unknown. */
const NO_OPTIONS: OptionsSchema = { type: 'object', additionalProperties: false, properties: {} };

export function optionsSchemaOf(meta: RuleMeta): OptionsSchema {
  return meta.options ?? NO_OPTIONS;
}

/** Problems of the `rules` settings against the registry (every rule memdex has). */
export function checkRuleSettings(settings: Readonly<Record<string, RuleConfig>>, rules: readonly Rule[]): ConfigProblem[] {
  const byId = new Map(rules.map((rule) => [rule.meta.id, rule.meta]));
  const problems: ConfigProblem[] = [];
  for (const [id, setting] of Object.entries(settings)) {
    const pointer = `/rules/${escapePointer(id)}`;
    const meta = byId.get(id);
    if (!meta) {
      problems.push({ pointer, message: m.unknownRule(closestWord(id, [...byId.keys()])), atKey: true });
      continue;
    }
    problems.push(...optionProblems(meta, setting.options, `${pointer}/options`));
  }
  return problems;
}

/** The options a rule runs with: the given ones over the schema's defaults. Throws a UsageError when they are invalid. */
export function resolveOptions(meta: RuleMeta, given: Readonly<Record<string, unknown>> = {}): Readonly<Record<string, unknown>> {
  const pointer = `/rules/${escapePointer(meta.id)}/options`;
  const [problem] = optionProblems(meta, given, pointer);
  if (problem) throw new UsageError(m.badOptions(pointerToKey(problem.pointer), problem.message));
  const schema = optionsSchemaOf(meta);
  const defaults = Object.fromEntries(Object.entries(schema.properties).map(([key, property]) => [key, property.default]));
  return { ...defaults, ...given };
}

function optionProblems(meta: RuleMeta, options: unknown, pointer: string): ConfigProblem[] {
  const schema = optionsSchemaOf(meta);
  if (Object.keys(schema.properties).length === 0 && options !== null && typeof options === 'object' && !Array.isArray(options)) {
    return Object.keys(options).map((key) => ({ pointer: `${pointer}/${escapePointer(key)}`, message: m.noOptions(meta.id), atKey: true }));
  }
  return validateJson(schema, options, pointer).map(toConfigProblem);
}

/**
 * The config file's JSON Schema with one property per rule: its severity, and its
 * options' own schema, so editors flag an unknown rule id or a bad option as you type.
 * schemas/memdex.config.schema.json is generated from this (`npm run schemas`).
 */
export function configSchemaFor(rules: readonly Rule[]): JsonSchema {
  const severity = CONFIG_SCHEMA.properties.rules.additionalProperties.oneOf[0];
  const properties: Record<string, JsonSchema> = {};
  for (const { meta } of rules) {
    const description = `${meta.description}. Default severity: ${meta.severity}.`;
    properties[meta.id] = {
      description,
      oneOf: [
        severity,
        { type: 'object', additionalProperties: false, properties: { severity, options: { ...optionsSchemaOf(meta), description: `Options of ${meta.id}.` } } },
      ],
    };
  }
  const { additionalProperties: _open, ...rulesSchema } = CONFIG_SCHEMA.properties.rules;
  return {
    ...CONFIG_SCHEMA,
    properties: { ...CONFIG_SCHEMA.properties, rules: { ...rulesSchema, additionalProperties: false, properties } },
  } as JsonSchema;
}
