import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The last `maxBytes` of a regular file as UTF-8 (a character cut at the start becomes
 * U+FFFD; callers drop the first, partial line anyway). Transcripts grow to tens of
 * megabytes, and only their end is needed. Undefined when unreadable or not a regular
 * file: opened without blocking and checked on the descriptor, so a FIFO cannot hang it.
 */
export function readTail(path: string, maxBytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const size = stat.size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buffer, read, length - read, size - length + read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
