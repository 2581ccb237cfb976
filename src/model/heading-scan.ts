/**
 * Fast, fence-aware ATX heading scanner: the hot path of `memdex check` and the
 * resolver. remark-parse is the reference parser but costs ~1 s per MB and 60+ ms to
 * load; this scanner reads a line at a time and is proven equal to remark by a
 * differential test (test/model/heading-scan.test.ts) over every fixture, both real
 * corpora and generated documents.
 *
 * It understands the CommonMark blocks that can hide or fake a heading at the top
 * level: fenced code (``` and ~~~, closed by a fence of the same kind and at least
 * the same length, or by the end of the document), HTML blocks (kinds 1-7), and
 * indented code (four spaces: never a heading). Where a document uses a construct
 * it does not model — setext headings, block quotes, headings inside list items,
 * indented fences, tabs in indentation — it answers `undefined` and the caller
 * falls back to the complete scanner (block-scan.ts) for that file, so the fast path
 * is never wrong, only absent.
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
  /** 1-based lines inside code (fenced or indented) or raw HTML blocks: never entries or headings. */
  readonly opaqueLines: ReadonlySet<number>;
}

/** A code fence opener: indent, fence run, info string (a backtick fence's info holds no backtick). */
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** An open code fence: its character and run length (a closing fence needs at least as many). */
export interface Fence {
  readonly char: string;
  readonly length: number;
  /** Spaces before the opening run. */
  readonly indent: number;
}

/** The fence `line` opens, if it opens one. */
export function openFence(line: string): Fence | undefined {
  const open = FENCE_OPEN.exec(line);
  if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) return undefined;
  return { char: open[2]![0]!, length: open[2]!.length, indent: open[1]!.length };
}

/** `line` closes `fence`: the same character, at least as long, nothing after it. */
export function closesFence(line: string, fence: Fence): boolean {
  const close = FENCE_CLOSE.exec(line);
  return close !== null && close[1]![0] === fence.char && close[1]!.length >= fence.length;
}
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$/;
const BLOCKQUOTE = /^ {0,3}>/;
const LIST_ITEM_WITH_BLOCK = /^ {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+(?:#|`{3}|~{3}|>[ \t]*(?:#|`{3}|~{3}|<)|<)/;
const INDENTED_FENCE = /^ {4,}(?:`{3}|~{3})/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

export const HTML_RAW_OPEN = /^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i;
export const HTML_RAW_CLOSE = /<\/(?:script|pre|style|textarea)>/i;
const HTML_BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
export const HTML_KIND6 = new RegExp(`^ {0,3}</?(?:${HTML_BLOCK_TAGS})(?:[\\s>]|/>|$)`, 'i');
const ATTRIBUTE = `\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?`;
export const HTML_KIND7 = new RegExp(`^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*\\s*/?>|</[A-Za-z][A-Za-z0-9-]*\\s*>)\\s*$`);

/** Whether a line ends the HTML block it is in (the line itself included). */
export type HtmlEnd = (line: string) => boolean;

/** Headings of a document, or undefined when the document needs the reference parser. */
export function scanHeadings(lines: readonly string[]): ScanResult | undefined {
  const headings: ScannedHeading[] = [];
  const opaqueLines = new Set<number>();
  let fence: Fence | undefined;
  let html: HtmlEnd | undefined;
  /** The previous line was paragraph text (a setext underline or lazy line could follow). */
  let paragraph = false;
  /** A list item was seen and no top-level block has closed the list since. */
  let list = false;
  /** Inside indented code; blank lines are code only if more code follows them. */
  let indentedCode = false;
  let pendingBlanks: number[] = [];
  let previousBlank = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    if (fence) {
      opaqueLines.add(lineNo);
      if (closesFence(line, fence)) fence = undefined;
      continue;
    }
    if (html) {
      if (html(line)) {
        html = undefined;
        if (line.trim() === '') {
          paragraph = false;
          previousBlank = true;
          continue; // a blank line ends kinds 6-7 and is not part of the block
        }
      }
      opaqueLines.add(lineNo);
      continue;
    }
    if (line.trim() === '') {
      paragraph = false;
      previousBlank = true;
      if (indentedCode) pendingBlanks.push(lineNo);
      continue;
    }
    const wasBlank = previousBlank;
    previousBlank = false;
    const indent = line.length - line.trimStart().length;
    if (indentedCode) {
      if (/^ {4,}/.test(line)) {
        for (const blank of pendingBlanks) opaqueLines.add(blank);
        pendingBlanks = [];
        opaqueLines.add(lineNo);
        continue;
      }
      indentedCode = false;
      pendingBlanks = [];
    }
    if (/^ {0,3}\t/.test(line) || (/^\t/.test(line) && !paragraph)) return undefined;
    if (BLOCKQUOTE.test(line) || LIST_ITEM_WITH_BLOCK.test(line) || INDENTED_FENCE.test(line)) return undefined;
    if (paragraph && SETEXT_UNDERLINE.test(line)) return undefined;
    // Four or more spaces inside a list may be item content or code: only context decides.
    if (indent >= 4 && (list || /^ {4,}#/.test(line))) return undefined;
    if (LIST_ITEM.test(line)) list = true;
    else if (indent === 0 && (wasBlank || !paragraph)) list = false;
    const open = openFence(line);
    if (open) {
      if (open.indent > 0) return undefined;
      fence = open;
      opaqueLines.add(lineNo);
      paragraph = false;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      headings.push({ depth: atx[1]!.length, line: lineNo });
      paragraph = false;
      continue;
    }
    const htmlEnd = htmlBlockEnd(line, paragraph);
    if (htmlEnd === 'decline') return undefined;
    if (htmlEnd) {
      opaqueLines.add(lineNo);
      if (!htmlEnd(line)) html = htmlEnd;
      paragraph = false;
      continue;
    }
    if (!paragraph && indent >= 4) {
      opaqueLines.add(lineNo);
      indentedCode = true;
      continue;
    }
    if (THEMATIC.test(line)) {
      paragraph = false;
      continue;
    }
    // A list item starts a paragraph inside the item; lines after it may be lazy.
    paragraph = !(LIST_ITEM.test(line) && line.trim().length <= 2);
  }
  return { headings, opaqueLines };
}

/** The end condition of an HTML block starting at `line`, or undefined if none starts. */
export function htmlBlockEnd(line: string, inParagraph: boolean): HtmlEnd | 'decline' | undefined {
  if (!/^ {0,3}</.test(line)) return undefined;
  if (HTML_RAW_OPEN.test(line)) return (l) => HTML_RAW_CLOSE.test(l);
  if (/^ {0,3}<!--/.test(line)) return (l) => l.includes('-->');
  if (/^ {0,3}<\?/.test(line)) return (l) => l.includes('?>');
  if (/^ {0,3}<![A-Za-z]/.test(line)) return (l) => l.includes('>');
  if (/^ {0,3}<!\[CDATA\[/.test(line)) return (l) => l.includes(']]>');
  if (HTML_KIND6.test(line)) return (l) => l.trim() === '';
  if (HTML_KIND7.test(line)) {
    // Kind 7 cannot interrupt a paragraph, but micromark starts it after a lazy
    // list-item line: the scanner does not track list context, so it declines.
    if (inParagraph) return 'decline';
    return (l) => l.trim() === '';
  }
  return undefined;
}
