/**
 * `memdex hook <event>`: the adapter between Claude Code and the hook use case
 * (src/app/hook.ts): stdin in, one JSON line out, exit 0 whatever happens.
 */
import { runHook as hookUseCase } from '../app/hook.js';
import { messages } from '../messages/hooks.js';
import { nodeHost } from '../node/node-host.js';

export async function runHook(argv: readonly string[], handover: { readonly stdin?: string } = {}): Promise<number> {
  const [event = ''] = argv;
  if (event === '' || event.startsWith('-')) {
    process.stderr.write(messages.usage);
    process.stdout.write('{}\n');
    return 0;
  }
  const output = await hookUseCase(nodeHost(handover), event);
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}
