/**
 * A record's line with its long string values emptied, for the first pass.
 *
 * The first pass needs a record's type, links, ids and flags: short strings.
 * Most of a transcript's bytes are long strings (tool output, file contents,
 * system prompts), and parsing them only to drop them made the first pass
 * allocate as much as the file is large, which a garbage-collected heap repays
 * in resident memory. So string literals longer than `maxBytes` are replaced by
 * `""` before parsing: found with a byte search for '"' (a quote byte never
 * occurs inside a multi-byte UTF-8 sequence; one preceded by an odd number of
 * backslashes is escaped), copied otherwise as they are. The structure, the keys
 * and every short value are unchanged, so the result parses exactly when the
 * line does, except for a line whose only fault lies inside a long string (an
 * unescaped control character): the second pass, which parses the whole line,
 * counts that one.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Longer than any id, uuid, timestamp, type or subtype the first pass reads. */
export const SKELETON_MAX_STRING_BYTES = 128;

/** Reused output buffers: one per reader, grown to the longest line, instead of one allocation per line. */
export class Scratch {
  private buffer = new Uint8Array(0);

  get(length: number): Uint8Array {
    if (this.buffer.length < length) this.buffer = new Uint8Array(Math.max(length, this.buffer.length * 2));
    return this.buffer;
  }
}

/** The line with long strings emptied: `line` itself when it has none, else a view of `scratch` valid until its next use. */
export function emptyLongStrings(line: Uint8Array, scratch: Scratch, maxBytes = SKELETON_MAX_STRING_BYTES): Uint8Array {
  let out: Uint8Array | undefined;
  let written = 0;
  let copied = 0; // line[0, copied) is already in out (or needs no copy while out is undefined)
  for (let open = line.indexOf(QUOTE); open !== -1; ) {
    const close = closingQuote(line, open + 1);
    if (close === -1) break; // unterminated: left as is, and the parse fails
    if (close - open - 1 > maxBytes) {
      out ??= scratch.get(line.length);
      out.set(line.subarray(copied, open + 1), written);
      written += open + 1 - copied;
      copied = close; // keep the closing quote
    }
    open = line.indexOf(QUOTE, close + 1);
  }
  if (out === undefined) return line;
  out.set(line.subarray(copied), written);
  return out.subarray(0, written + line.length - copied);
}

function closingQuote(line: Uint8Array, from: number): number {
  for (let q = line.indexOf(QUOTE, from); q !== -1; q = line.indexOf(QUOTE, q + 1)) {
    let backslashes = 0;
    while (q - 1 - backslashes >= from && line[q - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q;
  }
  return -1;
}
