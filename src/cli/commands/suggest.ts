import type { CommandModule } from 'yargs';
import { UsageError } from '../../core/errors.js';
import { suggestMessages as m } from '../../messages/suggest.js';
import { loadConfig, resolveRoot } from '../../node/load-config.js';
import { workingTreeSource } from '../../node/load-project.js';
import { loadProjectCached } from '../../node/model-cache.js';
import { readStdin } from '../../node/read-stdin.js';
import { buildSuggestIndex } from '../../suggest/build-index.js';
import { DEFAULT_SUGGEST_PARAMS } from '../../suggest/params.js';
import { rank } from '../../suggest/rank.js';
import { setExitCode } from '../exit-code.js';

interface Args {
  text?: string;
  limit?: number;
  root?: string;
  format?: string;
}

const DEFAULT_LIMIT = 10;

export const command: CommandModule<object, Args> = {
  command: 'suggest [text]',
  describe: m.describe,
  builder: (y) =>
    y
      .positional('text', { type: 'string', describe: m.textOption })
      .option('limit', { type: 'number', default: DEFAULT_LIMIT, describe: m.limitOption })
      .option('root', { type: 'string', describe: m.rootOption })
      .option('format', { choices: ['text', 'json'], default: 'text', describe: m.formatOption }),
  handler: async (args) => {
    const limit = args.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError(m.badLimit(String(args.limit)));
    // yargs hands a lone `-` over as '' (and nothing as undefined): '' means "read stdin".
    if (args.text === undefined) throw new UsageError(m.noText);
    const text = args.text === '' || args.text === '-' ? readStdin() : args.text;
    if (text.trim() === '') throw new UsageError(m.noText);
    const root = resolveRoot(args.root ?? (process.env.CLAUDE_PROJECT_DIR || undefined), process.cwd());
    const { config } = loadConfig(root);
    // The content-hash checked model cache: an unchanged tree is not parsed again.
    const project = await loadProjectCached(root, config, workingTreeSource(root));
    if (!project.index) throw new UsageError(m.noIndex(config.index));
    const found = rank(buildSuggestIndex(project), text, DEFAULT_SUGGEST_PARAMS, { limit });
    if (args.format === 'json') process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
    else if (found.length > 0) process.stdout.write(found.map((s) => `${s.score.toFixed(3)}  ${s.label}\n`).join(''));
    if (found.length === 0) process.stderr.write(`memdex: ${m.none(DEFAULT_SUGGEST_PARAMS.threshold)}\n`);
    setExitCode(found.length > 0 ? 0 : 1);
  },
};
