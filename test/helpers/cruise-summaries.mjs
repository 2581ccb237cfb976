/**
 * The import graph's cruises for test/layers.test.ts, run in a plain Node process:
 * dependency-cruiser loads TypeScript's compiler (9 MB of CommonJS), which Jest's
 * module registry evaluates without V8's code cache and wraps module by module; the
 * same cruise of src/ took 12.6 s inside a Jest worker and 7.3 s here.
 *
 * argv: the repository (the config .dependency-cruiser.mjs is read from it, as
 * `npx depcruise src` does) and a small tree to cruise without its tsConfig. Prints
 * `{ "repository": summary, "small": summary }`: each cruise's result summary.
 */
import { cruise } from 'dependency-cruiser';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repository, small] = process.argv.slice(2);
const { options, ...ruleSet } = (await import(pathToFileURL(join(repository, '.dependency-cruiser.mjs')).href)).default;

async function summary(dir, cruiseOptions) {
  process.chdir(dir);
  const { output } = await cruise(['src'], { ...cruiseOptions, validate: true, ruleSet, outputType: 'json' });
  return (typeof output === 'string' ? JSON.parse(output) : output).summary;
}

const { tsConfig: _tsConfig, ...plain } = options;
const result = {
  repository: await summary(repository, options),
  small: await summary(small, { ...plain, tsPreCompilationDeps: true }),
};
process.stdout.write(JSON.stringify(result));
