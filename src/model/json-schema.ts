/**
 * A validator for the small subset of draft-07 JSON Schema memdex's own schemas use
 * (rule options, the config file, the playbook), so that one schema object both
 * documents a setting for editors (the shipped schemas/*.json) and checks it here.
 * Every problem names the JSON pointer of the offending value and says what was
 * expected, from the schema itself: `{type: 'integer', minimum: 1}` reads "an
 * integer >= 1". A keyword it does not know is refused loudly (a schema change this
 * validator cannot follow must not pass silently). Linear in the size of the value.
 */
import { configMessages as m } from '../messages/config.js';

export interface JsonSchema {
  readonly $schema?: string;
  readonly $id?: string;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly type?: JsonType | readonly JsonType[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly oneOf?: readonly JsonSchema[];
}

/** Matches a string holding something other than white space. */
const NON_BLANK = '\\S';

/** Keywords an object schema built by closedObject may add to its type, closedness and properties. */
type ObjectExtras = Pick<JsonSchema, 'description' | 'required'>;

/** An object schema that refuses keys it does not list: every object memdex reads or a model returns is closed. */
export function closedObject(properties: Readonly<Record<string, JsonSchema>>, extras: ObjectExtras = {}): JsonSchema {
  return { type: 'object', additionalProperties: false, ...extras, properties };
}

/** A string with at least one non-white-space character (a path, a command, a model name). */
export function nonBlankString(annotations: Pick<JsonSchema, 'description' | 'default'> = {}): JsonSchema {
  return { type: 'string', minLength: 1, pattern: NON_BLANK, ...annotations };
}

export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export interface SchemaProblem {
  /** JSON pointer of the value (or of the unknown key) the problem is about. */
  readonly pointer: string;
  /** The schema keyword that failed: `type`, `minimum`, `additionalProperties`… */
  readonly keyword: string;
  /** Reads after the key: `must be an integer >= 1, got -5`. */
  readonly message: string;
}

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default']);
const KEYWORDS = new Set([
  'type', 'const', 'enum', 'minimum', 'maximum', 'minLength', 'pattern', 'required', 'properties', 'additionalProperties', 'items', 'oneOf',
]);

export function validateJson(schema: JsonSchema, value: unknown, pointer = ''): SchemaProblem[] {
  for (const key of Object.keys(schema)) {
    if (!ANNOTATIONS.has(key) && !KEYWORDS.has(key)) throw new Error(`json-schema: unsupported keyword ${key}`);
  }
  const scalar = (keyword: string): SchemaProblem[] => [{ pointer, keyword, message: m.mustBe(expectedOf(schema), value) }];
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((option) => validateJson(option, value, pointer).length === 0);
    if (matching.length === 1) return [];
    // The option of the value's own type explains best (a string setting, or the object form).
    const own = schema.oneOf.find((option) => option.type === undefined ? typeof value !== 'object' || value === null : hasType(value, [option.type].flat()[0]!));
    return own ? validateJson(own, value, pointer) : scalar('oneOf');
  }
  if (schema.type !== undefined && ![schema.type].flat().some((t) => hasType(value, t))) return scalar('type');
  if ('const' in schema && value !== schema.const) return scalar('const');
  if (schema.enum && !schema.enum.includes(value)) return scalar('enum');
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return scalar('minimum');
    if (schema.maximum !== undefined && value > schema.maximum) return scalar('maximum');
  }
  if (typeof value === 'string') {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return scalar('pattern');
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return scalar('minLength');
  }
  const problems: SchemaProblem[] = [];
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...validateJson(schema.items!, item, `${pointer}/${i}`)));
  if (isRecord(value)) {
    const properties = schema.properties ?? {};
    for (const key of schema.required ?? []) if (!(key in value)) problems.push({ pointer, keyword: 'required', message: m.missingKey(key) });
    const allowed = Object.keys(properties).filter((k) => k !== '$schema');
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${escapePointer(key)}`;
      const own = properties[key];
      if (own) problems.push(...validateJson(own, child, at));
      else if (schema.additionalProperties === false) problems.push({ pointer: at, keyword: 'additionalProperties', message: m.unknownKey(allowed) });
      else if (typeof schema.additionalProperties === 'object') problems.push(...validateJson(schema.additionalProperties, child, at));
    }
  }
  return problems;
}

/** What a scalar schema accepts, in words: `an integer >= 1`, `"error" or "off"`, `a non-empty string`. */
export function expectedOf(schema: JsonSchema): string {
  const words = m.expected;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return words.either(schema.enum.map((v) => JSON.stringify(v)));
  const bounds = [
    ...(schema.minimum !== undefined ? [words.atLeast(schema.minimum)] : []),
    ...(schema.maximum !== undefined ? [words.atMost(schema.maximum)] : []),
  ];
  const noun = (t: JsonType) => {
    if (t === 'string' && schema.minLength) return words.nonEmptyString;
    if ((t === 'integer' || t === 'number') && bounds.length > 0) return `${words.nouns[t]} ${words.both(bounds)}`;
    return words.nouns[t];
  };
  return words.either([schema.type ?? []].flat().map(noun)) || words.anyValue;
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
