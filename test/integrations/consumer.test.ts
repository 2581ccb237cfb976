/**
 * memdex as a typed library, the way a user installs it: the packed tarball installed
 * into a fresh project, an ESM one and a CommonJS one, each compiled by tsc against
 * the package's declarations (package.json exports/types) and run with node (the
 * CommonJS build through require). A call with the wrong types must not compile: the
 * declarations are real, not `any`. The TypeScript users have: 5.9 (`typescript`, the last with a JavaScript API,
 * which typescript-eslint and ts-jest require) compiles; 7 (`tsgo`, the native
 * one, npm's latest, which also writes the declarations: scripts/build.mjs) checks the same files.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/corpora.js';
import { installPacked } from '../helpers/install-packed.js';
import { packedOnce, userManifest } from '../init/packed.js';

const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC_7 = join(REPO, 'node_modules', 'tsgo', 'bin', 'tsc');
const temp = mkdtempSync(join(tmpdir(), 'memdex-consumer-'));
let tarball: string;

beforeAll(() => {
  // The test run's tarball (packed once, for every suite that installs it).
  tarball = packedOnce().tarball;
}, 600_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The user's code, the same for both module systems (tsc writes import or require). */
const MAIN = `
import { check, loadProject, resolve, MemdexError, type Diagnostic } from 'memdex';

async function main(): Promise<void> {
  const findings: Diagnostic[] = await check('.');
  const inMemory = await check({
    'agents/memory-index.md': '# Memory Index\\n\\n## agents/decisions/a.md\\n\\n/when writing mock tests | mocks\\n/when a heading nobody wrote\\n',
    'agents/decisions/a.md': '# A\\n\\n## When Writing Mock Tests\\n\\nPatch where it is used, not where it is defined: the import site is what the test replaces.\\n',
  });
  const project = await loadProject('.');
  const found = resolve(project, '/when writing mock tests');
  let refused = '';
  try {
    await check('no-such-folder');
  } catch (error) {
    if (error instanceof MemdexError) refused = error.message;
  }
  console.log(JSON.stringify({
    findings: findings.length,
    inMemory: inMemory.map((d) => \`\${d.path}:\${d.span?.start.line}: \${d.ruleId}\`),
    resolved: found.kind === 'found' ? found.section.heading : found.kind,
    refused,
  }));
}
void main();
`;

const WRONG = `
import { resolve, loadProject } from 'memdex';
export async function wrong(): Promise<unknown> {
  const project = await loadProject('.');
  return resolve(project, 42);
}
`;

function consumer(type: 'module' | 'commonjs') {
  const dir = join(temp, type);
  cpSync(join(REPO, 'fixtures', 'example'), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), userManifest(type));
  // What `npm install --save-dev <tarball>` leaves (a copy of the run's one install for this package.json).
  installPacked(dir, tarball);
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'main.ts'), MAIN);
  writeFileSync(join(dir, 'src', 'wrong.ts'), WRONG);
  // CommonJS with node16, where TypeScript refuses to require an ES module's declarations.
  // A Node project's libraries (ES2022, @types/node: no DOM), and every declaration file checked but TypeScript's own
  // lib.*.d.ts (skipDefaultLibCheck; skipLibCheck stays off, so memdex's declarations are checked as a strict
  // consumer's tsc checks them): the DOM lib and TypeScript's libs were half of each tsc run's CPU (12.0 -> 6.8 s).
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022'],
    skipDefaultLibCheck: true,
    module: type === 'module' ? 'NodeNext' : 'Node16',
    moduleResolution: type === 'module' ? 'NodeNext' : 'Node16',
    strict: true,
    outDir: 'out',
    rootDir: 'src',
    typeRoots: [join(REPO, 'node_modules', '@types')],
    types: ['node'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  return dir;
}

describe.each(['module', 'commonjs'] as const)('a %s project', (type) => {
  let dir: string;
  beforeAll(() => {
    dir = consumer(type);
  }, 120_000);

  test('type-checks against the declarations with TypeScript 5.9 and 7 (the one wrong call is refused), compiles, runs: check, loadProject, resolve, MemdexError', () => {
    // One tsc run for both files (tsc is the slow part): main.ts is clean, wrong.ts has exactly its error, out/ is written anyway.
    const refused = [
      expect.stringMatching(/^src\/wrong\.ts\(5,\d+\): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'\.$/),
    ];
    const tsc = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    expect(tsc.stdout.trim().split('\n')).toEqual(refused);
    const tsc7 = spawnSync(process.execPath, [TSC_7, '--noEmit', '--singleThreaded', '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    expect(tsc7.stdout.trim().split('\n')).toEqual(refused);
    const run = spawnSync(process.execPath, [join('out', 'main.js')], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      findings: 0,
      inMemory: ['agents/memory-index.md:6: index/entry-has-heading'],
      resolved: 'When Writing Mock Tests',
      refused: expect.stringMatching(/no-such-folder/),
    });
  }, 180_000);
});
