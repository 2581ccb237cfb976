/**
 * A function of a string, remembered for up to `size` distinct arguments and then forgotten
 * all at once (no bookkeeping per call). For the texts a report repeats (a rule's message
 * about one heading, for each of its thousands of duplicates): a repeat costs one lookup,
 * a stream of distinct texts one lookup each and at most `size` kept.
 */
export function boundedMemo(fn: (text: string) => string, size: number): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      value = fn(text);
      if (known.size === size) known.clear();
      known.set(text, value);
    }
    return value;
  };
}
