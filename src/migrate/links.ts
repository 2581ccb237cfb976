/**
 * Rewrites markdown links whose anchor names a renamed heading:
 *   [x](agents/decisions/cli.md#old-slug)   [x](#old-slug)   [id]: ../cli.md#old-slug
 * The link path is resolved against the linking file's folder (a leading `/` is
 * the repository root, as on GitHub). Only the fragment changes. Links are found by
 * the markdown parser (link-sites.ts, injected): what looks like a link inside a
 * code span or a code block is text and stays as it is.
 */
import type { Edit } from '../core/diagnostic.js';
import type { DestinationRange } from './link-sites.js';

/** Target file (root-relative) → old anchor → new anchor. */
export type AnchorRenames = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The link destinations of a markdown text (link-sites.ts linkDestinations). */
export type LinkSites = (text: string) => readonly DestinationRange[];

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function linkEdits(path: string, text: string, renames: AnchorRenames, sites: LinkSites): Edit[] {
  if (renames.size === 0 || !mayName(text, renames)) return [];
  const edits: Edit[] = [];
  for (const [start, end] of sites(text)) {
    const destination = text.slice(start, end);
    const hash = destination.indexOf('#');
    if (hash === -1) continue;
    const target = destination.slice(0, hash);
    const fragment = destination.slice(hash + 1);
    if (SCHEME.test(target) || fragment === '') continue;
    const file = target === '' ? path : resolvePath(path, decode(target));
    const anchors = file === undefined ? undefined : renames.get(file);
    const renamed = anchors?.get(decode(fragment)) ?? anchors?.get(decode(fragment).toLowerCase());
    if (renamed === undefined) continue;
    edits.push({ path, range: [start + hash + 1, end], text: renamed });
  }
  return edits;
}

/**
 * Whether some `#` of `text` is followed by a renamed anchor, checked before the parser is asked where the links
 * are: remark's parse was ~0.9 of the ~1.4 s of CPU of `migrate apply` on the real before-migration corpus (16
 * files, 156 kB), and most files link to no renamed heading. A fragment that names an anchor decodes (as below) to
 * a slug, whose letters, marks, digits, `_` and `-` (slug.ts) include no whitespace, parenthesis, angle bracket,
 * backslash or `#`, nor does the raw fragment then; a raw destination ends at whitespace, `)`, `>` or the end of
 * the text. So the run after the fragment's `#` up to the first of those characters is the fragment itself, and a
 * text in which no such run names an anchor has no link to rewrite. Runs end at the next `#`: one pass, linear.
 */
function mayName(text: string, renames: AnchorRenames): boolean {
  for (const [, raw] of text.matchAll(AFTER_HASH)) {
    const fragment = decode(raw!);
    for (const anchors of renames.values()) if (anchors.has(fragment) || anchors.has(fragment.toLowerCase())) return true;
  }
  return false;
}

/** A `#` and the characters after it that a slug can be written with. */
const AFTER_HASH = /#([^\s()<>\\#]*)/g;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Root-relative target of a link written in `from`; undefined if it leaves the root. */
export function resolvePath(from: string, target: string): string | undefined {
  const parts = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
