/**
 * `memdex hook <event>`: the adapter between Claude Code and the hook use case
 * (src/app/hook.ts): stdin in, one JSON line out, exit 0 whatever happens.
 * `memdex hook extract-worker <event> <root> <session id> <transcript>` is the
 * background worker session-end and pre-compact start (src/app/extract-playbook.ts);
 * `memdex hook learn-worker <root>` the learning run session-start starts
 * (src/app/learn-worker.ts); `memdex hook store-worker <root>` the move of an earlier
 * version's sessions out of the store the injection starts (src/app/store-worker.ts);
 * not for people, so not in the usage line.
 */
import { HOOK_EVENTS } from '../app/hook-handlers.js';
import { EXTRACTION_WORKER, LEARNING_WORKER, STORE_WORKER } from '../app/hook-step.js';
import { messages } from '../messages/hooks.js';
import { learnMessages } from '../messages/learn.js';
import { nodeHost } from '../node/node-host.js';
import { answerHook } from './answer-hook.js';

export async function runHook(argv: readonly string[], handover: { readonly stdin?: string } = {}): Promise<number> {
  const [event = ''] = argv;
  if (event === EXTRACTION_WORKER) {
    const [, workerEvent = '', root = '', sessionId = '', transcriptPath = ''] = argv;
    if ([workerEvent, root, sessionId, transcriptPath].includes('')) {
      process.stderr.write(messages.workerUsage);
      return 2;
    }
    const { runExtractionWorker } = await import('../app/extract-playbook.js');
    await runExtractionWorker(nodeHost(handover), { event: workerEvent, root, sessionId, transcriptPath });
    return 0;
  }
  if (event === LEARNING_WORKER) {
    const [, root = '', current] = argv;
    if (root === '') {
      process.stderr.write(learnMessages.workerUsage);
      return 2;
    }
    const [{ runLearningWorker }, { nodeTranscriptHost }] = await Promise.all([import('../app/learn-worker.js'), import('../node/transcript-host.js')]);
    await runLearningWorker({ ...nodeHost(handover), ...nodeTranscriptHost() }, root, current);
    return 0;
  }
  if (event === STORE_WORKER) {
    const [, root = ''] = argv;
    if (root === '') {
      process.stderr.write(messages.storeWorkerUsage);
      return 2;
    }
    const host = nodeHost(handover);
    const log = (line: string) => host.hookLog(root, STORE_WORKER, line);
    try {
      const { runStoreWorker } = await import('../app/store-worker.js');
      runStoreWorker(host, root, log);
    } catch (error) {
      log(`${messages.steps.store}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 0;
  }
  const host = nodeHost(handover);
  if (event === '' || event.startsWith('-')) {
    host.writeStderr(messages.usage);
    host.writeStdout('{}\n');
    return 0;
  }
  return answerHook(host, event, HOOK_EVENTS);
}
