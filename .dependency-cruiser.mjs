// The import graph of src/, checked against the one list of layers (layers.js) by
// test/layers.test.ts; by hand: `npx depcruise src`. Resolved imports, type-only
// ones included: no circle, no import from a layer to one above it, app/ importing
// nothing of node/, node/ only app/'s types, adapters only node/'s composition root.
import { ADAPTERS, LAYERS, PURE } from './layers.js';

/** A path regex for folders of src/ ('.': the files at its top). */
const under = (names) => `^src/(${names.filter((n) => n !== '.').join('|')})/` + (names.includes('.') ? `|^src/[^/]+\\.ts$` : '');

const upward = LAYERS.flatMap((layer, index) =>
  index === 0
    ? []
    : [
        {
          name: `layer-${layer.name.replace(/\s+/g, '-')}`,
          comment: `${layer.name} (${layer.folders.join(', ')}) imports only its own layer and those below it.`,
          severity: 'error',
          from: { path: under(layer.folders) },
          to: { path: under(LAYERS.slice(0, index).flatMap((l) => l.folders)) },
        },
      ],
);

export default {
  forbidden: [
    { name: 'no-circular', comment: 'No import circle anywhere in src/.', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
    ...upward,
    {
      name: 'node-imports-app-types-only',
      comment: 'node/ implements the ports of app/: it imports their types, never a use case.',
      severity: 'error',
      from: { path: '^src/node/' },
      to: { path: '^src/app/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'adapters-through-composition-root',
      comment: 'Adapters reach node/ only through the files that build a host (node/*-host.ts).',
      severity: 'error',
      from: { path: under(ADAPTERS) },
      to: { path: '^src/node/', pathNot: '^src/node/[^/]+-host\\.ts$' },
    },
    {
      name: 'pure-touches-no-machine',
      comment: 'The pure core imports no node: module.',
      severity: 'error',
      from: { path: under(PURE) },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|^src/types/' },
  },
};
