/** The reader on the committed fixtures (real 2.1.330 records, trimmed): runs from a clone without shared/. */
import { describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/transcripts.js';
import { countKinds, readFile, RESUMED_SESSION_KINDS, SDK_ORDER, uuids } from './helpers.js';

const RESUMED = join(FIXTURES, 'cc-2.1.330-resumed.jsonl');
const INTERACTIVE = join(FIXTURES, 'cc-2.1.330-interactive.jsonl');

describe('cc-2.1.330-resumed (one session resumed 8 times)', () => {
  const { events, summary } = readFile(RESUMED);

  test('counts per event kind are those of the untrimmed file', () => {
    expect(countKinds(events)).toEqual(RESUMED_SESSION_KINDS);
    expect(summary).toMatchObject({ lines: 37, records: 37, malformed: 0, problems: [], unknownTypes: {}, offChain: 0, pendingBytes: 0 });
  });

  test('the order is the SDK reader’s for the records both report', () => {
    const sdk = SDK_ORDER['cc-2.1.330-loopback-695073e7.jsonl']!;
    const mine = uuids(events).filter((u) => sdk.includes(u));
    expect(mine).toEqual(sdk.filter((u) => mine.includes(u)));
  });

  test('the first line has no timestamp, and events still carry the record’s', () => {
    expect(events[0]).toMatchObject({ kind: 'hook_result', hookEvent: 'SessionStart', outcome: 'success', exitCode: 0, line: 2, timestamp: '2026-11-23T00:26:57.358Z', sessionId: '695073e7-52d0-467c-85f0-60a0b2b8b7f3', isSidechain: false });
    expect(events[1]).toMatchObject({ kind: 'hook_context', hookEvent: 'SessionStart', text: expect.stringMatching(/^# Playbook/) });
  });

  test('a typed /when is a command, and the skill body it loaded names it', () => {
    expect(events[2]).toMatchObject({ kind: 'command', name: '/when', args: 'writing mock tests' });
    expect(events[3]).toMatchObject({ kind: 'skill_body', skill: 'when', command: { name: '/when', args: 'writing mock tests' }, toolUseId: undefined, text: expect.stringMatching(/^Base directory for this skill/) });
  });

  test('the model’s Skill call: denied (is_error), then allowed with "Launching skill" and its body by sourceToolUseID', () => {
    const skillUses = events.filter((e) => e.kind === 'tool_use' && e.call.tool === 'Skill');
    expect(skillUses.map((e) => e.kind === 'tool_use' && e.call)).toEqual([
      { tool: 'Skill', skill: 'when', args: 'a test needs the clock' },
      { tool: 'Skill', skill: 'when', args: 'a test needs the clock' },
    ]);
    const results = events.filter((e) => e.kind === 'tool_result' && e.call?.tool === 'Skill');
    expect(results).toMatchObject([
      { isError: true, toolUseId: 'toolu_mock_3', text: expect.stringMatching(/^Execute skill: when/) },
      { isError: false, toolUseId: 'toolu_mock_7', text: 'Launching skill: when' },
    ]);
    expect(events.filter((e) => e.kind === 'skill_body' && e.toolUseId !== undefined)).toMatchObject([{ toolUseId: 'toolu_mock_7', skill: 'when', command: undefined }]);
  });

  test('Bash: the command, and its result with stdout, stderr and interrupted', () => {
    expect(events.find((e) => e.kind === 'tool_use' && e.name === 'Bash')).toMatchObject({ call: { tool: 'Bash', command: 'memdex when writing mock tests', description: 'Run a memdex command' }, messageId: 'msg_mock_5' });
    expect(events.find((e) => e.kind === 'tool_result' && e.call?.tool === 'Bash')).toMatchObject({ isError: false, stdout: expect.stringMatching(/^# When Writing Mock Tests/), stderr: '', interrupted: false });
  });

  test('/how refused by the permission check: the command, then its error output linked to it', () => {
    const at = events.findIndex((e) => e.kind === 'command' && e.name === '/how');
    expect(events[at + 1]).toMatchObject({ kind: 'command_output', isError: true, command: { name: '/how', args: 'test' }, text: expect.stringMatching(/^Shell command permission check failed/) });
  });

  test('/compact: boundary (manual), summary, then the command and its output; resumes append hook context after it', () => {
    const kinds = events.map((e) => e.kind);
    const at = kinds.indexOf('compact_boundary');
    expect(events[at]).toMatchObject({ trigger: 'manual', preTokens: 110 });
    expect(kinds.slice(at)).toEqual(['compact_boundary', 'compact_summary', 'command', 'command_output', 'hook_result', 'hook_context', 'hook_result', 'hook_context', 'prompt', 'assistant_text']);
    expect(events[at + 2]).toMatchObject({ kind: 'command', name: '/compact', args: 'keep memdex notes' });
  });
});

test('cc-2.1.330-interactive: bookkeeping first lines without timestamps are skipped, the hook context and the turn are read', () => {
  const { events, summary } = readFile(INTERACTIVE);
  expect(events.map((e) => e.kind)).toEqual(['hook_result', 'hook_context', 'prompt', 'assistant_text']);
  expect(events[2]).toMatchObject({ kind: 'prompt', text: 'hello interactive', line: 6 });
  expect(summary).toMatchObject({ lines: 8, records: 8, malformed: 0, unknownTypes: {} });
});
