// npm's `prepack`: builds dist/ for the tarball, unless `prepare` just built it from this very commit
// (scripts/build-stamp.mjs: why, and when the build still runs); then the published package.json
// (scripts/pack-manifest.mjs strip). Prints nothing: `npm pack`'s stdout must be the tarball name.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { takeStamp } from './build-stamp.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
// The build's stdout goes to stderr: npm pack's stdout is the tarball name alone.
const run = (args) => execFileSync(process.execPath, args, { cwd: repo, stdio: ['ignore', 2, 'inherit'] });
if (!takeStamp()) run(['scripts/build.mjs']);
run(['scripts/pack-manifest.mjs', 'strip']);
