#!/usr/bin/env node
'use strict';
// Most hook calls are `memdex when|how|resolve <exact trigger>`: a small CommonJS
// bundle answers them from the cached recall table. Anything else goes to the full
// CLI (ES modules, loaded lazily per command), with what the fast path already did
// (the parsed request, stdin, the validated cache), so nothing is done twice.
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
}
import('../dist/cli.js').then((cli) => cli.run(argv, handoff));
