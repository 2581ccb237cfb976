/** Sentences of the default extractor and evaluator on `claude -p` (src/app/claude-call.ts, learn-*.ts). */
const clip = (text: string, max = 200): string => {
  const line = text.trim().replace(/\s*\n\s*/g, ' | ');
  return line.length > max ? `${line.slice(0, max)}...` : line;
};

export const learnMessages = {
  /** How the default is named in log lines and outcome records. */
  claudeLabel: (model: string) => `claude -p --model ${model}`,
  notFound: 'claude was not found on PATH; install Claude Code, or configure another command',
  oldClient: (flag: string) =>
    `does not know ${flag}; the learner runs the reviewer only with its tools, hooks, MCP servers and session persistence off, which needs Claude Code 2.1.330 or newer: update Claude Code, or configure another command`,
  timedOut: (seconds: number) => `did not answer within ${seconds} s and was stopped`,
  exited: (status: number | null, detail: string) => `exited with ${status ?? 'no status'}${detail ? `: ${clip(detail)}` : ''}`,
  rateLimited: (detail: string) => `hit a rate or usage limit: ${clip(detail)}`,
  notJson: (stdout: string) => `printed no JSON result (expected the object of --output-format json), got ${JSON.stringify(clip(stdout, 120))}`,
  isError: (detail: string) => `reported an error: ${clip(detail)}`,
  noStructured: (detail: string) => `gave no structured reply (structured_output); its answer: ${JSON.stringify(clip(detail, 120))}`,
  schema: (problems: readonly string[]) => `gave a reply that does not match the schema (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; ${problems.length - 3} more` : ''})`,
  schemaProblem: (pointer: string, message: string) => `${pointer === '' ? 'the reply' : pointer} ${message}`,
  templateMissing: (path: string, missing: readonly string[]) =>
    `${path}: the prompt template lacks ${missing.map((name) => `{${name}}`).join(' and ')}; expected every placeholder the shipped template has`,
  held: (count: number) => `${count} held for review (memdex playbook pending)`,
  heldBecause: (reason: string, fragment: string) => `held because ${reason}${fragment !== '' ? `: ${fragment}` : ''}`,
  heldByConfig: 'held because learn.newKeyPoints is "pending": every learned key point waits for review',
  willRetry: (attempt: number, max: number) => `will retry (attempt ${attempt} of ${max})`,
  gaveUp: (attempts: number) => `gave up after ${attempts} attempts`,
  partGivenUp: (start: number, end: number, transcript: string) => `bytes ${start}-${end} of ${transcript} will not be extracted`,
  guarded: (repeated: number, duplicates: number, overLimit: number, unknown: number) =>
    [
      repeated > 0 ? `${repeated} repeated rating(s) ignored` : '',
      duplicates > 0 ? `${duplicates} near-duplicate key point(s) dropped` : '',
      overLimit > 0 ? `${overLimit} key point(s) over the per-session limit dropped` : '',
      unknown > 0 ? `${unknown} unknown id(s) ignored` : '',
    ].filter((part) => part !== '').join(', '),
  learnUsage: (action: string | undefined) =>
    action === undefined ? 'memdex learn needs --catch-up (learn now) or approve (approve the repository\'s commands)' : `unknown action "${action}"; expected approve, or --catch-up`,
  runnerBusy: 'another learning run is active; this one did nothing',
  noLearner:
    'no learner can run here: no extractor or evaluator is configured, and claude (Claude Code) is not on the PATH or learn.enabled is false; see docs/playbook.md, "Learning out of the box"',
  caughtUp: (run: { extracted: number; extractFailed: number; evaluated: number; evaluateFailed: number; unchanged: number }) =>
    run.extracted + run.extractFailed + run.evaluated + run.evaluateFailed === 0
      ? `nothing to learn: every session part that ended was learned from${run.unchanged > 0 ? ` (${run.unchanged} ended again with nothing new)` : ''}`
      : `${run.extracted} part(s) extracted${run.extractFailed > 0 ? `, ${run.extractFailed} failed (queued for the next run)` : ''}; ${run.evaluated} session part(s) evaluated${run.evaluateFailed > 0 ? `, ${run.evaluateFailed} failed (queued for the next run)` : ''}${run.unchanged > 0 ? `; ${run.unchanged} ended again with nothing new` : ''}`,
  runnerDone: (run: { extracted: number; extractFailed: number; evaluated: number; evaluateFailed: number }) =>
    `learning run: ${run.extracted} part(s) extracted${run.extractFailed > 0 ? ` (${run.extractFailed} failed)` : ''}, ${run.evaluated} session part(s) evaluated${run.evaluateFailed > 0 ? ` (${run.evaluateFailed} failed)` : ''}`,
  workerUsage: 'usage: memdex hook learn-worker <root> [<session id>] (started by the session-start hook)\n',
  badOutcomes: (path: string, detail: string) => `${path}: cannot read the learning outcomes (${detail}); fix or delete the file`,
};
