import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which files of dist/ a CLI run loads: a module loader hook (node:module register)
 * records every ES module, a preload every CommonJS file (the per-call commands start
 * from CommonJS bundles: when.cjs, when-fuzzy.cjs, when-model.cjs, when-related.cjs, check.cjs, hook-fast.cjs, hook-prompt.cjs, hook.cjs,
 * loaded by Node's require or compiled by the code cache's loader). Pass
 * `nodeOptions` as NODE_OPTIONS; `files()` reads what the runs so far loaded.
 */
export function recordLoads(dir: string): { readonly nodeOptions: string; files(): string[]; clear(): void } {
  const out = join(dir, 'loaded.txt');
  writeFileSync(join(dir, 'record.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(out)}, url + '\\n'); return next(url, context); }\n`);
  writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./record.mjs', import.meta.url);\n`);
  // A bundle compiled by the code cache's loader (src/node/load-bundle.ts) goes through vm.Script with its file name.
  writeFileSync(
    join(dir, 'record.cjs'),
    `const M = require('node:module'); const vm = require('node:vm'); const { appendFileSync } = require('node:fs'); const js = M._extensions['.js'];\nM._extensions['.js'] = function (m, file) { appendFileSync(${JSON.stringify(out)}, 'file://' + file + '\\n'); return js.call(this, m, file); };\nconst Script = vm.Script; vm.Script = class extends Script { constructor(source, options) { if (options && options.filename) appendFileSync(${JSON.stringify(out)}, 'file://' + options.filename + '\\n'); super(source, options); } };\n`,
  );
  return {
    nodeOptions: `--require "${join(dir, 'record.cjs')}" --import "${join(dir, 'register.mjs')}"`,
    files: () =>
      [...new Set((existsSync(out) ? readFileSync(out, 'utf8') : '')
        .split('\n')
        .filter((url) => url.startsWith('file:') && url.includes('/dist/') && !url.endsWith('/dist/load-bundle.cjs')) // the loader, not a bundle
        .map((url) => fileURLToPath(url)))], // once each (a cache V8 rejected: the bundle compiled again)
    clear: () => writeFileSync(out, ''),
  };
}

/** Whether one of the files is yargs (recognised by its API, wherever esbuild put it) or remark (by its parser). */
export function loadsYargs(files: readonly string[]): boolean {
  return files.some((file) => /yargs/.test(file.slice(file.lastIndexOf('/'))) || /\bdemandCommand\b/.test(readFileSync(file, 'utf8')));
}

export function loadsRemark(files: readonly string[]): boolean {
  return files.some((file) => /micromark|fromMarkdown/.test(readFileSync(file, 'utf8')));
}
