/** What counts as a recall and as task text (src/recall/observe.ts), on single events. */
import { describe, expect, test } from '@jest/globals';
import { bashRecall, decisionFileOf, hookPointers, mcpRecall, mcpRecalls, SessionObserver, taskText } from '../../src/recall/observe.js';
import type { TranscriptEvent } from '../../src/transcript/events.js';

const origin = { uuid: 'u', timestamp: '2026-11-02T10:00:00.000Z', sessionId: 's', line: 1, isSidechain: false, agentId: undefined };

describe('bashRecall', () => {
  test.each([
    ['memdex when writing mock tests', '/when writing mock tests'],
    ['node_modules/.bin/memdex how "run tests against real git"', '/how run tests against real git'],
    ['cd /p && npx memdex when mock patch 2>&1 || true', '/when mock patch'],
    ["\"$CLAUDE_PROJECT_DIR\"/node_modules/.bin/memdex resolve '/how encode paths'", '/how encode paths'],
    ['memdex when .Mock Patching', '.Mock Patching'],
    ['memdex when ..testing.md', '..testing.md'],
  ])('%s → %s', (command, query) => expect(bashRecall(command)).toBe(query));

  test.each(['memdex check', 'memdex suggest "mock tests"', 'echo memdexwhen x', 'grep -r "when" src'])('%s is not a recall', (command) => expect(bashRecall(command)).toBeUndefined());
});

test('mcpRecall: mcp__<server>__when|how|resolve with the query in its input', () => {
  expect(mcpRecall({ tool: 'mcp', server: 'memdex', name: 'when', input: { query: 'writing mock tests' } })).toBe('/when writing mock tests');
  expect(mcpRecall({ tool: 'mcp', server: 'memdex', name: 'resolve', input: { query: '/how x' } })).toBe('/how x');
  expect(mcpRecall({ tool: 'mcp', server: 'tools', name: 'memdex_how', input: { trigger: 'x' } })).toBe('/how x');
  expect(mcpRecall({ tool: 'mcp', server: 'memdex', name: 'check', input: {} })).toBeUndefined();
});

test('mcpRecalls: a batch call of `memdex mcp` resolve is one recall per query', () => {
  expect(mcpRecalls({ tool: 'mcp', server: 'memdex', name: 'resolve', input: { queries: ['/when a', '..cli.md', 7] } })).toEqual(['/when a', '..cli.md']);
  expect(mcpRecalls({ tool: 'mcp', server: 'memdex', name: 'when', input: { query: 'a' } })).toEqual(['/when a']);
  expect(mcpRecalls({ tool: 'mcp', server: 'memdex', name: 'suggest', input: { text: 'a' } })).toEqual([]);
});

test('hookPointers: /when and /how lines outside the playbook block', () => {
  const text = '[MEMDEX_V1]\n- [MX#kpt_1] helpful=1 harmful=0 :: /when not this\n[/MEMDEX_V1]\nRelated memories:\n0.703  /when resuming interrupted orchestration\n- /how verify commits\nsee /when inline';
  expect(hookPointers(text)).toEqual(['/when resuming interrupted orchestration', '/how verify commits']);
});

test('taskText cuts client boilerplate tags', () => {
  expect(taskText('<local-command-caveat>Caveat: The messages below were generated…</local-command-caveat>')).toBe('');
  expect(taskText('fix the parser <system-reminder>messages</system-reminder>')).toBe('fix the parser');
});

test('decisionFileOf: equal or suffix on a path boundary, either separator', () => {
  const files = ['agents/decisions/testing.md'];
  expect(decisionFileOf('/home/u/p/agents/decisions/testing.md', files)).toBe(files[0]);
  expect(decisionFileOf('./agents/decisions/testing.md', files)).toBe(files[0]);
  expect(decisionFileOf('C:\\p\\agents\\decisions\\testing.md', files)).toBe(files[0]);
  expect(decisionFileOf('/home/u/p/other-agents/decisions/testing.md.bak', files)).toBeUndefined();
  expect(decisionFileOf('/home/u/p/xagents/decisions/testing.md', files)).toBeUndefined();
});

describe('SessionObserver', () => {
  const feed = (events: readonly Partial<TranscriptEvent>[]) => {
    const observer = new SessionObserver(['agents/decisions/testing.md']);
    for (const e of events) observer.push({ ...origin, ...e } as TranscriptEvent);
    return observer.finish();
  };

  test('the plugin form <plugin>:when is a Skill recall; a refused Skill call is counted as refused', () => {
    const out = feed([
      { kind: 'tool_use', id: 't1', name: 'Skill', call: { tool: 'Skill', skill: 'memdex:when', args: 'mock tests' }, messageId: 'm' },
      { kind: 'tool_result', toolUseId: 't1', isError: false, text: 'Launching skill: memdex:when' },
      { kind: 'tool_use', id: 't2', name: 'Skill', call: { tool: 'Skill', skill: 'how', args: 'x' }, messageId: 'm' },
      { kind: 'tool_result', toolUseId: 't2', isError: true, text: 'Execute skill: how. The user can add the allow rule…' },
    ]);
    expect(out.recalls.map((r) => [r.kind, r.target])).toEqual([['skill', { query: '/when mock tests' }]]);
    expect(out.refused).toBe(1);
  });

  test('a Bash memdex miss (exit 1, memdex: message) is a recall; memdex not on PATH is refused', () => {
    const out = feed([
      { kind: 'tool_use', id: 'b1', name: 'Bash', call: { tool: 'Bash', command: 'memdex when nothing', description: undefined }, messageId: 'm' },
      { kind: 'tool_result', toolUseId: 'b1', isError: true, text: "Exit code 1\nmemdex: no entry matches 'nothing'" },
      { kind: 'tool_use', id: 'b2', name: 'Bash', call: { tool: 'Bash', command: 'memdex when x', description: undefined }, messageId: 'm' },
      { kind: 'tool_result', toolUseId: 'b2', isError: true, text: 'Exit code 127\n/bin/bash: memdex: command not found' },
    ]);
    expect(out.recalls.map((r) => r.kind)).toEqual(['bash']);
    expect(out.refused).toBe(1);
  });
});
