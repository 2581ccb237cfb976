import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { InputError } from '../core/errors.js';
import { fileMessages as msg } from '../messages/files.js';
import { INPUT_LIMITS, inputLimitOf, type InputLimit } from '../model/input-limits.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) // keep the BOM: fixes write back what they did not change;

/**
 * The largest file memdex reads whole, of any kind; each kind has its own, smaller or
 * equal, cap (model/input-limits.ts: a markdown memory file 1 MB, a config 1 MB ...).
 */
export const MAX_TEXT_BYTES = INPUT_LIMITS.other.maxBytes;
/** How much a file that grew since its fstat is read on by, per read(2) call. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The one function through which memdex reads a file whole. It opens without
 * blocking (O_NONBLOCK: a FIFO with no writer cannot hang a hook), then checks on the
 * opened descriptor (fstat, so a swapped path cannot fool it) that it is a regular
 * file, and reads at most its kind's cap (model/input-limits.ts, by the file's name; a
 * device such as /dev/zero never ends). Every
 * failure is an InputError naming the file: missing, unreadable, not a regular file,
 * too large, binary or not UTF-8. The BOM and CRLF line ends are kept: the model
 * handles them, and fixes write back exactly what they did not change.
 */
export function readRegularFile(path: string, displayPath = path, limit: InputLimit = inputLimitOf(displayPath)): string {
  return decodeText(readRegularBytes(path, displayPath, limit), displayPath);
}

/**
 * Opens a regular file for reading, without blocking (O_NONBLOCK: a FIFO with no writer
 * cannot hang us) and checked on the opened descriptor (no check-then-open race): the
 * descriptor, or an InputError naming the file. The caller closes it.
 */
export function openRegularFile(path: string, displayPath = path): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new InputError(describeFsError(error, displayPath));
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    throw new InputError(msg.notRegular(displayPath, kindOf(stat)));
  }
  return fd;
}

export function readRegularBytes(path: string, displayPath = path, limit: InputLimit = inputLimitOf(displayPath)): Buffer {
  const fd = openRegularFile(path, displayPath);
  try {
    return readDescriptor(fd, displayPath, limit);
  } finally {
    closeSync(fd);
  }
}

/**
 * All of an opened regular file (the caller opened and checked it: openRegularFile,
 * or read-confined.ts after its confinement checks), at most `maxBytes`; an
 * InputError naming the file otherwise. The caller closes it.
 */
export function readDescriptor(fd: number, displayPath: string, limit: InputLimit = inputLimitOf(displayPath)): Buffer {
  const { maxBytes, kind } = limit;
  try {
    const stat = fstatSync(fd);
    if (stat.size > maxBytes) throw new InputError(msg.tooLarge(displayPath, stat.size, maxBytes, kind));
    // The size fstat gave and one byte more (a file that grew meanwhile is read on, a chunk at a time): a 1 MB
    // buffer per read, then the copy that joined the chunks, cost 27 small files ~8 ms of CPU, this ~3 (fresh processes).
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let total = 0;
    for (;;) {
      if (total === buffer.length) {
        const larger = Buffer.allocUnsafe(Math.min(total + CHUNK_BYTES, maxBytes + 1));
        buffer.copy(larger, 0, 0, total);
        buffer = larger;
      }
      const n = readSync(fd, buffer, total, buffer.length - total, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new InputError(msg.tooLarge(displayPath, undefined, maxBytes, kind)); // grew while being read
    }
    return buffer.subarray(0, total);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(describeFsError(error, displayPath));
  }
}

/** Same as readRegularFile; the historical name. */
export function readText(path: string, displayPath = path): string {
  return readRegularFile(path, displayPath);
}

/** Same as readText, but a missing file is `undefined` instead of an error. */
export function readTextIfExists(path: string, displayPath = path): string | undefined {
  try {
    statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  }
  return readText(path, displayPath);
}

export function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

export function decodeText(bytes: Uint8Array, displayPath: string): string {
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const line = lineAtByte(bytes, nul);
    throw new InputError(`${displayPath}:${line}: binary file (NUL byte); expected UTF-8 text`);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    throw new InputError(`${displayPath}:${lineAtByte(bytes, bad)}: invalid UTF-8; expected UTF-8 text`);
  }
}

export function describeFsError(error: unknown, displayPath: string): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return `${displayPath}: file not found`;
    case 'EACCES':
    case 'EPERM':
      return `${displayPath}: permission denied`;
    case 'EISDIR':
      return msg.notRegular(displayPath, 'a directory');
    default:
      return `${displayPath}: cannot read (${code ?? String(error)})`;
  }
}

function lineAtByte(bytes: Uint8Array, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (bytes[i] === 10) line++;
  return line;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return 0;
}
