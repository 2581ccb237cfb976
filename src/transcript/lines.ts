/**
 * Byte chunks → whole lines with their byte range, for reading a transcript in
 * fixed-size chunks. A line split across chunks is kept as its parts and joined
 * once when its newline arrives, so memory holds one chunk plus the current line.
 * Byte offsets (not character offsets) are what a caller stores to read on from
 * later, so they are exact for any UTF-8 text.
 */
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BOM = [0xef, 0xbb, 0xbf] as const;

export interface LineSink {
  /**
   * A line's bytes without its `\n` (and `\r`), occupying bytes [start, end) of
   * the file including the newline. `bytes` may be a view of the caller's chunk:
   * valid during the call only.
   */
  (bytes: Uint8Array, start: number, end: number, terminated: boolean): void;
}

export class LineSplitter {
  private parts: Uint8Array[] = [];
  private lineStart: number;
  private position: number;

  constructor(
    private readonly sink: LineSink,
    start = 0,
  ) {
    this.lineStart = start;
    this.position = start;
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
      this.parts.push(chunk.subarray(from, nl));
      this.emit(this.position + nl + 1, true);
      from = nl + 1;
    }
    if (from < chunk.length) this.parts.push(new Uint8Array(chunk.subarray(from))); // a copy: the caller reuses its buffer (and a Buffer's slice() would not copy)
    this.position += chunk.length;
  }

  /** The unterminated rest of the input, if any, as a last line flagged `terminated: false`. */
  end(): void {
    if (this.parts.some((p) => p.length > 0)) this.emit(this.position, false);
  }

  private emit(end: number, terminated: boolean): void {
    let bytes = this.parts.length === 1 ? this.parts[0]! : concat(this.parts);
    this.parts = [];
    if (this.lineStart === 0 && BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(BOM.length);
    if (bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN) bytes = bytes.subarray(0, bytes.length - 1);
    const start = this.lineStart;
    this.lineStart = end;
    this.sink(bytes, start, end, terminated);
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
