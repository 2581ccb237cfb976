/**
 * `memdex migrate plan | apply <mapping> | recover`: the one-shot, all-or-nothing
 * migration of index entries and decision-file headings (see src/migrate/ for the
 * pure planning and verification, src/node/journal.ts for the crash-safe write).
 */
import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { InputError, MemdexError } from '../../core/errors.js';
import { MappingError, formatMapping, parseMapping } from '../../migrate/mapping.js';
import { planMigration } from '../../migrate/plan-migration.js';
import { proposeRows } from '../../migrate/propose.js';
import { unifiedDiff } from '../../migrate/unified-diff.js';
import { filesAfter, verifyMigration } from '../../migrate/verify.js';
import { migrateMessages as msg } from '../../messages/migrate.js';
import { rules } from '../../rules/index.js';
import { writeFileAtomic } from '../../node/atomic-write.js';
import { uncommittedPaths } from '../../node/git-status.js';
import { commitFiles, recoverPendingJournal } from '../../node/journal.js';
import { loadConfig } from '../../node/load-config.js';
import { resolveRoot } from '../../node/project-root.js';
import { buildWithFallback, loadProject, workingTreeSource } from '../../node/load-project.js';
import { readMarkdownFiles } from '../../node/markdown-files.js';
import { readText } from '../../node/read-text.js';
import { setExitCode } from '../exit-code.js';
import { rootMessages } from '../../messages/root.js';

/** From this many files on, a terminal gets a progress line while the renames run. */
const PROGRESS_MIN_FILES = 20;
const DEFAULT_PLAN_FILE = 'memdex-migration.tsv';

interface CommonArgs {
  root?: string;
}

const withRoot = <T>(y: Argv<T>) =>
  y.option('root', { type: 'string', describe: rootMessages.option });

/** Root and config, after finishing or rolling back an interrupted migration. */
function open(args: CommonArgs) {
  const root = resolveRoot(args.root, process.cwd(), process.env);
  const { config } = loadConfig(root);
  const recovery = recoverPendingJournal(root);
  if (recovery) process.stderr.write(msg.recovered(recovery.outcome, recovery.files));
  return { root, config };
}

interface PlanArgs extends CommonArgs {
  out?: string;
  all?: boolean;
}

const plan: CommandModule<object, PlanArgs> = {
  command: 'plan',
  describe: 'Write a mapping file (TSV) proposing the new entry and heading for every entry to change',
  builder: (y) =>
    withRoot(y)
      .option('out', { type: 'string', describe: `Mapping file to write; --out=- prints it (default: ${DEFAULT_PLAN_FILE} in the root)` })
      .option('all', { type: 'boolean', default: false, describe: 'Also list the /when and /how entries, unchanged, to edit their triggers' }) as Argv<PlanArgs>,
  handler: async (args) => {
    const { root, config } = open(args);
    const project = await loadProject(config, workingTreeSource(root));
    if (!project.index) throw new MemdexError(msg.noIndex(config.index), 1);
    const { rows, migrated } = proposeRows(project, args.all ?? false);
    if (rows.length === 0) {
      // Said on stderr with --out=-, so a pipe receives no half-empty mapping.
      (args.out === '-' ? process.stderr : process.stdout).write(msg.planNothingToDo(migrated));
      setExitCode(0);
      return;
    }
    const text = formatMapping(rows);
    if (args.out === '-') process.stdout.write(text);
    else {
      writeFileAtomic(resolve(root, args.out ?? DEFAULT_PLAN_FILE), text);
      process.stdout.write(msg.planWritten(args.out ?? DEFAULT_PLAN_FILE, rows.length));
    }
    setExitCode(0);
  },
};

interface ApplyArgs extends CommonArgs {
  mapping: string;
  preamble?: string;
  'dry-run'?: boolean;
  force?: boolean;
}

const apply: CommandModule<object, ApplyArgs> = {
  command: 'apply <mapping>',
  describe: 'Apply a mapping: rename headings, rewrite entries and links, all files or none',
  builder: (y) =>
    withRoot(y)
      .positional('mapping', { type: 'string', demandOption: true, describe: 'Mapping file (TSV, see docs/migrate.md)' })
      .option('preamble', { type: 'string', describe: 'File whose text replaces the index preamble (before the first ## section)' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'Print a unified diff and write nothing' })
      .option('force', { type: 'boolean', default: false, describe: 'Apply even with uncommitted changes in the files it touches' }) as unknown as Argv<ApplyArgs>,
  handler: async (args) => setExitCode(await runApply(args)),
};

async function runApply(args: ApplyArgs): Promise<number> {
  const { root, config } = open(args);
  let rows;
  try {
    rows = parseMapping(readText(resolve(process.cwd(), args.mapping), args.mapping), args.mapping);
  } catch (error) {
    if (error instanceof MappingError) throw new InputError(error.message);
    throw error;
  }
  const preamble = args.preamble === undefined ? undefined : readText(resolve(process.cwd(), args.preamble), args.preamble);
  const project = await loadProject(config, workingTreeSource(root));
  const markdown = readMarkdownFiles(root);
  const { linkDestinations } = await import('../../migrate/link-sites.js'); // remark: only on this path
  const planned = planMigration(project, rows, { ...(preamble !== undefined ? { preamble } : {}), markdown, linkSites: linkDestinations });
  if (planned.refusals.length > 0) return refuse(planned.refusals, msg.refused(planned.refusals.length));
  if (planned.changes.size === 0) {
    process.stdout.write(msg.nothingToDo(planned.summary.already));
    return 0;
  }
  const after = await buildWithFallback(filesAfter(project.files, planned), config);
  const problems = verifyMigration(after, planned, rules);
  if (problems.length > 0) return refuse(problems, msg.validatorRefused(problems.length));
  if (args['dry-run']) {
    for (const [path, change] of planned.changes) process.stdout.write(unifiedDiff(path, change.before, change.after));
    process.stdout.write(msg.summary(planned.summary) + msg.dryRunFooter(planned.changes.size));
    return 0;
  }
  if (!args.force) {
    const dirty = uncommittedPaths(root, [...planned.changes.keys()]);
    if (dirty === 'no-git') return refuse([], msg.notGit(root));
    if (dirty.length > 0) return refuse([], msg.dirty(dirty));
  }
  const changes = new Map([...planned.changes].map(([path, change]) => [path, change.after]));
  const progress =
    process.stderr.isTTY && changes.size >= PROGRESS_MIN_FILES
      ? (done: number, total: number) => process.stderr.write(`\rwriting ${done}/${total}${done === total ? '\n' : ''}`)
      : undefined;
  commitFiles(root, changes, progress ? { progress } : {});
  process.stdout.write(msg.summary(planned.summary));
  return 0;
}

function refuse(problems: readonly string[], headline: string): number {
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.stderr.write(`memdex: ${headline}\n`);
  return 1;
}

const recover: CommandModule<object, CommonArgs> = {
  command: 'recover',
  describe: 'Finish or roll back an interrupted migration (every migrate command also does this first)',
  builder: (y) => withRoot(y),
  handler: (args) => {
    const root = resolveRoot(args.root, process.cwd(), process.env);
    const recovery = recoverPendingJournal(root);
    process.stdout.write(recovery ? msg.recovered(recovery.outcome, recovery.files) : msg.noJournal);
    setExitCode(0);
  },
};

export const migrateCommand: CommandModule = {
  command: 'migrate',
  describe: 'Convert index entries and rename headings in one all-or-nothing step',
  builder: (y) =>
    y
      .command(plan as unknown as CommandModule)
      .command(apply as unknown as CommandModule)
      .command(recover as unknown as CommandModule)
      .demandCommand(1, 'Give a migrate subcommand: plan, apply or recover.'),
  handler: () => {},
};
