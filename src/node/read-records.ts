import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The complete lines of bytes [start, end) of a file (the first one dropped when
 * `cutFirst`: it began before `start`), those holding one of `markers` (a byte
 * search: the others, mostly tool output, are never decoded), with their index among
 * all the lines read; `end`: the offset just after the last complete line.
 * Undefined when the file cannot be opened or holds no complete line there.
 */
export function readRecords(path: string, start: number, end: number, cutFirst: boolean, markers: readonly string[]): { readonly records: { line: number; text: string }[]; readonly end: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let chunk: Buffer;
  try {
    chunk = Buffer.allocUnsafe(end - start);
    let done = 0;
    while (done < chunk.length) {
      const n = readSync(fd, chunk, done, chunk.length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    chunk = chunk.subarray(0, done);
  } finally {
    closeSync(fd);
  }
  const first = cutFirst ? chunk.indexOf(0x0a) + 1 : 0;
  const last = chunk.lastIndexOf(0x0a) + 1;
  if (last <= first) return undefined;
  chunk = chunk.subarray(first, last);
  const wanted = markers.map((marker) => Buffer.from(marker));
  const records: { line: number; text: string }[] = [];
  let line = 0;
  for (let at = 0; at < chunk.length; line++) {
    const newline = chunk.indexOf(0x0a, at);
    const next = newline < 0 ? chunk.length : newline + 1;
    const bytes = chunk.subarray(at, next);
    at = next;
    if (wanted.some((marker) => bytes.includes(marker))) records.push({ line, text: bytes.toString('utf8') });
  }
  return { records, end: start + last };
}
