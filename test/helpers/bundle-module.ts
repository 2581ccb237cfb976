import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Bundles one source module (TypeScript, with its imports) into an ES module file a
 * child process can import: the tests that need separate processes (lock races, a
 * reader blocked on a FIFO) run the source itself, not a dist/ bundle that exports
 * only the CLI. Errors are printed, so a broken source names itself.
 */
export async function bundleModule(source: URL, outfile: string): Promise<string> {
  await build({ entryPoints: [fileURLToPath(source)], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
  return outfile;
}
