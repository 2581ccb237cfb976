/**
 * A validator for the subset of draft-07 JSON Schema that memdex's schemas use, so
 * tests can check the shipped schema and the checks against each other. It throws
 * on a keyword it does not know: a schema change it cannot follow fails loudly.
 */
type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default']);
const KEYWORDS = new Set(['type', 'const', 'enum', 'required', 'properties', 'additionalProperties', 'items', 'minimum', 'maximum', 'pattern', 'minLength']);

export function validate(schema: Schema, value: unknown, pointer = ''): string[] {
  for (const key of Object.keys(schema)) {
    if (!ANNOTATIONS.has(key) && !KEYWORDS.has(key)) throw new Error(`json-schema-subset: unsupported keyword ${key}`);
  }
  const errors: string[] = [];
  const fail = (keyword: string) => errors.push(`${pointer || '/'} ${keyword}`);
  if (schema.type !== undefined && !([schema.type].flat() as string[]).some((t) => hasType(value, t))) return [`${pointer || '/'} type`];
  if ('const' in schema && value !== schema.const) fail('const');
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) fail('enum');
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail('minimum');
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail('maximum');
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) fail('pattern');
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) fail('minLength');
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => errors.push(...validate(schema.items as Schema, item, `${pointer}/${i}`)));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in record)) fail(`required ${key}`);
    for (const [key, child] of Object.entries(record)) {
      if (key in properties) errors.push(...validate(properties[key]!, child, `${pointer}/${key}`));
      else if (schema.additionalProperties === false) fail(`additionalProperties ${key}`);
    }
  }
  return errors;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
