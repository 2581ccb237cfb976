/** `memdex lsp [--stdio]`: the language server (cli/lsp-server.ts, its own bundle: dist/lsp.cjs). */
import { lspSpec } from '../../messages/command-specs.js';
import { runYargsCommand } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(lspSpec, argv, async () => (await import('../lsp-server.js')).serveLsp());
}
