/**
 * The full CLI's commands print with process.stdout and process.stderr: every text
 * written there is escaped (core/terminal-text.ts), so no command can print a
 * heading's escape sequences raw. Bytes (Buffers) pass as they are: they are what
 * node/write-output.ts already wrote, or another program's. Called once, at the CLI's start.
 */
import { escapeControls } from '../core/terminal-text.js';

export function escapeProcessOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? escapeControls(chunk) : chunk, ...rest)) as typeof stream.write;
  }
}
