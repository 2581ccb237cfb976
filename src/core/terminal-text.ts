/**
 * The one escaping of control characters in what memdex prints. Headings, triggers,
 * key points, file names and section text come from files a pull request can
 * write; printed raw, their escape sequences drive the reader's terminal (a title
 * change, a clear screen, OSC 52 writing the clipboard, a bidi override reordering
 * what is shown) or a CI log. So every character a terminal acts on is printed as a
 * visible `\uXXXX`: C0 controls but tab and line feed (a carriage return only when
 * it ends a CRLF line), DEL, the C1 controls (U+0080–U+009F: `\u009b` is a CSI to
 * some terminals), and the bidi embeddings, overrides and isolates.
 *
 * `\uXXXX` is also how JSON writes such a character, so one escaping serves text and
 * JSON outputs alike: a JSON document escaped here is the same document (JSON
 * itself escapes C0 only), and a text keeps every character visible.
 *
 * Where it is applied: every terminal renderer (when/write-results.ts for when/how/resolve;
 * each of `check`'s report formats in cli/format/ on each field that comes from the tree,
 * never on the whole report: a 1 MB file of `### a` has a 400 MB SARIF report, whose
 * scan cost a second, where its fields are a tenth of it; stylish escapes before its
 * colours, which are then the only sequences printed; suggest; the failure report) and,
 * for the other commands of the full CLI, the process's stdout and stderr
 * (cli/escape-output.ts).
 */
import { boundedMemo } from './bounded-memo.js';

/** Enough for every message of a file's rules at once (core/bounded-memo.ts). */
const JSON_MEMO_SIZE = 1024;

const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
/** CONTROL without its lone-CR branch: a plain class scans a quarter faster. */
const CONTROL_BUT_CR = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

export function escapeControls(text: string): string {
  const any = CONTROL_BUT_CR.test(text) || (text.includes('\r') && CONTROL.test(text));
  return any ? text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}

/**
 * A string as a JSON string literal, escaped as above: JSON.stringify escapes C0 (and lone
 * CR) itself, so this is what escaping the whole JSON document gives, field by field.
 * The same texts come again and again in a report (a rule's message about one heading for
 * each of its duplicates: 166,656 of them in 1 MB of `### a`, 1.6 µs each to write), so
 * the last JSON_MEMO_SIZE distinct ones are remembered.
 */
export const escapedJson = boundedMemo((text) => escapeControls(JSON.stringify(text)), JSON_MEMO_SIZE);
