// The layers of src/, the one list: ESLint enforces it (eslint.config.js), the import
// graph test checks it with dependency-cruiser (test/layers.test.ts, from
// .dependency-cruiser.mjs), and the pure-core tests read it (test/api.test.ts).
// docs/architecture.md draws it.
//
// Top to bottom. A file imports its own layer and the layers below it, never one
// above; no import circle anywhere. Each layer lists the folders of src/ it owns.
export const LAYERS = [
  // The public library (src/index.ts, src/library.ts) and the adapters: each parses
  // its input, builds the host (the composition root, COMPOSITION_ROOT below),
  // calls a use case and prints. cli/: the commands; hooks/: Claude Code's hooks,
  // fast paths included; when/: the fast stages of `memdex when|how|resolve`;
  // mcp/, lsp/: the MCP and language servers.
  { name: 'adapters', folders: ['.', 'cli', 'hooks', 'when', 'mcp', 'lsp'] },
  // The machine: implements the ports app/ defines, imports app/ types only.
  { name: 'machine', folders: ['node'] },
  // The use cases and the ports they own (src/app/host.ts).
  { name: 'use cases', folders: ['app'] },
  // The pure core, in layers of its own: no machine, no clock, no randomness.
  { name: 'reports', folders: ['recall', 'migrate'], pure: true },
  { name: 'rules', folders: ['rules'], pure: true },
  { name: 'learning', folders: ['relevance', 'playbook'], pure: true },
  { name: 'engine', folders: ['core'], pure: true },
  { name: 'finding', folders: ['resolve', 'suggest', 'fuzzy'], pure: true },
  { name: 'model', folders: ['model', 'transcript'], pure: true },
  { name: 'words', folders: ['messages'], pure: true },
];

/** The folders of the pure core (no node:*, no process, no clock, no randomness). */
export const PURE = LAYERS.filter((layer) => layer.pure).flatMap((layer) => layer.folders);

/** The adapters' folders ('.': the files at the top of src/, the public library). */
export const ADAPTERS = LAYERS[0].folders;

/**
 * The composition root: the only files of node/ an adapter imports, each building a
 * host (an implementation of app/'s ports) from the machine's parts. The rest of
 * node/ is behind the ports.
 */
export const COMPOSITION_ROOT = 'src/node/*-host.ts';
