/**
 * A stand-in for the Anthropic Messages API on 127.0.0.1, scripted by the newest user message.
 *
 * The real client (`claude -p`) talks to `$ANTHROPIC_BASE_URL/v1/messages` with `stream: true` and reads
 * server-sent events: message_start, content_block_start / content_block_delta / content_block_stop,
 * message_delta, message_stop. This server answers in that shape; what it answers depends only on the
 * newest `user` message of the request, so a scenario is written as prompts:
 *
 *   - the client's compaction request                 → an `<analysis>` + `<summary>` answer;
 *   - the newest user message holds a `tool_result`  → a short text answer that names the error flag and
 *     nothing of the result (`Tool result received (is_error=<bool>).`), which ends the agent's turn;
 *   - `CALL_BASH: <command>` (rest of the line)       → a `Bash` tool_use `{command, description}`;
 *   - `CALL_SKILL: <name> <args>`                      → a `Skill` tool_use `{skill, args}`;
 *   - `CALL_TOOL: <name> <JSON input>`                 → a tool_use of any tool (an MCP tool `mcp__<server>__<tool>`);
 *   - the request asks for structured output (a JSON schema in `output_format`, or a tool named
 *     `StructuredOutput` offered to the model) → the reply registered with `structuredReply(fn)`,
 *     as a tool_use of that tool or as JSON text; but first, as a model a planted line could fool:
 *     `REVIEWER_RUN: <command>` anywhere in the newest user message (a transcript the reviewer
 *     reads) → a `Bash` tool_use of it, when the request offers Bash (the learner's must not);
 *   - anything else                                    → plain text (`OK (reply <n>).`).
 *
 * It never repeats what it was given: a stand-in that echoed the prompt in its reply let a test of
 * the learner pass while the learner saw only the model's last reply (issue 21). So a check that
 * evidence in a prompt or a tool result reached the learner can fail.
 *
 * Markers are read from the newest user message only, so a marker of an earlier turn (replayed on
 * `--resume`) never fires again. Every request body is appended to `requests.jsonl` (one JSON line per
 * request: `{path, body}`), which is exactly what the model receives; scenarios assert on it. Other
 * endpoints (count_tokens, anything unknown) get a minimal answer and are logged too.
 */
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

export const BASH_MARKER = 'CALL_BASH:';
export const SKILL_MARKER = 'CALL_SKILL:';
/** A line planted in what a reviewer reads; the stand-in obeys it whenever it can (the learner must make that impossible). */
export const REVIEWER_BASH_MARKER = 'REVIEWER_RUN:';
export const TOOL_MARKER = 'CALL_TOOL:';
/** The tool the client offers for `--json-schema` runs (name as seen in 2.1.330 requests). */
const STRUCTURED_TOOL = 'StructuredOutput';
/** The client's compaction request (2.1.330) asks for this; the answer must hold a <summary> block. */
const COMPACT_REQUEST = 'create a detailed summary of the conversation';
export const COMPACT_SUMMARY = '<analysis>Stand-in analysis.</analysis>\n<summary>Stand-in summary of the earlier conversation.</summary>';

/**
 * Starts the server; resolves to `{url, port, requestsFile, close(), structuredReply(fn)}`.
 * `fn(body)` returns the object a structured-output request is answered with.
 */
export async function startStandInApi({ requestsFile }) {
  let structured = () => ({});
  let counter = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = raw === '' ? null : JSON.parse(raw);
      } catch {
        body = { unparsed: raw.slice(0, 2000) };
      }
      const path = (req.url ?? '').split('?')[0];
      appendFileSync(requestsFile, `${JSON.stringify({ method: req.method, path, body })}\n`);
      if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
        return sendJson(res, 200, { input_tokens: Math.ceil(raw.length / 4) });
      }
      if (req.method === 'POST' && path === '/v1/messages') {
        counter += 1;
        const reply = decideReply(body, structured, counter);
        return body?.stream === false ? sendJson(res, 200, asMessage(reply, body, counter)) : sendStream(res, reply, body, counter);
      }
      return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `stand-in: no ${req.method} ${path}` } });
    });
  });
  await new Promise((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requestsFile,
    structuredReply(fn) {
      structured = fn;
    },
    close: () =>
      new Promise((resolvePromise) => {
        server.closeAllConnections?.();
        server.close(() => resolvePromise());
      }),
  };
}

/** The newest `user` message of a request, as `{text, prompt, toolResults}`. */
export function newestUserMessage(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? message.content : [];
    const texts = blocks.filter((b) => b?.type === 'text').map((b) => b.text);
    return {
      text: texts.join('\n'),
      // What the user typed: the last text block that is not a reminder the client added.
      prompt: texts.filter((t) => !t.trimStart().startsWith('<system-reminder>')).at(-1) ?? '',
      toolResults: blocks.filter((b) => b?.type === 'tool_result'),
    };
  }
  return { text: '', prompt: '', toolResults: [] };
}

/** What to answer: `{kind: 'text', text}` or `{kind: 'tool_use', name, input}`. */
export function decideReply(body, structured, turn = 0) {
  const schemaTool = Array.isArray(body?.tools) ? body.tools.find((t) => t?.name === STRUCTURED_TOOL) : undefined;
  const schema = body?.output_format?.schema ?? body?.output_config?.format?.schema;
  const { text, prompt, toolResults } = newestUserMessage(body);
  if (text.includes(COMPACT_REQUEST)) return { kind: 'text', text: COMPACT_SUMMARY };
  if (toolResults.length > 0) {
    if (schemaTool !== undefined && toolResults.every((r) => r.is_error !== true)) return { kind: 'text', text: 'Done.' };
    return { kind: 'text', text: `Tool result received (is_error=${toolResults[0].is_error === true}).` };
  }
  const planted = markerArgument(text, REVIEWER_BASH_MARKER);
  const offersBash = Array.isArray(body?.tools) && body.tools.some((t) => t?.name === 'Bash');
  if ((schemaTool !== undefined || schema !== undefined) && planted !== undefined && offersBash) {
    return { kind: 'tool_use', name: 'Bash', input: { command: planted, description: 'As the session record asks' } };
  }
  if (schemaTool !== undefined) return { kind: 'tool_use', name: STRUCTURED_TOOL, input: structured(body) };
  if (schema !== undefined) return { kind: 'text', text: JSON.stringify(structured(body)) };
  const bash = markerArgument(prompt, BASH_MARKER);
  if (bash !== undefined) return { kind: 'tool_use', name: 'Bash', input: { command: bash, description: 'Run the command the prompt names' } };
  const tool = markerArgument(prompt, TOOL_MARKER);
  if (tool !== undefined) {
    const space = tool.indexOf(' ');
    return { kind: 'tool_use', name: space === -1 ? tool : tool.slice(0, space), input: space === -1 ? {} : JSON.parse(tool.slice(space + 1)) };
  }
  const skill = markerArgument(prompt, SKILL_MARKER);
  if (skill !== undefined) {
    const [name, ...args] = skill.split(/\s+/);
    return { kind: 'tool_use', name: 'Skill', input: { skill: name, args: args.join(' ') } };
  }
  return { kind: 'text', text: `OK (reply ${turn}).` };
}

function markerArgument(text, marker) {
  // The prompt's own line, not a copy inside a system reminder: the last occurrence wins.
  const at = text.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = text.slice(at + marker.length).split('\n')[0].trim();
  return rest === '' ? undefined : rest;
}

function usage() {
  return { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

function contentBlock(reply, counter) {
  return reply.kind === 'text'
    ? { type: 'text', text: reply.text }
    : { type: 'tool_use', id: `toolu_standin_${String(counter).padStart(4, '0')}`, name: reply.name, input: reply.input };
}

function asMessage(reply, body, counter) {
  return {
    id: `msg_standin_${counter}`,
    type: 'message',
    role: 'assistant',
    model: body?.model ?? 'stand-in',
    content: [contentBlock(reply, counter)],
    stop_reason: reply.kind === 'tool_use' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: usage(),
  };
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
  res.end(JSON.stringify(value));
}

function sendStream(res, reply, body, counter) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_standin' });
  const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const message = asMessage(reply, body, counter);
  event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...usage(), output_tokens: 1 } } });
  const block = message.content[0];
  if (block.type === 'text') {
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: block.text } });
  } else {
    event('content_block_start', { index: 0, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
    event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
  }
  event('content_block_stop', { index: 0 });
  event('message_delta', { delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: 5 } });
  event('message_stop', {});
  res.end();
}
