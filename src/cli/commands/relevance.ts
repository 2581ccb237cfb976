import type { Argv, CommandModule } from 'yargs';
import { MemdexError, UsageError } from '../../core/errors.js';
import { messages } from '../../messages/relevance.js';
import { detectEnvironment } from '../../node/detect-environment.js';
import { evaluatePending } from '../../node/evaluate-pending.js';
import { readPlaybookKeyPoints } from '../../node/read-playbook-key-points.js';
import { readRelevance, updateRelevance } from '../../node/relevance-store.js';
import { relevanceInjection } from '../../hooks/relevance-injection.js';
import { relevanceSessionEnd } from '../../hooks/relevance-session-end.js';
import { compactState } from '../../relevance/compact.js';
import { setPinByHand, type ManualPinAction } from '../../relevance/manual-pin.js';
import { NEW_ITEM } from '../../relevance/types.js';
import { itemIdProblem } from '../../relevance/validate.js';
import { setExitCode } from '../exit-code.js';
import { nowIso } from '../../node/clock.js';
import { formatNumber, relevanceContext, type RelevanceContext } from '../relevance-context.js';
import { rootMessages } from '../../messages/root.js';

interface Common {
  readonly root?: string;
  readonly format: 'text' | 'json';
}

const common = <T>(yargs: Argv<T>) =>
  yargs
    .option('root', { type: 'string', describe: rootMessages.option })
    .option('format', { choices: ['text', 'json'] as const, default: 'text' as const });

function warn(lines: readonly string[]): void {
  for (const line of lines) process.stderr.write(messages.warning(line));
}

function checkedId(id: string): string {
  const problem = itemIdProblem(id);
  if (problem !== undefined) throw new UsageError(problem);
  return id;
}

const show: CommandModule<object, Common & { id: string }> = {
  command: 'show <id>',
  describe: "An item's pin state, event count and per-tag scores",
  builder: (yargs) => common(yargs).positional('id', { type: 'string', demandOption: true }),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    const id = checkedId(args.id);
    const store = readRelevance(ctx.storePath, ctx.params);
    if (store.corrupt !== undefined) throw new MemdexError(store.corrupt, 2);
    warn(store.issues);
    const item = store.state.items[id] ?? NEW_ITEM;
    const tags = Object.fromEntries(
      Object.entries(item.tags)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([tag, row]) => [tag, { score: row.score, positive: row.positive, negative: row.negative, events: row.events, lastEvaluated: row.lastEvaluated }]),
    );
    if (args.format === 'json') {
      const out = { id, pinned: item.pin.pinned, pinMode: item.pin.mode, events: item.events, lastEventAt: item.lastEventAt ?? null, tags, reasons: item.reasons };
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else if (store.state.items[id] === undefined) {
      process.stdout.write(`${messages.notScored(id)}\n`);
    } else {
      const lines = [`${id}: ${item.pin.pinned ? 'pinned' : 'not pinned'} (${item.pin.mode}), ${item.events} event${item.events === 1 ? '' : 's'}${item.lastEventAt ? `, last ${item.lastEventAt}` : ''}`];
      const width = Math.max(3, ...Object.keys(tags).map((t) => t.length));
      if (Object.keys(tags).length > 0) lines.push(`  ${'tag'.padEnd(width)}   score  positive  negative  events`);
      for (const [tag, row] of Object.entries(tags)) {
        lines.push(`  ${tag.padEnd(width)}  ${formatNumber(row.score).padStart(6)}  ${String(row.positive).padStart(8)}  ${String(row.negative).padStart(8)}  ${String(row.events).padStart(6)}`);
      }
      for (const reason of item.reasons) lines.push(`  ${reason.at} ${reason.source}: ${reason.text}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    setExitCode(0);
  },
};

function pinCommand(action: ManualPinAction, describe: string): CommandModule<object, Common & { id: string }> {
  return {
    command: `${action} <id>`,
    describe,
    builder: (yargs) => common(yargs).positional('id', { type: 'string', demandOption: true }),
    handler: (args) => {
      const ctx = relevanceContext(args.root);
      const id = checkedId(args.id);
      const item = updateRelevance(ctx.storePath, (state) => {
        const next = setPinByHand(state, id, action);
        return { state: next, result: next.items[id]! };
      }, { params: ctx.params });
      if (args.format === 'json') process.stdout.write(`${JSON.stringify({ id, pinned: item.pin.pinned, pinMode: item.pin.mode })}\n`);
      else process.stdout.write(`${messages.pinChanged(id, `${item.pin.pinned ? 'pinned' : 'not pinned'}, ${item.pin.mode === 'manual' ? 'by hand: scores will not change this' : 'automatic: scores decide'}`)}\n`);
      setExitCode(0);
    },
  };
}

interface EvaluateArgs extends Common {
  readonly limit: number;
  readonly evaluator?: string;
  readonly timeout: number;
}

const evaluate: CommandModule<object, EvaluateArgs> = {
  command: 'evaluate',
  describe: 'Run the evaluator once per pending session and apply its per-tag scores',
  builder: (yargs) =>
    common(yargs)
      .option('limit', { type: 'number', default: 10, describe: 'At most this many sessions in this run' })
      .option('evaluator', { type: 'string', describe: 'Command to run (default: MEMDEX_EVALUATOR, then relevance.evaluator in memdex.config.json)' })
      .option('timeout', { type: 'number', default: 300, describe: 'Seconds to wait for one evaluator answer' }),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    if (!Number.isSafeInteger(args.limit) || args.limit < 1) throw new UsageError(`--limit ${args.limit}: expected a whole number >= 1`);
    if (!Number.isFinite(args.timeout) || args.timeout <= 0) throw new UsageError(`--timeout ${args.timeout}: expected seconds > 0`);
    const command = nonEmpty(args.evaluator) ?? nonEmpty(process.env.MEMDEX_EVALUATOR) ?? ctx.config.relevance.evaluator;
    if (command === undefined) throw new UsageError(messages.noEvaluator);
    const playbook = readPlaybookKeyPoints(ctx.root, ctx.config);
    const log: string[] = [];
    const summary = evaluatePending({
      storePath: ctx.storePath,
      root: ctx.root,
      command,
      params: ctx.params,
      texts: new Map(playbook.keyPoints.map((kp) => [kp.id, kp.text])),
      limit: args.limit,
      timeoutMs: args.timeout * 1000,
      now: nowIso,
      log: (line) => (args.format === 'json' ? log.push(line) : process.stdout.write(`${line}\n`)),
    });
    if (args.format === 'json') process.stdout.write(`${JSON.stringify({ ...summary, log })}\n`);
    else process.stdout.write(`${messages.evaluateSummary(summary.done.length, summary.failed.length, summary.skipped.length)}\n`);
    setExitCode(summary.failed.length > 0 || summary.skipped.length > 0 ? 1 : 0);
  },
};

interface InjectArgs extends Common {
  readonly session?: string;
  readonly transcript?: string;
  readonly cwd?: string;
}

const inject: CommandModule<object, InjectArgs> = {
  command: 'inject',
  describe: 'Print the key-point block the injection hook would add, ranked for this environment (records shown ids with --session)',
  builder: (yargs) =>
    common(yargs)
      .option('session', { type: 'string', describe: 'Session id: record what is shown in its audit record' })
      .option('transcript', { type: 'string', describe: 'Transcript path, kept in the audit record' })
      .option('cwd', { type: 'string', describe: 'Working directory for path prerequisites (default: the root)' }),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    const outcome = relevanceInjection({
      root: ctx.root,
      config: ctx.config,
      now: nowIso(),
      ...(nonEmpty(args.session) !== undefined ? { sessionId: args.session! } : {}),
      ...(nonEmpty(args.transcript) !== undefined ? { transcriptPath: args.transcript! } : {}),
      ...(nonEmpty(args.cwd) !== undefined ? { cwd: args.cwd! } : {}),
    });
    warn(outcome.warnings);
    if (args.format === 'json') {
      process.stdout.write(`${JSON.stringify({ tags: outcome.tags, shown: outcome.shown, ranked: outcome.ranked, text: outcome.text }, null, 2)}\n`);
    } else if (outcome.text !== '') process.stdout.write(`${outcome.text}\n`);
    setExitCode(0);
  },
};

const audit: CommandModule<object, Common & { session: string; transcript?: string }> = {
  command: 'audit',
  describe: "Record that a session ended (the session-end hook's relevance step): queues it for evaluation",
  builder: (yargs) =>
    common(yargs)
      .option('session', { type: 'string', demandOption: true, describe: 'Session id' })
      .option('transcript', { type: 'string', describe: 'Transcript path (JSONL) for the evaluator' }),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    const outcome = relevanceSessionEnd({ sessionId: args.session, ...(args.transcript !== undefined ? { transcriptPath: args.transcript } : {}) }, { root: ctx.root, config: ctx.config, now: nowIso() });
    if (outcome.kind === 'skipped') throw new MemdexError(`audit skipped: ${outcome.reason}`, 1);
    if (args.format === 'json') process.stdout.write(`${JSON.stringify({ session: outcome.sessionId, ...outcome.record })}\n`);
    else process.stdout.write(`${messages.auditRecorded(outcome.sessionId, outcome.record.status)}\n`);
    setExitCode(0);
  },
};

const tags: CommandModule<object, Common> = {
  command: 'tags',
  describe: 'The environment tags detected for this repository',
  builder: (yargs) => common(yargs),
  handler: (args) => {
    const ctx: RelevanceContext = relevanceContext(args.root);
    const environment = detectEnvironment(ctx.root);
    warn(environment.issues);
    if (args.format === 'json') process.stdout.write(`${JSON.stringify({ repo: environment.repo, tags: environment.tags })}\n`);
    else process.stdout.write(environment.tags.map((t) => `${t}\n`).join(''));
    setExitCode(0);
  },
};

const compact: CommandModule<object, Common> = {
  command: 'compact',
  describe: 'Drop old finished sessions, and items no longer in the playbook',
  builder: (yargs) => common(yargs),
  handler: (args) => {
    const ctx = relevanceContext(args.root);
    const playbook = readPlaybookKeyPoints(ctx.root, ctx.config);
    // Without a readable playbook, "not in the playbook" would mean everything: keep the items.
    const live = playbook.exists && playbook.problem === undefined ? new Set(playbook.keyPoints.map((kp) => kp.id)) : undefined;
    const result = updateRelevance(ctx.storePath, (state) => {
      const compacted = compactState(state, nowIso(), ctx.params, live);
      return { state: compacted.state, result: compacted };
    }, { params: ctx.params });
    if (args.format === 'json') process.stdout.write(`${JSON.stringify({ removedSessions: result.removedSessions, removedItems: result.removedItems })}\n`);
    else process.stdout.write(`${messages.compacted(result.removedSessions.length, result.removedItems.length)}\n`);
    setExitCode(0);
  },
};

/** `memdex relevance <subcommand>`: tag-relevance scores, pins and the evaluation queue (docs/relevance.md). */
export const command: CommandModule = {
  command: 'relevance <command>',
  describe: 'Tag-relevance scores of key points: show, pin, evaluate sessions, preview injection',
  builder: (yargs) =>
    yargs
      .command(show)
      .command(pinCommand('pin', 'Pin an item by hand (always injected; scores never unpin it)'))
      .command(pinCommand('unpin', 'Unpin an item by hand (scores never pin it again)'))
      .command(pinCommand('auto', 'Hand the pin state of an item back to the scores'))
      .command(evaluate)
      .command(inject)
      .command(audit)
      .command(tags)
      .command(compact)
      .demandCommand(1, 'Give a relevance subcommand.') as Argv,
  handler: () => undefined,
};

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
