import { fstatSync, readFileSync, readSync } from 'node:fs';
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
  const release = pipeWithoutStreams();
  if (release) return pollRead(timeoutMs, maxBytes, release);
  // node:tty (and node:net behind it) loaded only when stdin is read
  if (process.getBuiltinModule('node:tty').isatty(0)) return readAllBlocking(maxBytes); // a person typing: no deadline, Ctrl-D ends
  // Creating process.stdin puts a pipe or socket into non-blocking mode (libuv); paused, it
  // reads nothing itself, and readSync answers EAGAIN while the writer has sent nothing more.
  const stream = process.stdin;
  stream.pause();
  // a writer that never closes must not keep the process alive
  return pollRead(timeoutMs, maxBytes, () => stream.destroy());
}

/** Reads descriptor 0, in non-blocking mode, until its end, the deadline or the size limit; then `release`. */
function pollRead(timeoutMs: number, maxBytes: number, release: () => void): Buffer {
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
    release();
  }
  return Buffer.concat(chunks, total);
}

type PipeBinding = { Pipe: new (type: number) => { open(fd: number): number; close(): void }; constants: { SOCKET: number } };

/**
 * Descriptor 0 put into non-blocking mode as process.stdin would (libuv's uv_pipe_open on a
 * pipe or a socket: the client's hooks get a socket), without creating process.stdin, whose
 * stream (node:net, node:stream, node:tty for isatty) cost a hook 7.5-9.8 ms of CPU to load,
 * this 0.9 ms (fresh processes reading a socket, medians of 9, 2026-11-27, load 7): through
 * process.binding('pipe_wrap'), the handle node:net wraps, on Node's list of bindings kept for
 * compatibility. Its deprecation (DEP0111) is documentation-only unless --pending-deprecation,
 * whose warning the run keeps off stderr. Undefined when the descriptor is no pipe or socket,
 * or the binding is gone or refuses it: then process.stdin does it. `release` closes the handle
 * (libuv never closes descriptors 0-2).
 */
function pipeWithoutStreams(): (() => void) | undefined {
  if (process.platform === 'win32') return undefined;
  let stat;
  try {
    stat = fstatSync(0);
  } catch {
    return undefined;
  }
  if (!stat.isFIFO() && !stat.isSocket()) return undefined;
  const binding = (process as { binding?: (name: string) => unknown }).binding;
  if (typeof binding !== 'function') return undefined;
  const noDeprecation = process.noDeprecation;
  process.noDeprecation = true;
  try {
    const { Pipe, constants } = binding.call(process, 'pipe_wrap') as PipeBinding;
    const handle = new Pipe(constants.SOCKET);
    if (handle.open(0) !== 0) {
      handle.close();
      return undefined;
    }
    return () => handle.close();
  } catch {
    return undefined;
  } finally {
    process.noDeprecation = noDeprecation;
  }
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
