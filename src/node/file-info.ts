import { statSync } from 'node:fs';

/** A regular file's size and modification time; undefined when it is not one (or cannot be stat-ed). */
export function fileInfo(path: string): { readonly size: number; readonly mtimeMs: number } | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}
