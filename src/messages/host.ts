/** Sentences of the machine adapters (src/node/): what could not be read or run, and why. */
export const hostMessages = {
  stdinUnreadable: (code: string) => `cannot read stdin (${code})`,
  gitMissing: (detail: string) => `git is not available (${detail})`,
  gitFailed: (command: string | undefined, cwd: string, detail: string) => `git ${command ?? ''} failed in ${cwd}: ${detail}`,
  gitExit: (status: number | null) => `exit ${status}`,
  decisionsUnlistable: (folder: string, code: string | undefined) => `${folder}: cannot list the decisions folder (${code})`,
  commandTimedOut: (ms: number) => `timed out after ${ms} ms`,
  commandKilled: (signal: string) => `killed by ${signal}`,
};
