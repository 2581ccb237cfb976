/**
 * The value of a line `key<TAB>value` among lines sorted by key, by binary search over
 * their start offsets: the trigger table's phrases (trigger-lines.ts) and the section
 * table's heading keys (section-lines.ts) are looked up without splitting the text.
 */
export function keyedValue(text: string, starts: readonly number[], first: number, last: number, key: string): string | undefined {
  let lo = first;
  let hi = last;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = starts[mid]!;
    const tab = text.indexOf('\t', start);
    const found = text.slice(start, tab);
    if (found === key) return text.slice(tab + 1, mid + 1 < starts.length ? starts[mid + 1]! - 1 : text.length);
    if (found < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
