import { afterAll, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTranscript, transcriptPathFor } from '../../src/node/transcript-file.js';
import { claudeConfigDir } from '../../src/node/os-paths.js';
import { encodeProjectDir } from '../../src/transcript/locate.js';

const dir = mkdtempSync(join(tmpdir(), 'memdex-transcript-locate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the project folder: every character but ASCII letters and digits becomes "-" (measured: "/", "_", ".")', () => {
  expect(encodeProjectDir('/home/dev/work/proj')).toBe('-home-dev-work-proj');
  expect(encodeProjectDir('/home/u/my_app.v2')).toBe('-home-u-my-app-v2');
  expect(encodeProjectDir('/home/u/projet été')).toBe('-home-u-projet--t-');
});

test('a cwd encoded longer than 200 characters is cut and suffixed with the client’s hash (value from the SDK’s own function)', () => {
  const cwd = `/home/dev/${'very-long-folder-name/'.repeat(10)}proj`;
  expect(encodeProjectDir(cwd)).toBe(`${encodeProjectDir(cwd).slice(0, 200)}-p7fbqm`);
  expect(encodeProjectDir(cwd)).toHaveLength(207);
});

test('the config dir is $CLAUDE_CONFIG_DIR, else ~/.claude', () => {
  expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '/cfg' }, '/home/u')).toBe('/cfg');
  expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '' }, '/home/u')).toBe(join('/home/u', '.claude'));
  expect(claudeConfigDir({}, '/home/u')).toBe(join('/home/u', '.claude'));
});

test('a session’s transcript is found where the client writes it, also under a long cwd hashed differently', () => {
  const path = transcriptPathFor(dir, '/home/dev/work/proj', 'abc');
  expect(path).toBe(join(dir, 'projects', '-home-dev-work-proj', 'abc.jsonl'));
  expect(findTranscript(dir, '/home/dev/work/proj', 'abc')).toBeUndefined();
  mkdirSync(join(dir, 'projects', '-home-dev-work-proj'), { recursive: true });
  writeFileSync(path, '');
  expect(findTranscript(dir, '/home/dev/work/proj', 'abc')).toBe(path);
  const long = `/home/dev/${'x'.repeat(250)}`;
  const other = join(dir, 'projects', `${encodeProjectDir(long).slice(0, 200)}-otherhash`);
  mkdirSync(other, { recursive: true });
  writeFileSync(join(other, 's.jsonl'), '');
  expect(findTranscript(dir, long, 's')).toBe(join(other, 's.jsonl'));
});
