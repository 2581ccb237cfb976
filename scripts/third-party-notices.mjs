// The notices of every npm package bundled into dist/: esbuild's metafiles name each
// input file; a file under node_modules/<name>/ (scoped or nested) belongs to that
// package, whose package.json and licence file are copied in. A bundled package
// without a licence file stops the build: its notice cannot be left out silently.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `node_modules/a/node_modules/@s/b/lib/x.js` → `node_modules/a/node_modules/@s/b` (the innermost package);
 * a plugin's namespace prefix (`chart-assets:node_modules/chartist/…`, inlined assets) is ignored.
 */
export function packageDirOf(input) {
  const match = /^(?:[a-z-]+:)?(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match?.[1];
}

const LICENSE_FILE = /^(licen[cs]e|copying)(-[a-z0-9.]+)?(\.(md|txt|markdown))?$/i; // LICENSE, LICENSE.md, LICENSE-MIT.txt (emoji-regex)

export function bundledPackages(repo, metafiles) {
  const dirs = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const dir = packageDirOf(input);
      if (dir) dirs.add(dir);
    }
  }
  const packages = [...dirs].map((dir) => {
    const pkg = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8'));
    const file = readdirSync(join(repo, dir)).find((f) => LICENSE_FILE.test(f));
    return { name: pkg.name, version: pkg.version, license: pkg.license ?? '(none given)', text: file ? readFileSync(join(repo, dir, file), 'utf8').trim() : undefined };
  });
  const missing = packages.filter((p) => p.text === undefined);
  if (missing.length > 0) {
    throw new Error(`bundled packages without a licence file: ${missing.map((p) => `${p.name}@${p.version}`).join(', ')}; add their notice to scripts/third-party-notices.mjs`);
  }
  const unique = new Map(packages.map((p) => [`${p.name}@${p.version}`, p]));
  return [...unique.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function thirdPartyNotices(repo, metafiles) {
  const packages = bundledPackages(repo, metafiles);
  const parts = [
    '# Third-party notices',
    '',
    `memdex bundles the following ${packages.length} npm packages into dist/. Their licences follow.`,
    '',
  ];
  for (const p of packages) parts.push(`## ${p.name}@${p.version} (${p.license})`, '', '```', p.text, '```', '');
  return parts.join('\n');
}
