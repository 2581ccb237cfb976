// Bundles the CLI into dist/ with code splitting, so that each command loads only
// what it needs: the resolver path never pulls in yargs or remark (see README, Speed).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

// `memdex recall --format html` inlines the chart library (chartist: SVG charts) into its page, so the page opens
// offline; its minified script and stylesheet become a module of the bundle, and the package keeps no runtime dependency.
const chartist = new URL('../node_modules/chartist/', import.meta.url);
const chartAssets = {
  name: 'chart-assets',
  setup(b) {
    b.onResolve({ filter: /^virtual:chart-assets$/ }, () => ({ path: 'chart-assets', namespace: 'chart-assets' }));
    b.onLoad({ filter: /.*/, namespace: 'chart-assets' }, () => {
      const dist = (file) => readFileSync(new URL(`dist/${file}`, chartist), 'utf8');
      const version = JSON.parse(readFileSync(new URL('package.json', chartist), 'utf8')).version;
      return { contents: `export default ${JSON.stringify({ name: 'chartist', version, script: dist('index.umd.js'), style: dist('index.css') })};`, loader: 'js' };
    });
  },
};

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
  plugins: [chartAssets],
});

// The recall fast path alone, as CommonJS: no ESM loader start-up (bin/memdex.cjs).
await build({
  entryPoints: { recall: 'src/cli/recall-fast.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
