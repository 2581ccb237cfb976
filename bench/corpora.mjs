// The shared real corpora: MEMDEX_CORPORA, or the first shared/corpora above the repository.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function find() {
  if (process.env.MEMDEX_CORPORA) return process.env.MEMDEX_CORPORA;
  for (let dir = fileURLToPath(new URL('..', import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', 'corpora'))) return join(dir, 'shared', 'corpora');
    if (dirname(dir) === dir) throw new Error('shared/corpora not found: set MEMDEX_CORPORA');
  }
}

export const CORPORA = find();
export const AFTER = join(CORPORA, 'after-migration');
