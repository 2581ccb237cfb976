/**
 * The fuzz families of issue 27 (fuzz-families.ts), bounded for `npm test`. `npm run fuzz`
 * runs each with FUZZ_RUNS=10000; FUZZ_SEED=<seed> replays a reported failure.
 */
import { describe, expect, test } from '@jest/globals';
import { FAMILIES, runFamily } from './fuzz-families.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe(`fuzz families (${RUNS} cases each)`, () => {
  test.each(Object.keys(FAMILIES))('%s', async (name) => {
    const started = performance.now();
    const summary = await runFamily(name, RUNS, SEED);
    if (process.env.FUZZ_RUNS !== undefined) process.stdout.write(`${name}: ${summary}; ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    expect(summary).toMatch(/^\d+ cases/);
  }, Math.max(120_000, RUNS * 100));
});
