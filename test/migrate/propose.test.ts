/**
 * issue 9 §5.4: `memdex migrate plan` proposes only what still needs migrating, and
 * never a heading that drops words of the original: compared row by row with the
 * real 2026 mapping (shared/corpora/migration-mapping.tsv).
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject } from '../../src/model/build-project.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { entryKey, headingKey, keyWords } from '../../src/model/keys.js';
import { proposeRows } from '../../src/migrate/propose.js';
import { AFTER, BEFORE, copyTree, describeCorpora, readTree } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';
import { corpusRows } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describeCorpora('an already migrated tree: nothing to do', () => {
  test('no rows for after-migration (152 `/when`/`/how` entries, all paired)', () => {
    const result = proposeRows(buildProject(readTree(AFTER), DEFAULT_CONFIG));
    expect(result).toEqual({ rows: [], orphans: 0, migrated: 152 });
  });

  test('the CLI says so, exits 0 and writes no mapping file', () => {
    const dir = copyTree(AFTER, 'memdex-plan-');
    dirs.push(dir);
    const result = runCli(['migrate', 'plan', '--root', dir]);
    expect(result).toEqual({
      status: 0,
      stdout: 'nothing to do: every index entry is already a `/when` or `/how` entry (152); to rename triggers, run `memdex migrate plan --all` and edit the rows\n',
      stderr: '',
    });
    expect(existsSync(join(dir, 'memdex-migration.tsv'))).toBe(false);
    const piped = runCli(['migrate', 'plan', '--root', dir, '--out=-']);
    expect([piped.status, piped.stdout]).toEqual([0, '']);
    expect(piped.stderr).toContain('nothing to do');
  });
});

describeCorpora('an old-format tree: lossless proposals, checked against the real mapping', () => {
  let project: ReturnType<typeof buildProject>;
  let rows: ReturnType<typeof proposeRows>['rows'];
  let real: Map<string, ReturnType<typeof corpusRows>[number]>;
  beforeAll(() => {
    project = buildProject(readTree(BEFORE), DEFAULT_CONFIG);
    ({ rows } = proposeRows(project));
    real = new Map(corpusRows().map((r) => [r.oldIndexEntry, r]));
  });

  test('one row per old entry, naming the same heading as the real mapping', () => {
    expect(rows).toHaveLength(152);
    for (const row of rows) {
      const human = real.get(row.oldIndexEntry);
      expect(human && `${human.file}:${human.headingLine}`).toBe(`${row.file}:${row.headingLine}`);
    }
  });

  test('no proposed heading drops a word of the original, and each pairs with its entry', () => {
    for (const row of rows) {
      const kept = new Set(keyWords(row.newHeading));
      const dropped = keyWords(row.oldHeading).filter((w) => !kept.has(w));
      expect({ heading: row.oldHeading, dropped }).toEqual({ heading: row.oldHeading, dropped: [] });
      expect(headingKey(row.newHeading)).toBe(entryKey(row.operator, row.trigger));
    }
  });

  test('no proposal drops a word of the old description: they become extras, without the trigger\'s words, and the note says so', () => {
    const lost: string[] = [];
    for (const row of rows) {
      const description = row.oldIndexEntry.split(' \u2014 ').slice(1).join(' \u2014 ');
      const kept = new Set([...keyWords(row.trigger), ...keyWords(row.newIndexEntry.split('|').slice(1).join(' '))]);
      for (const word of keyWords(description)) if (!kept.has(word)) lost.push(`${row.oldIndexEntry}: ${word}`);
      const extras = row.newIndexEntry.split('|')[1] ?? '';
      for (const word of keyWords(extras)) expect({ row: row.oldIndexEntry, word, inTrigger: keyWords(row.trigger).includes(word) }).toEqual({ row: row.oldIndexEntry, word, inTrigger: false });
      if (description !== '') expect(row.note).toMatch(/the old description is kept as extras/);
    }
    expect(lost).toEqual([]);
    const error = rows.find((r) => r.oldIndexEntry.startsWith('Error output pattern'))!;
    expect(error.newIndexEntry).toBe('/how error output pattern | print errors to stderr before exit one, unix convention');
  });

  test('a heading that reads badly (How to + a noun phrase) is flagged in the note, with what to do', () => {
    const error = rows.find((r) => r.oldIndexEntry.startsWith('Error output pattern'))!;
    expect(error.newHeading).toBe('How to Error Output Pattern');
    expect(error.note).toContain('"How to Error Output Pattern" reads badly (How to + a noun phrase): give the trigger as what to do, e.g. /how <verb> …');
    const flagged = rows.filter((r) => r.note.includes('reads badly'));
    expect(flagged.every((r) => r.operator === 'how')).toBe(true);
    expect(flagged.length).toBe(rows.filter((r) => r.operator === 'how' && !/^how to /i.test(r.oldHeading.replace(/^#+ /, ''))).length);
  });

  test('agreement with the real mapping (measured, see the report): operator and the original words', () => {
    const sameOperator = rows.filter((r) => real.get(r.oldIndexEntry)!.newIndexEntry!.startsWith(`/${r.operator} `)).length;
    // The human mapping rewrote headings freely (`Problem` → `When Fixing Consecutive Emoji Lines`) and dropped
    // words of 88 of 152 headings; the proposal keeps every word and leaves rewording to the review step.
    const humanDropped = rows.filter((r) => {
      const kept = new Set(keyWords(real.get(r.oldIndexEntry)!.newHeading!));
      return keyWords(r.oldHeading).some((w) => !kept.has(w));
    }).length;
    expect(sameOperator).toBe(122); // 80 %
    expect(humanDropped).toBe(140);
  });
});
