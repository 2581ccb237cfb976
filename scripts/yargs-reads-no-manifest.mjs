// An esbuild plugin of scripts/build.mjs (test/integrations/licences.test.ts bundles with it too).
// yargs looks for a package.json upward from memdex's install folder (the user's repository once installed) to guess
// a version and read a "yargs" key: memdex uses neither (its version is core/version.ts), and a repository can commit
// a package.json that is a FIFO or a symlink to /dev/zero, which hung every yargs-parsed command (issue 27 item 1).
// Its finder (escalade, used by nothing else bundled) finds nothing, so yargs reads no file.
export const yargsReadsNoManifest = {
  name: 'yargs-reads-no-manifest',
  setup(b) {
    b.onResolve({ filter: /^escalade\/sync$/ }, (args) => (/[\\/]yargs[\\/]/.test(args.importer) ? { path: 'escalade-sync', namespace: 'no-manifest' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-manifest' }, () => ({ contents: 'export default function findUp() { return undefined; }', loader: 'js' }));
  },
};
