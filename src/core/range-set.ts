/**
 * Offset ranges of files, merged and sorted per file, so that "is this offset or
 * this edit inside one of them" is a binary search: the engine asks it once per
 * finding and per fix edit (ignored sections, suppressed findings).
 */
export class RangeSet {
  private readonly byPath = new Map<string, [number, number][]>();
  private readonly wholeFiles = new Set<string>();
  private sealed = true;

  addFile(path: string): void {
    this.wholeFiles.add(path);
  }

  /** [start, end): a zero-width range is widened to one character, so a point can be inside it. */
  add(path: string, start: number, end: number): void {
    const list = this.byPath.get(path) ?? this.byPath.set(path, []).get(path)!;
    list.push([start, Math.max(end, start + 1)]);
    this.sealed = false;
  }

  get size(): number {
    return this.wholeFiles.size + this.byPath.size;
  }

  /** The offset lies in a range (or the whole file is in). */
  contains(path: string, offset: number): boolean {
    if (this.wholeFiles.has(path)) return true;
    const range = this.at(path, offset);
    return range !== undefined && offset < range[1];
  }

  /**
   * An edit [start, end) changes text in a range. An insertion (start === end) touches
   * one it lands in or at the end of (appending to a section that ends the file is
   * editing it), not one it lands before.
   */
  touches(path: string, start: number, end: number): boolean {
    if (this.wholeFiles.has(path)) return true;
    if (start === end) {
      const range = this.at(path, start - 1);
      return range !== undefined && start > range[0] && start <= range[1];
    }
    const range = this.at(path, end - 1);
    return range !== undefined && range[1] > start;
  }

  /** The last merged range starting at or before `offset`. */
  private at(path: string, offset: number): readonly [number, number] | undefined {
    this.seal();
    const list = this.byPath.get(path);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]![0] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return list[lo - 1];
  }

  /** Sorts and merges each file's ranges once, after the last add. */
  private seal(): void {
    if (this.sealed) return;
    for (const [path, list] of this.byPath) {
      list.sort((a, b) => a[0] - b[0]);
      const merged: [number, number][] = [];
      for (const range of list) {
        const last = merged[merged.length - 1];
        if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
        else merged.push([range[0], range[1]]);
      }
      this.byPath.set(path, merged);
    }
    this.sealed = true;
  }
}
