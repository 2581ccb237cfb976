/** `memdex playbook show|update|migrate|stats` (the work: src/app/playbook.ts). */
import { migratePlaybookFile, showPlaybook, statsOfPlaybook, updatePlaybookFrom } from '../../app/playbook.js';
import { playbookGroup } from '../../messages/command-specs.js';
import { messages } from '../../messages/playbook.js';
import { messages as relevanceMessages } from '../../messages/relevance.js';
import { keyPointName } from '../../playbook/schema.js';
import { nodeHost } from '../../node/node-host.js';
import { runGroup, str } from '../run-command.js';

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
