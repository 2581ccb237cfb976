// Writes each schemas/*.schema.json from the TypeScript object that is its one
// source (e.g. PLAYBOOK_SCHEMA in src/playbook/schema.ts). Tests fail when a
// committed file differs from its source: run `npm run schemas` after a change.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';

const SCHEMAS = [{ file: 'schemas/playbook.schema.json', source: 'src/playbook/schema.ts', name: 'PLAYBOOK_SCHEMA' }];

for (const { file, source, name } of SCHEMAS) {
  const bundle = await build({ entryPoints: [source], bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'error' });
  const module = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
  writeFileSync(new URL(`../${file}`, import.meta.url), `${JSON.stringify(module[name], null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
}
