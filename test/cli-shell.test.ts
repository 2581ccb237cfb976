import { describe, expect, test } from '@jest/globals';
import { runCli } from './helpers/run-cli.js';

describe('memdex CLI shell', () => {
  test('--version prints the package version', () => {
    const result = runCli(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('an unknown command is a usage error (exit 2), never a stack trace', () => {
    const result = runCli(['frobnicate']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/frobnicate/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
