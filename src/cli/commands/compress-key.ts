import type { CommandModule } from 'yargs';
import { UsageError } from '../../core/errors.js';
import { closest } from '../../fuzzy/matcher.js';
import { resolveMessages as m } from '../../messages/resolve.js';
import { loadConfig } from '../../node/load-config.js';
import { resolveRoot } from '../../node/project-root.js';
import { loadProject, workingTreeSource } from '../../node/load-project.js';
import { compressHeading, compressKey, type CompressKeyResult } from '../../resolve/compress-key.js';
import { DEFAULT_RESOLVE_PARAMS } from '../../resolve/params.js';
import { setExitCode } from '../exit-code.js';
import { rootMessages } from '../../messages/root.js';

interface Args {
  heading?: string[];
  all?: boolean;
  root?: string;
  format?: string;
}

export const command: CommandModule<object, Args> = {
  command: 'compress-key [heading..]',
  describe: 'Shortest trigger that resolves to a heading and to no other, and the heading it would be renamed to',
  builder: (y) =>
    y
      .positional('heading', { type: 'string', array: true, describe: 'Heading text, e.g. "How to Encode File Paths"' })
      .option('all', { type: 'boolean', describe: 'Every semantic heading of the tree' })
      .option('root', { type: 'string', describe: rootMessages.option })
      .option('format', { choices: ['text', 'json'], default: 'text' }),
  handler: async (args) => {
    const heading = (args.heading ?? []).join(' ').trim();
    if (!args.all && heading === '') throw new UsageError('give a heading, e.g. `memdex compress-key "How to Encode File Paths"`, or --all');
    const root = resolveRoot(args.root, process.cwd(), process.env);
    const { config } = loadConfig(root);
    const project = await loadProject(config, workingTreeSource(root));
    const results: CompressKeyResult[] = args.all
      ? project.decisions.flatMap((f) => f.headings.filter((h) => h.semantic).map((h) => compressHeading(project, h)))
      : [compressKey(project, heading)];
    let failed = false;
    const rows: Record<string, unknown>[] = [];
    for (const r of results) {
      if (r.kind === 'ok') {
        rows.push({ file: r.heading.path, line: r.heading.line, heading: r.heading.text, entry: r.entry, proposedHeading: r.proposedHeading });
        if (args.format !== 'json') {
          process.stdout.write(args.all ? `${r.heading.path}:${r.heading.line}\t${r.entry}\t${r.proposedHeading}\n` : `${r.entry}\n${r.proposedHeading}\n`);
        }
        continue;
      }
      failed = true;
      if (r.kind === 'no-heading') {
        const all = project.decisions.flatMap((f) => f.headings.filter((h) => h.semantic).map((h) => h.text));
        const nearest = closest(r.heading, all, DEFAULT_RESOLVE_PARAMS.fuzzy, 3).map((x) => x.item);
        process.stderr.write(`memdex: ${m.compressNoHeading(r.heading, nearest)}\n`);
      } else if (r.kind === 'duplicate-heading') {
        process.stderr.write(`memdex: ${m.ambiguousSection(`.${r.heading}`, r.at.map((h) => `${h.path}:${h.line}  .${h.text}`))}\n`);
      } else {
        process.stderr.write(`memdex: ${r.heading.path}:${r.heading.line}: ${m.compressNone(r.heading.text)}\n`);
      }
    }
    if (args.format === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    setExitCode(failed ? 1 : 0);
  },
};
