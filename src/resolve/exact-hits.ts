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

/**
 * The values once each, in first-seen order. Hits come in target order, so ascending values are
 * already unique and are kept as they are: a Set over 1 MB of `### a` (166,665 hits of one phrase)
 * cost a cold `when a` 0.1–0.2 s.
 */
function unique(values: readonly number[]): number[] {
  for (let i = 1; i < values.length; i++) if (!(values[i - 1]! < values[i]!)) return [...new Set(values)];
  return [...values];
}
