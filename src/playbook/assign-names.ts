/**
 * Names key points so that a name is never given twice (the Python tools reused the
 * number of a pruned entry, and their migration could hand out a name that a later
 * entry of the same file already had).
 *
 * Every `kpt_<n>` present in the file is taken, whoever holds it. Entries without a
 * name, and every later holder of a duplicated name, get a fresh one:
 *   - when the file has a `name_counter`, the numbers after it (it records the
 *     highest number ever issued, including pruned ones);
 *   - in a legacy file without one, the lowest numbers no entry uses (data contract,
 *     mixed example: a bare string before kpt_002..kpt_004 becomes kpt_001). Which
 *     numbers were issued in the past is unknown there; from now on the counter is.
 */
import { keyPointName, keyPointNumber } from './schema.js';

export interface NameRequest {
  readonly name?: string;
}

export interface AssignedName {
  readonly name: string;
  /** Set when the entry had this duplicated name and was renamed. */
  readonly renamedFrom?: string;
}

export interface AssignedNames {
  /** One per request, in order. */
  readonly names: readonly AssignedName[];
  /** The new high-water mark: >= fileCounter and >= every kpt number now present. */
  readonly counter: number;
}

export function assignNames(entries: readonly NameRequest[], fileCounter: number | undefined): AssignedNames {
  const taken = new Set<number>();
  let counter = fileCounter ?? 0;
  for (const { name } of entries) {
    const n = name === undefined ? undefined : keyPointNumber(name);
    if (n === undefined) continue;
    taken.add(n);
    counter = Math.max(counter, n);
  }
  let lowestFree = 1;
  const fresh = (): string => {
    if (fileCounter !== undefined) return keyPointName(++counter);
    while (taken.has(lowestFree)) lowestFree++;
    taken.add(lowestFree);
    counter = Math.max(counter, lowestFree);
    return keyPointName(lowestFree);
  };

  const seen = new Set<string>();
  const names = entries.map(({ name }): AssignedName => {
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      return { name };
    }
    const assigned = fresh();
    seen.add(assigned);
    return name === undefined ? { name: assigned } : { name: assigned, renamedFrom: name };
  });
  return { names, counter };
}
