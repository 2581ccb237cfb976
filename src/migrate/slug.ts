/**
 * GitHub heading anchors, as github-slugger computes them:
 *   1. take the rendered heading text (inline markup removed: `code`, *emphasis*, [links](url)),
 *   2. lower-case it,
 *   3. drop every character that is not a letter, mark, number, connector punctuation
 *      (`_`), space or hyphen,
 *   4. turn each space into `-` (runs are NOT collapsed: `a  b` → `a--b`),
 *   5. a repeated slug in the same document gets `-1`, `-2`, … in document order.
 * Written out instead of depending on github-slugger: it is these few lines.
 */
const NOT_SLUG = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

/** Rendered text of a heading's inline markdown, close enough for slugs. */
export function headingPlainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url), ![alt](src)
    .replace(/<[^>]+>/g, ''); // inline HTML tags
}

export function slug(headingMarkdown: string): string {
  return headingPlainText(headingMarkdown).toLowerCase().replace(NOT_SLUG, '').replace(/ /g, '-');
}

/** Slugs of a document's headings in order, with GitHub's duplicate suffixes. */
export function documentSlugs(headingTexts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headingTexts.map((text) => {
    const base = slug(text);
    let result = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(result)) result = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(result, 0);
    return result;
  });
}
