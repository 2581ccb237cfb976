/**
 * `memdex hook <event>`: a FAST command (no yargs): Claude Code runs it on every
 * prompt. The work is in src/hooks/.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const { runHook } = await import('../../hooks/run-hook.js');
  return runHook(argv);
}
