/** The sentences of root discovery (src/model/project-root.ts): which tree a command works on. */
export const rootMessages = {
  option: 'Root of the memory tree (default: CLAUDE_PROJECT_DIR, else the nearest folder above the cwd holding memdex.config.json or agents/memory-index.md)',
  missingRoot: (source: 'option' | 'env', given: string) =>
    source === 'option' ? `--root ${given}: no such directory; expected the folder of a memory tree` : `CLAUDE_PROJECT_DIR=${given}: no such directory; expected the project folder (or unset it)`,
  noTree: (cwd: string, markers: readonly string[]) =>
    `no memory tree found from ${cwd} upwards: expected ${markers.join(' or ')}; pass --root or set CLAUDE_PROJECT_DIR`,
};
