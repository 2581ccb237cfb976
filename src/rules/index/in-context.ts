/**
 * Whether the agent is shown the whole index is a choice (docs/agent-view.md): an
 * `@agents/memory-index.md` line in CLAUDE.md loads it into every session, at its
 * size in tokens on every request. `memdex init` makes the choice from the index's
 * size (it adds the line only when the index fits index/size-budget) and records it
 * in this rule's option `loaded`; this rule reports when CLAUDE.md says otherwise,
 * so the choice is not undone by an edit nobody meant.
 *
 * Checked in the CLAUDE.md files the client reads (`CLAUDE.md`, `.claude/CLAUDE.md`);
 * a project with neither is not checked. `loaded` unset (the default): no choice
 * recorded, nothing to disagree with.
 */
import { defineRule } from '../../core/rule.js';
import { lineTable, spanOf } from '../../model/lines.js';
import { checkMessages as m } from '../../messages/check.js';

/** The import line for a path: `@agents/memory-index.md` alone on its line (spaces around it allowed). */
export function importLine(path: string): string {
  return `@${path}`;
}

/** The 0-based lines of `text` that import `path`. */
export function importLines(text: string, path: string): number[] {
  const wanted = importLine(path);
  const found: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === wanted || line.trim() === `@./${path}`) found.push(i);
  });
  return found;
}

export default defineRule({
  meta: {
    id: 'index/in-context',
    description: 'CLAUDE.md loads the memory index exactly when the config says so (option loaded)',
    severity: 'warning',
    fixable: false,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        loaded: {
          type: ['boolean', 'null'],
          default: null,
          description: 'true: a CLAUDE.md file must load the index (`@<index path>` on a line of its own); false: none may; null: no choice recorded (`memdex init` records one).',
        },
      },
    },
  },
  *check({ config, contextFiles }, { options }) {
    const loaded = options.loaded as boolean | null;
    if (loaded === null || !contextFiles || contextFiles.length === 0) return;
    const imports = contextFiles.flatMap((file) => importLines(file.text, config.index).map((line) => ({ file, line })));
    if (loaded && imports.length === 0) {
      const file = contextFiles[0]!;
      yield { path: file.path, span: spanOf(lineTable(file.text), 0, 0), message: m.indexNotInContext(config.index, contextFiles.map((f) => f.path)) };
    }
    if (!loaded)
      for (const { file, line } of imports) {
        const table = lineTable(file.text);
        yield { path: file.path, span: spanOf(table, table.starts[line]!, table.ends[line]!), message: m.indexInContext(config.index) };
      }
  },
});
