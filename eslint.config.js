// The layer rule, enforced (npm test runs `npm run lint` in pretest), from the one list
// of layers in layers.js (drawn in docs/architecture.md):
//   adapters  (src/*.ts, cli/, hooks/, when/, mcp/, lsp/: parse, build the host, call a use case, print)
//   machine   (node/: implements app/'s ports; imports app/ types only)
//   use cases (app/: the workflows and the ports they own)
//   the pure core, in layers (recall, migrate > rules > relevance, playbook > core > resolve, suggest, fuzzy > model, transcript > messages)
// Imports point down. The one exception is the composition root: an adapter imports
// the files of node/ that build a host (node/*-host.ts), and nothing else of node/.
// The pure folders touch no machine: no node:* module, no process, no clock, no
// randomness (time and ids come in as parameters). test/layers.test.ts checks the
// resolved import graph against the same list with dependency-cruiser.
import tseslint from 'typescript-eslint';
import { LAYERS, PURE } from './layers.js';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'util', 'url', 'module', 'process'];
const machine = (message) => [{ group: NODE_BUILTINS, message }];
/** `no-restricted-imports` patterns naming folders of src/ (any depth of ../); '.' (the top files) is left to the graph test. */
const folders = (names, message) => names.filter((name) => name !== '.').map((name) => ({ group: [`**/${name}/*`, `**/${name}`, `../${name}/*`], message, allowTypeImports: false }));

const impure = {
  'no-restricted-globals': ['error', { name: 'process', message: 'Pure code takes what it needs from process as a parameter (through a port of src/app/host.ts).' }],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Time is a parameter (the Clock port, host.now()).' },
    { object: 'Math', property: 'random', message: 'Randomness is a parameter (a seeded PRNG).' },
  ],
  'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Time is a parameter (the Clock port, host.now()).' }],
};

/** What a file of `folder` (in layer `index`) may not import, besides the layers above it. */
function extra(folder, layer) {
  if (layer.pure) return machine('The pure core touches no machine: a use case reads through its ports (src/app/host.ts) and passes values in.');
  if (folder === 'app') return machine('Use cases reach the machine only through their ports (src/app/host.ts).');
  if (folder === 'node') return [{ group: ['**/app/*', '../app/*'], message: 'node/ implements the ports of src/app/: it imports their types only.', allowTypeImports: true }];
  return [
    {
      group: ['**/node/*', '!**/node/*-host.js'],
      message: 'Adapters build a host (the composition root, src/node/*-host.ts) and call a use case in src/app/; the rest of src/node/ is behind the ports.',
    },
  ];
}

const layerRules = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(0, index);
  return layer.folders.map((folder) => ({
    files: [folder === '.' ? 'src/*.ts' : `src/${folder}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...extra(folder, layer),
            ...above.flatMap((upper) => folders(upper.folders, `Imports point down: src/${folder}/ (${layer.name}) does not import ${upper.name} (src/{${upper.folders.join(',')}}/), see layers.js.`)),
          ],
        },
      ],
      ...(layer.pure ? impure : {}),
    },
  }));
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/**', 'coverage/**'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  ...layerRules,
  { files: PURE.map((name) => `src/${name}/**/*.ts`), rules: impure },
);
