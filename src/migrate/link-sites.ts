/**
 * Where the link destinations of a markdown text are, found by the markdown parser
 * (remark): inline links `[x](dest "title")` and definitions `[id]: dest`. Text in
 * code spans, fenced or indented code blocks and HTML is not a link to CommonMark,
 * so it is never returned (and never rewritten). Loaded only by `memdex migrate
 * apply`, which hands it to the pure planner (plan-migration.ts).
 *
 * remark gives each node's position but the destination only decoded (entities,
 * escapes, non-ASCII percent-encoded), so the raw destination is read back from the
 * source after the node's label: `](` for a link, `]:` for a definition, then an
 * optional `<…>`, else up to whitespace or the unbalanced `)`.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { visit } from 'unist-util-visit';
import { bomLength } from '../model/bom.js';

/** [start, end) of a raw link destination (without `<` `>`), as offsets into the text. */
export type DestinationRange = readonly [number, number];

const processor = unified().use(remarkParse);
const DEFINITION_LABEL = /^\[(?:\\.|[^\\\]])*\]:/;

export function linkDestinations(text: string): DestinationRange[] {
  const bom = bomLength(text);
  // remark drops a BOM before counting offsets: parse without it, shift back.
  const source = text.slice(bom);
  const ranges: DestinationRange[] = [];
  visit(processor.parse(source), (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    let at: number | undefined;
    if (node.type === 'link') {
      const children = (node as { children?: { position?: { end: { offset?: number } } }[] }).children ?? [];
      const labelEnd = children.at(-1)?.position?.end.offset ?? start + 1;
      at = source.indexOf('](', labelEnd);
      at = at === -1 || at >= end ? undefined : at + 2;
    } else if (node.type === 'definition') {
      const label = DEFINITION_LABEL.exec(source.slice(start, end));
      at = label ? start + label[0].length : undefined;
    }
    if (at === undefined) return;
    const range = destinationAt(source, at, end);
    if (range) ranges.push([range[0] + bom, range[1] + bom]);
  });
  return ranges;
}

/** The raw destination starting at `at` (after optional whitespace), within the node's end. */
function destinationAt(source: string, at: number, end: number): DestinationRange | undefined {
  let i = at;
  while (i < end && /\s/.test(source[i]!)) i++;
  if (source[i] === '<') {
    const close = source.indexOf('>', i + 1);
    return close === -1 || close > end ? undefined : [i + 1, close];
  }
  const from = i;
  let depth = 0;
  for (; i < end; i++) {
    const c = source[i]!;
    if (c === '\\') i++;
    else if (/\s/.test(c)) break;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return i > from ? [from, i] : undefined;
}
