import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which processes a CLI run starts: a preload (pass `nodeOptions` as NODE_OPTIONS)
 * appends the command line of every process started through node:child_process, by
 * any of its functions, to a file; `started()` reads them, one array per process.
 * Children that are node inherit NODE_OPTIONS, so what they start is recorded too.
 *
 * This is how a test proves that something was *not* started, without sleeping: once
 * the run has exited, a process it did not start never comes.
 */
export function recordSpawns(dir: string): { readonly nodeOptions: string; started(): string[][] } {
  const out = join(dir, 'spawned.jsonl');
  const preload = join(dir, 'record-spawns.cjs');
  writeFileSync(
    preload,
    `const cp = require('node:child_process'); const { appendFileSync } = require('node:fs');
const record = (file, args) => appendFileSync(${JSON.stringify(out)}, JSON.stringify([String(file), ...(Array.isArray(args) ? args.map(String) : [])]) + '\\n');
// Every asynchronous way (spawn, fork, exec, execFile) starts through ChildProcess#spawn.
const spawn = cp.ChildProcess.prototype.spawn;
cp.ChildProcess.prototype.spawn = function (options) { record(options.file, options.args && options.args.slice(1)); return spawn.call(this, options); };
for (const name of ['spawnSync', 'execFileSync']) { const f = cp[name]; cp[name] = function (file, args, ...rest) { record(file, args); return f.call(this, file, args, ...rest); }; }
const execSync = cp.execSync; cp.execSync = function (command, ...rest) { record(command); return execSync.call(this, command, ...rest); };
require('node:module').syncBuiltinESMExports(); // ES modules' named imports of node:child_process see the wrappers too
`,
  );
  return {
    nodeOptions: `--require "${preload}"`,
    started: () =>
      (existsSync(out) ? readFileSync(out, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string[]),
  };
}
