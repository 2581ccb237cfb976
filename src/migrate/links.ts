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
  if (renames.size === 0 || !text.includes('#')) return [];
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
