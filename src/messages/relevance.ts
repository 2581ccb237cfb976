/** Every user-facing sentence of tag-relevance scoring, `memdex relevance` and `memdex feedback`. */
const clip = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max)}...` : text);

export const messages = {
  // validation (src/relevance/validate.ts)
  tagEmpty: 'empty tag; expected a word such as "typescript"',
  tagTooLong: (tag: string, max: number) => `tag "${clip(tag, 40)}" is ${tag.length} characters long; expected at most ${max}`,
  tagBadCharacter: (tag: string) => `tag ${JSON.stringify(clip(tag, 40))} contains whitespace or a control character; expected one word such as "react-native"`,
  badItemId: (id: string) =>
    `${JSON.stringify(clip(id, 60))} is not a stable item id; expected a name such as kpt_001 (letters, digits, _ . : # / -, at most 128 characters)`,
  ratingsNotObject: (got: string) => `expected tag ratings as an object {"tag": rating}, got ${got}`,
  tooManyTags: (count: number, max: number) => `${count} tags rated at once; expected at most ${max}`,
  duplicateTag: (raw: string, tag: string) => `tag "${raw}" is rated twice (as "${tag}"); expected each tag once`,
  badRating: (tag: string, problem: string) => `rating for "${tag}" ${problem}`,
  notANumber: (got: string) => `must be a number in [-1, 1], got ${got}`,
  notFinite: (got: string) => `must be a finite number in [-1, 1], got ${got}`,
  outOfRange: (value: number) => `must be in [-1, 1], got ${value}`,

  // queue (src/relevance/queue.ts)
  nothingShown: 'nothing was shown in this session',
  leaseExpired: 'the evaluator did not finish before its claim expired',
  gaveUp: (attempts: number, problem: string) => `gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${problem}`,

  // evaluator output (src/relevance/evaluation.ts)
  evaluatorNotJson: (detail: string, stdout: string) =>
    `evaluator output is not JSON (${detail}); expected [{"id": ..., "tag_scores": {...}}], got ${JSON.stringify(clip(stdout.trim(), 120))}`,
  evaluatorNotArray: (got: string) => `evaluator output must be a JSON array [{"id": ..., "tag_scores": {...}}], got ${got}`,
  evaluatorEntry: (index: number, problem: string) => `evaluator output [${index}]: ${problem}`,
  evaluatorUnknownId: (id: string) => `evaluator rated ${id}, which was not shown in this session; ignored`,
  evaluatorForeignTags: (id: string, tags: readonly string[]) =>
    `evaluator rated ${id} for tags outside this session's environment (${tags.join(', ')}); ignored`,

  // feedback (src/relevance/feedback.ts)
  badTagFlag: (flag: string) => `--tag ${flag}: expected tag=score, e.g. --tag typescript=-0.5`,
  noEnvironmentTags: 'no environment tags were detected here, so --not-applicable has nothing to rate; name tags with --tag tag=score',
  nothingToRecord: 'nothing to record; give --not-applicable, or one or more --tag tag=score',

  // the store file (src/relevance/state.ts, src/app/relevance-store.ts)
  stateNotJson: (detail: string) => `invalid JSON (${detail})`,
  sessionFileId: 'expected a "session" id (a non-empty string)',
  sessionFileCorrupt: (path: string, problem: string) => `${path}: cannot read this session record (${problem}); it is left as it is: fix or delete it`,
  sessionFileOther: (found: string, expected: string) => `it holds session ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`,
  sessionFileRecord: 'expected a session record (status, firstSeenAt, updatedAt, shown...)',
  storeTooLargeToInject: (path: string, size: number, max: number) =>
    `${path}: ${(size / 1048576).toFixed(1)} MiB, over the ${max / 1048576} MiB the injection reads; key points are ranked without their scores. ` +
    'Sessions of an earlier version are moved to their own files in the background; if it stays this large, run `memdex relevance compact`',
  stateNotObject: 'expected a JSON object {"version": 1, "items": {...}, "sessions": {...}}',
  stateVersion: (version: unknown) => `unsupported version ${JSON.stringify(version) ?? 'undefined'}; expected 1 (was it written by a newer memdex?)`,
  stateDropped: (where: string, why: string) => `${where}: ${why}; entry ignored`,
  stateRepaired: (where: string, why: string) => `${where}: ${why}`,
  /** `forWrite`: a writer refused to overwrite it; a reader only says what is wrong (it changes nothing anyway). */
  storeCorrupt: (path: string, problem: string, forWrite = true) =>
    `${path}: ${problem}${forWrite ? '; nothing was changed' : ''}. Fix the file, or move it aside to start over (scores and the evaluation queue are lost)`,

  // environment (src/relevance/environment.ts)
  manifestUnreadable: (file: string, detail: string) => `${file}: cannot read its dependencies (${detail}); no tags taken from it`,

  // CLI
  badLimit: (limit: number) => `--limit ${limit}: expected a whole number >= 1`,
  badTimeout: (timeout: number) => `--timeout ${timeout}: expected seconds > 0`,
  auditSkipped: (reason: string) => `audit skipped: ${reason}`,
  pinState: (pinned: boolean, manual: boolean) =>
    `${pinned ? 'pinned' : 'not pinned'}, ${manual ? 'by hand: scores will not change this' : 'automatic: scores decide'}`,
  itemSummary: (id: string, pinned: boolean, mode: string, events: number, lastEventAt: string | undefined) =>
    `${id}: ${pinned ? 'pinned' : 'not pinned'} (${mode}), ${events} event${events === 1 ? '' : 's'}${lastEventAt ? `, last ${lastEventAt}` : ''}`,
  itemTableHeader: (width: number) => `  ${'tag'.padEnd(width)}   score  positive  negative  events`,
  unknownItem: (id: string, path: string) => `${id} is not a key point of ${path}; expected one of the names in it (e.g. kpt_001)`,
  noPlaybook: (path: string) => `${path} does not exist, so there are no key points to rate`,
  noEvaluator:
    'no evaluator: claude was not found on PATH (or learn.enabled is false, or MEMDEX_LEARN=0) and none is configured; install Claude Code, or set "relevance": {"evaluator": "<command>"} in memdex.config.json, or MEMDEX_EVALUATOR, or pass --evaluator',
  evaluatorNotApproved: (command: string) =>
    `relevance.evaluator in memdex.config.json (${command}) is not approved for this repository, or changed since (MEMDEX_REQUIRE_APPROVAL=1): not run; read it, then run \`memdex learn approve\` (or pass --evaluator, or set MEMDEX_EVALUATOR)`,
  feedbackRecorded: (id: string, ratings: string) => `Recorded feedback for ${id}: ${ratings}.`,
  pinChanged: (id: string, action: string) => `${id}: ${action}.`,
  evaluateSummary: (done: number, failed: number, skipped: number) =>
    `Evaluated ${done} session${done === 1 ? '' : 's'}; ${failed} failed (will be retried), ${skipped} given up.`,
  evaluated: (session: string, items: number) => `${session}: applied scores for ${items} item${items === 1 ? '' : 's'}`,
  evaluationFailed: (session: string, problem: string) => `${session}: ${problem}`,
  claimLost: (session: string) => `${session}: the claim expired and another evaluator took the session; this result was discarded`,
  pinNote: (id: string, action: string, reason: string) => `${id}: ${action === 'pin' ? 'pinned' : 'unpinned'} automatically (${reason})`,
  notScored: (id: string) => `${id}: no relevance data yet`,
  compacted: (sessions: number, items: number) => `Removed ${sessions} finished session${sessions === 1 ? '' : 's'} and ${items} item${items === 1 ? '' : 's'} no longer in the playbook.`,
  auditRecorded: (session: string, status: string) => `${session}: audit recorded (${status}).`,
  evaluatorExit: (code: number | null, signal: string | null, stderr: string) =>
    `evaluator ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${stderr.trim() ? `: ${clip(stderr.trim())}` : ''}`,
  evaluatorTimeout: (ms: number) => `evaluator did not answer within ${Math.round(ms / 1000)} s`,
  evaluatorSpawn: (detail: string) => `evaluator could not be started (${detail})`,
  warning: (text: string) => `memdex: warning: ${text}\n`,
};
