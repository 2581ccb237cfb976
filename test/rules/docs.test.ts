/**
 * Per-rule documentation as tests (remark-lint's docs-as-tests): docs/rules/<id>.md
 * exists for every rule and for no other id, states the rule's severity, fixability
 * and options as the rule declares them, and its examples run through the real
 * engine: an invalid example must report exactly the messages its `text findings`
 * block shows (file:line:col, related places indented), and `--fix` must turn it into
 * its `<path> fixed` blocks; a valid example must report nothing. So a page cannot
 * drift from its rule. The pages are what SARIF helpUri and `memdex rules` link to.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Code, Heading, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Diagnostic, Span } from '../../src/core/diagnostic.js';
import { fixUntilStable } from '../../src/core/fix.js';
import { checkRuleSettings, optionsSchemaOf } from '../../src/core/rule-options.js';
import type { Rule } from '../../src/core/rule.js';
import { ruleHelpUri } from '../../src/cli/rule-docs.js';
import { parseConfig } from '../../src/model/config.js';
import { buildModel as buildWithFallback } from '../../src/app/load-project.js';
import { allRules } from '../../src/rules/registry.js';
import { REPO } from '../helpers/corpora.js';
import { runRule } from '../helpers/rule-tester.js';
import { runCli } from '../helpers/run-cli.js';

const DOCS = join(REPO, 'docs', 'rules');
const CONFIG_FILE = 'memdex.config.json';

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pagesUnder(join(dir, entry.name)) : entry.name.endsWith('.md') && entry.name !== 'README.md' ? [join(dir, entry.name)] : [],
  );
}

const pageIds = pagesUnder(DOCS).map((file) => relative(DOCS, file).split(sep).join('/').replace(/\.md$/, ''));

interface Example {
  readonly kind: 'Valid' | 'Invalid';
  readonly name: string;
  readonly files: Map<string, string>;
  readonly config?: unknown;
  readonly findings?: string;
  readonly fixed: Map<string, string>;
}

const textOf = (node: { children?: unknown[]; value?: unknown }): string =>
  typeof node.value === 'string' ? node.value : (node.children ?? []).map((c) => textOf(c as { children?: unknown[]; value?: unknown })).join('');

/** The examples of a page: each `### Valid: …` / `### Invalid: …` and the code blocks up to the next heading. */
function examplesOf(page: string): Example[] {
  const tree = unified().use(remarkParse).parse(page) as Root;
  const examples: Example[] = [];
  let current: { kind: 'Valid' | 'Invalid'; name: string; files: Map<string, string>; config?: unknown; findings?: string; fixed: Map<string, string> } | undefined;
  for (const node of tree.children) {
    if (node.type === 'heading') {
      if (current) examples.push(current);
      current = undefined;
      const match = /^(Valid|Invalid): (.+)$/.exec(textOf(node as Heading));
      if ((node as Heading).depth === 3 && match) current = { kind: match[1] as 'Valid' | 'Invalid', name: match[2]!, files: new Map(), fixed: new Map() };
      continue;
    }
    if (!current || node.type !== 'code') continue;
    const code = node as Code;
    // A file's text is the block's content with its final newline (remark drops the one before the fence).
    const text = `${code.value}\n`;
    const [path, flag] = (code.meta ?? '').split(/\s+/);
    if (code.lang === 'text' && path === 'findings') current.findings = code.value;
    else if (path === CONFIG_FILE) current.config = JSON.parse(code.value);
    else if (path && flag === 'fixed') current.fixed.set(path, text);
    else if (path) current.files.set(path, text);
  }
  if (current) examples.push(current);
  return examples;
}

const where = (path: string, span: Span | undefined) => `${path}:${span?.start.line ?? 1}:${span?.start.column ?? 1}`;
const renderFinding = (d: Diagnostic) => [`${where(d.path, d.span)} ${d.message}`, ...(d.related ?? []).map((r) => `  ${where(r.path, r.span)} ${r.message}`)].join('\n');

async function run(rule: Rule, example: Example): Promise<void> {
  const parsed = parseConfig(example.config ?? {});
  if (!parsed.ok) throw new Error(`${example.name}: invalid ${CONFIG_FILE}: ${JSON.stringify(parsed.problems)}`);
  expect(checkRuleSettings(parsed.config.rules, allRules)).toEqual([]);
  const config = parsed.config;
  const found = runRule(await buildWithFallback(example.files, config), rule);
  if (example.kind === 'Valid') {
    expect({ findings: example.findings, fixed: example.fixed.size }).toEqual({ findings: undefined, fixed: 0 });
    expect(found.map(renderFinding)).toEqual([]);
    return;
  }
  expect(found.length).toBeGreaterThan(0);
  expect(found.map(renderFinding).join('\n')).toBe(example.findings);
  const fixed = await fixUntilStable(example.files, async (files) => runRule(await buildWithFallback(files, config), rule));
  const changed = new Map([...fixed.files].filter(([path, text]) => example.files.get(path) !== text));
  expect(changed).toEqual(example.fixed);
}

test('every rule has a page, and every page a rule', () => {
  expect([...pageIds].sort()).toEqual(allRules.map((r) => r.meta.id).sort());
});

test('the rules overview lists and links every rule', () => {
  const overview = readFileSync(join(DOCS, 'README.md'), 'utf8');
  const linked = [...overview.matchAll(/\[`([a-z]+\/[a-z-]+)`\]\(\1\.md\)/g)].map((m) => m[1]);
  expect([...new Set(linked)]).toEqual(allRules.map((r) => r.meta.id));
});

describe.each(allRules.filter((r) => pageIds.includes(r.meta.id)).map((r) => [r.meta.id, r] as const))('docs/rules/%s.md', (id, rule) => {
  const page = readFileSync(join(DOCS, `${id}.md`), 'utf8');
  const examples = examplesOf(page);

  test('states the id, severity, fixability and options the rule declares', () => {
    expect(page.split('\n')[0]).toBe(`# ${id}`);
    const options = Object.entries(optionsSchemaOf(rule.meta).properties);
    const names = options.length === 0 ? 'none' : options.map(([name]) => `\`${name}\``).join(', ');
    expect(page).toContain(`\n| ${rule.meta.severity} | ${rule.meta.fixable ? 'yes' : 'no'} | ${names} |\n`);
    for (const heading of ['## What it checks', '## Why', '## Options', '## Fix', '## Examples']) expect(page).toContain(`\n${heading}\n`);
    for (const [name, schema] of options) expect(page).toContain(`| \`${name}\` | ${String(schema.type)} | \`${JSON.stringify(schema.default)}\` |`);
    if (options.length === 0) expect(page).toMatch(/## Options\n\nNone\./);
    expect(page).toMatch(rule.meta.fixable ? /## Fix\n\n`memdex check --fix`/ : /## Fix\n\nNot fixable/);
  });

  test('has valid and invalid examples with unique names; a fixable rule shows a fix', () => {
    expect(examples.filter((e) => e.kind === 'Invalid').length).toBeGreaterThanOrEqual(1);
    expect(examples.filter((e) => e.kind === 'Valid').length).toBeGreaterThanOrEqual(1);
    expect(new Set(examples.map((e) => e.name)).size).toBe(examples.length);
    for (const e of examples.filter((x) => x.kind === 'Invalid')) expect({ name: e.name, findings: typeof e.findings }).toEqual({ name: e.name, findings: 'string' });
    if (rule.meta.fixable) expect(examples.some((e) => e.fixed.size > 0)).toBe(true);
  });

  test.each(examples.map((e) => [`${e.kind}: ${e.name}`, e] as const))('%s', (_name, example) => run(rule, example));

  test('SARIF helpUri points at this page', () => {
    expect(ruleHelpUri(id)).toBe(`https://github.com/memdex/memdex/blob/main/docs/rules/${id}.md`);
  });
});

test('`memdex rules` links each rule to its page', () => {
  const json = JSON.parse(runCli(['rules', '--format', 'json']).stdout) as { id: string; docs: string }[];
  expect(json.map((r) => [r.id, r.docs])).toEqual(allRules.map((r) => [r.meta.id, ruleHelpUri(r.meta.id)]));
  const text = runCli(['rules']).stdout;
  expect(text).toContain('https://github.com/memdex/memdex/blob/main/docs/rules/<id>.md');
  for (const { docs } of json) expect(existsSync(join(REPO, docs.replace(/^.*\/blob\/main\//, '')))).toBe(true);
});
