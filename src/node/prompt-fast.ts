/**
 * The prompt hooks' fastest path, bundled alone as CommonJS (dist/hook-fast.cjs,
 * like the recall fast path): every prompt after a session's first only has to
 * see that the session's marker exists and answer `{}`. This answers exactly that
 * case, without the ESM loader and the full CLI: the payload names the running
 * event (or none), CLAUDE_PROJECT_DIR gives the root (as in src/app/hook.ts), hooks
 * are on, and the marker is there. Anything else returns what it read from stdin,
 * and bin/memdex.cjs hands it to the prompt hook (src/hooks/prompt-hook.ts,
 * dist/hook.cjs), which decides (and logs). A tree whose config turns on the
 * prompt's pointers (suggest.onPrompt) answers them here too, from the cached
 * ranker index (promptPointers, loaded only then).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE } from '../model/config-file.js';
import { HOOK_EVENT_NAME } from '../app/hook-events.js';
import { parseHookPayload } from '../app/hook-payload.js';
import { markerPath } from './session-markers.js';
import { readStdin } from './read-stdin.js';
import { readTextIfExists } from './read-text.js';
import { writeStdout } from './write-output.js';

export function tryPromptHook(event: string): { readonly answered: true } | { readonly answered: false; readonly stdin: string } {
  let stdin = '';
  try {
    stdin = readStdin();
    const expected = event === 'user-prompt-submit' || event === 'session-start' ? HOOK_EVENT_NAME[event] : undefined;
    const dir = process.env.CLAUDE_PROJECT_DIR?.trim();
    if (expected === undefined || !dir || process.env.MEMDEX_HOOKS === '0') return { answered: false, stdin };
    const parsed = parseHookPayload(stdin);
    if (!parsed.ok || parsed.payload.sessionId === undefined) return { answered: false, stdin };
    const { hookEventName, sessionId } = parsed.payload;
    if (hookEventName !== undefined && hookEventName !== expected) return { answered: false, stdin };
    if (!existsSync(markerPath(resolve(dir), sessionId))) return { answered: false, stdin };
    const answer = event === 'user-prompt-submit' ? promptPointers(resolve(dir), expected, sessionId, parsed.payload.prompt, parsed.payload.transcriptPath) : {};
    if (answer === undefined) return { answered: false, stdin };
    writeStdout(`${JSON.stringify(answer)}\n`);
    return { answered: true };
  } catch {
    return { answered: false, stdin }; // the full hook redoes it and logs any failure
  }
}

/**
 * `{}`, unless the config asks for the prompt's pointers (a config that does not
 * mention them is not parsed); undefined: only the full hook can answer. The config
 * is read once, through the one file reader (a FIFO or a device fails at once, not
 * waits), and an unreadable one is the full hook's to report.
 */
function promptPointers(root: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined {
  // Not load-config.ts: a config without "onPrompt" never pays for its parser and schema.
  const config = readTextIfExists(join(root, CONFIG_FILE), CONFIG_FILE);
  if (config === undefined || !config.includes('"onPrompt"')) return {};
  return (require('./prompt-pointers-fast.js') as typeof import('./prompt-pointers-fast.js')).promptPointersFast(root, config, hookEventName, sessionId, prompt, transcriptPath);
}
