/**
 * `check --format json`: a stable array, one object per finding, positions 1-based, keys in
 * the documented order (README, check). Exactly the bytes `JSON.stringify(findings, null, 2)`
 * prints, every string escaped as core/terminal-text.ts escapes terminal output.
 *
 * Written as bytes, not text. A pathological file has hundreds of thousands of findings (1 MB
 * of `### a`: 333,330 and a 153 MB report); built as strings, every record was a concatenation
 * flattened into a batch string (two bytes per character once a message holds `…`), then
 * encoded to UTF-8 again for the write: 0.6–0.8 s of CPU and most of the run's garbage. Here
 * each record is copied into a chunk of CHUNK_BYTES from pieces encoded once:
 * - the head (`ruleId`, `severity`, `file`) is the same for a file's findings of one rule;
 * - the keys between the four positions are constants; the positions are written digit by digit;
 * - the tail (`message`, `related`, `fixable`) repeats while a rule reports one message again
 *   (the engine hands equal messages as one string, core/engine.ts): encoded on its second use.
 * A message seen once is encoded straight into the chunk; its bytes are then scanned for what
 * JSON or the terminal escaping would change (quotes, backslashes, controls, C1, bidi
 * controls, a lone surrogate's replacement character); only such a message goes through
 * escapedJson's text. Node 20's JSON.stringify of a 150-character message holding `…` takes
 * 1.6–3 µs: 0.25 s of 92,000 distinct messages (1 MB of many headings).
 *
 * Each chunk is a new buffer: a consumer may keep what it was handed.
 */
import type { Diagnostic, Related } from '../../core/diagnostic.js';
import { escapedJson } from '../../core/terminal-text.js';
import { relatedWhere, type LocatedTree } from './located.js';

/** A chunk: few writes, and each is outside V8's heap (a Buffer's bytes are not moved by the collector). */
const CHUNK_BYTES = 1 << 16;
/** UTF-8 bytes per UTF-16 unit of the text escapedJson can give at most (`\u0000`: six ASCII bytes for one unit). */
const MAX_ESCAPED_PER_UNIT = 6;
/** The longest position JSON writes (`-1.7976931348623157e+308`), with room to spare. */
const MAX_NUMBER_BYTES = 32;

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const OPEN = bytes('[\n');
const BETWEEN = bytes(',\n');
const CLOSE = bytes('\n]\n');
const EMPTY = bytes('[]\n');
const COLUMN = bytes(',\n    "column": ');
const END_LINE = bytes(',\n    "endLine": ');
const END_COLUMN = bytes(',\n    "endColumn": ');
const MESSAGE = bytes(',\n    "message": ');
const RELATED = bytes(',\n    "related": ');
const NO_RELATED = bytes('[]');
const FIXABLE = bytes(',\n    "fixable": true\n  }');
const NOT_FIXABLE = bytes(',\n    "fixable": false\n  }');
const NULL = bytes('null');
/** Everything of a record but its head, its tail's texts and its positions. */
const FIXED_BYTES = BETWEEN.length + COLUMN.length + END_LINE.length + END_COLUMN.length + 4 * MAX_NUMBER_BYTES + MESSAGE.length + RELATED.length + NOT_FIXABLE.length + 2;

/** Per file and rule: the record's start up to the line number, and the last tail written. */
interface Head {
  readonly severity: Diagnostic['severity'];
  readonly bytes: Uint8Array;
  last?: { readonly message: string; readonly related: Uint8Array; readonly fixable: boolean; bytes?: Uint8Array };
}

export function* formatJson(trees: readonly LocatedTree[], chunkBytes = CHUNK_BYTES): Generator<Uint8Array> {
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let at = 0;
  let first = true;
  for (const tree of trees) {
    const heads = new Map<string, Map<string, Head>>();
    const relatedBytes = new Map<readonly Related[], Uint8Array>();
    for (const d of tree.diagnostics) {
      const head = headOf(heads, tree, d);
      let related: Uint8Array = NO_RELATED;
      if (d.related?.length) {
        related = relatedBytes.get(d.related) ?? NO_RELATED;
        if (related === NO_RELATED) relatedBytes.set(d.related, (related = bytes(relatedText(tree, d.related))));
      }
      const fixable = d.fix !== undefined;
      const last = head.last;
      const again = last !== undefined && last.message === d.message && last.related === related && last.fixable === fixable;
      if (again && last.bytes === undefined) last.bytes = tailBytes(d.message, related, fixable);
      const need = FIXED_BYTES + head.bytes.length + (again ? last.bytes!.length : MAX_ESCAPED_PER_UNIT * d.message.length + related.length);
      if (at + need > chunk.length) {
        if (at > 0) yield chunk.subarray(0, at);
        chunk = Buffer.allocUnsafe(Math.max(chunkBytes, need));
        at = 0;
      }
      at = put(chunk, at, first ? OPEN : BETWEEN);
      first = false;
      at = put(chunk, at, head.bytes);
      at = putNumber(chunk, at, d.span?.start.line ?? 1);
      at = put(chunk, at, COLUMN);
      at = putNumber(chunk, at, d.span?.start.column ?? 1);
      at = put(chunk, at, END_LINE);
      at = putNumber(chunk, at, d.span?.end.line ?? 1);
      at = put(chunk, at, END_COLUMN);
      at = putNumber(chunk, at, d.span?.end.column ?? 1);
      if (again) at = put(chunk, at, last.bytes!);
      else {
        at = putTail(chunk, at, d.message, related, fixable);
        head.last = { message: d.message, related, fixable };
      }
    }
  }
  if (first) {
    yield Buffer.from(EMPTY);
    return;
  }
  if (at + CLOSE.length > chunk.length) {
    yield chunk.subarray(0, at);
    chunk = Buffer.allocUnsafe(CLOSE.length);
    at = 0;
  }
  at = put(chunk, at, CLOSE);
  yield chunk.subarray(0, at);
}

/**
 * A finding's head: `  {` to `"line": `, with its rule, severity and file, escaped for the
 * terminal (core/terminal-text.ts). Built once per file, rule and severity.
 */
function headOf(heads: Map<string, Map<string, Head>>, tree: LocatedTree, d: Diagnostic): Head {
  let byRule = heads.get(d.path);
  if (byRule === undefined) heads.set(d.path, (byRule = new Map()));
  let head = byRule.get(d.ruleId);
  if (head?.severity !== d.severity) {
    const text = `  {\n    "ruleId": ${escapedJson(d.ruleId)},\n    "severity": ${JSON.stringify(d.severity)},\n    "file": ${escapedJson(tree.display(d.path))},\n    "line": `;
    head = { severity: d.severity, bytes: bytes(text) };
    byRule.set(d.ruleId, head);
  }
  return head;
}

/** A finding's related places (findings that share them, a heading's duplicates, share the text). */
function relatedText(tree: LocatedTree, related: readonly Related[]): string {
  return `[\n${related.map((r) => `      {\n        "where": ${escapedJson(relatedWhere(tree, r))},\n        "message": ${escapedJson(r.message)}\n      }`).join(',\n')}\n    ]`;
}

/** The tail alone, for a head to copy while its rule repeats the message. */
function tailBytes(message: string, related: Uint8Array, fixable: boolean): Uint8Array {
  const room = Buffer.allocUnsafe(FIXED_BYTES + MAX_ESCAPED_PER_UNIT * message.length + related.length);
  return Buffer.from(room.subarray(0, putTail(room, 0, message, related, fixable)));
}

/** `,` message, related and fixable, to the record's closing brace. */
function putTail(chunk: Buffer, at: number, message: string, related: Uint8Array, fixable: boolean): number {
  at = put(chunk, at, MESSAGE);
  at = putString(chunk, at, message);
  at = put(chunk, at, RELATED);
  at = put(chunk, at, related);
  return put(chunk, at, fixable ? FIXABLE : NOT_FIXABLE);
}

function put(chunk: Buffer, at: number, piece: Uint8Array): number {
  chunk.set(piece, at);
  return at + piece.length;
}

/** A position as JSON writes it: digits for the whole numbers positions are, JSON.stringify's text for anything else. */
function putNumber(chunk: Buffer, at: number, n: number): number {
  if (!Number.isFinite(n)) return put(chunk, at, NULL);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) return at + chunk.write(String(n), at, 'latin1');
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = at + digits - 1, rest = n; i >= at; i--, rest = Math.floor(rest / 10)) chunk[i] = 0x30 + (rest % 10);
  return at + digits;
}

/**
 * A string as escapedJson writes it. Its UTF-8 goes straight into the chunk between quotes; if
 * any byte is one escapedJson would change, the literal is written over it from escapedJson's text.
 */
function putString(chunk: Buffer, at: number, text: string): number {
  chunk[at] = 0x22;
  const end = at + 1 + chunk.write(text, at + 1, 'utf8');
  if (needsEscape(chunk, at + 1, end)) return at + chunk.write(escapedJson(text), at, 'utf8');
  chunk[end] = 0x22;
  return end + 1;
}

/**
 * Whether UTF-8 bytes hold a character that JSON.stringify escapes (`"`, `\`, C0, a lone
 * surrogate, which Buffer encodes as U+FFFD: a real U+FFFD only takes the slower path) or
 * core/terminal-text.ts does (DEL, C1 U+0080–U+009F, U+202A–U+202E, U+2066–U+2069).
 */
function needsEscape(chunk: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = chunk[i]!;
    if (b < 0x80) {
      if (b < 0x20 || b === 0x22 || b === 0x5c || b === 0x7f) return true;
    } else if (b === 0xc2) {
      if (chunk[i + 1]! <= 0x9f) return true;
    } else if (b === 0xe2) {
      const b1 = chunk[i + 1]!;
      const b2 = chunk[i + 2]!;
      if ((b1 === 0x80 && b2 >= 0xaa && b2 <= 0xae) || (b1 === 0x81 && b2 >= 0xa6 && b2 <= 0xa9)) return true;
    } else if (b === 0xef && chunk[i + 1] === 0xbf && chunk[i + 2] === 0xbd) return true;
  }
  return false;
}

/**
 * A fatal input error (a file memdex cannot read, a malformed config) as JSON: an
 * object instead of the findings array, so a consumer cannot mistake it for a
 * clean tree. Documented in README (check, --format json).
 */
export function formatJsonError(message: string): string {
  return `${JSON.stringify({ error: { message, exitCode: 2 } }, null, 2)}\n`;
}
