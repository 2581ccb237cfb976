#!/usr/bin/env node
'use strict';
// A reader that closed its end (`memdex rules | head -1`) ends the output, not in a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
// Most hook calls are `memdex when|how|resolve <exact trigger>`: a small CommonJS
// bundle answers them from the cached recall table; anything else, and any error,
// goes to the full CLI (ES modules, loaded lazily per command), with the stdin the
// fast path already read.
const argv = process.argv.slice(2);
const command = argv[0];
let handover = {};
if (command === 'when' || command === 'how' || command === 'resolve') {
  const recall = require('../dist/recall.cjs');
  const code = recall.tryRecall(command, argv.slice(1));
  if (code !== undefined) {
    process.exitCode = code;
    return;
  }
  handover = { stdin: recall.stdinRead() };
} else if (command === 'hook' && (argv[1] === 'user-prompt-submit' || argv[1] === 'session-start') && argv.length === 2) {
  // Every prompt after a session's first: the marker is there, the answer is `{}`.
  const fast = require('../dist/hook-fast.cjs').tryPromptHook(argv[1]);
  if (fast.answered) return;
  handover = { stdin: fast.stdin };
}
import('../dist/cli.js').then(async (cli) => {
  process.exitCode = await cli.run(argv, handover);
});
