// One bench's section of bench/RESULTS.md, replaced in place (or appended), so a bench
// run alone updates its figures without touching the others'.
import { readFileSync, writeFileSync } from 'node:fs';

export function updateResultsSection(title, section) {
  const file = new URL('RESULTS.md', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const heading = `## ${title}`;
  const start = text.indexOf(heading);
  const block = `${heading}\n\n${section}\n`;
  if (start === -1) return writeFileSync(file, `${text.trimEnd()}\n\n${block}`);
  const next = text.indexOf('\n## ', start + heading.length);
  writeFileSync(file, `${text.slice(0, start)}${block}${next === -1 ? '' : text.slice(next)}`);
}
