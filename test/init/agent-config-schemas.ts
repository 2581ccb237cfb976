/**
 * The MCP server entries each agent documents, as JSON Schemas (draft-07, ajv),
 * written from the agents' own documentation (docs/agents.md links it): only the
 * documented keys are allowed, so a key memdex misspells or invents fails. A stdio
 * server needs `command`; `args` is a list of strings, `env` a map of strings.
 */
import { Ajv } from 'ajv';

const strings = { type: 'array', items: { type: 'string' } } as const;
const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

function configSchema(server: Record<string, unknown>, extraTopLevel = true) {
  return {
    type: 'object',
    ...(extraTopLevel ? {} : { additionalProperties: false }),
    properties: { mcpServers: { type: 'object', additionalProperties: { type: 'object', required: ['command'], additionalProperties: false, properties: server } } },
  };
}

/** Claude Code, `.mcp.json`: `{ "mcpServers": { name: { type: "stdio", command, args, env } } }` (project scope). */
export const CLAUDE_MCP_JSON = configSchema({ type: { enum: ['stdio'] }, command: { type: 'string', minLength: 1 }, args: strings, env: stringMap }, false);

/** Gemini CLI, `.gemini/settings.json` `mcpServers`: command, args, env, cwd, timeout, trust, includeTools, excludeTools, description (stdio). */
export const GEMINI_SETTINGS = configSchema({
  command: { type: 'string', minLength: 1 },
  args: strings,
  env: stringMap,
  cwd: { type: 'string' },
  timeout: { type: 'number' },
  trust: { type: 'boolean' },
  includeTools: strings,
  excludeTools: strings,
  description: { type: 'string' },
});

/** Cursor, `.cursor/mcp.json`: `{ "mcpServers": { name: { type?, command, args, env, envFile } } }`. */
export const CURSOR_MCP_JSON = configSchema({ type: { enum: ['stdio'] }, command: { type: 'string', minLength: 1 }, args: strings, env: stringMap, envFile: { type: 'string' } }, false);

/** Codex CLI, `[mcp_servers.<name>]` of config.toml (stdio): command, args, env, env_vars, cwd, startup_timeout_sec, tool_timeout_sec, enabled, enabled_tools, disabled_tools. */
export const CODEX_CONFIG = {
  type: 'object',
  properties: {
    mcp_servers: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['command'],
        additionalProperties: false,
        properties: {
          command: { type: 'string', minLength: 1 },
          args: strings,
          env: stringMap,
          env_vars: strings,
          cwd: { type: 'string' },
          startup_timeout_sec: { type: 'number' },
          tool_timeout_sec: { type: 'number' },
          enabled: { type: 'boolean' },
          enabled_tools: strings,
          disabled_tools: strings,
        },
      },
    },
  },
};

/** Cursor's rule front matter (`.cursor/rules/*.mdc`): description, globs, alwaysApply, and nothing else. */
export const CURSOR_RULE_FRONT_MATTER = {
  type: 'object',
  required: ['description', 'alwaysApply'],
  additionalProperties: false,
  properties: { description: { type: 'string', minLength: 1 }, globs: { anyOf: [{ type: 'string' }, { type: 'null' }, strings] }, alwaysApply: { type: 'boolean' } },
};

const ajv = new Ajv({ allErrors: true, strict: true });

/** The schema's errors for the value, as `path message` lines ([] when it conforms). */
export function schemaErrors(schema: object, value: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
