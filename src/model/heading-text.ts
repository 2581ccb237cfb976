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
  let i = 0;
  while (line[i] === ' ') i++;
  while (line[i] === '#') i++;
  while (i < line.length && isBlank(line[i])) i++;
  let end = line.length;
  while (end > i && isBlank(line[end - 1])) end--;
  let hashes = end;
  while (hashes > i && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === i || isBlank(line[hashes - 1]))) {
    end = hashes;
    while (end > i && isBlank(line[end - 1])) end--;
  }
  return [i, end];
}

/** The heading text of an ATX heading line (`### When X ###` → `When X`). */
export function headingText(line: string): string {
  const [start, end] = headingTextRange(line);
  return line.slice(start, end);
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}
