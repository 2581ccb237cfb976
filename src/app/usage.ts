/**
 * The usage log from this project's transcripts, at the learning run: the newest
 * sessions read the way `memdex recall` reads them (src/recall/: each prompt with the
 * entries the agent recalled in its turn, mapped with memdex's own resolver), their
 * lines appended when new (node/usage-log.ts). `memdex recall` appends the lines of
 * every session it reads the same way (recall.ts).
 */
import type { Config } from '../model/config.js';
import { analyzeSession, recallContext } from '../recall/analyze-session.js';
import { SessionObserver } from '../recall/observe.js';
import { buildSuggestIndex } from '../suggest/build-index.js';
import { DEFAULT_SUGGEST_PARAMS } from '../suggest/params.js';
import type { UsageLine } from '../suggest/usage.js';
import type { TranscriptHost, TreeHost } from './host.js';
import { loadProject } from './load-project.js';
import { learnerOpenings, splitLearnerSessions } from './learner-sessions.js';
import { selectSessions } from './recall.js';

/** Reads the `newest` sessions of the project and appends their usage lines; returns how many lines were new. */
export async function collectUsage(host: TreeHost & TranscriptHost, root: string, config: Config, newest: number): Promise<number> {
  const found = host.listSessions(host.transcriptsDir(root));
  if (found === undefined || found.length === 0) return 0;
  // The learner's own sessions (older versions persisted them) recalled nothing for a user's prompt: left out, as recall does.
  const listed = splitLearnerSessions(found, learnerOpenings(host, root, config)).user;
  const project = await loadProject(config, host.workingTree(root));
  if (!project.index) return 0;
  const context = recallContext(project, buildSuggestIndex(project), DEFAULT_SUGGEST_PARAMS);
  const lines: UsageLine[] = [];
  for (const session of selectSessions(listed, null, null, newest)) {
    if (session.unreadable !== undefined) continue;
    const observer = new SessionObserver(context.decisionFiles);
    try {
      host.readSession(session.path, false, (event) => observer.push(event));
    } catch {
      continue; // unreadable now: the next run tries again
    }
    const observed = observer.finish();
    observed.start = session.start ?? observed.start;
    lines.push(...analyzeSession(context, session.id, observed).usage);
  }
  return host.appendUsage(root, lines);
}
