/**
 * The layers of src/ (layers.js, the one list), held two ways: the import graph as
 * dependency-cruiser resolves it (type-only imports included) has no circle and no
 * import pointing up, app/ imports nothing of node/, node/ only app/'s types, the
 * adapters only node/'s composition root; and the ESLint rule `npm run lint` runs
 * (eslint.config.js, built from the same list) rejects what it must, checked on
 * small sources linted as if they lived there.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ESLint } from 'eslint';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseResult } from 'dependency-cruiser';
import { LAYERS, PURE } from '../layers.js';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

/** A small tree holding one of each violation the graph's rules must catch. */
const SMALL_TREE: Record<string, string> = {
  'src/model/keys.ts': "import { run } from '../core/engine.js';\nexport const k = run;\n",
  'src/core/engine.ts': "import { k } from '../model/keys.js';\nexport const run = () => k;\n",
  'src/app/check.ts': "import { read } from '../node/read-text.js';\nexport const check = read;\n",
  'src/node/read-text.ts': "import type { X } from '../app/ports.js';\nexport const read = (x: X) => x;\n",
  'src/app/ports.ts': 'export type X = string;\n',
  'src/cli/main.ts': "import { read } from '../node/read-text.js';\nimport { host } from '../node/tree-host.js';\nexport const main = [read, host];\n",
  'src/node/tree-host.ts': 'export const host = 1;\n',
};

/**
 * Both cruises (src/ with the graph's rules, .dependency-cruiser.mjs, as `npx depcruise src` reads them; the small
 * tree with the same rules, without the tsConfig), in one plain Node process: test/helpers/cruise-summaries.mjs says why.
 */
let cruised: { repository: ICruiseResult['summary']; small: ICruiseResult['summary'] };
const small = mkdtempSync(join(tmpdir(), 'memdex-layers-'));
beforeAll(() => {
  for (const [path, text] of Object.entries(SMALL_TREE)) {
    mkdirSync(join(small, dirname(path)), { recursive: true });
    writeFileSync(join(small, path), text);
  }
  const output = execFileSync(process.execPath, [join(cwd, 'test', 'helpers', 'cruise-summaries.mjs'), cwd, small], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000 });
  cruised = JSON.parse(output) as typeof cruised;
}, 120_000);
afterAll(() => rmSync(small, { recursive: true, force: true }));

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

test('every folder of src/ is in exactly one layer', () => {
  const listed = LAYERS.flatMap((layer) => layer.folders).filter((f) => f !== '.');
  expect(new Set(listed).size).toBe(listed.length);
  const folders = readdirSync(join(cwd, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'types') // types/: ambient declarations, no imports
    .map((entry) => entry.name);
  expect(folders.filter((f) => !listed.includes(f))).toEqual([]);
});

test('the import graph: no circle, no import pointing up, app/ free of node/, adapters through the composition root', () => {
  expect(cruised.repository.totalCruised).toBeGreaterThan(300); // it read the sources, not nothing
  const violations = cruised.repository.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
  expect(violations).toEqual([]);
});

describe('the graph rules catch what they must', () => {
  test('on a small tree: a circle, an import pointing up, app/ reaching node/, an adapter past the composition root', () => {
    expect(cruised.small.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual([
      'adapters-through-composition-root: src/cli/main.ts → src/node/read-text.ts',
      'layer-model: src/model/keys.ts → src/core/engine.ts',
      'layer-use-cases: src/app/check.ts → src/node/read-text.ts',
      'no-circular: src/core/engine.ts → src/model/keys.ts',
    ]);
  });
});

describe('the pure core', () => {
  test.each(PURE)('src/%s touches no machine', async (folder) => {
    const found = await messages(
      `src/${folder}/example.ts`,
      "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const x = [readFileSync, join, process.env.HOME, Date.now(), Math.random(), new Date()];\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/no-restricted-imports: 'node:fs' import is restricted.*touches no machine/),
      expect.stringMatching(/no-restricted-imports: 'path' import is restricted/),
      expect.stringMatching(/no-restricted-globals: Unexpected use of 'process'/),
      expect.stringMatching(/'Date.now' is restricted/),
      expect.stringMatching(/'Math.random' is restricted/),
      expect.stringMatching(/no-restricted-syntax: Time is a parameter/),
    ]);
  });

  test('imports nothing above it', async () => {
    const found = await messages('src/model/example.ts', "import { nodeHost } from '../node/node-host.js';\nimport { check } from '../app/check.js';\nimport { runRules } from '../core/engine.js';\nexport const x = [nodeHost, check, runRules];\n");
    expect(found).toEqual([
      expect.stringMatching(/Imports point down: src\/model\/ \(model\) does not import machine/),
      expect.stringMatching(/Imports point down: src\/model\/ \(model\) does not import use cases/),
      expect.stringMatching(/Imports point down: src\/model\/ \(model\) does not import engine \(src\/\{core\}\/\)/),
    ]);
  });
});

test('use cases reach the machine only through their ports, types included', async () => {
  expect(await messages('src/app/example.ts', "import { readText } from '../node/read-text.js';\nexport const x = readText;\n")).toEqual([expect.stringMatching(/src\/app\/ \(use cases\) does not import machine/)]);
  expect(await messages('src/app/example.ts', "import type { TreeSource } from '../node/working-tree.js';\nexport type X = TreeSource;\n")).toEqual([expect.stringMatching(/does not import machine/)]);
  expect(await messages('src/app/example.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual([expect.stringMatching(/only through their ports/)]);
  expect(await messages('src/app/example.ts', "import { main } from '../cli/commands/check.js';\nexport const x = main;\n")).toEqual([expect.stringMatching(/Imports point down/)]);
});

test('node/ imports only the types of app/ and never the adapters; adapters build the host and call app/', async () => {
  expect(await messages('src/node/example.ts', "import { run } from '../cli/main.js';\nexport const x = run;\n")).toEqual([expect.stringMatching(/src\/node\/ \(machine\) does not import adapters/)]);
  expect(await messages('src/node/example.ts', "import { runHook } from '../app/hook.js';\nexport const x = runHook;\n")).toEqual([expect.stringMatching(/imports their types only/)]);
  expect(await messages('src/node/example.ts', "import type { Host } from '../app/host.js';\nexport type X = Host;\n")).toEqual([]);
  for (const adapter of ['hooks', 'cli', 'when']) {
    expect(await messages(`src/${adapter}/example.ts`, "import { readStdin } from '../node/read-stdin.js';\nexport const x = readStdin;\n")).toEqual([expect.stringMatching(/composition root/)]);
    expect(await messages(`src/${adapter}/example.ts`, "import { nodeHost } from '../node/node-host.js';\nexport const x = nodeHost;\n")).toEqual([]);
  }
  expect(existsSync(join(cwd, 'src', 'node', 'node-host.ts'))).toBe(true);
});
