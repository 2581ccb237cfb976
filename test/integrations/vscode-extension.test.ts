/**
 * The VS Code extension (editors/vscode) packaged as a user installs it: `npm run package:vscode` bundles
 * extension.js with the language client and runs @vscode/vsce; the .vsix holds the manifest, the bundle (which
 * needs nothing but the editor's `vscode` and node's builtins) and starts `memdex lsp`. The extension's own
 * devDependencies (vsce, the language client: editors/vscode/package-lock.json) are installed once per lockfile
 * in a cache folder kept between runs (cachedInstall), which the script is given (MEMDEX_VSCODE_DEPS).
 */
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedInstall } from '../helpers/cached-tool.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const temp = tempDirs('memdex-vsix-');

test('vsce packages the extension: manifest, bundle, readme, licence; the bundle starts `memdex lsp` and loads only vscode and builtins', () => {
  const out = temp();
  const deps = cachedInstall('vscode-extension', join(REPO, 'editors', 'vscode'));
  const result = spawnSync(process.execPath, [join(REPO, 'scripts', 'package-vscode.mjs'), out], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, MEMDEX_VSCODE_DEPS: deps } });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const vsix = result.stdout.trim();
  expect(vsix).toBe(join(out, 'memdex-0.1.0.vsix'));
  const zip = readFileSync(vsix);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  // A zip's central directory holds each name in clear.
  const names = [...zip.toString('latin1').matchAll(/PK\x01\x02[\s\S]{42}([\x20-\x7e]+?)(?=PK|\x00|$)/g)].map((m) => m[1]);
  for (const name of ['extension.vsixmanifest', '[Content_Types].xml', 'extension/package.json', 'extension/readme.md', 'extension/LICENSE.txt', 'extension/dist/extension.js']) {
    expect(zip.includes(Buffer.from(name, 'latin1'))).toBe(true);
  }
  expect(names.length).toBeGreaterThanOrEqual(5);
  const bundle = readFileSync(join(REPO, 'editors', 'vscode', 'dist', 'extension.js'), 'utf8');
  const required = new Set([...bundle.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!));
  for (const name of required) expect(name === 'vscode' || name.startsWith('node:') || !name.includes('/') || ['child_process', 'fs', 'path', 'os', 'net', 'crypto', 'util', 'url', 'events', 'stream', 'assert'].includes(name)).toBe(true);
  expect([...required].filter((n) => n.startsWith('vscode-'))).toEqual([]);
  expect(bundle).toMatch(/args: \["--no-install", "memdex", "lsp"\]/);
  const manifest = JSON.parse(readFileSync(join(REPO, 'editors', 'vscode', 'package.json'), 'utf8')) as { main: string; engines: { vscode: string } };
  expect(manifest.main).toBe('./dist/extension.js');
}, 300_000);
