/** The sentences of root discovery (src/model/project-root.ts): which tree a command works on. */
const below = (base: string, trees: readonly string[], option: string) =>
  trees.length === 0 ? '' : `; found ${trees.length === 1 ? 'one' : 'some'} below it: ${trees.map((tree) => `${option} ${joinShown(base, tree)}`).join(', ')}`;

function joinShown(base: string, tree: string): string {
  return base === '.' ? tree : `${base.replace(/\/+$/, '')}/${tree}`;
}

/** `a, b or c`. */
const either = (markers: readonly string[]) => (markers.length < 2 ? markers.join('') : `${markers.slice(0, -1).join(', ')} or ${markers.at(-1)!}`);

export const rootMessages = {
  option: 'Root of the memory tree (default: CLAUDE_PROJECT_DIR, else the nearest folder above the cwd holding memdex.config.json, agents/memory-index.md or .claude/playbook.json)',
  missingRoot: (source: 'option' | 'env', given: string) =>
    source === 'option' ? `--root ${given}: no such directory; expected the folder of a memory tree` : `CLAUDE_PROJECT_DIR=${given}: no such directory; expected the project folder (or unset it)`,
  emptyRoot: (source: 'option' | 'env', given: string, markers: readonly string[], trees: readonly string[]) =>
    source === 'option'
      ? `--root ${given}: no memory tree there (expected ${either(markers)})${below(given, trees, '--root')}`
      : `CLAUDE_PROJECT_DIR=${given}: no memory tree there, nor at or above the current directory inside it (expected ${either(markers)})${below(given, trees, '--root')}`,
  noTree: (cwd: string, markers: readonly string[], trees: readonly string[]) =>
    `no memory tree found from ${cwd} upwards: expected ${either(markers)}; pass --root or set CLAUDE_PROJECT_DIR${below('.', trees, '--root')}`,
};
