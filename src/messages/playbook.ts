/** Every user-facing sentence about the playbook: loading, updating, the CLI and the checks. */
const MIGRATE_HINT = 'run `memdex playbook migrate` to rewrite it in canonical form';

export const messages = {
  // reading playbook.json and extraction results (each is prefixed with file:line:column)
  invalidJson: (detail: string) => `invalid JSON: ${detail}`,
  rootNotObject: (got: string) => `expected a JSON object {version, last_updated, key_points}, got ${got}`,
  unsupportedVersion: (got: string) => `unsupported playbook version ${got}; memdex reads version "1.0"`,
  notCounter: (key: string, got: string) => `\`${key}\` must be a non-negative integer, got ${got}`,
  keyPointsNotArray: (got: string) => `\`key_points\` must be an array, got ${got}`,
  entryNotObject: (got: string) => `a key point must be an object {name, text, helpful, harmful}, got ${got}`,
  sourceNotObject: (got: string) => `\`source\` must be an object {"by", "at", "session"?, "approved"?}, got ${got}`,
  sourceBy: (got: string) => `\`source.by\` must be "learner" or "user", got ${got}`,
  pendingNotObject: (got: string) => `\`pending\` must be an object {"reason", "evidence"?}, got ${got}`,
  pendingReason: (got: string) => `\`pending.reason\` must be a non-empty text saying why the key point was held, got ${got}`,
  subTimestamp: (key: string, got: string) => `\`${key}\` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z"), got ${got}`,
  subString: (key: string, got: string) => `\`${key}\` must be a string, got ${got}`,
  unknownSubKey: (key: string, parent: string, allowed: readonly string[]) => `unknown key \`${key}\` in \`${parent}\`; expected only ${allowed.join(', ')}`,
  badName: (got: string) => `\`name\` must be a non-empty string, got ${got}`,
  missingText: () => 'the key point has no `text`; expected a non-empty string',
  badText: (got: string) => `\`text\` must be a non-empty string, got ${got}`,
  emptyText: () => 'the key point text is empty; expected a non-empty string',
  badScore: (got: string) => `the legacy \`score\` must be an integer, got ${got}`,
  extractionNotObject: (got: string) => `expected an ExtractionResult object {new_key_points, evaluations}, got ${got}`,
  extractionListNotArray: (key: string, got: string) => `\`${key}\` must be an array, got ${got}`,
  newKeyPointNotString: (got: string) => `a new key point must be a string, got ${got}`,
  evaluationNotObject: (got: string) => `an evaluation must be an object {name, rating}, got ${got}`,
  evaluationField: (key: string, got: string) => `\`${key}\` must be a string, got ${got}`,

  // the files
  refusedWrite: (path: string) => `${path} was left unchanged; fix it (see \`memdex check\`) and run again`,
  templateMissingPlaceholder: (path: string) =>
    `${path}: the playbook template has no {key_points} placeholder; add it where the key points go`,
  extractionFile: (path: string) => `--extraction ${path}`,

  // diagnostics (OBS-SCORE-001/002)
  migrationDiagnostic: (count: number, details: string) => `Migrated ${count} playbook entries:\n${details}\n`,
  pruningDiagnostic: (count: number, lines: readonly string[]) => `Pruned ${count} key points:\n${lines.join('\n')}\n`,
  prunedLine: (name: string, text: string, helpful: number, harmful: number) =>
    `  - ${name}: ${JSON.stringify(text)} (helpful=${helpful}, harmful=${harmful}) reason: harmful >= 3 AND harmful > helpful`,

  // CLI output
  updated: (added: number, counted: number, unknown: number, pruned: number) =>
    `playbook updated: ${added} added, ${counted} rated, ${unknown} unknown name${unknown === 1 ? '' : 's'} ignored, ${pruned} pruned`,
  unchanged: 'playbook unchanged: nothing to add, rate or prune',
  noPending: (path: string) => `${path}: no key point waits for review`,
  pendingHeader: (path: string, count: number) => `${path}: ${count} learned key point${count === 1 ? '' : 's'} held for review (not injected until approved)`,
  pendingEntry: (name: string, text: string, source: string, reason: string, evidence: string | undefined) =>
    [`  ${name}  ${text}`, `    from:     ${source}`, `    ${reason}`, `    evidence: ${evidence ?? '(not found in the session: the extractor wrote it)'}`].join('\n'),
  pendingFooter: 'approve with `memdex playbook approve <id>`, remove with `memdex playbook reject <id>`',
  sourceLine: (by: string, session: string | undefined, at: string) => `${by}${session !== undefined ? `, session ${session}` : ''}, ${at}`,
  approved: (name: string, path: string) => `${name} approved: ${path} injects it from the next session on`,
  rejected: (name: string, path: string) => `${name} rejected: removed from ${path}`,
  reviewUnknown: (name: string, path: string) => `${name} is not a key point of ${path}; \`memdex playbook pending\` lists the ones held for review`,
  reviewNotPending: (name: string) => `${name} is not held for review; \`memdex playbook pending\` lists the ones that are`,
  migrated: (path: string, count: number) => `${path}: rewritten in canonical form (${count} legacy entr${count === 1 ? 'y' : 'ies'} migrated)`,
  alreadyCanonical: (path: string) => `${path}: already in canonical form; nothing written`,
  noPlaybook: (path: string) => `${path}: no playbook yet; nothing to migrate`,
  stats: (
    path: string,
    s: { keyPoints: number; untested: number; pending: number; helpfulRatings: number; harmfulRatings: number; atRisk: readonly string[]; lastIssued: string; lastUpdated: string | null; legacyEntries: number },
  ) =>
    [
      path,
      `  key points:       ${s.keyPoints} (${s.untested} never rated${s.pending > 0 ? `, ${s.pending} held for review` : ''})`,
      `  ratings:          ${s.helpfulRatings} helpful, ${s.harmfulRatings} harmful`,
      `  one harmful from pruning: ${s.atRisk.length === 0 ? 'none' : s.atRisk.join(', ')}`,
      `  names issued:     up to ${s.lastIssued}`,
      `  last updated:     ${s.lastUpdated ?? 'never'}`,
      ...(s.legacyEntries > 0 ? [`  legacy entries:   ${s.legacyEntries} (run \`memdex playbook migrate\`)`] : []),
    ].join('\n'),

  // checks (src/rules/playbook/*)
  rule: {
    duplicateJsonKey: (key: string) => `duplicate key "${key}"; JSON readers disagree on which one wins, keep one`,
    missingPlaybookKey: (key: string) => `the playbook has no \`${key}\`; expected version, last_updated and key_points`,
    missingKeyPointKey: (key: string) => `the key point has no \`${key}\`; expected name, text, helpful and harmful`,
    unknownKey: (key: string, allowed: readonly string[]) => `unknown key \`${key}\`; expected only ${allowed.join(', ')}`,
    legacyString: () => `legacy entry: a bare string; expected an object {name, text, helpful, harmful}; ${MIGRATE_HINT}`,
    legacyMissingCounters: (key: string) => `legacy entry without \`${key}\`; ${MIGRATE_HINT}`,
    score: () => `legacy \`score\` field; counters are \`helpful\` and \`harmful\`; ${MIGRATE_HINT}`,
    duplicateName: (name: string) => `key point name ${name} is used more than once; names must be unique (the loader renames the later ones)`,
    firstName: (name: string) => `${name} first used here`,
    nameFormat: (got: string) => `key point name ${got} is not of the form kpt_NNN (kpt_ and at least three digits)`,
    nameCounterLow: (counter: number, name: string) =>
      `\`name_counter\` is ${counter} but ${name} exists; it must be at least the highest kpt_ number, or names get reused`,
    counter: (key: string, got: string) => `\`${key}\` must be a non-negative integer, got ${got}`,
    version: (got: string) => `\`version\` must be "1.0", got ${got}`,
    lastUpdated: (got: string) => `\`last_updated\` must be an ISO 8601 date-time (e.g. "2026-02-18T14:30:00.000Z") or null, got ${got}`,
    keyPointsType: (got: string) => `\`key_points\` must be an array of key points, got ${got}`,
    entryType: (got: string) => `a key point must be an object {name, text, helpful, harmful}, got ${got}`,
    templateTooLarge: (chars: number, limit: number) =>
      `the playbook template is ${chars} characters without its {key_points}; the client shows a hook's context only below ${limit} characters, so no key point would reach the agent; expected a shorter template`,
    templateNotFound: (path: string) => `the playbook template ${path} (config playbook.template) does not exist`,
    templatePlaceholder: () => 'the playbook template has no {key_points} placeholder; add it where the key points go',
  },
};
