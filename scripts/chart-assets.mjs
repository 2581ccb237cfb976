import { readFileSync } from 'node:fs';

// `memdex recall --format html` inlines the chart library (chartist: SVG charts) into its page, so the page opens
// offline; its minified script and stylesheet become a module of the bundle, and the package keeps no runtime dependency.
const chartist = new URL('../node_modules/chartist/', import.meta.url);
export const chartAssets = {
  name: 'chart-assets',
  setup(b) {
    // Resolved to chartist's own file, so the metafile names the package and its notice is included.
    b.onResolve({ filter: /^virtual:chart-assets$/ }, () => ({ path: 'node_modules/chartist/dist/index.umd.js', namespace: 'chart-assets' }));
    b.onLoad({ filter: /.*/, namespace: 'chart-assets' }, () => {
      const dist = (file) => readFileSync(new URL(`dist/${file}`, chartist), 'utf8');
      const version = JSON.parse(readFileSync(new URL('package.json', chartist), 'utf8')).version;
      return { contents: `export default ${JSON.stringify({ name: 'chartist', version, script: dist('index.umd.js'), style: dist('index.css') })};`, loader: 'js' };
    });
  },
};
