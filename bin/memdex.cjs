#!/usr/bin/env node
'use strict';
// The per-call commands start without the ES module loader: most hook calls are
// `memdex when|how|resolve <trigger>`, answered by a small CommonJS bundle from the
// cached recall table, and pre-commit runs `memdex check`, bundled the same way.
// Anything else goes to the full CLI (ES modules, loaded lazily per command), with
// what the fast path already did (the parsed request, stdin, the validated cache),
// so nothing is done twice.
const argv = process.argv.slice(2);
const command = argv[0];
let handoff;
if (command === 'when' || command === 'how' || command === 'resolve') {
  const answer = require('../dist/recall.cjs').tryRecall(command, argv.slice(1));
  if (typeof answer === 'number') {
    process.exitCode = answer;
    return;
  }
  handoff = answer;
} else if (command === 'check' && !argv.includes('--help') && !argv.includes('-h')) {
  require('../dist/check.cjs')
    .runCheckCommand(argv.slice(1))
    .then((code) => {
      process.exitCode = code;
    });
  return;
}
import('../dist/cli.js').then((cli) => cli.run(argv, handoff));
