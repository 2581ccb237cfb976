/**
 * The reference for the heading scanner (src/model/block-scan.ts): remark-parse's
 * tokenizer, micromark (CommonMark; what remark-lint and markdownlint parse with), read
 * into the scanner's result from micromark's own tokens, with their exact points: each
 * heading's line, depth and column (a setext heading's at its text), the lines of code
 * and raw HTML blocks that hold something (a fence line, a line of content that is not
 * blank), and the lines where an HTML block starts. Only the tests run it: on user
 * files micromark is super-linear (block-scan.ts says where).
 */
import { parse, postprocess, preprocess } from 'micromark';
import type { ScanResult, ScannedHeading } from '../../src/model/block-scan.js';

/** The tokens inside a code or HTML block that hold its text (line prefixes and line endings are others). */
const BLOCK_TEXT = new Set(['codeFencedFence', 'codeFlowValue', 'htmlFlowData']);
const BLOCKS = new Set(['codeFenced', 'codeIndented', 'htmlFlow']);

export function remarkHeadings(text: string): ScanResult {
  const events = postprocess(parse().document().write(preprocess()(text, undefined, true)));
  const headings: ScannedHeading[] = [];
  const opaqueLines = new Set<number>();
  const htmlStarts = new Set<number>();
  let inBlock = 0;
  let atx: { line: number; column: number } | undefined;
  let setext: { line: number; column: number } | undefined;
  for (const [kind, token, context] of events) {
    if (BLOCKS.has(token.type)) {
      inBlock += kind === 'enter' ? 1 : -1;
      if (kind === 'enter' && token.type === 'htmlFlow') htmlStarts.add(token.start.line);
      continue;
    }
    if (kind !== 'enter') continue;
    if (inBlock > 0 && BLOCK_TEXT.has(token.type)) {
      if (/\S/.test(context.sliceSerialize(token))) for (let line = token.start.line; line <= token.end.line; line++) opaqueLines.add(line);
    } else if (token.type === 'atxHeading') atx = token.start;
    else if (token.type === 'atxHeadingSequence' && atx) {
      headings.push({ depth: context.sliceSerialize(token).length, line: atx.line, column: atx.column });
      atx = undefined;
    } else if (token.type === 'setextHeadingText') setext = token.start;
    else if (token.type === 'setextHeadingLineSequence' && setext) {
      headings.push({ depth: context.sliceSerialize(token)[0] === '=' ? 1 : 2, line: setext.line, column: setext.column });
      setext = undefined;
    }
  }
  headings.sort((a, b) => a.line - b.line);
  return { headings, opaqueLines, htmlStarts };
}
