/**
 * Licences: memdex's own (LICENSE, MIT, as package.json says) and the notices of every
 * npm package bundled into dist/ (dist/THIRD-PARTY-NOTICES.md, written by the build),
 * both in the published files. The bundled set is found again here, from esbuild's
 * metafile of the three entry points, so a package the build forgot fails the test.
 */
import { afterAll, expect, test } from '@jest/globals';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../helpers/corpora.js';

interface Notices {
  packageDirOf(input: string): string | undefined;
  bundledPackages(repo: string, metafiles: readonly unknown[]): { name: string; version: string }[];
}
const notices = (): Promise<Notices> => import(pathToFileURL(join(REPO, 'scripts', 'third-party-notices.mjs')).href);

const temp = mkdtempSync(join(tmpdir(), 'memdex-licences-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test('LICENSE is the MIT licence of memdex contributors, as package.json says', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  expect(pkg.license).toBe('MIT');
  const text = readFileSync(join(REPO, 'LICENSE'), 'utf8');
  expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} memdex contributors\n/);
  expect(text).toContain('The above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software.');
});

test('every package bundled into dist/ appears in THIRD-PARTY-NOTICES.md with its licence text', async () => {
  const { metafile } = await build({
    entryPoints: ['src/cli/main.ts', 'src/index.ts', 'src/when/fuzzy-stage.ts'],
    absWorkingDir: REPO,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    plugins: [
      (await import(pathToFileURL(join(REPO, 'scripts', 'chart-assets.mjs')).href)).chartAssets,
      (await import(pathToFileURL(join(REPO, 'scripts', 'yargs-reads-no-manifest.mjs')).href)).yargsReadsNoManifest,
    ],
  });
  const { packageDirOf } = await notices();
  const dirs = new Set(Object.keys(metafile.inputs).map(packageDirOf).filter((d): d is string => d !== undefined));
  expect(dirs.size).toBeGreaterThan(20);
  const text = readFileSync(join(REPO, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8');
  for (const dir of dirs) {
    const pkg = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'));
    const file = readdirSync(join(REPO, dir)).find((f) => /^licen[cs]e/i.test(f))!;
    const section = `## ${pkg.name}@${pkg.version} (${pkg.license})\n\n\`\`\`\n${readFileSync(join(REPO, dir, file), 'utf8').trim()}\n\`\`\``;
    expect([dir, text.includes(section)]).toEqual([dir, true]);
  }
  // one section per bundled name@version (two versions of one package, e.g. string-width, are two sections)
  const pkgOf = (d: string) => JSON.parse(readFileSync(join(REPO, d, 'package.json'), 'utf8')) as { name: string; version: string };
  expect(text.match(/^## /gm)).toHaveLength(new Set([...dirs].map((d) => `${pkgOf(d).name}@${pkgOf(d).version}`)).size);
});

test('a bundled file belongs to its innermost package, scoped or nested', async () => {
  const { packageDirOf } = await notices();
  expect(packageDirOf('node_modules/unified/lib/index.js')).toBe('node_modules/unified');
  expect(packageDirOf('node_modules/a/node_modules/@scope/b/lib/x.js')).toBe('node_modules/a/node_modules/@scope/b');
  expect(packageDirOf('src/index.ts')).toBeUndefined();
});

test('a bundled package without a licence file stops the build, named', async () => {
  const { bundledPackages } = await notices();
  mkdirSync(join(temp, 'node_modules', 'quiet'), { recursive: true });
  writeFileSync(join(temp, 'node_modules', 'quiet', 'package.json'), JSON.stringify({ name: 'quiet', version: '1.2.3', license: 'MIT' }));
  expect(() => bundledPackages(temp, [{ inputs: { 'node_modules/quiet/index.js': {} } }])).toThrow(
    'bundled packages without a licence file: quiet@1.2.3; add their notice to scripts/third-party-notices.mjs',
  );
});

test('the published files hold LICENSE, the notices, the declarations, both library entries and the integrations', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' });
  const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  for (const path of ['LICENSE', 'dist/THIRD-PARTY-NOTICES.md', 'dist/types/index.d.ts', 'dist/index.js', 'dist/index.cjs', 'action.yml', '.pre-commit-hooks.yaml', '.github/memdex-matcher.json', 'docs/api.md', 'docs/github.md']) {
    expect([path, files.includes(path)]).toEqual([path, true]);
  }
});
