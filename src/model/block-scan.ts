/**
 * The one markdown block scanner: CommonMark's block-structure phase, in one pass, in
 * time linear in the document. Every markdown document memdex reads goes through it
 * (the model's headings, the lines inside code and HTML blocks where no entry or
 * heading is, the HTML blocks where a suppression directive may be). It reads as
 * remark-parse does: the differential test (test/model/block-scan.test.ts) compares it
 * with micromark, remark-parse's tokenizer, on every real document at hand and on
 * 9,000 generated ones, and allows no difference. micromark is not run on user files:
 * it is super-linear on ordinary inputs (measured: 25 kB of `- - item` lines 4.9 s,
 * 100 kB 61 s; a line of 32,000 `>` 10.5 s; 16,000 overflow the stack), and memdex
 * only needs the block structure, which the block phase alone decides (inline
 * content never makes or hides a heading).
 *
 * One parser, not a fast one with this as its fallback: a line scanner that handled
 * top-level-only documents (and declined the rest to this one) parsed a 378-entry
 * tree in ~18 ms of CPU against ~35 ms here, but `check` parses only the documents whose
 * bytes changed (the parse cache, src/app/parse-cache.ts), and the resolver reads a
 * cached model: the difference was not worth a second parser (bench/RESULTS.md).
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
 * Where micromark departs from the reference algorithm, this follows micromark (one
 * parser for memdex and the linters its users run):
 *   - `interrupt`: on a line that continues every open container while a paragraph or
 *     indented code is open (blank lines after the code included), no ordered item
 *     other than `1.` and no empty item starts, in the containers the line opens too;
 *     indented code started on a line that ended containers does not count, and an
 *     empty item a blank line ends is ended at the next line;
 *   - a lazy line of a paragraph of link definitions can be its first text line (where
 *     a setext heading starts).
 *
 * Link reference definitions matter only where a setext underline follows them
 * (`[a]: /u` then `---` is a definition and a rule, not a heading); single-line
 * definitions are recognised, which is what memory files use.
 */
export interface ScannedHeading {
  readonly depth: number;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column where the heading's own markup starts, when not the line start (block quotes, lists). */
  readonly column?: number;
}

export interface ScanResult {
  readonly headings: readonly ScannedHeading[];
  /** 1-based lines inside code (fenced or indented) or raw HTML blocks, blank lines left out: never entries or headings. */
  readonly opaqueLines: ReadonlySet<number>;
  /** 1-based lines on which an HTML block starts (a suppression directive is one: core/suppress.ts). */
  readonly htmlStarts: ReadonlySet<number>;
}

const HTML_RAW_OPEN = /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i;
const HTML_RAW_CLOSE = /<\/(?:script|pre|style|textarea)>/i;
const HTML_BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_KIND6 = new RegExp(`^</?(?:${HTML_BLOCK_TAGS})(?:[\\s>]|/>|$)`, 'i');
const ATTRIBUTE = `\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?`;
const HTML_KIND7 = new RegExp(`^(?:<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*\\s*/?>|</[A-Za-z][A-Za-z0-9-]*\\s*>)\\s*$`);

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
  /** `interrupting`: started on a line that continued every open container (see `interrupt` below). */
  | { readonly kind: 'indented'; interrupting: boolean }
  | { readonly kind: 'html'; readonly close: RegExp | undefined };

/** Headings and opaque lines of any markdown document (see the essay above). */
export function blockHeadings(text: string): ScanResult {
  return scanBlocks(text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)));
}

export function scanBlocks(lines: readonly string[]): ScanResult {
  const headings: ScannedHeading[] = [];
  const opaqueLines = new Set<number>();
  const htmlStarts = new Set<number>();
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

  /** A line of an open paragraph: the heading a setext underline makes starts at its first line that is not a link definition. */
  const paragraphText = (paragraph: Leaf & { kind: 'paragraph' }) => {
    if (paragraph.definitionsOnly && !LINK_DEFINITION.test(line.slice(nextNonspace))) {
      paragraph.definitionsOnly = false;
      paragraph.startLine = lineNo;
      paragraph.startColumn = nextNonspace + 1;
    }
  };

  let closedAtBlank = false;
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
    const continuesAfterBlankClose = !blank && closedAtBlank;
    if (!blank) closedAtBlank = false;

    // An open fence or HTML block of the innermost container takes the line whole.
    if (allMatched && leaf?.kind === 'fence') {
      if (!blank) opaqueLines.add(lineNo);
      const close = indent < CODE_INDENT && line[nextNonspace] === leaf.char ? CLOSING_FENCE.exec(line.slice(nextNonspace)) : null;
      if (close && close[0].length >= leaf.length) closeLeaf();
      continue;
    }
    if (allMatched && leaf?.kind === 'html') {
      if (blank && leaf.close === undefined) {
        closeLeaf();
        continue;
      }
      if (!blank) opaqueLines.add(lineNo);
      if (leaf.close?.test(line.slice(offset))) closeLeaf();
      continue;
    }
    // micromark's `interrupt`: a line that continues every container while a paragraph or indented code (blank
    // lines after it included) is open may not start an ordered item other than 1, nor an empty item; this holds
    // for the containers the line opens too.
    const interrupt = allMatched && (leaf?.kind === 'paragraph' || (leaf?.kind === 'indented' && leaf.interrupting));
    if (allMatched && leaf?.kind === 'indented') {
      if (indent >= CODE_INDENT || blank) {
        if (!blank) {
          opaqueLines.add(lineNo);
          leaf.interrupting = true;
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
          htmlStarts.add(lineNo);
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
      const item = listItem(interrupt);
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
    if (lazyCandidate && !opened && !blank) {
      paragraphText(leaf as Leaf & { kind: 'paragraph' }); // a lazy paragraph continuation line
      continue;
    }
    if (blank) {
      // A blank line ends an item that has no content yet (CommonMark 5.2); micromark ends it at the next line, which
      // for `interrupt` then did not continue every container (a block quote it ends there and then).
      closedAtBlank = stack.length > matched + 1 && stack[matched + 1]!.kind !== 'quote';
      closeContainersAbove(matched, true); // blank lines between items keep the list open
      if (leaf?.kind === 'paragraph') closeLeaf();
      continue;
    }
    closeContainersAbove(matched);
    if (indent >= CODE_INDENT && leaf?.kind !== 'paragraph') {
      markContent();
      leaf = { kind: 'indented', interrupting: (allMatched && !continuesAfterBlankClose) || opened };
      opaqueLines.add(lineNo);
      continue;
    }
    if (leaf?.kind === 'paragraph') {
      paragraphText(leaf);
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
  return { headings, opaqueLines, htmlStarts };
}
