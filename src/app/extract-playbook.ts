/**
 * The playbook step of session-end and pre-compact: run the user's extractor
 * (config playbook.extractor, or MEMDEX_EXTRACTOR, which wins) on the transcript,
 * then apply its ExtractionResult to the latest playbook under the lock.
 *
 * Extractor contract: `<command> <transcript path>`, the current playbook JSON on
 * stdin, an ExtractionResult JSON on stdout, exit 0. Also in its environment:
 * MEMDEX_TRANSCRIPT_PATH, MEMDEX_HOOK_EVENT, MEMDEX_SESSION_ID, CLAUDE_PROJECT_DIR.
 * The slow part (the extractor, usually an LLM call) runs outside the lock; only
 * the apply-and-write holds it.
 */
import { messages } from '../messages/hooks.js';
import { describeProblems } from '../playbook/locate-problems.js';
import { parseExtraction } from '../playbook/parse-extraction.js';
import { toJson } from '../playbook/serialize-playbook.js';
import type { HookStep } from './hook-step.js';

/**
 * The extractor is killed after this long: the settings snippet (docs/playbook.md)
 * gives these hooks 120 s, and the lock and the write need a few seconds of that.
 */
export const EXTRACTOR_TIMEOUT_MS = 100_000;
/** A hook waits this long for the lock, then gives up (logged): the agent must not hang. */
const HOOK_LOCK_TIMEOUT_MS = 10_000;

export const extractPlaybook: HookStep = {
  name: messages.steps.playbook,
  async run(context) {
    const { host } = context;
    const command = context.env.MEMDEX_EXTRACTOR?.trim() || context.config.playbook.extractor;
    if (!command) return; // no extractor configured: the playbook is only updated by `memdex playbook update`
    const transcript = context.payload.transcriptPath;
    if (transcript === undefined || !host.exists(host.resolvePath(context.root, transcript))) {
      context.log(messages.noTranscript(transcript));
      return;
    }
    const file = host.playbookFile(context.root, context.config);
    const current = host.readPlaybook(file).playbook;
    const result = await host.runShellCommand(command, transcript, {
      input: JSON.stringify(toJson(current), null, 2),
      timeoutMs: EXTRACTOR_TIMEOUT_MS,
      cwd: context.root,
      env: {
        ...context.env,
        CLAUDE_PROJECT_DIR: context.root,
        MEMDEX_TRANSCRIPT_PATH: transcript,
        MEMDEX_HOOK_EVENT: context.event,
        MEMDEX_SESSION_ID: context.payload.sessionId ?? '',
      },
    });
    if (result.error !== undefined) throw new Error(messages.extractorFailed(command, result.error));
    if (result.status !== 0) throw new Error(messages.extractorFailed(command, messages.extractorExit(result.status, result.stderr)));
    if (result.stdout.trim() === '') return; // nothing learned this session
    const parsed = parseExtraction(result.stdout);
    if (!parsed.ok) throw new Error(messages.extractorFailed(command, messages.extractorOutput(describeProblems('stdout', result.stdout, parsed.problems))));
    host.updatePlaybook(file, parsed.result, host.now(), { timeoutMs: HOOK_LOCK_TIMEOUT_MS });
  },
};
