/**
 * Rewrites markdown links whose anchor names a renamed heading:
 *   [x](agents/decisions/cli.md#old-slug)   [x](#old-slug)   [id]: ../cli.md#old-slug
 * The link path is resolved against the linking file's folder (a leading `/` is
 * the repository root, as on GitHub). Only the fragment changes. Lines inside
 * fenced code blocks are left alone.
 */
import type { Edit } from '../core/diagnostic.js';

/** Target file (root-relative) → old anchor → new anchor. */
export type AnchorRenames = ReadonlyMap<string, ReadonlyMap<string, string>>;

const INLINE = /\]\(\s*<?([^()\s<>#]*)#([^()\s<>]+?)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/dg;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s<>#]*)#([^\s<>]+?)>?(?:\s|$)/d;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function linkEdits(path: string, text: string, renames: AnchorRenames): Edit[] {
  if (renames.size === 0) return [];
  const edits: Edit[] = [];
  let fence: string | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    const f = FENCE.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
      continue;
    }
    if (fence !== undefined || !line.includes('#')) continue;
    const visit = (target: string, fragment: string, fragmentStart: number) => {
      if (SCHEME.test(target)) return;
      const file = target === '' ? path : resolvePath(path, decode(target));
      const anchors = file === undefined ? undefined : renames.get(file);
      const renamed = anchors?.get(decode(fragment)) ?? anchors?.get(decode(fragment).toLowerCase());
      if (renamed === undefined) return;
      edits.push({ path, range: [lineStart + fragmentStart, lineStart + fragmentStart + fragment.length], text: renamed });
    };
    // The `d` flag gives each group's offsets: the fragment is group 2.
    for (const m of line.matchAll(INLINE)) visit(m[1]!, m[2]!, m.indices![2]![0]);
    const d = DEFINITION.exec(line);
    if (d) visit(d[1]!, d[2]!, d.indices![2]![0]);
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
