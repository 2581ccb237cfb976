/** The sentences about which memdex the written commands start (app/memdex-command.ts). */
export const commandMessages = {
  notInstalled: 'not installed in this project (run npm install)',
  notOnPath: 'not on PATH (install it: npm install --global memdex, see the README)',
  hookSkipped: (subcommand: string) => `hook ${subcommand} skipped`,
  checkSkipped: 'the memory check is skipped',
  project: (bin: string) => `${bin} (the project's)`,
  global: 'memdex on PATH (a global install)',
};
