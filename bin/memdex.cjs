#!/usr/bin/env node
'use strict';
// A reader that closed its end (`memdex rules | head -1`) ends the output, not in a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
// The per-call commands start without the ES module loader: most hook calls are
// `memdex when|how|resolve <trigger>`, answered by a small CommonJS bundle from the
// cached recall table, and pre-commit runs `memdex check`, bundled the same way.
// Anything else goes to the full CLI (ES modules, loaded lazily per command), with
// what the fast path already did (the parsed request and the validated cache, or
// the stdin it read), so nothing is done twice.
const argv = process.argv.slice(2);
const command = argv[0];
let handover = {};
if (command === 'when' || command === 'how' || command === 'resolve') {
  const answer = require('../dist/recall.cjs').tryRecall(command, argv.slice(1));
  if (typeof answer === 'number') {
    process.exitCode = answer;
    return;
  }
  handover = answer ?? {};
} else if (command === 'check' && !argv.includes('--help') && !argv.includes('-h')) {
  // (--help goes to the full CLI: yargs renders it, and yargs is ES modules only)
  require('../dist/check.cjs')
    .runCheckCommand(argv.slice(1))
    .then((code) => {
      process.exitCode = code;
    });
  return;
} else if (command === 'suggest' && !argv.includes('--help') && !argv.includes('-h')) {
  require('../dist/suggest.cjs')
    .runSuggestCommand(argv.slice(1))
    .then((code) => {
      process.exitCode = code;
    });
  return;
} else if (command === 'hook' && (argv[1] === 'user-prompt-submit' || argv[1] === 'session-start') && argv.length === 2) {
  // Every prompt after a session's first: the marker is there, the answer is `{}`.
  const fast = require('../dist/hook-fast.cjs').tryPromptHook(argv[1]);
  if (fast.answered) return;
  handover = { stdin: fast.stdin };
}
import('../dist/cli.js').then(async (cli) => {
  process.exitCode = await cli.run(argv, handover);
});
