/**
 * `memdex mcp` driven by the MCP SDK's own client over stdio, as an agent drives it: every
 * tool, bad inputs (each a sentence naming the field, never a stack trace), the playbook
 * resource, and a 10,000-entry tree. What a tool answers is compared with what the CLI
 * prints for the same request (one renderer), so the two cannot drift apart.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTree } from '../../bench/generate-tree.mjs';
import { CLI, runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-mcp-');

interface Answer {
  readonly text: string;
  readonly isError: boolean;
}

async function connect(root: string): Promise<{ call(name: string, args: Record<string, unknown>): Promise<Answer>; client: Client; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--root', root],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', CLAUDE_PROJECT_DIR: '', MEMDEX_LEARN: '0' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'memdex-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean };
      return { text: result.content.map((c) => c.text).join('\n'), isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

/** What the CLI prints for a recall: stdout's sections, then each failure without the `memdex: ` prefix. */
function cliRecall(root: string, args: readonly string[]): string {
  const result = runCli([...args, '--root', root]);
  const failures = result.stderr.split('\n').filter((line) => line.startsWith('memdex: ')).map((line) => line.slice('memdex: '.length));
  return [result.stdout.trimEnd(), ...failures].filter((part) => part !== '').join('\n\n');
}

/** A call's arguments in a test title: long texts cut. */
const shown = (args: unknown) => JSON.stringify(args).replace(/([^"]{40})[^"]{20,}/g, '$1…');

const STACK = /\n\s+at .+\(.*:\d+:\d+\)/;

describe('the example tree', () => {
  let root: string;
  let server: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    root = temp(EXAMPLE);
    server = await connect(root);
  });
  afterAll(async () => server.close());

  test('tools and instructions: every tool described, with its input schema; the instructions are facts about this tree', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['when', 'how', 'resolve', 'suggest', 'remember', 'feedback']);
    for (const tool of tools) {
      expect(tool.description).toMatch(/\w{4,}/);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'when')!.inputSchema.required).toEqual(['query']);
    expect(tools.find((t) => t.name === 'remember')!.inputSchema.required).toEqual(['kind', 'trigger', 'file', 'body']);
    const instructions = server.client.getInstructions() ?? '';
    expect(instructions).toContain('agents/memory-index.md');
    expect(instructions).not.toMatch(/\b(you must|always|never)\b/i);
  });

  test.each([
    ['when', { query: 'writing mock tests' }, ['when', 'writing mock tests'], false],
    ['how', { query: 'parse command line flags' }, ['how', 'parse command line flags'], false],
    ['when', { query: 'writing mock test', navigation: false }, ['when', 'writing mock test', '--no-nav'], false],
    ['how', { query: 'quantum entanglement' }, ['how', 'quantum entanglement'], false],
    ['resolve', { query: '..cli.md' }, ['resolve', '..cli.md'], false],
    ['resolve', { query: '.Output' }, ['resolve', '.Output'], false],
    ['resolve', { query: '..../etc/passwd' }, ['resolve', '..../etc/passwd'], false],
    ['resolve', { queries: ['/when printing errors', '..workflow.md', '/how quantum'] }, ['resolve', '/when printing errors', '..workflow.md', '/how quantum'], false],
  ])('%s %j answers what the CLI prints', async (tool, args, cli, isError) => {
    const answer = await server.call(tool, args);
    expect(answer).toEqual({ text: cliRecall(root, cli), isError });
  });

  test('a found section reaches the model: its lines and its source', async () => {
    const answer = await server.call('when', { query: 'writing mock tests' });
    expect(answer.text).toContain('# When Writing Mock Tests');
    expect(answer.text).toContain('Patch where the object is **used**, not where it is defined.');
    expect(answer.text).toContain('Source: agents/decisions/testing.md');
    // what a path outside the decisions folder gets: the CLI's refusal, no file read
    expect((await server.call('resolve', { query: '..../etc/passwd' })).text).toContain('file mode reads only a `<name>.md` file directly inside agents/decisions/ (no paths, no `..`)');
  });

  test.each([
    ['when', { query: '' }, 'query is empty; expected text, like "writing mock tests"'],
    ['when', { query: '   ' }, 'query is empty; expected text, like "writing mock tests"'],
    ['when', { query: 'x'.repeat(1001) }, 'query is 1,001 characters; expected at most 1,000'],
    ['when', { query: 42 }, 'query must be text'],
    ['when', {}, 'query must be text'],
    ['resolve', {}, 'give `query` or `queries` (one of them)'],
    ['resolve', { query: 'a', queries: ['b'] }, 'give `query` or `queries` (one of them)'],
    ['resolve', { queries: [] }, 'queries is empty'],
    ['resolve', { queries: Array.from({ length: 51 }, (_, i) => `q${i}`) }, 'queries holds 51 queries; expected at most 50 per call'],
    ['resolve', { queries: ['ok', ''] }, 'queries[1] is empty'],
    ['suggest', { text: '' }, 'text is empty'],
    ['suggest', { text: 'x'.repeat(20_001) }, 'text is 20,001 characters; expected at most 20,000'],
    ['suggest', { text: 'mock', limit: 0 }, 'limit 0: expected a whole number from 1 to 20'],
    ['suggest', { text: 'mock', limit: 2.5 }, 'limit 2.5: expected a whole number from 1 to 20'],
    ['remember', { kind: 'what', trigger: 'x', file: 'testing.md', body: 'a\nb\nc' }, 'kind must be "when" or "how"'],
    ['remember', { kind: 'when', trigger: '', file: 'testing.md', body: 'a\nb\nc' }, 'trigger is empty'],
    ['feedback', { id: 'kpt_999' }, 'kpt_999 is not a key point of .claude/playbook.json'],
    ['feedback', { id: 'kpt_001', tags: { typescript: 'high' } }, 'tags must map tag names to numbers in [-1, 1]'],
    ['feedback', { id: 'kpt_001', tags: { typescript: 3 } }, 'typescript'],
  ].map(([tool, args, message]) => [tool as string, shown(args), args as Record<string, unknown>, message as string] as const))('%s %s: an error naming what is wrong, no stack trace', async (tool, _shown, args, message) => {
    const answer = await server.call(tool, args);
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(message);
    expect(answer.text).not.toMatch(STACK);
  });

  test('suggest: the entries the CLI suggests, with their scores', async () => {
    const text = 'the test must not depend on the wall clock';
    const cli = JSON.parse(runCli(['suggest', text, '--format', 'json', '--limit', '3', '--root', root]).stdout) as { label: string; score: number }[];
    const answer = await server.call('suggest', { text, limit: 3 });
    expect(answer).toEqual({ text: cli.map((s) => `${s.label}  (score ${s.score.toFixed(2)})`).join('\n'), isError: false });
    expect(answer.text).toContain('/when a test needs the clock');
    expect(await server.call('suggest', { text: 'zzzq xyzzy' })).toEqual({ text: 'No entry of the memory index is close to this text.', isError: false });
  });

  test('the playbook resource is what `memdex playbook show` prints', async () => {
    const resources = await server.client.listResources();
    expect(resources.resources.map((r) => r.uri)).toEqual(['memdex://playbook']);
    const { contents } = await server.client.readResource({ uri: 'memdex://playbook' });
    expect((contents[0] as { text: string }).text.trimEnd()).toBe(runCli(['playbook', 'show', '--root', root]).stdout.trimEnd());
    expect((contents[0] as { text: string }).text).toContain('[MX#kpt_001]');
  });

  test('feedback: recorded as the CLI records it (the relevance store gains the event)', async () => {
    const answer = await server.call('feedback', { id: 'kpt_002', tags: { typescript: -0.5 }, reason: 'not a TypeScript task' });
    expect(answer).toEqual({ text: 'Recorded feedback for kpt_002: typescript -0.5.', isError: false });
    const store = JSON.parse(readFileSync(join(root, '.claude', 'relevance.json'), 'utf8')) as { items: Record<string, { events: number }> };
    expect(store.items.kpt_002!.events).toBe(1);
  });
});

describe('remember', () => {
  const BODY = 'Name the file after what it exports.\nOne idea per file.\nSplit when a second idea appears.\n';

  test('adds the heading and the entry, both files; recall finds it at once; check stays clean', async () => {
    const root = temp(EXAMPLE);
    const server = await connect(root);
    try {
      expect((await server.call('when', { query: 'naming source files' })).text).toMatch(/^no entry matches 'naming source files'/);
      const answer = await server.call('remember', { kind: 'when', trigger: 'naming source files', file: 'agents/decisions/workflow.md', body: BODY, extras: ['file names'] });
      expect(answer.isError).toBe(false);
      expect(answer.text).toMatch(/^added \/when naming source files \| file names \(agents\/memory-index\.md:\d+\) and "When Naming Source Files" \(agents\/decisions\/workflow\.md:\d+\)/);
      expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).toContain('/when naming source files | file names');
      expect(readFileSync(join(root, 'agents', 'decisions', 'workflow.md'), 'utf8')).toContain('When Naming Source Files');
      const recalled = await server.call('when', { query: 'naming source files' });
      expect(recalled.text).toContain('One idea per file.');
      expect(runCli(['check', '--root', root]).status).toBe(0);
    } finally {
      await server.close();
    }
  });

  test.each([
    [{ kind: 'when', trigger: 'thin memories', file: 'agents/decisions/workflow.md', body: 'one line' }, 'a memory needs at least 3'],
    [{ kind: 'when', trigger: 'writing mock tests', file: 'agents/decisions/testing.md', body: BODY }, 'writing mock tests'],
    [{ kind: 'when', trigger: 'escaping the tree', file: '../outside.md', body: BODY }, 'outside.md'],
    [{ kind: 'when', trigger: 'escaping the tree', file: '/etc/passwd', body: BODY }, 'passwd'],
  ].map(([args, reason]) => [shown(args), args as Record<string, unknown>, reason as string] as const))('refused %s: nothing written, the reasons given', async (_shown, args, reason) => {
    const root = temp(EXAMPLE);
    const before = [readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8'), readFileSync(join(root, 'agents', 'decisions', 'workflow.md'), 'utf8')];
    const server = await connect(root);
    try {
      const answer = await server.call('remember', args);
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^Not added \(nothing was written\):\n/);
      expect(answer.text).toContain(reason);
      expect([readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8'), readFileSync(join(root, 'agents', 'decisions', 'workflow.md'), 'utf8')]).toEqual(before);
    } finally {
      await server.close();
    }
  });

  test('dryRun shows the diff and writes nothing', async () => {
    const root = temp(EXAMPLE);
    const index = readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8');
    const server = await connect(root);
    try {
      const answer = await server.call('remember', { kind: 'how', trigger: 'name source files', file: 'agents/decisions/workflow.md', body: BODY, dryRun: true });
      expect(answer.text).toContain('+/how name source files');
      expect(answer.text).toContain('dry run: 2 files would change; nothing was written');
      expect(readFileSync(join(root, 'agents', 'memory-index.md'), 'utf8')).toBe(index);
    } finally {
      await server.close();
    }
  });
});

test('a tree edited while the server runs is answered from the new text', async () => {
  const root = temp(EXAMPLE);
  const server = await connect(root);
  try {
    expect((await server.call('when', { query: 'writing mock tests' })).text).toContain('Patch where the object');
    const file = join(root, 'agents', 'decisions', 'testing.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Patch where the object', 'Patch where the thing'));
    expect((await server.call('when', { query: 'writing mock tests' })).text).toContain('Patch where the thing');
  } finally {
    await server.close();
  }
});

test('no tree: the server does not start, and says why (exit 2)', () => {
  const dir = temp();
  const result = runCli(['mcp'], { cwd: dir, input: '' });
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(/^memdex: no memory tree/);
});

test('a 10,000-entry tree: when, how and resolve answer from it (latency: bench/mcp.mjs)', async () => {
  const root = temp();
  const entries = generateTree(root, { entries: 10_000 });
  const server = await connect(root);
  try {
    for (const entry of [entries[0]!, entries[4321]!, entries[9999]!]) {
      const answer = await server.call(entry.operator, { query: entry.trigger });
      expect(answer.isError).toBe(false);
      expect(answer.text.split('\n')[0]!.toLowerCase()).toBe(`# ${entry.operator === 'how' ? 'how to' : 'when'} ${entry.trigger}`);
    }
    const batch = await server.call('resolve', { queries: entries.slice(0, 20).map((e) => `/${e.operator} ${e.trigger}`) });
    expect(batch.isError).toBe(false);
    expect(batch.text.split('\n---\n')).toHaveLength(20);
  } finally {
    await server.close();
  }
});
