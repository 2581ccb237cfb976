/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { availableParallelism } from 'node:os';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  // Sources use NodeNext-style ".js" specifiers; map them back to the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // esbuild strips the types (test/helpers/esbuild-transform.cjs: why, with the figures); `npm run typecheck` checks them.
  transform: { '^.+\\.ts$': '<rootDir>/test/helpers/esbuild-transform.cjs' },
  testTimeout: 60_000,
  // Jest's default, one worker fewer than the cores, is one worker on a 2-core machine (CI's), which runs every
  // suite in band; most suites wait on the processes they start (the CLI, git, npm), so one core sat idle.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  testSequencer: '<rootDir>/test/helpers/slowest-first.cjs',
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.mjs',
  // The default cache is one folder in the OS temp dir shared by every checkout on the machine: a transform
  // cached by another run (another config, CommonJS) broke ESM imports here. Each checkout keeps its own.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};
export default config;
