// Preloaded into a memdex process (NODE_OPTIONS=--require) to count its file-system
// calls on the files below MEMDEX_COUNT_ROOT (a read: readFileSync or an open for reading); writes { reads, stats } by
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
let inner = 0; // readFileSync opens through fs.openSync: that open is the same read
for (const [name, kind] of [['readFileSync', 'reads'], ['statSync', 'stats'], ['lstatSync', 'stats']]) {
  const original = fs[name];
  fs[name] = function (file, ...rest) {
    count(kind, file);
    inner++;
    try {
      return original.call(this, file, ...rest);
    } finally {
      inner--;
    }
  };
}
// memdex reads through one opener (src/node/read-text.ts: open, fstat, read): an open for
// reading counts as a read of that file.
const openSync = fs.openSync;
fs.openSync = function (file, flags, ...rest) {
  const readOnly = flags === undefined || flags === 'r' || (typeof flags === 'number' && (flags & 3) === 0);
  if (readOnly && inner === 0) count('reads', file);
  return openSync.call(this, file, flags, ...rest);
};
syncBuiltinESMExports();
process.on('exit', () => {
  fs.writeFileSync(out, JSON.stringify(counts));
});
