// The build `prepare` made, handed to the `pack` that follows it. pre-commit installs a hook repository with
// `npm install` (whose `prepare`, scripts/prepare.mjs, builds the missing dist/) and then `npm pack` (whose
// `prepack` built dist/ a second time, from the same commit: ~7 s of CPU, ~10 % of pre-commit's first install and
// of the test run's longest suite). So `prepare`, when it builds from an unedited git commit, writes a stamp
// naming the commit; `prepack` (scripts/prepack.mjs) skips its build when the stamp names the commit the tree is
// still at, still unedited, and always removes the stamp, so it is used once (package.json `files` leaves it out
// of a package packed without prepack: npm's git-URL install runs only `prepare`). Unedited: no tracked file
// changed, added or deleted (package-lock.json included), and no new file in src/ or scripts/, the build's inputs;
// other new files are not the build's (pre-commit writes its node_env-system/ into the clone before installing).
// Anything else (no git, no stamp, another commit, an edit) builds, as before: a developer's pack never ships a
// dist/ older than the sources it is packed with.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const STAMP = new URL('../dist/.built-at-commit', import.meta.url);

/** The commit the working tree is, unedited (above); undefined otherwise. */
function cleanCommit() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (git('rev-parse', '--show-toplevel').trim() !== repo.replace(/\/$/, '')) return undefined; // memdex inside someone else's repository
    if (git('status', '--porcelain', '--untracked-files=no') !== '') return undefined;
    if (git('ls-files', '--others', '--exclude-standard', '--', 'src', 'scripts') !== '') return undefined;
    return git('rev-parse', 'HEAD').trim();
  } catch {
    return undefined; // no git, or not a repository
  }
}

/** After a build: stamps dist/ with the commit it was built from, when the tree is that commit, unedited. */
export function stampBuild() {
  const commit = cleanCommit();
  if (commit !== undefined) writeFileSync(STAMP, `${commit}\n`);
}

/** Before a pack: whether dist/ is the build of the tree as it is now (a stamp, used once: removed either way). */
export function takeStamp() {
  if (!existsSync(STAMP)) return false;
  const stamped = readFileSync(STAMP, 'utf8').trim();
  rmSync(STAMP, { force: true });
  return stamped !== '' && stamped === cleanCommit();
}
