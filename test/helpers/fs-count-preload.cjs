// Preloaded into a memdex process (NODE_OPTIONS=--require) to count its file-system
// calls on the files below MEMDEX_COUNT_ROOT; writes { reads, stats } by
// root-relative path as JSON to MEMDEX_COUNT_OUT when the process exits.
'use strict';
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const path = require('node:path');

const root = process.env.MEMDEX_COUNT_ROOT;
const out = process.env.MEMDEX_COUNT_OUT;
const counts = { reads: {}, stats: {} };
const count = (kind, file) => {
  if (typeof file !== 'string') return;
  const rel = path.relative(root, path.resolve(file));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return;
  counts[kind][rel] = (counts[kind][rel] ?? 0) + 1;
};
for (const [name, kind] of [['readFileSync', 'reads'], ['statSync', 'stats'], ['lstatSync', 'stats']]) {
  const original = fs[name];
  fs[name] = function (file, ...rest) {
    count(kind, file);
    return original.call(this, file, ...rest);
  };
}
syncBuiltinESMExports();
process.on('exit', () => {
  fs.writeFileSync(out, JSON.stringify(counts));
});
