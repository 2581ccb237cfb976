/**
 * m) `memdex mcp` under the real client (issue 25): the server registered with `--mcp-config` (the installed
 *    package's `memdex mcp`, as docs/mcp.md says), its tools offered to the model as `mcp__memdex__<tool>`,
 *    a `when` call and a batch `resolve` putting the sections into the model's next request, a bad input
 *    answered with memdex's sentence as an error result, `remember` writing both files, and `memdex recall`
 *    counting the recall calls as its `mcp` kind.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createWorld, toolResults } from '../harness.mjs';

/** A line of the section `/when writing mock tests` resolves to in fixtures/example. */
const SECTION_LINE = 'Patch where the object is **used**, not where it is defined.';
/** A line of `/when printing errors` (agents/decisions/cli.md). */
const CLI_LINE = 'Errors go to stderr, results to stdout';
const TOOLS = ['when', 'how', 'resolve', 'suggest', 'remember', 'feedback'].map((t) => `mcp__memdex__${t}`);
const call = (tool, input) => `CALL_TOOL: mcp__memdex__${tool} ${JSON.stringify(input)}`;

export default {
  title: 'memdex mcp: tools offered, recall, batch, bad input, remember, counted by memdex recall',
  async run({ client, tarball, check }) {
    const world = await createWorld({ client, tarball, init: true });
    try {
      const config = join(world.project.base, 'mcp.json');
      const bin = world.project.path('node_modules/.bin/memdex');
      writeFileSync(config, `${JSON.stringify({ mcpServers: { memdex: { type: 'stdio', command: bin, args: ['mcp'] } } }, null, 2)}\n`);
      const mcp = ['--mcp-config', config, '--strict-mcp-config', '--allowedTools', TOOLS.join(',')];
      // The client defers MCP tools behind ToolSearch when it has many; the stand-in calls them directly, as a model that knows them.
      const env = { ENABLE_TOOL_SEARCH: 'false' };

      const recall = await world.claude(['-p', call('when', { query: 'writing mock tests' }), ...mcp], { env });
      const offered = new Set((recall.requests[0]?.body?.tools ?? []).map((t) => t.name));
      const missing = TOOLS.filter((t) => !offered.has(t));
      check('m1', 'the client offers memdex\'s six tools to the model', missing.length === 0, missing.length === 0 ? 'all six offered' : `missing ${missing.join(', ')}`, 'all six offered');
      const [found] = recall.requests.flatMap(toolResults);
      check('m2', '`when` puts the section into the next request', found !== undefined && !found.isError && found.text.includes(SECTION_LINE), describe(found, SECTION_LINE), 'no error, section received');

      const batch = await world.claude(['-p', call('resolve', { queries: ['/when printing errors', '/when writing mock tests'] }), ...mcp, '--resume', recall.sessionId], { env });
      const [both] = batch.requests.flatMap(toolResults);
      const bothSeen = both !== undefined && !both.isError && both.text.includes(CLI_LINE) && both.text.includes(SECTION_LINE);
      check('m3', 'a batch `resolve` returns both sections', bothSeen, describe(both, CLI_LINE), 'no error, both sections received');

      const bad = await world.claude(['-p', call('when', { query: '' }), ...mcp], { env });
      const [refused] = bad.requests.flatMap(toolResults);
      const sentence = 'query is empty; expected text, like "writing mock tests"';
      check('m4', 'an empty query is an error result with memdex\'s sentence, no stack trace', refused?.isError === true && refused.text.includes(sentence) && !/\n\s+at /.test(refused.text), refused === undefined ? 'no tool_result' : `${refused.isError ? 'error' : 'no error'}: ${firstLine(refused.text)}`, `error: ${sentence}`);

      const body = 'Name the file after what it exports.\nOne idea per file.\nSplit when a second idea appears.';
      const remember = await world.claude(['-p', call('remember', { kind: 'when', trigger: 'naming source files', file: 'agents/decisions/workflow.md', body }), ...mcp], { env });
      const [added] = remember.requests.flatMap(toolResults);
      const written = world.project.read('agents/memory-index.md').includes('/when naming source files') && world.project.read('agents/decisions/workflow.md').includes('When Naming Source Files');
      check('m5', '`remember` writes the entry and the heading', added !== undefined && !added.isError && written, `${describe(added, 'added /when naming source files')}; files ${written ? 'both written' : 'not written'}`, 'added, both files written');

      // The sessions' folder in the client's projects folder (this world's HOME), as `memdex recall` reads it.
      const folder = dirname(world.transcriptPath(recall.sessionId) ?? '.');
      const report = world.project.memdex(['recall', '--format', 'json', '--projects-dir', folder]);
      let mcpRecalls;
      try {
        mcpRecalls = JSON.parse(report.stdout).totals?.byKind?.mcp;
      } catch {
        mcpRecalls = undefined;
      }
      // when (1) + resolve batch (2 queries); the bad call is an error result: not a recall.
      check('m6', '`memdex recall` counts the MCP recalls as their own kind', mcpRecalls === 3, report.status !== 0 ? `exit ${report.status}: ${firstLine(report.stderr)}` : `mcp: ${mcpRecalls}`, 'mcp: 3');
    } finally {
      await world.dispose();
    }
  },
};

function describe(result, expected) {
  if (result === undefined) return 'no tool_result';
  return `${result.isError ? 'error' : 'no error'}; ${result.text.includes(expected) ? 'expected text received' : `got "${firstLine(result.text)}"`}`;
}

function firstLine(text) {
  return (text ?? '').split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
}
