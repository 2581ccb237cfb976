/**
 * stdout and stderr of the per-call commands, written straight to the file
 * descriptors: creating `process.stdout` builds a stream (node:stream and its
 * friends), a measurable share of a hook call that prints one section. A reader
 * that went away (EPIPE: `memdex when x | head -1`) ends the output quietly; a
 * non-blocking descriptor that is full (EAGAIN) hands the rest to the stream, which
 * knows how to wait, and every later write goes after it.
 */
import { writeSync } from 'node:fs';

/** A text, or UTF-8 bytes (a report's chunks, cli/format/json.ts) written as they are. */
export function writeStdout(text: string | Uint8Array): void {
  writeFd(1, text);
}

export function writeStderr(text: string): void {
  writeFd(2, text);
}

/**
 * Per descriptor: 'direct' until EAGAIN hands the output to the stream (every later
 * write follows it there, or the lines would come out of order) or EPIPE ends it.
 */
const modes: Record<1 | 2, 'direct' | 'stream' | 'closed'> = { 1: 'direct', 2: 'direct' };

/** Texts this long or longer (a report's batches) are encoded into one reused buffer, not a new one each. */
const SCRATCH_FROM = 1 << 12;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_PER_UNIT = 3;
let scratch: Buffer | undefined;

function encode(text: string): Buffer {
  if (text.length < SCRATCH_FROM) return Buffer.from(text, 'utf8');
  const size = MAX_UTF8_PER_UNIT * text.length;
  if (scratch === undefined || scratch.length < size) scratch = Buffer.allocUnsafeSlow(size);
  return scratch.subarray(0, scratch.write(text, 0, 'utf8'));
}

function writeFd(fd: 1 | 2, text: string | Uint8Array): void {
  if (modes[fd] === 'closed') return;
  const stream = () => (fd === 1 ? process.stdout : process.stderr);
  if (modes[fd] === 'stream') {
    stream().write(typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text)); // bytes (a copy: the caller may reuse its own): as written here, not escaped again (cli/escape-output.ts)
    return;
  }
  const bytes = typeof text === 'string' ? encode(text) : text;
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        modes[fd] = 'closed';
        return;
      }
      if (code !== 'EAGAIN') throw error;
      modes[fd] = 'stream';
      stream().write(Buffer.from(bytes.subarray(offset))); // a copy: the scratch buffer is reused by the next write
      return;
    }
  }
}

