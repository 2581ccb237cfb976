/**
 * One line of JSON text with its long string literals cut, fed in pieces: how the
 * transcript reader keeps its memory bounded whatever a line holds.
 *
 * A transcript line can be any size (a 300 MB tool output is one string in one
 * line), and a reader that gathers the line before parsing it holds the line, its
 * text and its parsed value at once: 1.6 GB for a 300 MB line, measured. Almost
 * every byte of such a line sits inside a few string literals, and no reader needs
 * more than the start of them (the learner shows a few hundred characters of a tool
 * output, recall reads prompts and paths). So the cutter copies the line as it
 * streams in, and of each string literal keeps only the first `maxStringBytes`
 * bytes, followed by ` [... N bytes cut]` before the closing quote. The structure,
 * the keys and every short value are unchanged, so the result parses exactly when
 * the line does (bar a line whose only fault lay in the part that was cut). What is
 * kept of a line is at most `maxLineBytes`; a line with more than that outside its
 * long strings (a hostile array of a million numbers) is reported as too long, and
 * its bytes are not kept at all.
 *
 * How it scans: outside a string only the next '"' matters; inside, the next '"' and
 * the next '\'. Both are found with indexOf (native, memchr speed) and remembered
 * until passed, so a piece is scanned once whatever it holds. A cut never splits a
 * character (UTF-8 continuation bytes are dropped with their lead byte) nor an
 * escape sequence (`\n`, `\"`, `\u00e9` are kept or dropped whole), so the kept text
 * is valid JSON string content. A quote byte never occurs inside a multi-byte UTF-8
 * sequence, so the scan is exact on bytes.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
/** `\n`, `\"`...: two bytes; `\uXXXX`: six. */
const SHORT_ESCAPE = 2;
const UNICODE_ESCAPE = 6;
const BACKSLASH_BYTE = new Uint8Array([BACKSLASH]);
const INITIAL_CAPACITY = 4096;
const UTF8 = new TextEncoder();

/** What takes the place of a string's cut bytes. */
export const cutMarker = (bytes: number): string => ` [... ${bytes} bytes cut]`;

export interface CutLine {
  /** The line as kept (a view of the cutter's buffer: valid until its next use); empty when `tooLong`. */
  readonly bytes: Uint8Array;
  /** Bytes of string content left out. */
  readonly cutBytes: number;
  /** More than `maxLineBytes` would have been kept: nothing was. */
  readonly tooLong: boolean;
  /** The line's length as written. */
  readonly lineBytes: number;
}

export class StringCutter {
  private out = new Uint8Array(INITIAL_CAPACITY);
  private length = 0;
  private seen = 0;
  private tooLong = false;
  private cutTotal = 0;
  private inString = false;
  /** Bytes of the current escape sequence still to come (its letter, then 4 hex digits after 'u'). */
  private escapeLeft = 0;
  /** Whether the current escape sequence is being kept. */
  private keepEscape = false;
  /** The next byte is the letter after a backslash (`u` means 4 hex digits follow). */
  private atEscapeLetter = false;
  /** The current escape's backslash was kept in the run (there was room for any escape). */
  private backslashKept = false;
  /** Where the current string's content starts in `out`. */
  private stringStart = 0;
  /** Content bytes of the current string left out. */
  private dropped = 0;

  constructor(
    private readonly maxStringBytes: number,
    private readonly maxLineBytes: number,
  ) {}

  /** Starts a new line. */
  reset(): void {
    this.length = 0;
    this.seen = 0;
    this.tooLong = false;
    this.cutTotal = 0;
    this.inString = false;
    this.escapeLeft = 0;
    this.keepEscape = false;
    this.atEscapeLetter = false;
    this.backslashKept = false;
    this.dropped = 0;
  }

  /** The next piece of the line (no newline in it). `bytes` is not kept: it may be the caller's reused buffer. */
  write(bytes: Uint8Array): void {
    this.seen += bytes.length;
    const n = bytes.length;
    // bytes[run, i) are kept and not copied yet: copied in one piece when something is left out, or at the end.
    let run = 0;
    let i = 0;
    let quote = -2; // the next '"' at or after i; -1: none in this piece; -2: not looked up yet
    let backslash = -2;
    while (i < n) {
      if (this.escapeLeft > 0) {
        // Inside an escape sequence: kept or dropped whole, decided by its letter (`\uXXXX` is 6 bytes, the others 2).
        if (this.atEscapeLetter) {
          this.atEscapeLetter = false;
          const unicode = bytes[i] === LETTER_U;
          if (!this.backslashKept) {
            this.keepEscape = this.dropped === 0 && this.length + (i - run) - this.stringStart + (unicode ? UNICODE_ESCAPE : SHORT_ESCAPE) <= this.maxStringBytes;
            if (this.keepEscape) this.append(BACKSLASH_BYTE, 0, 1);
            else this.dropped += SHORT_ESCAPE;
          }
          this.escapeLeft = unicode ? UNICODE_ESCAPE - SHORT_ESCAPE : 0;
        } else {
          if (!this.keepEscape) this.dropped++;
          this.escapeLeft--;
        }
        i++;
        if (!this.keepEscape) run = i;
        continue;
      }
      if (this.inString && this.dropped > 0) {
        // Cutting: only the closing quote matters, a quote after an even run of backslashes.
        const end = this.closingQuote(bytes, i);
        this.dropped += end - i;
        i = end;
        run = end;
        if (end === n) break;
        this.closeCut();
        this.inString = false;
        i++;
        continue;
      }
      if (quote !== -1 && quote < i) quote = bytes.indexOf(QUOTE, i);
      if (!this.inString) {
        if (quote === -1) break;
        i = quote + 1;
        this.inString = true;
        this.stringStart = this.length + (i - run);
        continue;
      }
      if (backslash !== -1 && backslash < i) backslash = bytes.indexOf(BACKSLASH, i);
      const special = backslash !== -1 && (quote === -1 || backslash < quote) ? backslash : quote;
      const runEnd = special === -1 ? n : special;
      run = this.content(bytes, run, i, runEnd);
      i = runEnd;
      if (special === -1) break;
      if (special === quote) {
        if (this.dropped > 0) this.closeCut();
        this.inString = false;
      } else {
        // An escape sequence starts. With room for the longest one it stays in the run; near the limit the
        // backslash waits for the letter that says how long the sequence is.
        this.escapeLeft = 1;
        this.atEscapeLetter = true;
        this.backslashKept = this.length + (i - run) - this.stringStart + UNICODE_ESCAPE <= this.maxStringBytes;
        this.keepEscape = this.backslashKept;
        if (!this.backslashKept) {
          this.flush(bytes, run, i);
          run = i + 1;
        }
      }
      i++;
    }
    this.flush(bytes, run, n);
  }

  /** The line so far, cut; call reset() before the next line. */
  finish(): CutLine {
    if (this.inString && this.dropped > 0) this.closeCut(); // unterminated: the parse fails anyway
    if (this.tooLong) return { bytes: new Uint8Array(0), cutBytes: this.cutTotal, tooLong: true, lineBytes: this.seen };
    return { bytes: this.out.subarray(0, this.length), cutBytes: this.cutTotal, tooLong: false, lineBytes: this.seen };
  }

  /** The cut string gets its marker (the closing quote follows). */
  private closeCut(): void {
    this.cutTotal += this.dropped;
    const marker = UTF8.encode(cutMarker(this.dropped));
    this.append(marker, 0, marker.length);
    this.dropped = 0;
  }

  /**
   * String content [from, to) of `bytes`, without escapes, kept up to the limit
   * (whole characters only). `run` is where the uncopied kept bytes start; returns
   * where they start after this content.
   */
  private content(bytes: Uint8Array, run: number, from: number, to: number): number {
    if (from >= to) return run;
    if (this.dropped > 0) {
      this.dropped += to - from;
      return to;
    }
    const room = this.maxStringBytes - (this.length + (from - run) - this.stringStart);
    if (to - from <= room) return run;
    let cut = from + Math.max(0, room);
    while (cut > from && (bytes[cut]! & 0xc0) === 0x80) cut--; // never keep half a character
    this.flush(bytes, run, cut);
    this.trimPartialCharacter();
    this.dropped += to - cut;
    return to;
  }

  /**
   * Where the string being cut ends in bytes[from, n): the index of its closing
   * quote, or n when the piece ends first (a backslash left unpaired at the end of
   * the piece then makes the next byte an escape letter, as the main loop reads it).
   */
  private closingQuote(bytes: Uint8Array, from: number): number {
    const n = bytes.length;
    for (let q = bytes.indexOf(QUOTE, from); ; q = bytes.indexOf(QUOTE, q + 1)) {
      const stop = q === -1 ? n : q;
      let backslashes = 0;
      while (stop - 1 - backslashes >= from && bytes[stop - 1 - backslashes] === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) {
        if (q !== -1) return q;
        return n;
      }
      if (q === -1) {
        // The piece ends on an unpaired backslash: its letter comes next (counted there, with the backslash).
        this.dropped--;
        this.escapeLeft = 1;
        this.atEscapeLetter = true;
        this.backslashKept = false;
        this.keepEscape = false;
        return n;
      }
    }
  }

  private flush(bytes: Uint8Array, from: number, to: number): void {
    if (to > from) this.append(bytes, from, to);
  }

  /** A character begun in an earlier piece and cut off by this cut: dropped too. */
  private trimPartialCharacter(): void {
    let i = this.length - 1;
    let continuation = 0;
    while (continuation < 3 && i >= this.stringStart && (this.out[i]! & 0xc0) === 0x80) {
      i--;
      continuation++;
    }
    if (i < this.stringStart) return;
    const lead = this.out[i]!;
    const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (size > continuation + 1) {
      this.dropped += this.length - i;
      this.length = i;
    }
  }

  private append(bytes: Uint8Array, from: number, to: number): void {
    const count = to - from;
    if (count <= 0 || this.tooLong) return;
    const needed = this.length + count;
    if (needed > this.maxLineBytes) {
      this.tooLong = true;
      return;
    }
    if (needed > this.out.length) {
      const grown = new Uint8Array(Math.min(Math.max(needed, this.out.length * 2), this.maxLineBytes + 64));
      grown.set(this.out.subarray(0, this.length));
      this.out = grown;
    }
    this.out.set(bytes.subarray(from, to), this.length);
    this.length = needed;
  }
}
