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
// start-up. The recall fast path, `check`, and remark (loaded by check only for a
// document the fast scanner declines) as its own bundle.
const remarkAsBundle = {
  name: 'remark-as-bundle',
  setup(b) {
    b.onResolve({ filter: /remark-headings\.js$/ }, () => ({ path: './remark.cjs', external: true }));
  },
};
await build({
  entryPoints: { recall: 'src/cli/recall-fast.ts', check: 'src/cli/check-cjs.ts', remark: 'src/model/remark-headings.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  supported: { 'dynamic-import': false }, // import('./remark.cjs') becomes a require
  plugins: [remarkAsBundle],
  legalComments: 'none',
  logLevel: 'warning',
});
