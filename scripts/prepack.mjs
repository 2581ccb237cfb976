// npm's `prepack`: builds dist/ for the tarball, unless it is already the build of the tree as it is (`prepare`
// just built it, or pretest: scripts/build-stamp.mjs); then the published package.json
// (scripts/pack-manifest.mjs strip). Prints nothing: `npm pack`'s stdout must be the tarball name.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
// The build's stdout goes to stderr: npm pack's stdout is the tarball name alone.
const run = (args) => execFileSync(process.execPath, args, { cwd: repo, stdio: ['ignore', 2, 'inherit'] });
run(['scripts/build.mjs', '--if-changed']);
run(['scripts/pack-manifest.mjs', 'strip']);
