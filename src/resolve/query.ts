/**
 * What an agent typed, normalised: every form in which a query reaches us resolves
 * the same way.
 *
 *   writing mock tests              when writing mock tests      /when writing mock tests
 *   How to encode paths             HOW TO encode paths          "how encode paths"
 *   /when writing mock tests | mock patch, test doubles   (a pasted index line)
 *   .Mock Patching                  ..testing.md                  null
 */
import { parseEntryLine } from '../model/entry-line.js';
import type { Operator } from '../model/keys.js';

export type QueryMode = 'trigger' | 'section' | 'file';

export type ParsedQuery =
  | { readonly kind: 'null'; readonly raw: string }
  | { readonly kind: 'empty'; readonly raw: string }
  | {
      readonly kind: 'query';
      readonly raw: string;
      readonly mode: QueryMode;
      /** From the query itself, else the subcommand's; undefined for `memdex resolve x`. */
      readonly operator: Operator | undefined;
      /** The operator was written in the query (`/how x`, `how to x`): it is part of the key, not a preference. */
      readonly explicit: boolean;
      /** The trigger, or the heading (without the mode dot), or the file name. */
      readonly text: string;
      /** A pasted entry line's trigger before a ` — ` note: looked up when the whole trigger is no exact phrase. */
      readonly noteless?: string;
    };

const QUOTES: readonly [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
];

function unquote(text: string): string {
  let s = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [open, close] of QUOTES) {
      if (s.length >= 2 && s.startsWith(open) && s.endsWith(close)) {
        s = s.slice(open.length, -close.length).trim();
        changed = true;
      }
    }
  }
  return s;
}

/** Separates a recall artifact's note from its trigger (`/when x — why it was recalled`). */
const NOTE = ' \u2014 ';

export function parseQuery(raw: string, defaultOperator?: Operator): ParsedQuery {
  let s = unquote(raw);
  // A whole index line reads as the index reads it (model/entry-line.ts): its trigger is the entry's, word for word.
  const line = parseEntryLine(s);
  if (line && !line.trigger.startsWith('.') && line.trigger.toLowerCase() !== 'null') {
    if (line.trigger === '') return { kind: 'empty', raw };
    const note = line.trigger.indexOf(NOTE);
    const noteless = note > 0 ? { noteless: line.trigger.slice(0, note) } : {};
    return { kind: 'query', raw, mode: 'trigger', operator: line.operator, explicit: true, text: line.trigger, ...noteless };
  }
  if (s.startsWith('/')) s = s.slice(1).trimStart();
  let operator = defaultOperator;
  const op = /^(when|how)(?=\s|$)\s*/i.exec(s);
  if (op) {
    operator = op[1]!.toLowerCase() as Operator;
    s = s.slice(op[0].length);
  }
  const explicit = op !== null;
  if (operator === 'how') s = s.replace(/^to(?:\s+|$)/i, '');
  // A pasted index line or recall-artifact line: extras after `|`, notes after ` — `.
  const mode: QueryMode = s.startsWith('..') ? 'file' : s.startsWith('.') ? 'section' : 'trigger';
  if (mode === 'trigger') s = s.split('|')[0]!.split(NOTE)[0]!;
  s = unquote(s).replace(/\s+/g, ' ').trim();
  if (s.toLowerCase() === 'null') return { kind: 'null', raw };
  if (mode === 'file') return { kind: 'query', raw, mode, operator, explicit, text: s.slice(2).trim() };
  if (mode === 'section') return { kind: 'query', raw, mode, operator, explicit, text: s.slice(1).trim() };
  if (s === '') return { kind: 'empty', raw };
  return { kind: 'query', raw, mode, operator, explicit, text: s };
}
