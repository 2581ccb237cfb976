// Packages the VS Code extension (editors/vscode) into a .vsix with @vscode/vsce: extension.js bundled with
// vscode-languageclient (esbuild; `vscode` is the editor's), then `vsce package --no-dependencies`.
//   node scripts/package-vscode.mjs [out-dir]     (prints the .vsix path)
//
// The extension is a package of its own: @vscode/vsce and the language client are the devDependencies of
// editors/vscode/package.json, pinned by its own lockfile, not memdex's. vsce brings ~260 packages (127 MB of
// the 326 MB of memdex's node_modules when it was one of memdex's devDependencies) that nothing else uses, and
// every install of memdex's devDependencies carried them: `npm ci` of a checkout, and the installs from git (npm's
// git-URL route and the pre-commit framework install memdex's devDependencies to build it). This script installs
// them (`npm ci` in editors/vscode) when editors/vscode/node_modules does not hold the lockfile's packages.
// MEMDEX_VSCODE_DEPS names another folder holding that install (the test suite's copy, kept between runs).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dir = join(repo, 'editors', 'vscode');
const deps = resolve(process.env.MEMDEX_VSCODE_DEPS || dir);
const out = resolve(process.argv[2] ?? join(repo, 'dist'));

/** Whether `folder`'s node_modules holds the packages of editors/vscode's lockfile (npm's record of what it installed there). */
function installed(folder) {
  const record = join(folder, 'node_modules', '.package-lock.json');
  if (!existsSync(record)) return false;
  const want = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages;
  const have = JSON.parse(readFileSync(record, 'utf8')).packages;
  // npm leaves out the optional packages of other platforms (vsce-sign's binaries).
  const entry = (path) => JSON.stringify(have[path]) === JSON.stringify(want[path]);
  return Object.keys(have).every(entry) && Object.keys(want).every((path) => path === '' || want[path].optional || entry(path));
}

if (!installed(deps)) {
  if (deps !== dir) throw new Error(`MEMDEX_VSCODE_DEPS=${deps} does not hold the packages of editors/vscode/package-lock.json (npm ci there)`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}
mkdirSync(out, { recursive: true });
rmSync(join(dir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [join(dir, 'extension.js')],
  nodePaths: [join(deps, 'node_modules')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  outfile: join(dir, 'dist', 'extension.js'),
  logLevel: 'warning',
  legalComments: 'inline',
});
const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const vsix = join(out, `memdex-${version}.vsix`);
execFileSync(process.execPath, [join(deps, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', vsix], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
process.stdout.write(`${vsix}\n`);
