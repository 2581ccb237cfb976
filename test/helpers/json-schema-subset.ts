/**
 * Checks a value against one of memdex's schemas with the validator memdex itself
 * uses (src/model/json-schema.ts), as `<pointer> <keyword>` strings for assertions.
 * It throws on a keyword it does not know: a schema change it cannot follow fails loudly.
 */
import { validateJson, type JsonSchema } from '../../src/model/json-schema.js';

export function validate(schema: object, value: unknown): string[] {
  return validateJson(schema as JsonSchema, value).map((p) => `${p.pointer || '/'} ${p.keyword}`);
}
