/** Narrow reads of parsed JSON: a field of the expected type, or undefined. */
export type JsonObject = Readonly<Record<string, unknown>>;

export const asObject = (value: unknown): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const asBoolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** The content blocks of a message (objects only), or [] when the content is a string or missing. */
export function contentBlocks(record: JsonObject): JsonObject[] {
  const content = asObject(record.message)?.content;
  if (!Array.isArray(content)) return [];
  const blocks: JsonObject[] = [];
  for (const block of content) {
    const b = asObject(block);
    if (b !== undefined) blocks.push(b);
  }
  return blocks;
}

/** The `field` (a string) of every block of `type`. */
export function blockIds(record: JsonObject, type: string, field: string): string[] {
  const ids: string[] = [];
  for (const block of contentBlocks(record)) {
    const id = block.type === type ? asString(block[field]) : undefined;
    if (id !== undefined) ids.push(id);
  }
  return ids;
}
