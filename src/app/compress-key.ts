/** `memdex compress-key`: the shortest unique trigger of one heading, or of every semantic heading. */
import { UsageError } from '../core/errors.js';
import { closest } from '../fuzzy/matcher.js';
import { resolveMessages as m } from '../messages/resolve.js';
import { compressHeading, compressKey, type CompressKeyResult } from '../resolve/compress-key.js';
import { DEFAULT_RESOLVE_PARAMS } from '../resolve/params.js';
import type { TreeHost } from './host.js';
import { loadProject } from './load-project.js';
import { projectContext } from './project-context.js';

export interface CompressRow {
  readonly file: string;
  readonly line: number;
  readonly heading: string;
  readonly entry: string;
  readonly proposedHeading: string;
}

export interface CompressOutcome {
  readonly rows: readonly CompressRow[];
  /** One sentence per heading that has no answer. */
  readonly failures: readonly string[];
}

export async function compressKeys(host: TreeHost, request: { readonly heading: string; readonly all: boolean; readonly root?: string }): Promise<CompressOutcome> {
  if (!request.all && request.heading === '') throw new UsageError(m.compressNoArgument);
  const { root, config } = projectContext(host, request.root);
  const project = await loadProject(config, host.workingTree(root));
  const semantic = project.decisions.flatMap((f) => f.headings.filter((h) => h.semantic));
  const results: CompressKeyResult[] = request.all ? semantic.map((h) => compressHeading(project, h)) : [compressKey(project, request.heading)];
  const rows: CompressRow[] = [];
  const failures: string[] = [];
  for (const r of results) {
    if (r.kind === 'ok') rows.push({ file: r.heading.path, line: r.heading.line, heading: r.heading.text, entry: r.entry, proposedHeading: r.proposedHeading });
    else if (r.kind === 'no-heading') {
      const nearest = closest(r.heading, semantic.map((h) => h.text), DEFAULT_RESOLVE_PARAMS.fuzzy, 3).map((x) => x.item);
      failures.push(m.compressNoHeading(r.heading, nearest));
    } else if (r.kind === 'duplicate-heading') {
      failures.push(m.ambiguousSection(`.${r.heading}`, r.at.map((h) => `${h.path}:${h.line}  .${h.text}`)));
    } else failures.push(`${r.heading.path}:${r.heading.line}: ${m.compressNone(r.heading.text)}`);
  }
  return { rows, failures };
}
