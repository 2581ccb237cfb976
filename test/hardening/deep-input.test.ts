/**
 * Issue 27 item 3: inputs that overflowed the stack and were reported as "internal
 * error … bug in memdex": JSON nested 10,000 deep (20 kB) in the config, the playbook
 * or an --extraction file; 150,000 suppression comments in check; 200,000 queries on
 * `when -`. Each now ends with a message naming the file and place, or an answer.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-deep-');
const DECISION = '# Testing\n\n## When Writing Tests\n\nUse fakes.\n';

function tree(): string {
  const root = temp();
  mkdirSync(join(root, 'agents', 'decisions'), { recursive: true });
  mkdirSync(join(root, '.claude'));
  writeFileSync(join(root, 'agents', 'memory-index.md'), '# Memory index\n\n## agents/decisions/testing.md\n\n/when writing tests | mocks\n');
  writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), DECISION);
  return root;
}
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nested 10,000 deep', () => {
  test('in memdex.config.json: check names the file and the place, exit 2', () => {
    const root = tree();
    writeFileSync(join(root, 'memdex.config.json'), `{"rules": ${nested(10_000)}}\n`);
    const result = runCli(['check', '--root', root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('memdex: memdex.config.json:1:266: invalid JSON: nesting deeper than 256 levels\n');
  });

  test.each([[['playbook', 'show']], [['playbook', 'stats']], [['feedback', 'kp-1']]])('in the playbook: memdex %j names it, exit 2', (args) => {
    const root = tree();
    writeFileSync(join(root, '.claude', 'playbook.json'), `{"version": 1, "key_points": ${nested(10_000)}}\n`);
    const result = runCli([...args, '--root', root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^memdex: \.claude\/playbook\.json:1:\d+: invalid JSON: nesting deeper than 256 levels/);
  });

  test('in an --extraction file: playbook update names it, exit 2, the playbook untouched', () => {
    const root = tree();
    writeFileSync(join(root, 'extraction.json'), `{"new_key_points": ${nested(10_000)}}\n`);
    const result = runCli(['playbook', 'update', '--root', root, '--extraction', join(root, 'extraction.json')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/extraction\.json:1:\d+: invalid JSON: nesting deeper than 256 levels/);
    expect(result.stderr).not.toMatch(/internal error/);
  });
});

describe('many lines where memdex pushed them all at once', () => {
  // 150,000 (3.6 MB) overflowed the stack; a decision file is now capped at 1 MB (model/input-limits.ts), which holds 43,000.
  test('43,000 suppression comments (1 MB, the cap): check reports them, no internal error', () => {
    const root = tree();
    writeFileSync(join(root, 'agents', 'decisions', 'testing.md'), DECISION + '<!-- memdex-disable -->\n'.repeat(43_000));
    const result = runCli(['check', '--root', root, '--format', 'json'], { timeout: 300_000, maxBuffer: 1 << 30 });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.status).toBe(0); // unused directives are warnings
    expect(JSON.parse(result.stdout)).not.toHaveLength(0);
  });

  test('200,000 queries on `when -`: every one answered', () => {
    const root = tree();
    const result = runCli(['when', '-', '--root', root], { input: 'writing tests\n'.repeat(200_000), timeout: 300_000, maxBuffer: 1 << 30 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Use fakes.');
  });
});
