// A large, realistic Claude Code transcript for the reader's memory bench and test:
// turns of a prompt, assistant text, a Bash call with its result (stdout of a few
// KB), a Read with the file's content, hook progress records, a typed /when with
// its skill body, and now and then a compaction; shaped like the 2.1.3x records in
// shared/transcripts. Written in pieces, so generating it needs little memory.
import { closeSync, openSync, writeSync } from 'node:fs';
import { prng } from './prng.mjs';

const SESSION = '5e55104e-0000-4000-8000-000000000000';
const WORDS = 'the a test build module config parser result error index memory section when how file path commit review agent session hook cache lock'.split(' ');

/**
 * Writes about `targetBytes` to `path`; returns what it wrote per event kind, so
 * a reader's counts can be checked against it.
 */
export function generateTranscript(path, targetBytes, seed = 1) {
  const random = prng(seed);
  const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const fd = openSync(path, 'w');
  let bytes = 0;
  let n = 0;
  let parent = null;
  const counts = { prompt: 0, assistant_text: 0, tool_use: 0, tool_result: 0, command: 0, skill_body: 0, compact_boundary: 0, compact_summary: 0, records: 0 };
  const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const time = () => new Date(Date.UTC(2026, 10, 23) + n * 1000).toISOString();
  let pending = [];
  const write = (record) => {
    pending.push(JSON.stringify(record));
    counts.records++;
    if (pending.length >= 256) flush();
  };
  const flush = () => {
    const text = `${pending.join('\n')}\n`;
    bytes += Buffer.byteLength(text);
    writeSync(fd, text);
    pending = [];
  };
  const node = (type, fields) => {
    const id = uuid();
    write({ parentUuid: parent, isSidechain: false, type, uuid: id, timestamp: time(), sessionId: SESSION, ...fields });
    parent = id;
    return id;
  };
  write({ type: 'tools-used', tools: ['Bash'], sessionId: SESSION }); // a first line without timestamp, as 2.1.330 writes
  for (let turn = 0; bytes + pending.length * 2000 < targetBytes; turn++) {
    node('user', { message: { role: 'user', content: `${words(12)}?` } });
    counts.prompt++;
    const messageId = `msg_${turn}`;
    node('assistant', { message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: words(40) }] } });
    counts.assistant_text++;
    const bash = `toolu_bash_${turn}`;
    node('assistant', { message: { id: messageId, role: 'assistant', content: [{ type: 'tool_use', id: bash, name: 'Bash', input: { command: `npm test -- ${words(2)}`, description: 'Run tests' } }] } });
    for (let p = 0; p < 3; p++) node('progress', { data: { type: 'hook_progress', hookEvent: 'PreToolUse' }, toolUseID: bash, parentToolUseID: bash });
    const stdout = words(400 + Math.floor(random() * 400));
    node('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: bash, content: stdout, is_error: false }] }, toolUseResult: { stdout, stderr: '', interrupted: false, isImage: false } });
    const read = `toolu_read_${turn}`;
    node('assistant', { message: { id: `msg_r${turn}`, role: 'assistant', content: [{ type: 'tool_use', id: read, name: 'Read', input: { file_path: `/home/dev/proj/src/${words(1)}.ts` } }] } });
    const file = words(1500);
    node('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: read, content: file }] }, toolUseResult: { type: 'text', file: { filePath: '/home/dev/proj/src/x.ts', content: file } } });
    counts.tool_use += 2;
    counts.tool_result += 2;
    if (turn % 10 === 0) {
      node('user', { message: { role: 'user', content: `<command-message>when</command-message>\n<command-name>/when</command-name>\n<command-args>${words(3)}</command-args>` } });
      node('user', { isMeta: true, message: { role: 'user', content: [{ type: 'text', text: `Base directory for this skill: /home/dev/proj/.claude/skills/when\n\n# When ${words(4)}\n${words(60)}` }] } });
      counts.command++;
      counts.skill_body++;
    }
    if (turn % 200 === 199) {
      const before = parent;
      parent = null;
      node('system', { subtype: 'compact_boundary', content: 'Conversation compacted', logicalParentUuid: before, compactMetadata: { trigger: 'auto', preTokens: 150000 } });
      node('user', { isCompactSummary: true, isVisibleInTranscriptOnly: true, message: { role: 'user', content: `This session is being continued from a previous conversation. ${words(200)}` } });
      counts.compact_boundary++;
      counts.compact_summary++;
    }
    write({ type: 'last-prompt', lastPrompt: 'x', leafUuid: parent, sessionId: SESSION });
  }
  flush();
  closeSync(fd);
  return { bytes, counts };
}
