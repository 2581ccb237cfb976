/**
 * The text of an ATX heading line, as CommonMark defines it: after up to three
 * spaces of indentation, the opening `#`s and the spaces after them, before an
 * optional closing sequence (a run of `#` preceded by a space or tab, or the whole
 * content) and trailing spaces. `## agents/cli.md ##` → `agents/cli.md`;
 * `### C# tips` → `C# tips`. Used for decision-file headings, index sections and
 * the `old_heading` cells of a migration mapping.
 */

/** [start, end) of the heading text inside `line` (a line without its terminator). */
export function headingTextRange(line: string): [number, number] {
  return headingTextRangeIn(line, 0, line.length);
}

/**
 * The same, for the line `text[lineStart, lineEnd)` of a whole file, as offsets into it: no copy of
 * the line (a decision file's every heading passes here, 166,665 on 1 MB of `### a`).
 */
export function headingTextRangeIn(text: string, lineStart: number, lineEnd: number): [number, number] {
  let i = lineStart;
  while (i < lineEnd && text.charCodeAt(i) === SPACE) i++;
  while (i < lineEnd && text.charCodeAt(i) === HASH) i++;
  while (i < lineEnd && isBlank(text.charCodeAt(i))) i++;
  let end = lineEnd;
  while (end > i && isBlank(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > i && text.charCodeAt(hashes - 1) === HASH) hashes--;
  if (hashes < end && (hashes === i || isBlank(text.charCodeAt(hashes - 1)))) {
    end = hashes;
    while (end > i && isBlank(text.charCodeAt(end - 1))) end--;
  }
  return [i, end];
}

/** The heading text of an ATX heading line (`### When X ###` → `When X`). */
export function headingText(line: string): string {
  const [start, end] = headingTextRange(line);
  return line.slice(start, end);
}

const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}
