/**
 * The playbook checks, table-driven. Each case is a playbook.json text in which
 * `«rule»` marks where a finding of `playbook/rule` must start; the markers are
 * removed before checking. Every case is also run through the shipped JSON Schema
 * and through the loader, so the three cannot drift apart.
 */
import { describe, expect, test } from '@jest/globals';
import { runRules } from '../../src/core/engine.js';
import { DEFAULT_CONFIG, type Config } from '../../src/model/config.js';
import type { Project } from '../../src/model/project.js';
import { loadPlaybook } from '../../src/playbook/load-playbook.js';
import { PLAYBOOK_SCHEMA } from '../../src/playbook/schema.js';
import { allRules } from '../../src/rules/registry.js';

const playbookRules = allRules.filter((rule) => rule.meta.id.startsWith('playbook/'));
import { validate } from '../helpers/json-schema-subset.js';
import { forAllSeeds } from '../helpers/property.js';
import { legacyFile } from '../playbook/generators.js';

const PATH = '.claude/playbook.json';

function projectOf(text: string | undefined, config: Config = DEFAULT_CONFIG, files: Record<string, string> = {}): Project {
  return {
    config,
    files: new Map([...(text === undefined ? [] : [[PATH, text] as const]), ...Object.entries(files)]),
    index: undefined,
    decisions: [],
    headingsByKey: new Map(),
    playbook: text === undefined ? undefined : { path: PATH, text },
  };
}

/** Findings of the playbook rules, through the engine of `memdex check`. */
function check(project: Project) {
  return runRules(project, playbookRules);
}

function where(findings: ReturnType<typeof check>): string[] {
  return findings.map((f) => `${f.span ? `${f.span.start.line}:${f.span.start.column}` : '-'} ${f.ruleId}`).sort();
}

/** Strips the «rule» markers and returns the text and the findings they stand for. */
function unmark(marked: string): { text: string; expected: string[] } {
  const expected: string[] = [];
  let text = '';
  let line = 1;
  let column = 1;
  for (const part of marked.split(/(«[a-z-]+»)/)) {
    const marker = /^«([a-z-]+)»$/.exec(part);
    if (marker) {
      expected.push(`${line}:${column} playbook/${marker[1]}`);
      continue;
    }
    for (const ch of part) {
      if (ch === '\n') {
        line++;
        column = 1;
      } else column++;
    }
    text += part;
  }
  return { text, expected: expected.sort() };
}

const head = '{"version": "1.0", "last_updated": null, "key_points": [';
const kp = (name: string, text = 'a', helpful = '0', harmful = '0') => `{"name": "${name}", "text": "${text}", "helpful": ${helpful}, "harmful": ${harmful}}`;

const CASES: ReadonlyArray<readonly [title: string, marked: string]> = [
  // valid
  ['a canonical playbook', `{\n  "version": "1.0",\n  "last_updated": "2026-02-18T14:30:00.000Z",\n  "name_counter": 2,\n  "key_points": [\n    ${kp('kpt_001', 'use types', '5', '1')},\n    ${kp('kpt_002')}\n  ]\n}\n`],
  ['an empty playbook with $schema', '{"$schema": "../schemas/playbook.schema.json", "version": "1.0", "last_updated": null, "key_points": []}'],
  ['Python naive and offset timestamps', '{"version": "1.0", "last_updated": "2026-02-18T14:30:00.123456", "key_points": []}'],
  ['CRLF and a BOM', `\uFEFF{\r\n"version": "1.0",\r\n"last_updated": "2026-02-18T14:30:00+02:00",\r\n"key_points": [${kp('kpt_001')}]\r\n}\r\n`],
  // not JSON
  ['truncated JSON', `${head}\n  ${kp('kpt_001')},\n«valid-json»`],
  ['NaN written by Python', `${head}\n  {"name": "kpt_001", "text": "a", "helpful": «valid-json»NaN, "harmful": 0}]}`],
  ['a trailing comma', `${head}\n  ${kp('kpt_001')},\n«valid-json»]}`],
  ['an array at the top', '«exact-keys»[]'],
  ['a duplicated key', `${head}{"name": "kpt_001", "text": "a", "helpful": 1, «valid-json»"helpful": 2, "harmful": 0}]}`],
  // keys
  ['missing top-level keys', '«exact-keys»«exact-keys»{"key_points": []}'],
  ['an unknown top-level key', '{"version": "1.0", "last_updated": null, «exact-keys»"owner": "me", "key_points": []}'],
  ['key_points not an array', '{"version": "1.0", "last_updated": null, "key_points": «exact-keys»{}}'],
  ['a bare string entry', `${head}«exact-keys»"legacy text"]}`],
  ['a number entry', `${head}«exact-keys»3]}`],
  ['an entry without counters', `${head}«exact-keys»«exact-keys»{"name": "kpt_001", "text": "a"}]}`],
  ['an entry without a name', `${head}«exact-keys»{"text": "a", "helpful": 0, "harmful": 0}]}`],
  ['an unknown entry key', `${head}{"name": "kpt_001", "text": "a", "helpful": 0, "harmful": 0, «exact-keys»"tags": []}]}`],
  ['a legacy score', `${head}{"name": "kpt_001", "text": "a", «no-score»"score": -3}]}`],
  ['a residual score beside counters', `${head}{"name": "kpt_001", "text": "a", "helpful": 3, "harmful": 1, «no-score»"score": 2}]}`],
  // names
  ['a duplicated name', `${head}${kp('kpt_001')}, {"name": «unique-names»"kpt_001", "text": "b", "helpful": 0, "harmful": 0}]}`],
  ['names not of the form kpt_NNN', `${head}{"name": «name-format»"rule-1", "text": "a", "helpful": 0, "harmful": 0}, {"name": «name-format»"kpt_7", "text": "b", "helpful": 0, "harmful": 0}, {"name": «name-format»5, "text": "c", "helpful": 0, "harmful": 0}]}`],
  ['name_counter below an issued name', `{"version": "1.0", "last_updated": null, "name_counter": «name-counter»1, "key_points": [${kp('kpt_002')}]}`],
  // values
  ['empty and non-string texts', `${head}{"name": "kpt_001", "text": «non-empty-text»"  ", "helpful": 0, "harmful": 0}, {"name": "kpt_002", "text": «non-empty-text»7, "helpful": 0, "harmful": 0}, «exact-keys»«non-empty-text»""]}`],
  ['bad counters', `{"version": "1.0", "last_updated": null, "name_counter": «counters»-1, "key_points": [{"name": "kpt_001", "text": "a", "helpful": «counters»"3", "harmful": «counters»1.5}, {"name": "kpt_002", "text": "a", "helpful": «counters»1e400, "harmful": «counters»null}]}`],
  ['an integer written as 2.0 is an integer', `${head}${kp('kpt_001', 'a', '2.0')}]}`],
  ['an unknown version', '{"version": «version»"2.0", "last_updated": null, "key_points": []}'],
  ['a number version', '{"version": «version»1, "last_updated": null, "key_points": []}'],
  ['last_updated not ISO 8601', '{"version": "1.0", "last_updated": «last-updated»"yesterday", "key_points": []}'],
  ['last_updated with month 13', '{"version": "1.0", "last_updated": «last-updated»"2026-13-01T00:00:00Z", "key_points": []}'],
  ['last_updated a number', '{"version": "1.0", "last_updated": «last-updated»1700000000, "key_points": []}'],
];

/** Rules the schema can express; the others need more than draft-07 (uniqueness, cross-field, other files). */
const SCHEMA_RULES = new Set(
  playbookRules
    .map((rule) => rule.meta.id)
    .filter((id) => !['playbook/valid-json', 'playbook/unique-names', 'playbook/name-counter', 'playbook/template-placeholder'].includes(id)),
);

describe('playbook rules', () => {
  test.each(CASES)('%s', (_title, marked) => {
    const { text, expected } = unmark(marked);
    const findings = check(projectOf(text));
    expect(where(findings)).toEqual(expected);
    for (const f of findings) expect(f.message).not.toMatch(/undefined|\[object/);
  });

  test.each(CASES)('the schema agrees: %s', (_title, marked) => {
    const { text } = unmark(marked);
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return; // not JSON: only playbook/valid-json speaks, the schema cannot
    }
    const schemaErrors = validate(PLAYBOOK_SCHEMA, value);
    const structural = check(projectOf(text)).filter((f) => SCHEMA_RULES.has(f.ruleId));
    expect({ schemaValid: schemaErrors.length === 0, errors: schemaErrors }).toEqual({ schemaValid: structural.length === 0, errors: expect.anything() });
  });

  test.each(CASES)('the loader agrees: %s', (_title, marked) => {
    const { text } = unmark(marked);
    const findings = check(projectOf(text));
    const loaded = loadPlaybook(text);
    // a clean file loads as is; a file the loader refuses has an error finding that says why
    if (findings.length === 0) expect(loaded.ok && loaded.migrations).toEqual([]);
    if (!loaded.ok) expect(findings.filter((f) => f.severity === 'error')).not.toEqual([]);
  });

  test('schema, checks and loader agree on random legacy and damaged files', () => {
    forAllSeeds(300, (r) => {
      const value = legacyFile(r);
      const entries = value.key_points as unknown[];
      if (entries.length > 0 && r.chance(0.5)) {
        const i = r.int(0, entries.length - 1);
        const entry = entries[i];
        if (entry !== null && typeof entry === 'object') {
          (entry as Record<string, unknown>)[r.pick(['helpful', 'harmful', 'text', 'name', 'extra'])] = r.pick(['3', -1, 1.5, null, '', 'kpt_1', 7]);
        } else entries[i] = r.pick([null, 3, '', []]);
      }
      const text = JSON.stringify(value, null, 2);
      const findings = check(projectOf(text));
      const structural = findings.filter((f) => SCHEMA_RULES.has(f.ruleId));
      expect(validate(PLAYBOOK_SCHEMA, value).length === 0).toBe(structural.length === 0);
      const loaded = loadPlaybook(text);
      if (findings.length === 0) expect(loaded.ok && loaded.migrations).toEqual([]);
      if (!loaded.ok) expect(findings.filter((f) => f.severity === 'error')).not.toEqual([]);
    });
  });

  test('messages say what is wrong and what is expected', () => {
    const { text } = unmark(CASES.find(([title]) => title === 'bad counters')![1]);
    const [first] = check(projectOf(text));
    expect(first).toMatchObject({
      path: PATH,
      message: '`name_counter` must be a non-negative integer, got -1',
      span: { start: { line: 1, column: 58, offset: 57 }, end: { line: 1, column: 60, offset: 59 } },
    });
    const duplicate = check(projectOf(unmark(CASES.find(([title]) => title === 'a duplicated name')![1]).text));
    expect(duplicate[0]!.related).toEqual([{ path: PATH, span: expect.anything(), message: 'kpt_001 first used here' }]);
  });

  test('no playbook, nothing to report', () => {
    expect(check(projectOf(undefined))).toEqual([]);
  });

  test.each([
    ['no template configured', undefined, undefined, []],
    ['a template with the placeholder', 'tpl.txt', 'Key points:\n{key_points}\n', []],
    ['a template without it', './tpl.txt', 'Key points:\n', ['tpl.txt: the playbook template has no {key_points} placeholder; add it where the key points go']],
    ['a missing template', 'tpl.txt', undefined, ['tpl.txt: the playbook template tpl.txt (config playbook.template) does not exist']],
  ])('template placeholder: %s', (_title, template, text, expected) => {
    const config = { ...DEFAULT_CONFIG, playbook: { ...DEFAULT_CONFIG.playbook, ...(template ? { template } : {}) } };
    const project = projectOf(undefined, config, text === undefined ? {} : { 'tpl.txt': text });
    expect(check(project).map((f) => `${f.path}: ${f.message}`)).toEqual(expected);
  });
});
