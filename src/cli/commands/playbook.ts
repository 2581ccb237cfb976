/** `memdex playbook show|update|migrate|stats` (the work: src/app/playbook.ts). */
import { listPending, migratePlaybookFile, reviewHeld, showPlaybook, statsOfPlaybook, updatePlaybookFrom } from '../../app/playbook.js';
import { playbookGroup } from '../../messages/command-specs.js';
import { messages } from '../../messages/playbook.js';
import { messages as relevanceMessages } from '../../messages/relevance.js';
import { keyPointName } from '../../playbook/schema.js';
import { nodeHost } from '../../node/node-host.js';
import { positional, runGroup, str } from '../run-command.js';

export function main(argv: readonly string[], handover: { readonly stdin?: string } = {}): Promise<number> {
  return runGroup(playbookGroup, argv, {
    show: (args) => {
      const { text, warnings } = showPlaybook(nodeHost(handover), str(args, 'root'));
      for (const warning of warnings) process.stderr.write(relevanceMessages.warning(warning));
      process.stdout.write(text === '' || text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    },
    update: (args) => {
      const outcome = updatePlaybookFrom(nodeHost(handover), str(args, 'root'), str(args, 'extraction')!);
      process.stdout.write(
        `${outcome.written ? messages.updated(outcome.added.length, outcome.counted.length, outcome.unknownNames.length, outcome.pruned.length) : messages.unchanged}\n`,
      );
      return 0;
    },
    pending: (args) => {
      const { display, pending } = listPending(nodeHost(handover), str(args, 'root'));
      if (str(args, 'format') === 'json') {
        process.stdout.write(`${JSON.stringify(pending.map((kp) => ({ name: kp.name, text: kp.text, source: kp.source ?? null, ...kp.pending })), null, 2)}\n`);
        return 0;
      }
      const lines =
        pending.length === 0
          ? [messages.noPending(display)]
          : [
              messages.pendingHeader(display, pending.length),
              ...pending.map((kp) =>
                messages.pendingEntry(kp.name, kp.text, kp.source ? messages.sourceLine(kp.source.by, kp.source.session, kp.source.at) : '(not recorded)', kp.pending!.reason, kp.pending!.evidence),
              ),
              messages.pendingFooter,
            ];
      process.stdout.write(`${lines.join('\n')}\n`); // escaped once, by cli/escape-output.ts
      return 0;
    },
    approve: (args) => {
      const { display, keyPoint } = reviewHeld(nodeHost(handover), str(args, 'root'), positional(args, 'id'), 'approve');
      process.stdout.write(`${messages.approved(keyPoint.name, display)}\n`);
      return 0;
    },
    reject: (args) => {
      const { display, keyPoint } = reviewHeld(nodeHost(handover), str(args, 'root'), positional(args, 'id'), 'reject');
      process.stdout.write(`${messages.rejected(keyPoint.name, display)}\n`);
      return 0;
    },
    migrate: (args) => {
      const { file, outcome } = migratePlaybookFile(nodeHost(handover), str(args, 'root'));
      const line = !outcome.existed ? messages.noPlaybook(file.display) : outcome.written ? messages.migrated(file.display, outcome.migrations.length) : messages.alreadyCanonical(file.display);
      process.stdout.write(`${line}\n`);
      return 0;
    },
    stats: (args) => {
      const { display, stats: s } = statsOfPlaybook(nodeHost(handover), str(args, 'root'));
      const text =
        str(args, 'format') === 'json'
          ? JSON.stringify(s, null, 2)
          : messages.stats(display, { ...s, lastIssued: keyPointName(s.nameCounter) });
      process.stdout.write(`${text}\n`);
      return 0;
    },
  });
}
