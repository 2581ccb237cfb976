/** The public API (dist/index.js) exposes the pure core, and it works on a real tree. */
import { expect, test } from '@jest/globals';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { AFTER, REPO, readTree, testCorpora } from './helpers/corpora.js';

testCorpora('the built library resolves and checks a real tree without any adapter', async () => {
  const api = await import(pathToFileURL(join(REPO, 'dist', 'index.js')).href);
  const project = api.buildProject(readTree(AFTER), api.DEFAULT_CONFIG);
  expect(api.runRules(project, api.allRules).filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
  const result = api.resolve(project, '/how encode file paths');
  expect(result.kind).toBe('found');
  expect(result.section.heading).toBe('How to Encode File Paths');
});

test('the pure core never touches the machine: no node: imports, process, clock or randomness', async () => {
  const { readTree: read } = await import('./helpers/corpora.js');
  const { PURE } = await import('../layers.js');
  const offenders: string[] = [];
  for (const dir of PURE) {
    for (const [path, text] of read(join(REPO, 'src', dir))) {
      if (/from 'node:|\bprocess\.|Date\.now\(\)|Math\.random\(\)/.test(text)) offenders.push(`src/${dir}/${path}`);
    }
  }
  expect(offenders).toEqual([]);
});

/**
 * The public API, pinned: adding or removing an export is a deliberate change to
 * this sorted list (and, once published, to the semver of the package).
 */
const PUBLIC_EXPORTS = [
  'ACTIVITY_RESOLUTION_MS', 'BLOCK_CLOSE', 'BLOCK_OPEN', 'BOOKKEEPING_TYPES', 'DEFAULT_CONFIG',
  'DEFAULT_EXCERPT_CHARS', 'DEFAULT_EXCERPT_LIMITS', 'DEFAULT_FEEDBACK_COMMAND', 'DEFAULT_FUZZY_PARAMS',
  'DEFAULT_RELEVANCE_PARAMS', 'DEFAULT_RESOLVE_PARAMS', 'DEFAULT_SUGGEST_PARAMS', 'DEFAULT_TEMPLATE', 'EMPTY_STATE',
  'EVALUATOR_INSTRUCTIONS', 'FIELDS', 'ID_MARKER', 'InputError', 'KEY_POINTS_PLACEHOLDER', 'LEARNER_FLAGS', 'LEARNER_SYSTEM_PROMPT', 'MANIFEST_FILES',
  'MAX_PROJECT_DIR_LENGTH', 'MAX_REPORTED_PROBLEMS', 'MAX_TAGS_PER_EVENT', 'MAX_TAG_LENGTH', 'MemdexError',
  'NEW_ITEM', 'PLAYBOOK_SCHEMA', 'PLAYBOOK_VERSION', 'POSIX', 'PRUNE_MIN_HARMFUL', 'RuleError', 'STATE_VERSION',
  'TranscriptExcerpt', 'UsageError', 'adjustScore', 'allRules', 'analyze', 'applyEdits', 'applyEvaluation',
  'applyEvent', 'applyExtraction', 'applyFeedback', 'applyScores', 'auditAddsNothing', 'buildEvaluatorInput', 'buildProject',
  'buildSuggestIndex', 'buildUsageIndex', 'bytesSource', 'check', 'checkRelevanceParams', 'checkRuleSettings', 'claim',
  'claimNextSession', 'claimOrder', 'clamp', 'closest', 'compactState', 'complete', 'compressHeading', 'compressKey',
  'createMatcher', 'decidePin', 'defineRule', 'denseAverage', 'describeProblems', 'describeValue',
  'detectEnvironmentTags', 'emaStep', 'emptyPlaybook', 'encodeProjectDir', 'entryKey', 'entryLabel', 'evaluatorEntries',
  'extractionFromValue', 'fail', 'failEvaluation', 'feedbackLine', 'feedbackRatings', 'fixUntilStable', 'foldKey',
  'formatKeyPoint', 'formatKeyPoints', 'formatMapping', 'formatUsageLine', 'fzfScore', 'hasPlaceholder', 'headingForEntry',
  'headingKey', 'headingOperator', 'holdsLease', 'isClaimable', 'isDecisionPath', 'isSafeFileName', 'itemIdProblem',
  'keyPointName', 'keyPointNumber', 'loadPlaybook', 'loadProject', 'matchesPathPrerequisite', 'memoryTreeRules',
  'mergeAudit', 'normalisedScores', 'normalizeTag', 'parseConfig', 'parseEvaluatorJson', 'parseEvaluatorOutput', 'parseExtraction',
  'parseInjectionBlock', 'parseMapping', 'parseQuery', 'parseRelevanceState', 'parseTypedCommand', 'parseUsageLog', 'passages',
  'pathPrerequisiteProblem', 'planMigration', 'playbookFromValue', 'playbookStats', 'rank',
  'rankAndRenderForInjection', 'ratingProblem', 'readTranscript', 'readTranscriptPart', 'readTranscriptText', 'recordAudit',
  'relevanceParams', 'renderPlaybook', 'renderSection', 'repoName', 'repositoryTag', 'resolve', 'resolveTrigger', 'runRules',
  'scoreEntries', 'sectionJson', 'serializePlaybook', 'serializeRelevanceState', 'setPinByHand', 'shouldPrune',
  'stem', 'tagProblem', 'targetLine', 'toJson', 'toRelevanceItem', 'tokenize', 'toolCall', 'trackRecord',
  'transcriptExcerpt', 'unevaluated', 'uniqueTags', 'validateRatings', 'weightOf', 'wordSimilarity',
];

test('the public export list of src/index.ts is exactly the pinned one, in the ESM and the CommonJS build', async () => {
  const api = await import(pathToFileURL(join(REPO, 'dist', 'index.js')).href);
  expect([...PUBLIC_EXPORTS].sort()).toEqual(PUBLIC_EXPORTS); // kept sorted, so a diff shows one line
  expect(Object.keys(api).sort()).toEqual(PUBLIC_EXPORTS);
  const { createRequire } = await import('node:module');
  expect(Object.keys(createRequire(import.meta.url)(join(REPO, 'dist', 'index.cjs'))).sort()).toEqual(PUBLIC_EXPORTS);
});

test('package.json points every export condition at a built file', async () => {
  const { existsSync, readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const { import: esm, require: cjs } = pkg.exports['.'];
  // types first in each condition: TypeScript takes the first match.
  expect([Object.keys(esm), Object.keys(cjs)]).toEqual([['types', 'default'], ['types', 'default']]);
  expect(pkg.types).toBe(esm.types);
  expect(pkg.main).toBe(cjs.default);
  for (const file of [esm.types, esm.default, cjs.types, cjs.default]) expect([file, existsSync(join(REPO, file))]).toEqual([file, true]);
  // TypeScript reads a .d.ts as CommonJS only under a "type": "commonjs" package.json.
  expect(JSON.parse(readFileSync(join(REPO, 'dist', 'cjs-types', 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
});
