/**
 * `memdex playbook show|update|migrate|stats`: the playbook from the command line.
 * Hooks do not come through here (they use `memdex hook`, without yargs); both
 * share src/node/playbook-file.ts.
 */
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.js';
import { messages } from '../../messages/playbook.js';
import { nowIso } from '../../node/clock.js';
import { loadConfig } from '../../node/load-config.js';
import { resolveRoot } from '../../node/project-root.js';
import { loadTemplate, migratePlaybook, playbookFile, readPlaybook, updatePlaybook } from '../../node/playbook-file.js';
import { readText } from '../../node/read-text.js';
import { readStdin } from '../../node/read-stdin.js';
import { describeProblems } from '../../playbook/locate-problems.js';
import { parseExtraction } from '../../playbook/parse-extraction.js';
import { renderPlaybook } from '../../playbook/render-playbook.js';
import { keyPointName } from '../../playbook/schema.js';
import { playbookStats } from '../../playbook/stats.js';
import { setExitCode } from '../exit-code.js';
import { rootMessages } from '../../messages/root.js';

interface RootArgs {
  readonly root?: string;
}

function project(args: RootArgs) {
  const root = resolveRoot(args.root, process.cwd(), process.env);
  const { config } = loadConfig(root);
  return { root, config, file: playbookFile(root, config) };
}

const rootOption = <T>(yargs: Argv<T>) =>
  yargs.option('root', { type: 'string', describe: rootMessages.option });

const show: CommandModule<object, RootArgs> = {
  command: 'show',
  describe: 'Print the text the hooks inject: the template filled with the key points',
  builder: rootOption,
  handler: (args) => {
    const { root, config, file } = project(args);
    const text = renderPlaybook(readPlaybook(file).playbook, loadTemplate(root, config));
    process.stdout.write(text === '' || text.endsWith('\n') ? text : `${text}\n`);
    setExitCode(0);
  },
};

const update: CommandModule<object, RootArgs & { extraction: string }> = {
  command: 'update',
  describe: 'Apply an ExtractionResult ({new_key_points, evaluations}) under the lock',
  builder: (yargs) =>
    rootOption(yargs).option('extraction', {
      type: 'string',
      demandOption: true,
      nargs: 1, // so that `--extraction -` takes the dash as its value
      describe: 'ExtractionResult JSON file, or - for stdin',
    }),
  handler: (args) => {
    const { file } = project(args);
    const display = messages.extractionFile(args.extraction);
    const text = args.extraction === '-' ? readStdin() : readText(args.extraction, display);
    const parsed = parseExtraction(text);
    if (!parsed.ok) throw new InputError(describeProblems(args.extraction === '-' ? '<stdin>' : args.extraction, text, parsed.problems));
    const outcome = updatePlaybook(file, parsed.result, nowIso());
    process.stdout.write(
      `${outcome.written ? messages.updated(outcome.added.length, outcome.counted.length, outcome.unknownNames.length, outcome.pruned.length) : messages.unchanged}\n`,
    );
    setExitCode(0);
  },
};

const migrate: CommandModule<object, RootArgs> = {
  command: 'migrate',
  describe: 'Rewrite the playbook in canonical form (legacy entries migrated, score dropped)',
  builder: rootOption,
  handler: (args) => {
    const { file } = project(args);
    const outcome = migratePlaybook(file, nowIso());
    const line = !outcome.existed
      ? messages.noPlaybook(file.display)
      : outcome.written
        ? messages.migrated(file.display, outcome.migrations.length)
        : messages.alreadyCanonical(file.display);
    process.stdout.write(`${line}\n`);
    setExitCode(0);
  },
};

const stats: CommandModule<object, RootArgs & { json?: boolean }> = {
  command: 'stats',
  describe: 'Summarise the key points and their ratings',
  builder: (yargs) => rootOption(yargs).option('json', { type: 'boolean', describe: 'Print JSON' }),
  handler: (args) => {
    const { file } = project(args);
    const { playbook, migrations } = readPlaybook(file);
    const s = { ...playbookStats(playbook), legacyEntries: migrations.length };
    const text = args.json
      ? JSON.stringify(s, null, 2)
      : [
          `${file.display}`,
          `  key points:       ${s.keyPoints} (${s.untested} never rated)`,
          `  ratings:          ${s.helpfulRatings} helpful, ${s.harmfulRatings} harmful`,
          `  one harmful from pruning: ${s.atRisk.length === 0 ? 'none' : s.atRisk.join(', ')}`,
          `  names issued:     up to ${keyPointName(s.nameCounter)}`,
          `  last updated:     ${s.lastUpdated ?? 'never'}`,
          ...(s.legacyEntries > 0 ? [`  legacy entries:   ${s.legacyEntries} (run \`memdex playbook migrate\`)`] : []),
        ].join('\n');
    process.stdout.write(`${text}\n`);
    setExitCode(0);
  },
};

export const command: CommandModule = {
  command: 'playbook',
  describe: 'Show, update, migrate or summarise the playbook (.claude/playbook.json)',
  builder: (yargs) =>
    yargs
      .command(show)
      .command(update as CommandModule)
      .command(migrate)
      .command(stats as CommandModule)
      .demandCommand(1, 'Give a playbook command: show, update, migrate or stats.'),
  handler: () => undefined,
};
