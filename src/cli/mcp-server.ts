/**
 * `memdex mcp`: the memory as an MCP server on stdio, for any agent that speaks MCP
 * (Claude Code, Codex CLI, Gemini CLI, Cursor): wiring it for one is configuration
 * only — a command (`memdex mcp`, or `node <package>/bin/memdex.cjs mcp`) and its
 * arguments (`--root DIR`). Built on the official SDK (@modelcontextprotocol/sdk) and
 * bundled with it into dist/mcp.cjs: no other command loads it.
 *
 * An adapter, like the CLI: each tool validates its input (a message naming the field
 * and what is expected), calls a use case (app/live-tree.ts for recall and suggest,
 * app/add.ts, app/feedback.ts, app/playbook.ts) and renders what the CLI prints (the
 * same renderer: when/write-results.ts). The tree is the one of `--root` or the cwd,
 * found once at start; `remember` writes only where `memdex add` may (the decisions
 * folder and the index, through the journal). Every error is a tool result with
 * `isError` and a sentence; a bug in memdex says so, without a stack trace.
 *
 * Tools: when, how, resolve (three modes, batch), suggest, remember, feedback; the
 * playbook is the resource memdex://playbook. `memdex recall` counts the agent's
 * calls of when/how/resolve as its `mcp` kind (recall/observe.ts).
 */
import { loadConfig } from '../app/load-config.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { addMemory } from '../app/add.js';
import { recordFeedback } from '../app/feedback.js';
import { LiveTree, recallFromTree, suggestFromTree } from '../app/live-tree.js';
import { showPlaybook } from '../app/playbook.js';
import { MemdexError } from '../core/errors.js';
import { version } from '../core/version.js';
import { addDone } from './add-done.js';
import { MCP_LIMITS, mcpMessages as m } from '../messages/mcp.js';
import { messages as relevanceMessages } from '../messages/relevance.js';
import type { Operator } from '../model/keys.js';
import { nodeLiveTreeHost } from '../node/live-tree-host.js';
import { nodeHost } from '../node/node-host.js';
import { renderResults } from '../when/write-results.js';

export interface McpOptions {
  /** --root, or the tree found from the cwd. */
  readonly root?: string;
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
}

/** A tool's answer: text for the model, an error flagged as one. */
interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

const text = (value: string, isError = false): ToolAnswer => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) });

/** Input that the schema let through but that means nothing: said in a sentence. */
class BadInput extends Error {}

/** Runs a tool's work; every failure becomes a sentence (a memdex error's own, or "internal error", never a stack). */
function guarded<A>(work: (args: A) => Promise<ToolAnswer> | ToolAnswer): (args: A) => Promise<ToolAnswer> {
  return async (args) => {
    try {
      return await work(args);
    } catch (error) {
      if (error instanceof BadInput || error instanceof MemdexError) return text(error.message.replace(/^memdex: /, ''), true);
      return text(m.internal(error instanceof Error ? error.message : String(error)), true);
    }
  };
}

/** A text field: present, not blank, not over its limit. */
function checkedText(field: string, value: string, max: number): string {
  if (value.trim() === '') throw new BadInput(m.empty(field));
  if (value.length > max) throw new BadInput(m.tooLong(field, value.length, max));
  return value;
}

const str = (field: string, describe: string) => z.string({ error: m.expected.string(field) }).describe(describe);
const flag = (field: string, describe: string) => z.boolean({ error: m.expected.boolean(field) }).optional().describe(describe);

export function createMcpServer(options: Pick<McpOptions, 'root'> = {}): { readonly server: McpServer; readonly root: string } {
  const host = nodeLiveTreeHost();
  const root = host.resolveRoot(options.root);
  const { config } = loadConfig(host, root);
  const tree = new LiveTree(host, root);
  const server = new McpServer({ name: 'memdex', version }, { instructions: m.instructions(config.index, config.decisions) });

  const recall = async (operator: Operator | undefined, queries: readonly string[], navigation: boolean) => {
    const answer = await recallFromTree(tree, queries, operator);
    const rendered = renderResults(answer.results, { navigation, format: 'text', config: answer.config }, answer.related);
    const parts = [rendered.stdout.trimEnd(), ...rendered.failures].filter((part) => part !== '');
    // Misses and near-ties are answers too, said as the CLI says them (not tool errors: `memdex recall` counts such a
    // call as a recall, and an error result as a call the client refused).
    return text(parts.join('\n\n'));
  };
  const queriesOf = (args: { query?: string | undefined; queries?: string[] | undefined }, batch: boolean): string[] => {
    if (batch && (args.query === undefined) === (args.queries === undefined)) throw new BadInput(m.queryOrQueries);
    if (args.queries !== undefined) {
      if (args.queries.length === 0) throw new BadInput(m.empty('queries'));
      if (args.queries.length > MCP_LIMITS.batch) throw new BadInput(m.tooMany(args.queries.length, MCP_LIMITS.batch));
      return args.queries.map((q, i) => checkedText(`queries[${i}]`, q, MCP_LIMITS.queryChars));
    }
    return [checkedText('query', args.query ?? '', MCP_LIMITS.queryChars)];
  };

  for (const operator of ['when', 'how'] as const) {
    server.registerTool(
      operator,
      {
        description: m.tools[operator],
        inputSchema: { query: str('query', m.fields.query), navigation: flag('navigation', m.fields.navigation) },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      guarded((args) => recall(operator, queriesOf(args, false), args.navigation !== false)),
    );
  }
  server.registerTool(
    'resolve',
    {
      description: m.tools.resolve,
      inputSchema: {
        query: str('query', m.fields.resolveQuery).optional(),
        queries: z.array(z.string({ error: m.expected.strings('queries') }), { error: m.expected.strings('queries') }).optional().describe(m.fields.queries),
        navigation: flag('navigation', m.fields.navigation),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded((args) => recall(undefined, queriesOf(args, true), args.navigation !== false)),
  );
  server.registerTool(
    'suggest',
    {
      description: m.tools.suggest,
      inputSchema: { text: str('text', m.fields.text), limit: z.number({ error: m.expected.integer('limit') }).optional().describe(m.fields.limit) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async (args) => {
      const task = checkedText('text', args.text, MCP_LIMITS.textChars);
      const limit = args.limit ?? 5;
      if (!Number.isInteger(limit) || limit < 1 || limit > MCP_LIMITS.suggestLimit) throw new BadInput(m.badLimit(limit, MCP_LIMITS.suggestLimit));
      const found = await suggestFromTree(tree, task, limit);
      if (!found || found.suggestions.length === 0) return text(m.noneSuggested);
      return text(found.suggestions.map((s) => m.suggestion(s.label, s.score)).join('\n'));
    }),
  );
  server.registerTool(
    'remember',
    {
      description: m.tools.remember,
      inputSchema: {
        kind: z.enum(['when', 'how'], { error: m.expected.kind }).describe(m.fields.kind),
        trigger: str('trigger', m.fields.trigger),
        file: str('file', m.fields.file),
        body: str('body', m.fields.body),
        extras: z.array(z.string({ error: m.expected.strings('extras') }), { error: m.expected.strings('extras') }).optional().describe(m.fields.extras),
        under: str('under', m.fields.under).optional(),
        dryRun: flag('dryRun', m.fields.dryRun),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    guarded(async (args) => {
      const extras = (args.extras ?? []).map((extra, i) => checkedText(`extras[${i}]`, extra, MCP_LIMITS.queryChars));
      if (extras.some((extra) => extra.includes(','))) throw new BadInput(m.expected.strings('extras'));
      const { outcome } = await addMemory(host, {
        operator: args.kind,
        trigger: checkedText('trigger', args.trigger, MCP_LIMITS.queryChars),
        file: checkedText('file', args.file, MCP_LIMITS.queryChars),
        bodyText: checkedText('body', args.body, MCP_LIMITS.bodyChars),
        ...(extras.length > 0 ? { extras: extras.join(',') } : {}),
        ...(args.under !== undefined ? { under: checkedText('under', args.under, MCP_LIMITS.queryChars) } : {}),
        dryRun: args.dryRun === true,
        root,
      });
      const warnings = outcome.warnings.map((w) => `Note: ${w}`);
      if (outcome.kind === 'refused') return text([m.refused(outcome.problems), ...warnings].join('\n'), true);
      return text([addDone(outcome, '`under`').trimEnd(), ...warnings].join('\n'));
    }),
  );
  server.registerTool(
    'feedback',
    {
      description: m.tools.feedback,
      inputSchema: {
        id: str('id', m.fields.id),
        notApplicable: flag('notApplicable', m.fields.notApplicable),
        tags: z.record(z.string(), z.number({ error: m.expected.tags }), { error: m.expected.tags }).optional().describe(m.fields.tags),
        reason: str('reason', m.fields.reason).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    guarded((args) => {
      const tags = Object.entries(args.tags ?? {}).map(([tag, score]) => `${tag}=${score}`);
      const { id, ratings, outcome } = recordFeedback(nodeHost(), {
        id: checkedText('id', args.id, MCP_LIMITS.queryChars),
        root,
        notApplicable: args.notApplicable ?? tags.length === 0,
        tags,
        ...(args.reason !== undefined ? { reason: checkedText('reason', args.reason, MCP_LIMITS.textChars) } : {}),
      });
      const lines = [relevanceMessages.feedbackRecorded(id, [...ratings].map(([tag, r]) => `${tag} ${r}`).join(', '))];
      if (outcome.pin.action !== 'keep') lines.push(relevanceMessages.pinNote(id, outcome.pin.action, outcome.pin.reason));
      return text(lines.join('\n'));
    }),
  );
  server.registerResource(m.playbookName, 'memdex://playbook', { description: m.playbookDescription, mimeType: 'text/markdown' }, (uri) => {
    const { text: playbook } = showPlaybook(nodeHost(), root);
    return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: playbook }] };
  });
  return { server, root };
}

/** Serves until the client closes stdin. */
export async function serveMcp(options: McpOptions = {}): Promise<number> {
  const { server } = createMcpServer(options);
  const transport = new StdioServerTransport(options.input as never, options.output as never);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    (options.input ?? process.stdin).once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}
