import chalk from 'chalk';

/**
 * Colour as chalk decides it (a terminal, or FORCE_COLOR, which lint-staged sets
 * so that pre-commit output keeps its colours), except that NO_COLOR turns it
 * off unless FORCE_COLOR is also set (https://no-color.org, https://force-color.org).
 */
export function applyColorEnv(env: Readonly<Record<string, string | undefined>>): void {
  if (env.FORCE_COLOR !== undefined) return;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') chalk.level = 0;
}

/** No colour for text that does not go to a terminal (a report file), unless FORCE_COLOR asks for it. */
export function plainText(env: Readonly<Record<string, string | undefined>>): void {
  if (env.FORCE_COLOR === undefined) chalk.level = 0;
}
