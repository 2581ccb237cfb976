// Whether dist/ is already the build of the tree as it is: a stamp of the build's inputs, written by every build.
//
// Why. One checkout is built several times from the same sources: `npm ci` runs `prepare` (scripts/prepare.mjs),
// which builds the missing dist/; `npm test` then built again in its pretest; `npm pack` built a third time in its
// prepack; pre-commit's install of a hook repository runs `npm install` (prepare builds) and then `npm pack`
// (prepack built again). Each build is ~5 s of CPU here (esbuild's bundles, TypeScript 7's declarations:
// scripts/build.mjs). So a build ends by writing dist/.build-inputs, a hash of what it was built from, and the callers
// that only need *a* build of these sources (pretest, prepack: `node scripts/build.mjs --if-changed`) skip it when the
// stamp equals the hash of the tree now. `npm run build` always builds.
//
// The inputs: every file under src/ and scripts/ (names and bytes: a new source changes the declarations even
// when nothing imports it), package.json, package-lock.json, the tsconfig files, and node_modules/.package-lock.json,
// npm's record of the installed tree (the bundled packages and the build tools, by version and integrity; npm
// rewrites it on every install). A package edited by hand inside node_modules is not seen: `npm run build` then.
// Hashing them takes ~30 ms, against the build's ~5 s.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(repo, 'dist', '.build-inputs');
const FOLDERS = ['src', 'scripts'];
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json', 'node_modules/.package-lock.json'];

/** The files under `dir` (relative to the repository), sorted, symbolic links and special files left out. */
function filesUnder(dir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(join(repo, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  if (existsSync(join(repo, dir))) walk(dir);
  return out;
}

/** The hash of the build's inputs (above) as the tree is now. */
export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of [...FOLDERS.flatMap(filesUnder), ...FILES]) {
    const path = join(repo, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(path) ? readFileSync(path) : '\0absent');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** After a build: the stamp of what it was built from. */
export function stampBuild(hash) {
  writeFileSync(STAMP, `${hash}\n`);
}

/** Whether dist/ is the build of the inputs whose hash is `hash` (inputsHash: the tree now). */
export function builtFrom(hash) {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash;
}
