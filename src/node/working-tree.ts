import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import { join, sep } from 'node:path';
import { InputError } from '../core/errors.js';
import { isDecisionPath, type Config } from '../model/config.js';
import { readConfined } from './read-confined.js';
import { readTextIfExists } from './read-text.js';
import { hostMessages } from '../messages/host.js';
import type { TreeSource } from '../app/port-types.js';

export function workingTreeSource(root: string): TreeSource {
  let decisions: string | undefined; // the decisions folder, once listed: its files are read confined
  return {
    listDecisions(config) {
      decisions = config.decisions;
      const dir = join(root, config.decisions);
      let entries: Dirent[];
      try {
        // The entry types come with the listing (an lstat only where the file system gives none).
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return [];
        throw new InputError(hostMessages.decisionsUnlistable(config.decisions, code));
      }
      let realDir: string | undefined;
      return entries
        .filter((entry) => entry.name.endsWith('.md'))
        .filter((entry) => {
          if (entry.isFile()) return true;
          // A symlink counts only if it stays inside the decisions folder.
          if (!entry.isSymbolicLink()) return false;
          try {
            realDir ??= realpathSync.native(dir);
            return realpathSync.native(join(dir, entry.name)).startsWith(realDir + sep);
          } catch {
            return false;
          }
        })
        .map((entry) => `${config.decisions}/${entry.name}`)
        .filter((path) => isDecisionPath(config, path));
    },
    read(path) {
      if (decisions !== undefined && path.startsWith(`${decisions}/`)) return readConfined(join(root, decisions), path.slice(decisions.length + 1), path);
      return readTextIfExists(join(root, path), path);
    },
  };
}

