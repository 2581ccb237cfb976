import { readFileSync, readSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { fileMessages as msg } from '../messages/files.js';
import { hostMessages } from '../messages/host.js';
import { INPUT_LIMITS } from '../model/input-limits.js';

/**
 * Bounds on stdin. Hook payloads are a few kB and arrive at once (Claude Code writes
 * them and closes the pipe); an extraction piped to `playbook update -` is tens of kB.
 * The prompt hook may take 10 s in all: waiting at most half of it for input leaves the
 * rest for the work, and a writer that never closes stdin cannot hang the hook.
 */
export const STDIN_TIMEOUT_MS = 5_000;
export const MAX_STDIN_BYTES = INPUT_LIMITS.stdin.maxBytes;
const CHUNK_BYTES = 64 * 1024;
/** Poll interval while the pipe is open and empty. */
const POLL_MS = 5;

/** All of stdin as UTF-8, within the bounds above. Called only when the user asked for it (`-`), so it never waits unasked. */
export function readStdin(timeoutMs = STDIN_TIMEOUT_MS, maxBytes = MAX_STDIN_BYTES): string {
  // Callers read it once per process (the when fast path hands what it read to the full CLI).
  return readBounded(timeoutMs, maxBytes).toString('utf8');
}

const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));

function readBounded(timeoutMs: number, maxBytes: number): Buffer {
  // node:tty (and node:net behind it) loaded only when stdin is read
  if (process.getBuiltinModule('node:tty').isatty(0)) return readAllBlocking(maxBytes); // a person typing: no deadline, Ctrl-D ends
  // Creating process.stdin puts a pipe or socket into non-blocking mode (libuv); paused, it
  // reads nothing itself, and readSync answers EAGAIN while the writer has sent nothing more.
  const stream = process.stdin;
  stream.pause();
  const deadline = Date.now() + timeoutMs;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let n: number;
      try {
        n = readSync(0, chunk, 0, CHUNK_BYTES, null);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EOF') break;
        if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') throw new InputError(hostMessages.stdinUnreadable(code ?? String(error)));
        if (Date.now() > deadline) throw new InputError(msg.stdinTimeout(timeoutMs));
        Atomics.wait(sleepBuffer, 0, 0, POLL_MS);
        continue;
      }
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw new InputError(msg.stdinTooLarge(maxBytes));
    }
  } finally {
    stream.destroy(); // a writer that never closes must not keep the process alive
  }
  return Buffer.concat(chunks, total);
}

function readAllBlocking(maxBytes: number): Buffer {
  try {
    const bytes = readFileSync(0);
    if (bytes.length > maxBytes) throw new InputError(msg.stdinTooLarge(maxBytes));
    return bytes;
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EOF') return Buffer.alloc(0);
    throw new InputError(hostMessages.stdinUnreadable(code ?? String(error)));
  }
}
