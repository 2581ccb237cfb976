import { childProcess } from './child-process.js';

/**
 * The paths among `paths` (root-relative) with uncommitted changes, untracked
 * files included (git cannot give those back); 'no-git' outside a work tree.
 */
export function uncommittedPaths(root: string, paths: readonly string[]): string[] | 'no-git' {
  try {
    const inside = childProcess().execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (inside.trim() !== 'true') return 'no-git';
  } catch {
    return 'no-git';
  }
  if (paths.length === 0) return [];
  const out = childProcess().execFileSync('git', ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  // -z records: `XY path\0` (a rename adds `orig\0`, which we skip).
  const dirty: string[] = [];
  const records = out.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (record.length < 4) continue;
    dirty.push(record.slice(3));
    if (record[0] === 'R' || record[0] === 'C') i++;
  }
  return dirty;
}
