/**
 * Byte chunks → whole lines with their byte range, for reading a transcript in
 * fixed-size chunks. A line split across chunks is gathered as it arrives, with
 * its long string literals cut (string-cutter.ts), so memory holds one chunk plus
 * at most `maxLineBytes` of the current line whatever the file holds. Byte offsets
 * (not character offsets) are what a caller stores to read on from later, so they
 * are exact for any UTF-8 text, and they are the offsets in the file, not in the
 * cut line.
 */
import { StringCutter, type CutLine } from './string-cutter.js';
import { INPUT_LIMITS } from '../model/input-limits.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BOM = [0xef, 0xbb, 0xbf] as const;

export interface LineBounds {
  /** Bytes kept of one string literal (the rest is cut, and said so in the string). */
  readonly maxStringBytes: number;
  /** Bytes kept of one line after the cut; a line needing more is flagged `tooLong` and kept empty. */
  readonly maxLineBytes: number;
}

/**
 * Longest string a decoded record keeps: far above what any reader uses (the
 * learner's excerpt shows at most a few thousand characters of one text, recall reads
 * prompts, paths and skill bodies), far below what would cost memory.
 */
export const TEXT_MAX_STRING_BYTES = 256 * 1024;
/**
 * Longest line kept once its strings are cut. Real records are far smaller once
 * their texts are cut (a record is a few kilobytes of structure); what exceeds it is
 * a hostile line, skipped and named.
 */
export const MAX_LINE_BYTES = INPUT_LIMITS.transcriptLine.maxBytes;
export const TEXT_BOUNDS: LineBounds = Object.freeze({ maxStringBytes: TEXT_MAX_STRING_BYTES, maxLineBytes: MAX_LINE_BYTES });

export interface LineSink {
  /**
   * A line's bytes without its `\n` (and `\r`), occupying bytes [start, end) of
   * the file including the newline. `bytes` is a view of the splitter's buffer:
   * valid during the call only. `cut` says what the bounds left out.
   */
  (bytes: Uint8Array, start: number, end: number, terminated: boolean, cut: CutLine): void;
}

export class LineSplitter {
  private readonly cutter: StringCutter;
  private lineStart: number;
  private position: number;
  private partial = false;

  constructor(
    private readonly sink: LineSink,
    start = 0,
    bounds: LineBounds = TEXT_BOUNDS,
  ) {
    this.lineStart = start;
    this.position = start;
    this.cutter = new StringCutter(bounds.maxStringBytes, bounds.maxLineBytes);
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
      this.cutter.write(chunk.subarray(from, nl));
      this.emit(this.position + nl + 1, true);
      from = nl + 1;
    }
    if (from < chunk.length) {
      this.cutter.write(chunk.subarray(from));
      this.partial = true;
    }
    this.position += chunk.length;
  }

  /** The unterminated rest of the input, if any, as a last line flagged `terminated: false`. */
  end(): void {
    if (this.partial) this.emit(this.position, false);
  }

  private emit(end: number, terminated: boolean): void {
    const line = this.cutter.finish();
    let bytes = line.bytes;
    if (this.lineStart === 0 && BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(BOM.length);
    if (bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN) bytes = bytes.subarray(0, bytes.length - 1);
    const start = this.lineStart;
    this.lineStart = end;
    this.partial = false;
    this.sink(bytes, start, end, terminated, line);
    this.cutter.reset();
  }
}
