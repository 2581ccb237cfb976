/** Every sentence of `memdex lsp` (the editor's language server). */
export const editorMessages = {
  nothingHere: 'no index entry or paired heading here; expected the cursor on an entry line of the index or on its heading in a decision file',
  empty: 'the new trigger is empty; expected words, like "writing mock tests"',
  renameRefused: (problems: readonly string[]) => `memdex: rename refused, nothing changed:\n${problems.join('\n')}`,
  noTree: (path: string) => `${path} is in no memory tree (a folder holding memdex.config.json or agents/memory-index.md)`,
  entryOf: (entry: string) => `index entry ${entry}`,
  started: 'memdex lsp: serving memory trees on stdio',
};
