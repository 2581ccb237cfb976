/** memdex public API: pure functions and types. Adapters (CLI, hooks, fs) are not exported. */
export * from './playbook/index.js';
