#!/usr/bin/env node
'use strict';
// A reader that closed its end (`memdex rules | head -1`) ends the output, not in a stack trace.
// Attached when process.stdout is first used, not before: creating the stream (node:net,
// node:stream and more on a pipe) costs a per-call command more than its work, and the
// per-call commands write to the descriptor instead (src/node/write-output.ts).
const stdout = Object.getOwnPropertyDescriptor(process, 'stdout');
Object.defineProperty(process, 'stdout', {
  configurable: true,
  enumerable: stdout.enumerable,
  get() {
    Object.defineProperty(process, 'stdout', stdout);
    const stream = process.stdout;
    stream.on('error', (error) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
    return stream;
  },
});
// The per-call commands start without the ES module loader, each from a CommonJS
// bundle of its own: `memdex when|how|resolve` (most hook calls, answered from the
// cached trigger table; the rest from the model), the prompt hook, `memdex check`
// (pre-commit) and `memdex suggest`.
// Anything else goes to the full CLI (dist/cli.cjs through V8's code cache, each command's
// modules run only for it: scripts/bundles.mjs, fullCliBundles), with what the fast path
// already did (the parsed request and the validated cache, or the stdin it read), so nothing
// is done twice.
const argv = process.argv.slice(2);
const command = argv[0];
let handover = {};
// A bundle through V8's code cache where it pays (src/node/load-bundle.ts: the figures, the trust): `check`, the full CLI.
const load = (name) => require('../dist/load-bundle.cjs').loadBundle(require('node:path').join(__dirname, '..', 'dist', name));
try {
  process.cwd();
} catch {
  // The shell's folder was deleted: src/node/deleted-cwd.ts decides (a hook fails open, --root runs from there).
  const answered = require('../dist/deleted-cwd.cjs').leaveDeletedCwd(argv, process.env);
  if (answered !== undefined) {
    process.exitCode = answered;
    return;
  }
}
if (argv.length === 1 && (command === '--version' || command === '-v')) {
  // What yargs answers for these (src/cli/top-level.ts), without the full CLI and yargs: `memdex doctor` runs
  // `memdex --version` through the hook's shell to prove the wiring.
  process.stdout.write(`${require('../dist/version.cjs').version}\n`);
  return;
} else if (command === 'when' || command === 'how' || command === 'resolve') {
  // The stages of src/when/stages.ts: exact phrases first, from the smallest bundle; the fuzzy engine only for what
  // they leave, from what they read.
  let answer = require('../dist/when.cjs').tryExact(command, argv.slice(1));
  if (answer?.when?.fuzzy) answer = require('../dist/when-fuzzy.cjs').tryFuzzy(answer.when);
  if (typeof answer === 'number') {
    process.exitCode = answer;
    return;
  }
  handover = answer ?? {};
  // The model's resolver (a `.Section` or `..file.md` before the section table is cached), or for a miss
  // the table answered only its related entries (the ranker's stage), still without the full CLI; a request the
  // table stages could not even read (an error, --help) goes to the full CLI, which words it.
  if (handover.when !== undefined) {
    (handover.when.answered ? require('../dist/when-related.cjs').tryRelated : require('../dist/when-model.cjs').tryModel)(command, argv.slice(1), handover)
      .then((code) => {
        process.exitCode = code;
      });
    return;
  }
} else if (command === 'check' && !argv.includes('--help') && !argv.includes('-h')) {
  // (--help goes to the full CLI: yargs renders it, and only the full CLI holds yargs)
  load('check.cjs')
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
  // The first: the injection alone (a session's first prompt from the smallest bundle, session-start with its
  // learning run), still without the full CLI.
  const answered =
    argv[1] === 'user-prompt-submit'
      ? require('../dist/hook-prompt.cjs').runFirstPrompt({ stdin: fast.stdin })
      : require('../dist/hook.cjs').runPromptHook(argv[1], { stdin: fast.stdin });
  answered.then((code) => {
    process.exitCode = code;
  });
  return;
}
load('cli.cjs')
  .run(argv, handover)
  .then((code) => {
    process.exitCode = code;
  });
