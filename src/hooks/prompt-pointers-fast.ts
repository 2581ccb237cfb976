/** The pointers of a later prompt (src/app/later-prompt-pointers.ts), a module of its own: prompt-fast.ts loads it only when the config asks for them. */
import { cachedPromptPointers } from '../app/later-prompt-pointers.js';
import { nodePointerHost } from '../node/pointer-host.js';

export function cachedPointers(root: string, configText: string, hookEventName: string, sessionId: string, prompt: string | undefined, transcriptPath: string | undefined): object | undefined {
  return cachedPromptPointers(nodePointerHost(), root, configText, hookEventName, sessionId, prompt, transcriptPath);
}
