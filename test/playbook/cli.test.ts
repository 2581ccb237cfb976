/** `memdex playbook ...` end to end, through the built CLI, in temp projects. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { DEFAULT_TEMPLATE } from '../../src/playbook/default-template.js';
import { keyPoints, playbookJson } from '../helpers/playbook-json.js';
import { runCli } from '../helpers/run-cli.js';
import { FEEDBACK_LINE } from '../hooks/helpers.js';
import { MIXED_EXAMPLE } from './fixtures/mixed-example.js';


function project(playbook?: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'memdex-playbook-'));
  mkdirSync(join(root, '.claude'));
  if (playbook !== undefined) writeFileSync(join(root, '.claude', 'playbook.json'), playbook);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

/** The project with a memory index: a memory tree without a playbook yet. */
function withIndex(root: string): string {
  mkdirSync(join(root, 'agents'));
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory Index\n');
  return root;
}

const read = (root: string, path = '.claude/playbook.json') => readFileSync(join(root, path), 'utf8');
const playbook = (root: string, ...args: string[]) => runCli(['playbook', ...args, '--root', root]);
const update = (root: string, extraction: object | string) =>
  runCli(['playbook', 'update', '--root', root, '--extraction', '-'], {
    input: typeof extraction === 'string' ? extraction : JSON.stringify(extraction),
  });

describe('memdex playbook show', () => {
  test('prints exactly the text the injection hook adds (one renderer), without changing a legacy file', () => {
    const root = project(MIXED_EXAMPLE);
    const result = playbook(root, 'show');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      DEFAULT_TEMPLATE.replace(
        '{key_points}',
        [
          '[MEMDEX_V1]',
          '- [MX#kpt_004] helpful=8 harmful=2 :: Write tests',
          '- [MX#kpt_001] helpful=0 harmful=0 :: Use type hints',
          '- [MX#kpt_002] helpful=0 harmful=0 :: Prefer pathlib',
          '- [MX#kpt_003] helpful=0 harmful=3 :: Avoid globals',
          FEEDBACK_LINE,
          '[/MEMDEX_V1]',
        ].join('\n'),
      ),
    );
    const hook = runCli(['hook', 'session-start'], { input: JSON.stringify({ session_id: 's1', cwd: root }), env: { CLAUDE_PROJECT_DIR: root } });
    expect(`${JSON.parse(hook.stdout).hookSpecificOutput.additionalContext}`).toBe(result.stdout);
    expect(read(root)).toBe(MIXED_EXAMPLE);
  });

  test('prints nothing for a missing playbook (in a memory tree: a folder without one is refused, issue 23 item 1)', () => {
    const result = playbook(withIndex(project()), 'show');
    expect([result.status, result.stdout]).toEqual([0, '']);
  });

  test('uses the template of config playbook.template, and refuses one without {key_points}', () => {
    const good = project(MIXED_EXAMPLE, { 'memdex.config.json': '{"playbook":{"template":"tpl.txt"}}', 'tpl.txt': 'KP:\n{key_points}\n' });
    expect(playbook(good, 'show').stdout).toMatch(/^KP:\n\[MEMDEX_V1\]\n- \[MX#kpt_004\] helpful=8 harmful=2 :: Write tests\n/);
    const bad = project(MIXED_EXAMPLE, { 'memdex.config.json': '{"playbook":{"template":"tpl.txt"}}', 'tpl.txt': 'no placeholder\n' });
    const result = playbook(bad, 'show');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('memdex: tpl.txt: the playbook template has no {key_points} placeholder; add it where the key points go\n');
  });

  test('finds the project from CLAUDE_PROJECT_DIR and honours config playbook.path', () => {
    const root = project(undefined, { 'memdex.config.json': '{"playbook":{"path":"memory/pb.json"}}' });
    mkdirSync(join(root, 'memory'));
    writeFileSync(join(root, 'memory', 'pb.json'), '{"version":"1.0","key_points":["elsewhere"]}');
    const result = runCli(['playbook', 'show'], { env: { CLAUDE_PROJECT_DIR: root }, cwd: tmpdir() });
    expect(result.stdout).toMatch(/- \[MX#kpt_001\] helpful=0 harmful=0 :: elsewhere\n/);
  });
});

describe('memdex playbook update', () => {
  test('applies an extraction from stdin and writes the canonical form', () => {
    const root = project(MIXED_EXAMPLE);
    const result = update(root, {
      new_key_points: ['Use structured logging'],
      evaluations: [
        { name: 'kpt_004', rating: 'helpful' },
        { name: 'kpt_002', rating: 'neutral' },
        { name: 'kpt_003', rating: 'harmful' },
        { name: 'kpt_404', rating: 'helpful' },
      ],
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('playbook updated: 1 added, 2 rated, 1 unknown name ignored, 1 pruned\n');
    const written = JSON.parse(read(root));
    expect(written.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const kept = keyPoints(['kpt_001', 'Use type hints', 0, 0], ['kpt_002', 'Prefer pathlib', 0, 0], ['kpt_004', 'Write tests', 9, 2], ['kpt_005', 'Use structured logging', 0, 0]);
    // A key point a person adds is marked as theirs (by: user), with when.
    kept[3] = { ...kept[3]!, source: { by: 'user', at: written.last_updated } };
    expect({ ...written, last_updated: 'T' }).toEqual(playbookJson(kept, 5, 'T'));
  });

  test('reads the extraction from a file, and creates the playbook when there is none (in a memory tree)', () => {
    const root = withIndex(project());
    writeFileSync(join(root, 'x.json'), '{"new_key_points":["first"]}');
    const result = runCli(['playbook', 'update', '--root', root, '--extraction', join(root, 'x.json')]);
    expect(result.status).toBe(0);
    const written = JSON.parse(read(root));
    expect(written.key_points).toEqual([{ name: 'kpt_001', text: 'first', helpful: 0, harmful: 0, source: { by: 'user', at: written.last_updated } }]);
  });

  test.each([
    ['truncated JSON', '{\n  "version": "1.0",\n  "key_points": [\n', '.claude/playbook.json:4:1: invalid JSON: expected a value, found the end of the file (the JSON is truncated)'],
    ['NaN counter', '{"version": "1.0", "key_points": [\n  {"name": "kpt_001", "text": "a", "helpful": NaN, "harmful": 0}]}', '.claude/playbook.json:2:47: invalid JSON: NaN is not valid JSON'],
    ['string counter', '{"version": "1.0", "key_points": [\n  {"name": "kpt_001", "text": "a", "helpful": "3", "harmful": 0}]}', '.claude/playbook.json:2:47: `helpful` must be a non-negative integer, got "3"'],
  ])('never overwrites a corrupt playbook (%s): exit 2, file:line:column, file left as it was', (_label, text, message) => {
    const root = project(text);
    const result = update(root, { new_key_points: ['x'], evaluations: [{ name: 'kpt_001', rating: 'helpful' }] });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`memdex: ${message}`);
    expect(result.stderr).toContain('.claude/playbook.json was left unchanged');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(read(root)).toBe(text);
    expect(readdirSync(join(root, '.claude'))).toEqual(['playbook.json']);
  });

  test('a bad extraction is refused with its position', () => {
    const root = project(MIXED_EXAMPLE);
    const result = update(root, '{"new_key_points": [1]}');
    expect([result.status, result.stderr]).toEqual([2, 'memdex: <stdin>:1:21: a new key point must be a string, got 1\n']);
    expect(read(root)).toBe(MIXED_EXAMPLE);
  });

  test('a BOM and CRLF line ends are read fine', () => {
    const root = project('\uFEFF{\r\n  "version": "1.0",\r\n  "key_points": [{"name": "kpt_001", "text": "a", "helpful": 1, "harmful": 0}]\r\n}\r\n');
    expect(update(root, { evaluations: [{ name: 'kpt_001', rating: 'helpful' }] }).status).toBe(0);
    expect(JSON.parse(read(root)).key_points[0].helpful).toBe(2);
  });

  test('with .claude/diagnostic_mode, migration and pruning are recorded in distinct files', () => {
    const root = project(MIXED_EXAMPLE, { '.claude/diagnostic_mode': '' });
    update(root, { evaluations: [{ name: 'kpt_003', rating: 'neutral' }] });
    const files = readdirSync(join(root, '.claude', 'diagnostic')).sort();
    expect(files.map((f) => f.replace(/^.*_\d+_\d+_/, ''))).toEqual(['playbook_migration.txt', 'playbook_pruning.txt']);
    const text = (name: string) => read(root, join('.claude', 'diagnostic', files.find((f) => f.endsWith(name))!));
    expect(text('playbook_migration.txt')).toMatch(/^Migrated 3 playbook entries:\n\[\n {2}\{\n {4}"name": "kpt_001",\n {4}"from": "bare_string"/);
    expect(text('playbook_pruning.txt')).toBe(
      'Pruned 1 key points:\n  - kpt_003: "Avoid globals" (helpful=0, harmful=3) reason: harmful >= 3 AND harmful > helpful\n',
    );
  });
});

describe('memdex playbook migrate and stats', () => {
  test('migrate rewrites a legacy file once, then leaves it alone', () => {
    const root = project(MIXED_EXAMPLE);
    expect(playbook(root, 'migrate').stdout).toBe('.claude/playbook.json: rewritten in canonical form (3 legacy entries migrated)\n');
    const migrated = read(root);
    expect(JSON.parse(migrated).key_points[2]).toEqual({ name: 'kpt_003', text: 'Avoid globals', helpful: 0, harmful: 3 });
    expect(playbook(root, 'migrate').stdout).toBe('.claude/playbook.json: already in canonical form; nothing written\n');
    expect(read(root)).toBe(migrated);
  });

  test('stats --json is refused: every command says --format json', () => {
    const result = playbook(project(MIXED_EXAMPLE), 'stats', '--json');
    expect([result.status, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toMatch(/^memdex: unknown option '--json'.*\nRun `memdex playbook stats --help` for usage\.\n$/s);
  });

  test('stats --format json', () => {
    const result = playbook(project(MIXED_EXAMPLE), 'stats', '--format', 'json');
    expect(JSON.parse(result.stdout)).toEqual({
      keyPoints: 4,
      untested: 2,
      pending: 0,
      helpfulRatings: 8,
      harmfulRatings: 5,
      atRisk: ['kpt_003'],
      nameCounter: 4,
      lastUpdated: '2026-01-15T10:00:00',
      legacyEntries: 3,
    });
  });
});

describe('memdex check on the playbook', () => {
  test.each([
    ['truncated JSON', '{"version": "1.0", "last_updated": null, "key_points": [\n  {"name": "kpt_001"', ['2:21 playbook/valid-json']],
    ['NaN', '{"version": "1.0", "last_updated": null, "key_points": [\n  {"name": "kpt_001", "text": "a", "helpful": NaN, "harmful": 0}]}', ['2:47 playbook/valid-json']],
    ['a string counter and a score', '{"version": "1.0", "last_updated": null, "key_points": [\n  {"name": "kpt_001", "text": "a", "helpful": "3", "harmful": 0, "score": 1}]}', ['2:47 playbook/counters', '2:66 playbook/no-score']],
  ])('reports %s at line:column, exit 1', (_label, text, expected) => {
    const root = project(text);
    const result = runCli(['check', '--root', root, '--format', 'json']);
    expect(result.status).toBe(1);
    const findings: { line: number; column: number; ruleId: string; file: string }[] = JSON.parse(result.stdout);
    expect(findings.map((f) => `${f.line}:${f.column} ${f.ruleId}`)).toEqual(expected);
    expect(findings.every((f) => f.file.endsWith('.claude/playbook.json'))).toBe(true);
  });

  test('a canonical playbook written by memdex is clean', () => {
    const root = project(MIXED_EXAMPLE);
    expect(playbook(root, 'migrate').status).toBe(0);
    const result = runCli(['check', '--root', root, '--format', 'json']);
    expect([result.status, JSON.parse(result.stdout)]).toEqual([0, []]);
  });
});
