/**
 * Path prerequisites ("show this only under /srv/app"), matched on path
 * boundaries. The predecessor used a raw `cwd.startsWith(path)`, so /srv/app
 * also matched /srv/application (issue #23); its fix then broke the root,
 * because "/" + "/" never prefixes anything. Here:
 *
 *   - both paths are normalised lexically (repeated and trailing separators,
 *     `.` and `..` segments); the node adapter expands `~` and resolves
 *     symlinks before calling this;
 *   - a prerequisite matches when cwd equals it or starts with it plus a separator;
 *   - the root (`/`, or a drive root `C:\`) matches everything under it;
 *   - an empty or relative prerequisite is an error, never "matches everything".
 */
export interface PathStyle {
  readonly sep: '/' | '\\';
  /** Case-insensitive volumes (default macOS, Windows) compare case-folded. */
  readonly caseInsensitive?: boolean;
}

export const POSIX: PathStyle = Object.freeze({ sep: '/' });

export function pathPrerequisiteProblem(prerequisite: string, style: PathStyle = POSIX): string | undefined {
  if (prerequisite.trim() === '') return 'an empty path prerequisite would match everything; expected an absolute path';
  if (!isAbsolute(prerequisite, style)) return `path prerequisite ${JSON.stringify(prerequisite)} is relative; expected an absolute path`;
  return undefined;
}

export function matchesPathPrerequisite(cwd: string, prerequisite: string, style: PathStyle = POSIX): boolean {
  if (pathPrerequisiteProblem(prerequisite, style) !== undefined || !isAbsolute(cwd, style)) return false;
  const fold = (path: string): string => (style.caseInsensitive ? path.toLowerCase() : path);
  const dir = fold(normalize(cwd, style));
  const prefix = fold(normalize(prerequisite, style));
  if (dir === prefix) return true;
  return dir.startsWith(prefix.endsWith(style.sep) ? prefix : prefix + style.sep);
}

function isAbsolute(path: string, style: PathStyle): boolean {
  if (style.sep === '/') return path.startsWith('/');
  return /^[A-Za-z]:[\\/]/.test(path) || /^[\\/]{2}[^\\/]/.test(path);
}

/** Lexical normal form; roots keep their separator (`/`, `C:\`). */
function normalize(path: string, style: PathStyle): string {
  const unified = style.sep === '\\' ? path.replace(/\//g, '\\') : path;
  const root = style.sep === '/' ? '/' : (/^[A-Za-z]:\\/.exec(unified)?.[0] ?? '\\\\');
  const parts: string[] = [];
  for (const part of unified.slice(root.length).split(style.sep)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return root + parts.join(style.sep);
}
