import type { Operator } from '../model/keys.js';

/**
 * The targets of an exact phrase's [target, operator] hits: with an operator written
 * in the query, only phrases of that operator or of none; with several targets, those
 * reached through the query's operator if any. Shared with the trigger table's lookup.
 */
export function exactHits(hits: readonly (readonly [number, Operator | null | undefined])[], operator: Operator | undefined, explicit: boolean): number[] {
  const usable = explicit && operator ? hits.filter(([, op]) => !op || op === operator) : hits;
  let targets = unique(usable.map(([t]) => t));
  if (targets.length > 1 && operator) {
    const same = unique(usable.filter(([, op]) => op === operator).map(([t]) => t));
    if (same.length > 0) targets = same;
  }
  return targets;
}

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}
