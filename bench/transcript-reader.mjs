// Bundles the transcript reader's file adapter (src/node/transcript-file.ts) and runs
// it on a transcript in a child process: how the memory bench and the streaming test
// measure the real code without the CLI around it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('transcript-child.mjs', import.meta.url));

/** Writes the bundle into `dir`; returns its path. */
export async function bundleReader(dir) {
  const outfile = join(dir, 'transcript-reader.mjs');
  await build({ entryPoints: [join(ROOT, 'src/node/transcript-file.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return outfile;
}

/** Reads `path` in a child node with the given extra flags; returns its report ({counts, summary, ms, maxRssBytes}). */
export function readInChild(bundle, path, nodeFlags = []) {
  const r = spawnSync(process.execPath, [...nodeFlags, CHILD, bundle, path], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`reader child exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout);
}
