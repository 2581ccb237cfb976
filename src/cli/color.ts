import type { ChalkInstance } from 'chalk';

/** Colour turned off by the environment or by a report file, applied when chalk loads. */
let off = false;

/**
 * Colour as chalk decides it (a terminal, or FORCE_COLOR, which lint-staged sets
 * so that pre-commit output keeps its colours), except that NO_COLOR turns it
 * off unless FORCE_COLOR is also set (https://no-color.org, https://force-color.org).
 */
export function applyColorEnv(env: Readonly<Record<string, string | undefined>>): void {
  if (env.FORCE_COLOR !== undefined) return;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') off = true;
}

/** No colour for text that does not go to a terminal (a report file), unless FORCE_COLOR asks for it. */
export function plainText(env: Readonly<Record<string, string | undefined>>): void {
  if (env.FORCE_COLOR === undefined) off = true;
}

/**
 * chalk, loaded only when a report has findings to colour: loading it (its colour
 * detection requires node:tty and node:os) was ~6 ms CPU of every check, ~7 % of
 * `node -e 0`, on a clean tree that prints one uncoloured line (issue 26 item 13).
 */
export async function loadChalk(): Promise<ChalkInstance> {
  const { default: chalk } = await import('chalk');
  if (off) chalk.level = 0;
  return chalk;
}
