/** Lines of .claude/memdex-hooks.log and the few things `memdex hook` says to a human. */
export const messages = {
  usage: 'usage: memdex hook <user-prompt-submit|session-start|session-end|pre-compact> (Claude Code hook JSON on stdin)\n',
  unknownEvent: (event: string) => `unknown hook event "${event}"; expected user-prompt-submit, session-start, session-end or pre-compact`,
  badPayload: (detail: string) => `invalid hook payload on stdin: ${detail}; expected the JSON object Claude Code sends`,
  payloadNotObject: 'expected a JSON object',
  /** The names of the hook steps, as the hook log prefixes their failures. */
  steps: { playbook: 'playbook update', marker: 'session marker', audit: 'relevance audit' },
  relevanceWarning: (detail: string) => `relevance: ${detail}`,
  shownNotRecorded: (detail: string) => `shown ids not recorded: ${detail}`,
  noSessionId: 'no session_id in the hook payload',
  hooksOff: 'MEMDEX_HOOKS=0',
  failed: (what: string, detail: string) => `${what} failed: ${detail}`,
  noTranscript: (path: string | undefined) =>
    path === undefined ? 'no transcript_path in the payload; playbook not updated' : `transcript ${path} not found; playbook not updated`,
  extractorFailed: (command: string, detail: string) => `extractor \`${command}\` ${detail}; playbook not updated`,
  extractorExit: (status: number | null, stderr: string) => `exited with ${status ?? 'no status'}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}`,
  extractorOutput: (problems: string) => `printed no valid ExtractionResult (${problems})`,
};
