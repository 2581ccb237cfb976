/**
 * The host of a long-running server (app/live-tree.ts): the tree host, and a stamp of
 * the tree on disk made of stats only, so that an unchanged tree costs one stat per
 * file per request (≈ 0.01 ms each), not a read.
 */
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { LiveTreeHost } from '../app/live-tree.js';
import { CONFIG_FILE, type Config } from '../model/config.js';
import { nowMs } from './clock.js';
import { nodeTreeHost } from './tree-host.js';

/**
 * A file written this recently may change again within the same mtime tick
 * (file systems keep 1 ns to 2 s): its stamp proves nothing, so the tree is
 * rebuilt until it is older. 2 s covers the coarsest (FAT's 2 s; ext4 and APFS
 * keep nanoseconds).
 */
const RACY_MS = 2000;

export function nodeLiveTreeHost(): LiveTreeHost {
  return { ...nodeTreeHost(), treeStamp };
}

function treeStamp(root: string, config: Config): string | undefined {
  const now = nowMs();
  let trusted = true;
  const parts: string[] = [];
  const add = (path: string) => {
    let stats: Stats | undefined;
    try {
      stats = statSync(join(root, path));
    } catch {
      stats = undefined;
    }
    if (stats && now - stats.mtimeMs < RACY_MS) trusted = false;
    parts.push(stats ? `${path}\t${stats.size}\t${stats.mtimeMs}\t${stats.ino}` : `${path}\t-`);
  };
  add(CONFIG_FILE);
  add(config.index);
  add(config.playbook.path);
  let names: string[];
  try {
    names = readdirSync(join(root, config.decisions)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    names = [];
  }
  for (const name of names) add(`${config.decisions}/${name}`);
  return trusted ? parts.join('\n') : undefined;
}
