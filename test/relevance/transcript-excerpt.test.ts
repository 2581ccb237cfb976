import { describe, expect, test } from '@jest/globals';
import { checkRelevanceParams, compactState, recordAudit, relevanceParams, transcriptExcerpt, DEFAULT_RELEVANCE_PARAMS, EMPTY_STATE } from '../../src/relevance/index.js';
import { parseConfig } from '../../src/model/config.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TranscriptExcerpt } from '../../src/relevance/transcript.js';
import { readTranscriptText } from '../../src/transcript/read.js';
import { FIXTURES } from '../helpers/transcripts.js';
import { P, at } from './helpers.js';

describe('parameters', () => {
  test('the defaults are valid and frozen', () => {
    expect(checkRelevanceParams(DEFAULT_RELEVANCE_PARAMS)).toEqual([]);
    expect(Object.isFrozen(DEFAULT_RELEVANCE_PARAMS)).toBe(true);
  });
  test('an inverted hysteresis band, or a non-finite value, is a programmer error', () => {
    expect(checkRelevanceParams({ ...P, unpinBelow: 0.7 })).toEqual(['unpinBelow (0.7) must be below pinAbove (0.6)']);
    expect(() => relevanceParams({ alpha: Number.NaN })).toThrow(/alpha \(NaN\) must be a finite number > 0 and <= 1/);
    expect(() => relevanceParams({ minPinEvents: 2.5 })).toThrow(/minPinEvents \(2.5\) must be an integer >= 1/);
  });
});

describe('transcript excerpt', () => {
  const line = (entry: unknown) => JSON.stringify(entry);
  const jsonl = [
    line({ type: 'user', message: { role: 'user', content: 'Fix the login form' } }),
    'not json',
    line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }, { type: 'tool_use', name: 'Edit' }] } }),
    line({ type: 'user', message: { role: 'user', content: '<command-name>/clear</command-name>' } }),
    line({ type: 'user', isMeta: true, message: { role: 'user', content: 'meta' } }),
    line({ type: 'system', message: { role: 'system', content: 'x' } }),
    '',
  ].join('\n');

  test('keeps visible user and assistant text, skips tool calls, meta, commands and bad lines', () => {
    expect(transcriptExcerpt(jsonl)).toBe('user: Fix the login form\n\nassistant: Done.');
  });
  test('keeps the end when too long', () => {
    expect(transcriptExcerpt(jsonl, 10)).toBe('[...]\nant: Done.');
  });

  const session = readFileSync(join(FIXTURES, 'cc-2.1.330-resumed.jsonl'), 'utf8');
  test('a real session: shows what the agent did and recalled, not only what it said', () => {
    const excerpt = transcriptExcerpt(session);
    expect(excerpt).toMatch(/^user ran \/when writing mock tests:\nBase directory for this skill: .*\n\n# When Writing Mock Tests\n/);
    expect(excerpt).toContain('assistant called skill when: a test needs the clock\n\n→ error: Execute skill: when.');
    expect(excerpt).toContain('assistant ran: memdex when writing mock tests\n\n→ # When Writing Mock Tests\nPatch where the object is **used**');
    expect(excerpt).toContain('user ran /how test: error: Shell command permission check failed');
    expect(excerpt).toContain('recalled by skill when:\nBase directory for this skill: /home/dev/work/proj/.claude/skills/when\n\n# When a Test Needs the Clock');
    expect(excerpt).toContain('[conversation compacted (manual)]\n\nuser: plain prompt after playbook change\n\nassistant: Mock answer.');
    expect(excerpt).not.toContain('# Playbook'); // hook context: the evaluator has the key points already
    expect(excerpt).not.toContain('/compact'); // a client command that brought nothing into the conversation
  });
  test('each output is cut to its own limit, so one large output cannot crowd out the rest', () => {
    const excerpt = transcriptExcerpt(session, 20_000, { resultChars: 20, recallChars: 30 });
    expect(excerpt).toContain('→ # When Writing Mock  [...]');
    expect(excerpt).toContain('user ran /when writing mock tests:\nBase directory for this skill: [...]');
  });
  test.each([1, 50, 333, 1000, 5000])('streamed event by event, holding about %i characters, it equals the cut of the whole', (max) => {
    const whole = transcriptExcerpt(session, 1_000_000);
    const streamed = new TranscriptExcerpt(max);
    for (const event of readTranscriptText(session).events) streamed.add(event);
    expect(streamed.text()).toBe(whole.length <= max ? whole : `[...]\n${whole.slice(whole.length - max)}`);
  });
});

describe('compaction', () => {
  test('drops finished sessions after retainSessionsMs and empty open ones once stale; keeps the rest', () => {
    let state = recordAudit(EMPTY_STATE, 'old-done', { shown: [], at: at(0), ended: true });
    state = recordAudit(state, 'empty-open', { at: at(0) });
    state = recordAudit(state, 'pending', { shown: ['kpt_001'], at: at(0), ended: true });
    const justBefore = new Date(Date.parse(at(0)) + P.retainSessionsMs).toISOString();
    expect(compactState(state, justBefore, P).removedSessions).toEqual(['empty-open']);
    const after = new Date(Date.parse(at(1)) + P.retainSessionsMs).toISOString();
    const compacted = compactState(state, after, P);
    expect(compacted.removedSessions).toEqual(['old-done', 'empty-open']);
    expect(Object.keys(compacted.state.sessions)).toEqual(['pending']);
  });
  test('drops items not in the playbook only when the live ids are given', () => {
    const state = { ...EMPTY_STATE, items: { kpt_001: { pin: { pinned: false, mode: 'auto' as const }, events: 1, tags: {}, reasons: [] } } };
    expect(compactState(state, at(0), P).state).toBe(state);
    expect(compactState(state, at(0), P, new Set(['kpt_002'])).removedItems).toEqual(['kpt_001']);
  });
});

describe('configuration', () => {
  test('relevance.path and relevance.weight: defaults, and a bad weight named at its pointer', () => {
    const ok = parseConfig({ relevance: { weight: 0.5, path: './state/rel.json' } });
    expect(ok.ok && ok.config.relevance).toEqual({ path: 'state/rel.json', weight: 0.5 });
    const defaults = parseConfig({});
    expect(defaults.ok && defaults.config.relevance).toEqual({ path: '.claude/relevance.json' });
    expect(parseConfig({ relevance: { weight: -1 } })).toEqual({ ok: false, problems: [{ pointer: '/relevance/weight', message: 'must be a number >= 0, got -1' }] });
    expect(parseConfig({ relevance: { weight: 'high' } })).toEqual({ ok: false, problems: [{ pointer: '/relevance/weight', message: 'must be a number >= 0, got "high"' }] });
  });
});
