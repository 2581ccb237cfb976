// Bundles the CLI into dist/ with code splitting, so that each command loads only
// what it needs: the resolver path never pulls in yargs or remark (see README, Speed).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});

// The recall and prompt-hook fast paths alone, as CommonJS: no ESM loader start-up (bin/memdex.cjs).
await build({
  entryPoints: { recall: 'src/cli/recall-fast.ts', 'hook-fast': 'src/node/prompt-fast.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
