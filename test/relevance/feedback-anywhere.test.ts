/**
 * Issue 26 item 10b: the feedback command the injected playbook block names works
 * wherever the block is shown. A repository where no environment tag is detected (no
 * manifest: the example tree, a docs repository) is its own tag, `repo:<name>`: the
 * feedback is recorded there (exit 0), and ranking reads the same tag.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-notes-'));
  cpSync(join(REPO, 'fixtures', 'example'), dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('no manifest, no tag detected: --not-applicable records the feedback on the repository\'s own tag, exit 0', () => {
  const repoTag = `repo:${basename(dir).toLowerCase()}`;
  const tags = runCli(['relevance', 'tags', '--format', 'json'], { cwd: dir });
  expect(JSON.parse(tags.stdout).tags).toEqual([repoTag]);
  const id = (JSON.parse(readFileSync(join(dir, '.claude', 'playbook.json'), 'utf8')) as { key_points: { name: string }[] }).key_points[0]!.name;
  const r = runCli(['feedback', id, '--not-applicable', '--reason', 'not for this repository'], { cwd: dir });
  expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
  expect(r.stdout).toBe(`Recorded feedback for ${id}: ${repoTag} -0.5.\n`);
  const store = JSON.parse(readFileSync(join(dir, '.claude', 'relevance.json'), 'utf8')) as { items: Record<string, { tags: Record<string, unknown> }> };
  expect(Object.keys(store.items[id]!.tags)).toEqual([repoTag]);
});
