import { readFileSync, statSync } from 'node:fs';
import { InputError } from '../core/errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) // keep the BOM: fixes write back what they did not change;

/**
 * Reads a text file the way every memdex command must: a missing, unreadable, binary
 * or non-UTF-8 file becomes an InputError naming the file, never a stack trace.
 * The BOM and CRLF line ends are kept: the model handles them, and fixes write
 * back exactly what they did not change.
 */
export function readText(path: string, displayPath = path): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new InputError(describeFsError(error, displayPath));
  }
  return decodeText(bytes, displayPath);
}

/** Same as readText, but a missing file is `undefined` instead of an error. */
export function readTextIfExists(path: string, displayPath = path): string | undefined {
  try {
    if (!statSync(path).isFile()) return readText(path, displayPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  }
  return readText(path, displayPath);
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
      return `${displayPath}: is a directory, expected a file`;
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
