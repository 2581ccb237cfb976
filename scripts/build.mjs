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

// The per-call commands alone, as CommonJS (bin/memdex.cjs): no ES module loader
// start-up. The recall fast path, `check` (its block scanner for documents the fast
// scanner declines is loaded on demand from inside the bundle) and the prompt hook's
// later prompts.
await build({
  entryPoints: { recall: 'src/cli/recall-fast.ts', check: 'src/cli/check-cjs.ts', 'hook-fast': 'src/node/prompt-fast.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  supported: { 'dynamic-import': false }, // an import() of a bundled module becomes a require
  legalComments: 'none',
  logLevel: 'warning',
});
