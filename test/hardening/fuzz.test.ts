/**
 * The fuzz targets (fuzz-targets.ts), bounded for `npm test`. `npm run fuzz` runs the
 * same targets with FUZZ_RUNS=10000; FUZZ_SEED=<seed> replays a reported failure.
 */
import { describe, test } from '@jest/globals';
import { runTarget, TARGETS } from './fuzz-targets.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe(`fuzz (${RUNS} cases per target)`, () => {
  test.each(Object.keys(TARGETS))('%s', async (name) => {
    await runTarget(name, RUNS, SEED);
  }, Math.max(60_000, RUNS * 50));
});
