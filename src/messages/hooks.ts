/** Lines of .claude/memdex-hooks.log and the few things `memdex hook` says to a human. */
import { thousands } from './thousands.js';

export const messages = {
  usage: 'usage: memdex hook <user-prompt-submit|session-start|session-end|pre-compact> (Claude Code hook JSON on stdin)\n',
  storeWorkerUsage: 'usage: memdex hook store-worker <root> (started by the prompt hooks when the relevance store holds an earlier version\'s sessions)\n',
  workerUsage: 'usage: memdex hook extract-worker <event> <root> <session id> <transcript> (started by the session-end and pre-compact hooks)\n',
  unknownEvent: (event: string) => `unknown hook event "${event}"; expected user-prompt-submit, session-start, session-end or pre-compact`,
  badPayload: (detail: string) => `invalid hook payload on stdin: ${detail}; expected the JSON object Claude Code sends`,
  wrongEvent: (event: string, running: string, expected: string) =>
    `\`memdex hook ${event}\` ran for the ${running} event; it answers ${expected} only (Claude Code rejects output naming another event), so it did nothing; wire it under ${expected} in .claude/settings.json`,
  templateTooLong: (limit: number) =>
    `the playbook template leaves no room for key points below Claude Code's ${thousands(limit)}-character limit for hook context; nothing injected; shorten the template (config playbook.template)`,
  contextTooLong: (length: number, limit: number) =>
    `the rendered context has ${length} characters, not below Claude Code's limit of ${limit}; nothing injected and nothing recorded`,
  badExtractionState: (path: string, detail: string) => `${path}: cannot read the extraction offsets (${detail}); fix or delete the file; playbook not updated`,
  extractionStateShape: 'expected {"sessions": {...}}',
  extractionStateEntry: (id: string) => `session "${id}" needs {"transcript": string, "offset": integer >= 0, "at": string, "failures"?: integer >= 0}`,
  extracted: (start: number, end: number, transcript: string, evaluations: number, added: number) =>
    `extracted bytes ${start}-${end} of ${transcript}: ${evaluations} evaluation(s), ${added} new key point(s)`,
  nothingNew: (transcript: string) => `nothing new in ${transcript} since the last extraction; extractor not run`,
  partLost: (start: number, end: number, transcript: string) =>
    `bytes ${start}-${end} of ${transcript} were not extracted and a later extraction already read past them; they will not be extracted`,
  payloadNotObject: 'expected a JSON object',
  /** The names of the hook steps, as the hook log prefixes their failures. */
  steps: { playbook: 'playbook update', marker: 'session marker', audit: 'relevance audit', learning: 'learning run', store: 'relevance store compaction' },
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
  suggestFailed: (detail: string) => `prompt suggestions (suggest.onPrompt) failed: ${detail}; no pointers injected`,
};
