// The ranker and the tree loader for the suggest bench, bundled from src/ on the fly
// (esbuild, a devDependency): the bench needs the node loader's remark fallback, which
// the public API does not export, and must measure the sources as they are now.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

export async function loadSuggestLib() {
  const dir = mkdtempSync(join(tmpdir(), 'memdex-bench-suggest-'));
  try {
    const outfile = join(dir, 'suggest-lib.mjs');
    await build({
      stdin: {
        contents: [
          "export { buildModel as buildWithFallback } from './src/app/load-project.ts';",
          "export { DEFAULT_CONFIG } from './src/model/config.ts';",
          "export { foldKey } from './src/model/keys.ts';",
          "export * from './src/suggest/index.ts';",
          "export { HOOK_PRECISION_MEASURED } from './src/suggest/params.ts';",
        ].join('\n'),
        resolveDir: REPO,
        loader: 'ts',
      },
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file below `dir` as root-relative '/'-separated path → text. */
export function readTree(dir) {
  const files = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}
