// `npm start`: the main job on the bundled example memory tree in fixtures/example.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../bin/memdex.cjs', import.meta.url));
const root = fileURLToPath(new URL('../fixtures/example', import.meta.url));
const steps = [
  ['check', '--root', root],
  ['when', 'writing mock tests', '--root', root],
  ['how', 'run tests against real git', '--root', root, '--no-nav'],
  ['playbook', 'show', '--root', root],
];

let failed = false;
for (const args of steps) {
  process.stdout.write(`\n$ memdex ${args.join(' ').replace(root, 'fixtures/example')}\n`);
  const result = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
