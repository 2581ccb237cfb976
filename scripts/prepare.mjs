// npm's `prepare`, run after `npm install`/`npm ci` in a checkout of memdex and when a
// project installs memdex from git (`npm install github:memdex/memdex`: npm clones it,
// installs its devDependencies there, runs `prepare`, then packs what package.json
// `files` lists; pacote runs `prepare` a second time before packing). dist/ is not in
// git, so a git dependency without it would install a memdex that cannot start: the
// build runs unless dist/ is the build of the tree as it is (its stamp, scripts/build-stamp.mjs: the second run
// finds it, and so does a `prepack` right after, which packs that build instead of making it again). Then husky, for the
// git hooks of memdex's own development (it skips a folder that is not a git working
// tree, and HUSKY=0). The published package.json has no `prepare` (scripts/pack-manifest.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const run = (args) => execFileSync(process.execPath, args, { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
run(['scripts/build.mjs', '--if-changed']);
// husky's own failures (no git on PATH, a hooks path of the user's) never fail an install.
try {
  if (existsSync(new URL('../node_modules/husky/bin.js', import.meta.url))) run(['node_modules/husky/bin.js']);
} catch {
  // said on stderr by husky
}
