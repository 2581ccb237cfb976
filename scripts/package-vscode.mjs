// Packages the VS Code extension (editors/vscode) into a .vsix with @vscode/vsce: extension.js bundled with
// vscode-languageclient (esbuild; `vscode` is the editor's), then `vsce package --no-dependencies`.
//   node scripts/package-vscode.mjs [out-dir]     (prints the .vsix path)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dir = join(repo, 'editors', 'vscode');
const out = resolve(process.argv[2] ?? join(repo, 'dist'));
mkdirSync(out, { recursive: true });
rmSync(join(dir, 'dist'), { recursive: true, force: true });
await build({ entryPoints: [join(dir, 'extension.js')], bundle: true, platform: 'node', format: 'cjs', target: 'node18', external: ['vscode'], outfile: join(dir, 'dist', 'extension.js'), logLevel: 'warning', legalComments: 'inline' });
const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const vsix = join(out, `memdex-${version}.vsix`);
execFileSync(process.execPath, [join(repo, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', vsix], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
process.stdout.write(`${vsix}\n`);
