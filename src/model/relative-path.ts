/** A root-relative path as the config and the ignores compare it: forward slashes, no leading `./`, no trailing `/`. */
export function normalizeRelative(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}
