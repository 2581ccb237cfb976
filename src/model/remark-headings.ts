/**
 * The reference parser for headings: remark-parse (CommonMark via micromark); the
 * migration's link finder (migrate/link-sites.ts) is its only other user. Loaded lazily, only for documents the fast scanner
 * (heading-scan.ts) declines, and by the differential test that proves the two agree.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { visit } from 'unist-util-visit';
import type { ScanResult, ScannedHeading } from './heading-scan.js';

const processor = unified().use(remarkParse);
/** Raw HTML directly under these is a block; under a paragraph it is inline text. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem']);

export function remarkHeadings(text: string): ScanResult {
  const tree = processor.parse(text);
  const lineCount = text.split('\n').length;
  const headings: ScannedHeading[] = [];
  const opaqueLines = new Set<number>();
  visit(tree, (node, _index, parent) => {
    if (node.type === 'heading' && node.position) {
      headings.push({
        depth: (node as { depth: number }).depth,
        line: node.position.start.line,
        column: node.position.start.column,
      });
    } else if ((node.type === 'code' || (node.type === 'html' && parent && BLOCK_PARENTS.has(parent.type))) && node.position) {
      // A block closed by its container ends at column 1 of the next line: that line is not part of it
      // (at the end of the document, the empty last line stays in, as the fast scanner counts it).
      const { start, end } = node.position;
      const last = end.column === 1 && end.line > start.line && end.line < lineCount ? end.line - 1 : end.line;
      for (let line = start.line; line <= last; line++) opaqueLines.add(line);
    }
  });
  headings.sort((a, b) => a.line - b.line);
  return { headings, opaqueLines };
}
