/**
 * Property tests: run a property over many seeds of the shared PRNG (prng.ts); a
 * failure names the seed that reproduces it.
 */
import { pick, prng } from './prng.js';

export interface Random {
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seeded(seed: number): Random {
  const next = prng(seed);
  return {
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => pick(next, items),
    chance: (p) => next() < p,
  };
}

export function forAllSeeds(runs: number, property: (random: Random, seed: number) => void): void {
  for (let seed = 1; seed <= runs; seed++) {
    try {
      property(seeded(seed), seed);
    } catch (error) {
      if (error instanceof Error) error.message = `seed ${seed}: ${error.message}`;
      throw error;
    }
  }
}
