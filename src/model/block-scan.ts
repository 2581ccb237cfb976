/**
 * The complete heading scanner: CommonMark's block-structure phase, in one pass, in
 * time linear in the document. The fast scanner (heading-scan.ts) handles the common
 * top-level-only documents; every document it declines comes here. remark-parse
 * stays the reference in the differential test (test/model/heading-scan.test.ts) but
 * is no longer run on user files: micromark is super-linear on ordinary inputs
 * (measured: 25 kB of `- - item` lines 4.9 s, 100 kB 61 s; a line of 32,000 `>`
 * 10.5 s; 16,000 overflow the stack), and memdex only needs headings and code/HTML
 * lines, which the block phase alone decides (inline content never makes or hides a
 * heading).
 *
 * The algorithm is the one of the CommonMark spec's appendix ("A parsing strategy")
 * as commonmark.js implements it. A line is consumed in three steps:
 *   1. match the open containers (block quote: a `>`; list item: indentation up to
 *      its content column, or a blank line in an item that has content), innermost
 *      last; a container that does not match ends the walk;
 *   2. open new containers and at most one leaf (block quote, ATX heading, fence,
 *      HTML block, setext underline, thematic break, list item, indented code), in
 *      the spec's order of precedence;
 *   3. the rest is text: a lazy continuation of an open paragraph when some
 *      container did not match, else it closes the unmatched containers and joins
 *      the open leaf (code, HTML, paragraph) or starts a paragraph.
 * Columns follow tab stops of 4, a tab partly consumed by a container included.
 *
 * Linear time: each step looks at a container once per line, and a line can only
 * keep open as many containers as it has characters, except blank lines, which keep
 * list items open without consuming anything. So nesting is bounded: a container
 * that would be deeper than MAX_NESTING is not opened and the rest of its line is
 * paragraph text, as markdown-it (`maxNesting`) and cmark-gfm bound theirs. Real
 * documents nest a handful of levels; 100 keeps every plausible one exact while a
 * line costs at most 100 container checks.
 *
 * Link reference definitions matter only where a setext underline follows them
 * (`[a]: /u` then `---` is a definition and a rule, not a heading); single-line
 * definitions are recognised, which is what memory files use.
 */
import { HTML_KIND6, HTML_KIND7, HTML_RAW_CLOSE, HTML_RAW_OPEN, type ScanResult, type ScannedHeading } from './heading-scan.js';

/** Deepest container nesting parsed as markdown (see the essay above). */
export const MAX_NESTING = 100;
const TAB_STOP = 4;
const CODE_INDENT = 4;
/** At most this many spaces after a list marker belong to the marker (CommonMark 5.2). */
const MAX_MARKER_SPACES = 4;

const ATX = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^(?:`{3,}(?!.*`)|~{3,})/;
const CLOSING_FENCE = /^(?:`{3,}|~{3,})(?=[ \t]*$)/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
const THEMATIC = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/;
const BULLET = /^[*+-]/;
const ORDERED = /^(\d{1,9})([.)])/;
const LINK_DEFINITION = /^ {0,3}\[(?:[^\\\]]|\\.)+\]:[ \t]*(?:<[^>\n]*>|\S+)(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;

/** HTML block kinds 1-5 end on a line containing their closer; 6 and 7 at a blank line. */
const HTML_STARTS: readonly (readonly [RegExp, RegExp | undefined])[] = [
  [HTML_RAW_OPEN, HTML_RAW_CLOSE],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
  [HTML_KIND6, undefined],
  [HTML_KIND7, undefined],
];

type Container =
  | { readonly kind: 'document' }
  | { readonly kind: 'quote' }
  | { readonly kind: 'list'; readonly bullet: string }
  /** `width`: marker indent plus marker plus its spaces, relative to the enclosing container's content. */
  | { readonly kind: 'item'; readonly width: number; hasContent: boolean };

type Leaf =
  | { readonly kind: 'paragraph'; startLine: number; startColumn: number; definitionsOnly: boolean }
  | { readonly kind: 'fence'; readonly char: string; readonly length: number; readonly indent: number }
  | { readonly kind: 'indented'; lastTextLine: number }
  | { readonly kind: 'html'; readonly close: RegExp | undefined };

/** Headings and opaque lines of any markdown document (see the essay above). */
export function blockHeadings(text: string): ScanResult {
  return scanBlocks(text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)));
}

export function scanBlocks(lines: readonly string[]): ScanResult {
  const headings: ScannedHeading[] = [];
  const opaqueLines = new Set<number>();
  const stack: Container[] = [{ kind: 'document' }];
  let leaf: Leaf | undefined;

  let line = '';
  let lineNo = 0;
  let offset = 0;
  let column = 0;
  let partialTab = false;
  let nextNonspace = 0;
  let nextNonspaceColumn = 0;
  let indent = 0;
  let blank = false;

  /** The first non-space at or after `scanFrom` on this line, and whether a tab precedes it: rescanning is then O(1). */
  let scanFrom = -1;
  let scanEnd = 0;
  let scanTab = false;
  const findNextNonspace = () => {
    if (scanFrom !== -1 && scanFrom <= offset && offset <= scanEnd && !scanTab) {
      nextNonspace = scanEnd;
      nextNonspaceColumn = column + (scanEnd - offset);
      indent = nextNonspaceColumn - column;
      blank = scanEnd >= line.length;
      return;
    }
    let i = offset;
    let cols = column;
    scanTab = false;
    for (;;) {
      const c = line[i];
      if (c === ' ') cols++;
      else if (c === '\t') {
        cols += TAB_STOP - (cols % TAB_STOP);
        scanTab = true;
      } else break;
      i++;
    }
    scanFrom = offset;
    scanEnd = i;
    blank = i >= line.length;
    nextNonspace = i;
    nextNonspaceColumn = cols;
    indent = cols - column;
  };
  const advanceOffset = (count: number, columns: boolean) => {
    while (count > 0 && offset < line.length) {
      if (line[offset] === '\t') {
        const toTab = TAB_STOP - (column % TAB_STOP);
        if (columns) {
          partialTab = toTab > count;
          const step = Math.min(toTab, count);
          column += step;
          if (!partialTab) offset++;
          count -= step;
        } else {
          partialTab = false;
          column += toTab;
          offset++;
          count--;
        }
      } else {
        partialTab = false;
        offset++;
        column++;
        count--;
      }
    }
  };
  const advanceNextNonspace = () => {
    offset = nextNonspace;
    column = nextNonspaceColumn;
    partialTab = false;
  };
  const isSpaceOrTab = (c: string | undefined) => c === ' ' || c === '\t';

  /** Ends the leaf (its opaque range is already recorded) and the containers above `depth`. */
  const closeLeaf = () => {
    leaf = undefined;
  };
  /** Closes the containers deeper than `depth`; a list, which holds only items, too unless `forItem`. */
  const closeContainersAbove = (depth: number, forItem = false) => {
    if (stack.length > depth + 1) {
      closeLeaf();
      stack.length = depth + 1;
      blankDepthCache = -1;
    }
    if (!forItem && stack[stack.length - 1]!.kind === 'list') {
      closeLeaf();
      stack.pop();
      blankDepthCache = -1;
    }
  };
  const markContent = () => {
    for (let i = stack.length - 1; i > 0; i--) {
      const c = stack[i]!;
      if (c.kind === 'item') {
        if (c.hasContent) break;
        c.hasContent = true;
        blankDepthCache = -1;
      }
    }
  };

  /** Step 1: how many open containers this line continues; 'done' when a fence closed. */
  const matchContainers = (): number => {
    findNextNonspace();
    if (blank) return blankDepth();
    let depth = 0;
    for (let i = 1; i < stack.length; i++) {
      const c = stack[i]!;
      findNextNonspace();
      if (c.kind === 'quote') {
        if (indent >= CODE_INDENT || line[nextNonspace] !== '>') return depth;
        advanceNextNonspace();
        advanceOffset(1, false);
        if (isSpaceOrTab(line[offset])) advanceOffset(1, true);
      } else if (c.kind === 'item') {
        if (blank) {
          if (!c.hasContent) return depth;
          advanceNextNonspace();
        } else if (indent >= c.width) {
          advanceOffset(c.width, true);
        } else return depth;
      }
      depth = i;
    }
    return depth;
  };

  /**
   * A blank line continues every container up to the first block quote or item without
   * content: cached until the stack or an item's content changes, so a run of blank lines
   * under deep nesting costs O(1) each.
   */
  let blankDepthCache = -1;
  const blankDepth = (): number => {
    if (blankDepthCache === -1) {
      let depth = 0;
      for (let i = 1; i < stack.length; i++) {
        const c = stack[i]!;
        if (c.kind === 'quote' || (c.kind === 'item' && !c.hasContent)) break;
        depth = i;
      }
      blankDepthCache = depth;
    }
    return blankDepthCache;
  };

  /** Opens a list item at the current position when the line starts one. */
  const listItem = (inParagraph: boolean): { bullet: string; width: number } | undefined => {
    if (indent >= CODE_INDENT) return undefined;
    const markerOffset = indent;
    const rest = line.slice(nextNonspace, nextNonspace + 11);
    let marker: string;
    let bullet: string;
    const b = BULLET.exec(rest);
    if (b) {
      marker = b[0];
      bullet = b[0];
    } else {
      const o = ORDERED.exec(rest);
      if (!o || (inParagraph && o[1] !== '1')) return undefined;
      marker = o[0];
      bullet = o[2]!;
    }
    const after = line[nextNonspace + marker.length];
    if (after !== undefined && !isSpaceOrTab(after)) return undefined;
    if (inParagraph && line.slice(nextNonspace + marker.length).trim() === '') return undefined;
    advanceNextNonspace();
    advanceOffset(marker.length, true);
    const spacesStartColumn = column;
    const spacesStartOffset = offset;
    do advanceOffset(1, true);
    while (column - spacesStartColumn <= MAX_MARKER_SPACES && isSpaceOrTab(line[offset]));
    const blankItem = offset >= line.length;
    const spaces = column - spacesStartColumn;
    let padding: number;
    if (spaces > MAX_MARKER_SPACES || spaces < 1 || blankItem) {
      padding = marker.length + 1;
      column = spacesStartColumn;
      offset = spacesStartOffset;
      partialTab = false;
      if (isSpaceOrTab(line[offset])) advanceOffset(1, true);
    } else padding = marker.length + spaces;
    return { bullet, width: markerOffset + padding };
  };

  const setextHeading = (match: RegExpExecArray | null, paragraph: Leaf & { kind: 'paragraph' }) => {
    if (!match || paragraph.definitionsOnly) return false;
    headings.push({ depth: line[nextNonspace] === '=' ? 1 : 2, line: paragraph.startLine, column: paragraph.startColumn });
    closeLeaf();
    return true;
  };

  for (let i = 0; i < lines.length; i++) {
    line = lines[i]!;
    lineNo = i + 1;
    offset = 0;
    column = 0;
    partialTab = false;
    scanFrom = -1;

    let matched = matchContainers();
    const allMatched = matched === stack.length - 1;
    findNextNonspace();

    // An open fence or HTML block of the innermost container takes the line whole.
    if (allMatched && leaf?.kind === 'fence') {
      opaqueLines.add(lineNo);
      const close = indent < CODE_INDENT && line[nextNonspace] === leaf.char ? CLOSING_FENCE.exec(line.slice(nextNonspace)) : null;
      if (close && close[0].length >= leaf.length) closeLeaf();
      continue;
    }
    if (allMatched && leaf?.kind === 'html') {
      if (blank && leaf.close === undefined) {
        closeLeaf();
        continue;
      }
      opaqueLines.add(lineNo);
      if (leaf.close?.test(line.slice(offset))) closeLeaf();
      continue;
    }
    if (allMatched && leaf?.kind === 'indented') {
      if (indent >= CODE_INDENT || blank) {
        if (!blank) {
          for (let l = leaf.lastTextLine + 1; l <= lineNo; l++) opaqueLines.add(l);
          leaf.lastTextLine = lineNo;
        }
        continue;
      }
      closeLeaf();
    }
    const lazyCandidate = !allMatched && leaf?.kind === 'paragraph';
    const paragraph = allMatched && leaf?.kind === 'paragraph' ? leaf : undefined;
    let containerDepth = matched;
    let opened = false;

    // Step 2: new containers, then at most one leaf start.
    let leafStarted = false;
    for (;;) {
      findNextNonspace();
      const rest = line.slice(nextNonspace);
      const canOpen = stack.length <= MAX_NESTING;
      if (indent < CODE_INDENT && rest[0] === '>' && canOpen) {
        closeContainersAbove(containerDepth);
        advanceNextNonspace();
        advanceOffset(1, false);
        if (isSpaceOrTab(line[offset])) advanceOffset(1, true);
        markContent();
        closeLeaf();
        stack.push({ kind: 'quote' });
        blankDepthCache = -1;
        containerDepth = stack.length - 1;
        opened = true;
        continue;
      }
      if (indent >= CODE_INDENT) break;
      if (ATX.test(rest)) {
        closeContainersAbove(containerDepth);
        markContent();
        headings.push({ depth: /^#+/.exec(rest)![0].length, line: lineNo, column: nextNonspace + 1 });
        closeLeaf();
        leafStarted = true;
        break;
      }
      const fence = FENCE.exec(rest);
      if (fence) {
        closeContainersAbove(containerDepth);
        markContent();
        opaqueLines.add(lineNo);
        leaf = { kind: 'fence', char: fence[0][0]!, length: fence[0].length, indent };
        leafStarted = true;
        break;
      }
      if (rest[0] === '<') {
        // Kind 7 cannot interrupt a paragraph; micromark (the reference) lets it follow a lazy line.
        const interruptible = !(paragraph && !opened);
        const start = HTML_STARTS.find(([open], kind) => open.test(rest) && (kind < 6 || interruptible));
        if (start) {
          // micromark starts kind 7 on a lazy line inside the open containers: the next line that does not continue them ends it.
          const lazyHtml = lazyCandidate && !opened && start[0] === HTML_KIND7;
          if (!lazyHtml) closeContainersAbove(containerDepth);
          markContent();
          opaqueLines.add(lineNo);
          leaf = { kind: 'html', close: start[1] };
          if (start[1]?.test(line.slice(offset))) closeLeaf();
          leafStarted = true;
          break;
        }
      }
      if (paragraph && !opened && SETEXT.test(rest) && setextHeading(SETEXT.exec(rest), paragraph)) {
        leafStarted = true;
        break;
      }
      if (THEMATIC.test(rest)) {
        closeContainersAbove(containerDepth);
        markContent();
        closeLeaf();
        leafStarted = true;
        break;
      }
      if (!canOpen) break;
      const item = listItem(paragraph !== undefined && !opened);
      if (item) {
        closeContainersAbove(containerDepth, true);
        markContent();
        closeLeaf();
        const top = stack[stack.length - 1]!;
        if (top.kind !== 'list' || top.bullet !== item.bullet) {
          if (top.kind === 'list') {
            stack.pop();
            blankDepthCache = -1;
          }
          stack.push({ kind: 'list', bullet: item.bullet });
          blankDepthCache = -1;
        }
        stack.push({ kind: 'item', width: item.width, hasContent: false });
        blankDepthCache = -1;
        containerDepth = stack.length - 1;
        opened = true;
        continue;
      }
      break;
    }
    if (leafStarted) continue;
    matched = containerDepth;

    // Step 3: text.
    findNextNonspace();
    if (lazyCandidate && !opened && !blank) continue; // a lazy paragraph continuation line
    if (blank) {
      closeContainersAbove(matched, true); // blank lines between items keep the list open
      if (leaf?.kind === 'paragraph') closeLeaf();
      continue;
    }
    closeContainersAbove(matched);
    if (indent >= CODE_INDENT && leaf?.kind !== 'paragraph') {
      markContent();
      leaf = { kind: 'indented', lastTextLine: lineNo };
      opaqueLines.add(lineNo);
      continue;
    }
    if (leaf?.kind === 'paragraph') {
      if (leaf.definitionsOnly && !LINK_DEFINITION.test(line.slice(nextNonspace))) {
        leaf.definitionsOnly = false;
        leaf.startLine = lineNo;
        leaf.startColumn = nextNonspace + 1;
      }
      continue;
    }
    markContent();
    leaf = {
      kind: 'paragraph',
      startLine: lineNo,
      startColumn: nextNonspace + 1,
      definitionsOnly: LINK_DEFINITION.test(line.slice(nextNonspace)),
    };
  }
  return { headings, opaqueLines };
}
