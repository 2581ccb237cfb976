// `memdex mcp` on a 10,000-entry tree (issue 25: a `when` call answers in ≤ 50 ms inside the running server):
// the server started once through the SDK's own client over stdio, as an agent starts it, then `when` calls on
// triggers spread over the tree, each timed from the request to the answer (the JSON-RPC round trip included).
// The first call after start-up (which loads the tree) is reported apart; so is a call after an edit (a reload).
//   node bench/mcp.mjs [--entries 10000] [--calls 200]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateTree } from './generate-tree.mjs';
import { CLI } from './measure.mjs';

export const TITLE = '`memdex mcp`: `when` inside the running server, 10,000 entries (issue 25)';

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

export async function benchMcp({ entries = 10_000, calls = 200 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'memdex-bench-mcp-'));
  try {
    const list = generateTree(root, { entries });
    // A file written less than 2 s ago cannot prove it is unchanged (node/live-tree-host.ts RACY_MS): the server reloads
    // the tree on every call until then. A tree is seldom that fresh; the reload is measured apart below.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root], env: { ...process.env, CLAUDE_PROJECT_DIR: '' }, stderr: 'ignore' });
    const client = new Client({ name: 'memdex-bench', version: '1.0.0' });
    const started = performance.now();
    await client.connect(transport);
    const connected = performance.now() - started;
    const call = async (entry) => {
      const t = performance.now();
      const result = await client.callTool({ name: entry.operator, arguments: { query: entry.trigger } });
      const ms = performance.now() - t;
      if (result.isError || !result.content[0].text.startsWith('# ')) throw new Error(`${entry.operator} ${entry.trigger}: ${result.content[0].text.slice(0, 200)}`);
      return ms;
    };
    const first = await call(list[0]);
    const times = [];
    for (let i = 0; i < calls; i++) times.push(await call(list[(i * 7919) % list.length]));
    // A decision file edited: the next call reloads the tree.
    appendFileSync(join(root, 'agents', 'decisions', 'topic-0000.md'), '\n');
    const reload = await call(list[1]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const settled = await call(list[2]); // reloads once more: the edit is now older than the racy window
    const after = [];
    for (let i = 0; i < 20; i++) after.push(await call(list[(i * 104_729) % list.length]));
    await client.close();
    const load = loadavg()[0].toFixed(1);
    return [
      `${entries.toLocaleString('en-US')} entries, ${calls} \`when\` calls over the SDK client's stdio transport, one server process; load average ${load} on this machine.`,
      '',
      '| what | ms |',
      '|---|---:|',
      `| start-up and MCP handshake | ${connected.toFixed(0)} |`,
      `| first call (loads and indexes the tree) | ${first.toFixed(0)} |`,
      `| a call, median | ${percentile(times, 0.5).toFixed(2)} |`,
      `| a call, 95th percentile | ${percentile(times, 0.95).toFixed(2)} |`,
      `| a call, slowest | ${Math.max(...times).toFixed(2)} |`,
      `| the call after a decision file changed (reload) | ${reload.toFixed(0)} |`,
      `| the first call 2 s after that edit (one more reload, then trusted) | ${settled.toFixed(0)} |`,
      `| the next 20 calls, median | ${percentile(after, 0.5).toFixed(2)} |`,
      '',
      'Target: a `when` call answers in ≤ 50 ms in the running server (the 95th percentile is the figure compared).',
    ].join('\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const opt = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? dflt : Number(process.argv[i + 1]);
  };
  process.stdout.write(`## ${TITLE}\n\n${await benchMcp({ entries: opt('entries', 10_000), calls: opt('calls', 200) })}\n`);
}
