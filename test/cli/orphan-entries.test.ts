/** issue 9 §5.7 as a user meets it: delete a decision file, and its orphan entries get no unrelated did-you-mean. */
import { expect, test } from '@jest/globals';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-orphans-');
const example = () => temp(EXAMPLE);

test('after deleting a decision file, each orphan entry names the heading it expected, and nothing else', () => {
  const dir = example();
  rmSync(join(dir, 'agents/decisions/cli.md'));
  const result = runCli(['check'], { cwd: dir });
  expect(result.status).toBe(1);
  expect(result.stdout.split('\n').filter((l) => l.includes('index/entry-has-heading'))).toEqual([
    'agents/memory-index.md:15:1  error  Entry `/when printing errors` has no heading; expected a heading `When Printing Errors` in agents/decisions/cli.md  index/entry-has-heading',
    'agents/memory-index.md:16:1  error  Entry `/how parse command line flags` has no heading; expected a heading `How to Parse Command Line Flags` in agents/decisions/cli.md  index/entry-has-heading',
    'agents/memory-index.md:17:1  error  Entry `/when adding a new subcommand` has no heading; expected a heading `When Adding A New Subcommand` in agents/decisions/cli.md  index/entry-has-heading',
  ]);
  expect(result.stdout).not.toMatch(/Did you mean/);
});

test('a typo gets one did-you-mean in the message and "closest heading" on the related line, in stylish and JSON', () => {
  const dir = example();
  const index = join(dir, 'agents/memory-index.md');
  writeFileSync(index, readFileSync(index, 'utf8').replace('/when printing errors', '/when printing eror'));
  const stylish = runCli(['check'], { cwd: dir });
  expect(stylish.stdout).toContain(
    'agents/memory-index.md:15:1  error  Entry `/when printing eror` has no heading; expected a heading `When Printing Eror` in agents/decisions/cli.md. Did you mean `When Printing Errors` (agents/decisions/cli.md:7)?  index/entry-has-heading\n    agents/decisions/cli.md:7:1: closest heading',
  );
  expect(stylish.stdout.match(/Did you mean/g)).toHaveLength(1);
  const json = JSON.parse(runCli(['check', '--format', 'json'], { cwd: dir }).stdout) as { ruleId: string; related: unknown[] }[];
  expect(json.filter((f) => f.ruleId === 'index/entry-has-heading').map((f) => f.related)).toEqual([[{ where: 'agents/decisions/cli.md:7:1', message: 'closest heading' }]]);
  const sarif = JSON.parse(runCli(['check', '--format', 'sarif'], { cwd: dir }).stdout) as {
    runs: { results: { ruleId: string; locations: { physicalLocation: { region: Record<string, unknown> } }[] }[] }[];
  };
  const [finding] = sarif.runs[0]!.results.filter((r) => r.ruleId === 'index/entry-has-heading');
  expect(finding!.locations[0]!.physicalLocation.region).toEqual({ startLine: 15, startColumn: 1, endLine: 15, endColumn: 41 });
});
