import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, type CliResult } from './run-cli.js';

const PRELOAD = fileURLToPath(new URL('./fs-count-preload.cjs', import.meta.url));

export interface FsCounts {
  /** readFileSync calls and opens for reading, by root-relative path. */
  readonly reads: Record<string, number>;
  /** statSync and lstatSync calls by root-relative path. */
  readonly stats: Record<string, number>;
}

/** Runs the CLI in `dir` and counts its reads and stats of the files below `dir`. */
export function runCliCounting(args: readonly string[], dir: string, env: Record<string, string> = {}, input?: string): CliResult & { counts: FsCounts } {
  const tmp = mkdtempSync(join(tmpdir(), 'memdex-count-'));
  const out = join(tmp, 'counts.json');
  try {
    const result = runCli(args, {
      cwd: dir,
      ...(input !== undefined ? { input } : {}),
      env: { ...env, NODE_OPTIONS: `--require ${PRELOAD}`, MEMDEX_COUNT_ROOT: dir, MEMDEX_COUNT_OUT: out },
    });
    return { ...result, counts: JSON.parse(readFileSync(out, 'utf8')) as FsCounts };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
