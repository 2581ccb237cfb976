// `npm run fuzz`: the property/fuzz targets of test/hardening/fuzz-targets.ts and the
// families of hostile shapes of test/hardening/fuzz-families.ts (special files, caps,
// deep nesting, globs, a deleted cwd) with FUZZ_RUNS cases each (default 10,000), the
// fault-injection suite, and the slow sizes
// of the scaling tests that read FUZZ_RUNS (test/migrate/many-links.test.ts: 200,000 links).
// A failure prints fast-check's seed; replay it with FUZZ_SEED=<seed> npm run fuzz.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '10000';
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--verbose', 'test/hardening/fuzz.test.ts', 'test/hardening/fuzz-families.test.ts', 'test/hardening/fuzz-cli.test.ts', 'test/hardening/fault-injection.test.ts', 'test/migrate/many-links.test.ts'],
  { stdio: 'inherit', env: { FUZZ_CLI_RUNS: '300', ...process.env, FUZZ_RUNS: runs } },
);
process.exit(result.status ?? 2);
