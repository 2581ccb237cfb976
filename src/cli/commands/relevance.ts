/** `memdex relevance <subcommand>` (the work: src/app/relevance.ts). */
import { auditSession, compactStore, environmentTags, evaluateSessions, pinItem, previewInjection, showItem } from '../../app/relevance.js';
import { relevanceGroup } from '../../messages/command-specs.js';
import { messages } from '../../messages/relevance.js';
import { nodeHost } from '../../node/node-host.js';
import type { ManualPinAction } from '../../relevance/manual-pin.js';
import type { Parsed } from '../command-spec.js';
import { num, positional, runGroup, str } from '../run-command.js';

const json = (args: Parsed) => str(args, 'format') === 'json';
const print = (text: string) => process.stdout.write(`${text}\n`);
const warn = (lines: readonly string[]) => {
  for (const line of lines) process.stderr.write(messages.warning(line));
};

/** Scores with three decimals, so that columns line up. */
function formatNumber(value: number): string {
  return (Math.round(value * 1000) / 1000).toFixed(3);
}

function pin(action: ManualPinAction) {
  return (args: Parsed) => {
    const id = positional(args, 'id');
    const item = pinItem(nodeHost(), str(args, 'root'), id, action);
    if (json(args)) print(JSON.stringify({ id, pinned: item.pin.pinned, pinMode: item.pin.mode }));
    else print(messages.pinChanged(id, messages.pinState(item.pin.pinned, item.pin.mode === 'manual')));
    return 0;
  };
}

export function main(argv: readonly string[]): Promise<number> {
  return runGroup(relevanceGroup, argv, {
    show: (args) => {
      const { id, scored, item, warnings } = showItem(nodeHost(), str(args, 'root'), positional(args, 'id'));
      warn(warnings);
      const tags = Object.fromEntries(
        Object.entries(item.tags)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([tag, row]) => [tag, { score: row.score, positive: row.positive, negative: row.negative, events: row.events, lastEvaluated: row.lastEvaluated }]),
      );
      if (json(args)) {
        print(JSON.stringify({ id, pinned: item.pin.pinned, pinMode: item.pin.mode, events: item.events, lastEventAt: item.lastEventAt ?? null, tags, reasons: item.reasons }, null, 2));
      } else if (!scored) print(messages.notScored(id));
      else {
        const lines = [messages.itemSummary(id, item.pin.pinned, item.pin.mode, item.events, item.lastEventAt)];
        const width = Math.max(3, ...Object.keys(tags).map((t) => t.length));
        if (Object.keys(tags).length > 0) lines.push(messages.itemTableHeader(width));
        for (const [tag, row] of Object.entries(tags)) {
          lines.push(`  ${tag.padEnd(width)}  ${formatNumber(row.score).padStart(6)}  ${String(row.positive).padStart(8)}  ${String(row.negative).padStart(8)}  ${String(row.events).padStart(6)}`);
        }
        for (const reason of item.reasons) lines.push(`  ${reason.at} ${reason.source}: ${reason.text}`);
        print(lines.join('\n'));
      }
      return 0;
    },
    pin: pin('pin'),
    unpin: pin('unpin'),
    auto: pin('auto'),
    evaluate: async (args) => {
      const log: string[] = [];
      const evaluator = str(args, 'evaluator');
      const summary = await evaluateSessions(nodeHost(), {
        ...(str(args, 'root') !== undefined ? { root: str(args, 'root')! } : {}),
        limit: num(args, 'limit'),
        timeoutSeconds: num(args, 'timeout'),
        ...(evaluator !== undefined ? { evaluator } : {}),
        log: (line) => (json(args) ? log.push(line) : print(line)),
      });
      if (json(args)) print(JSON.stringify({ ...summary, log }));
      else print(messages.evaluateSummary(summary.done.length, summary.failed.length, summary.skipped.length));
      return summary.failed.length > 0 || summary.skipped.length > 0 ? 1 : 0;
    },
    inject: (args) => {
      const optional = (name: string) => (str(args, name) !== undefined ? { [name]: str(args, name)! } : {});
      const outcome = previewInjection(nodeHost(), { ...optional('root'), ...optional('session'), ...optional('transcript'), ...optional('cwd') });
      warn(outcome.warnings);
      if (json(args)) print(JSON.stringify({ tags: outcome.tags, shown: outcome.shown, ranked: outcome.ranked, text: outcome.text }, null, 2));
      else if (outcome.text !== '') print(outcome.text);
      return 0;
    },
    audit: (args) => {
      const outcome = auditSession(nodeHost(), str(args, 'root'), str(args, 'session')!, str(args, 'transcript'));
      if (json(args)) print(JSON.stringify({ session: outcome.sessionId, ...outcome.record }));
      else print(messages.auditRecorded(outcome.sessionId, outcome.record.status));
      return 0;
    },
    tags: (args) => {
      const environment = environmentTags(nodeHost(), str(args, 'root'));
      warn(environment.issues);
      if (json(args)) print(JSON.stringify({ repo: environment.repo, tags: environment.tags }));
      else if (environment.tags.length > 0) print(environment.tags.join('\n'));
      return 0;
    },
    compact: (args) => {
      const result = compactStore(nodeHost(), str(args, 'root'));
      if (json(args)) print(JSON.stringify({ removedSessions: result.removedSessions, removedItems: result.removedItems }));
      else print(messages.compacted(result.removedSessions.length, result.removedItems.length));
      return 0;
    },
  });
}
