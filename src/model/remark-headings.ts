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
      for (let line = node.position.start.line; line <= node.position.end.line; line++) opaqueLines.add(line);
    }
  });
  headings.sort((a, b) => a.line - b.line);
  return { headings, opaqueLines };
}
