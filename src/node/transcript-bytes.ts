/**
 * Byte ranges of a session transcript that the client still appends to: the end of
 * its complete lines, and a copy of the kept lines of a range (src/app/transcript-parts.ts
 * claims the ranges). Read in chunks: bounded memory whatever the transcript's size.
 */
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { LineSplitter } from '../transcript/lines.js';

/** Copy and scan chunk: a few system calls, bounded memory whatever the transcript's size. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** The byte offset just after the file's last newline (0 when it has none), read backwards in chunks. */
export function completeLinesEnd(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    for (let stop = size; stop > 0; ) {
      const begin = Math.max(0, stop - buffer.length);
      const n = readSync(fd, buffer, 0, stop - begin, begin);
      const index = buffer.subarray(0, n).lastIndexOf(NEWLINE);
      if (index >= 0) return begin + index + 1;
      stop = begin;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

/** Copies the kept lines of [start, end) (complete lines) from one file to another; returns how many. */
export function copyLines(from: string, to: string, start: number, end: number, keep: (line: string) => boolean): number {
  const input = openSync(from, 'r');
  const output = openSync(to, 'w', 0o600);
  let kept = 0;
  try {
    const utf8 = new TextDecoder('utf-8');
    const splitter = new LineSplitter((bytes) => {
      const text = utf8.decode(bytes);
      if (!keep(text)) return;
      writeSync(output, `${text}\n`);
      kept++;
    }, start);
    const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, end - start));
    for (let position = start; position < end; ) {
      const n = readSync(input, buffer, 0, Math.min(buffer.length, end - position), position);
      if (n === 0) break;
      splitter.push(buffer.subarray(0, n));
      position += n;
    }
    splitter.end();
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return kept;
}
