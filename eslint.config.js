// The layer rule, enforced (npm test runs `npm run lint` in pretest):
//   cli/, hooks/  (adapters: parse, call a use case, print)
//        ↓
//   app/          (use cases: read through the Host port, call the core, write once)
//        ↓
//   core, model, rules, fuzzy, resolve, migrate, playbook, relevance, suggest, transcript, messages (pure)
// node/ implements the port (src/app/host.ts) and never imports cli/ or hooks/.
// The pure folders touch no machine: no node:* module, no process, no clock, no
// randomness (time and ids come in as parameters).
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'util', 'url', 'module', 'process'];
const PURE = ['core', 'model', 'rules', 'fuzzy', 'resolve', 'migrate', 'playbook', 'relevance', 'suggest', 'transcript', 'recall', 'messages'];

/** `no-restricted-imports` patterns naming folders of src/ (any depth of ../). */
const folders = (names, message) => names.map((name) => ({ group: [`**/${name}/*`, `**/${name}`, `../${name}/*`], message, allowTypeImports: false }));
const machine = (message) => [{ group: NODE_BUILTINS, message }];

const impure = {
  'no-restricted-globals': ['error', { name: 'process', message: 'Pure code takes what it needs from process as a parameter (the Host in src/app/).' }],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Time is a parameter (Host.now()).' },
    { object: 'Math', property: 'random', message: 'Randomness is a parameter (a seeded PRNG).' },
  ],
  'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Time is a parameter (Host.now()).' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/**', 'coverage/**'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  {
    files: PURE.map((name) => `src/${name}/**/*.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...machine('The pure core touches no machine: read through the Host (src/app/host.ts), pass values in.'),
            // messages/ may name the spec types of the CLI it words (type-only).
            ...folders(['node', 'app', 'hooks'], 'The pure core is the bottom layer: it imports only other pure folders.'),
            { group: ['**/cli/*', '../cli/*'], message: 'The pure core does not import the CLI.', allowTypeImports: true },
          ],
        },
      ],
      ...impure,
    },
  },
  {
    files: ['src/app/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...machine('Use cases reach the machine only through the Host port (src/app/host.ts).'),
            ...folders(['cli', 'hooks'], 'Imports point down: cli/ and hooks/ call app/, never the reverse.'),
            // The port's data types are the adapters' (type-only imports); their functions come through the Host.
            { group: ['**/node/*', '../node/*'], message: 'Use cases reach src/node/ only through the Host port.', allowTypeImports: true },
          ],
        },
      ],
      ...impure,
    },
  },
  {
    files: ['src/node/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: folders(['cli', 'hooks'], 'node/ implements the Host port; it never imports the adapters above it.') },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'src/hooks/**/*.ts'],
    ignores: [
      // The recall fast path (owned by the cache work): it reads the tree cache directly
      // for start-up speed and is bundled alone as CommonJS (dist/recall.cjs, dist/recall-fuzzy.cjs).
      'src/cli/resolve-command.ts',
      'src/cli/resolve-request.ts',
      'src/cli/resolve-model.ts',
      'src/cli/recall-exact.ts',
      'src/cli/recall-fast.ts',
      'src/cli/write-results.ts',
      'src/cli/answer-from-read.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/node/*', '!**/node/node-host.js', '!**/node/tree-host.js', '!**/node/transcript-host.js', '!**/node/suggest-host.js', '!**/node/setup-host.js', '!**/node/live-tree-host.js'],
              message: 'Adapters build the host (node/node-host.js, node/tree-host.js, node/transcript-host.js, node/suggest-host.js, node/setup-host.js, node/live-tree-host.js) and call a use case in src/app/; the rest of src/node/ is behind the port.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/hooks/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli/*', '../cli/*'], message: 'hooks/ and cli/ are sibling adapters.' },
            { group: ['**/node/*', '!**/node/node-host.js', '!**/node/tree-host.js'], message: 'Adapters build the host and call a use case in src/app/.' },
          ],
        },
      ],
    },
  },
);
