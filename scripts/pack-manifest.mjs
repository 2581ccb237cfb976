// The published package.json has no install-time script: `prepare` (husky, for
// developers of memdex) is removed while npm packs, and put back after.
// `strip` (prepack) keeps the original beside it; `restore` (postpack) moves it
// back. A pack that failed in between left the copy: `strip` restores it first.
// Prints nothing: `npm pack`'s stdout must be the tarball name (docs/pre-commit.md).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const FILE = new URL('../package.json', import.meta.url);
const KEPT = new URL('../package.json.prepack', import.meta.url);
/** Scripts npm runs when the package is installed, or when it is built from git (prepare). */
export const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

const action = process.argv[2];
if (action === 'strip') {
  if (existsSync(KEPT)) renameSync(KEPT, FILE);
  const text = readFileSync(FILE, 'utf8');
  const manifest = JSON.parse(text);
  for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
  writeFileSync(KEPT, text);
  writeFileSync(FILE, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(KEPT)) renameSync(KEPT, FILE);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exitCode = 2;
}
