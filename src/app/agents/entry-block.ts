/**
 * memdex's block in a markdown file an agent reads its instructions from (AGENTS.md,
 * GEMINI.md): appended once, between its own comment lines, after the user's text
 * (never inside it); found again by its first line, so a second run adds nothing and
 * the removal takes out exactly what was added.
 */
import { ENTRY_BLOCK_END, ENTRY_BLOCK_START } from '../../messages/agents.js';

/** The block's span in the text (from its first line to the end of its last), undefined when absent or unclosed. */
export function findBlock(text: string): { readonly start: number; readonly end: number } | undefined {
  const start = lineStartOf(text, ENTRY_BLOCK_START);
  if (start < 0) return undefined;
  const close = text.indexOf(ENTRY_BLOCK_END, start);
  if (close < 0) return undefined;
  const eol = text.indexOf('\n', close);
  return { start, end: eol < 0 ? text.length : eol + 1 };
}

/** The text with the block appended (a blank line before it), or 'present'. */
export function addBlock(text: string | undefined, block: string): { readonly after: string } | 'present' {
  const before = text ?? '';
  if (lineStartOf(before, ENTRY_BLOCK_START) >= 0) return 'present';
  const lead = before.trim() === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  return { after: `${before.trim() === '' ? '' : before}${lead}${block}` };
}

/** The text without the block (and the blank line init put before it); undefined: nothing else was in the file. */
export function removeBlock(text: string): { readonly after: string | undefined } | 'absent' {
  const span = findBlock(text);
  if (!span) return 'absent';
  const head = text.slice(0, span.start).replace(/\n\n$/, '\n');
  const after = head + text.slice(span.end);
  return { after: after.trim() === '' ? undefined : after };
}

/** Where a line starting with `prefix` starts, -1 when none does. */
function lineStartOf(text: string, prefix: string): number {
  let at = text.indexOf(prefix);
  while (at > 0 && text[at - 1] !== '\n') at = text.indexOf(prefix, at + 1);
  return at;
}
