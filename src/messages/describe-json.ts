/** How a message shows a JSON value after "got": short, and as the user will find it in the file. */
const MAX_SHOWN = 40;

/** A value already parsed: `"3"`, `-1`, `null`, `an array`. */
export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  const kind = Array.isArray(value) ? 'array' : value !== null && typeof value === 'object' ? 'object' : 'scalar';
  return describeSource(kind, JSON.stringify(value) ?? String(value));
}

/** A value by its kind and source text: containers by kind, scalars as written, cut at MAX_SHOWN characters. */
export function describeSource(kind: string, source: string): string {
  if (kind === 'object') return 'an object';
  if (kind === 'array') return 'an array';
  return source.length > MAX_SHOWN ? `${source.slice(0, MAX_SHOWN - 3)}...` : source;
}
