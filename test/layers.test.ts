/**
 * The layer rule of eslint.config.js (run by `npm test` in pretest) rejects what it
 * must: machine access in the pure core, use cases reaching past the Host port,
 * imports pointing up. Checked here on small sources linted as if they lived there.
 */
import { describe, expect, test } from '@jest/globals';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the pure core', () => {
  test.each(['core', 'model', 'rules', 'fuzzy', 'resolve', 'migrate', 'playbook', 'relevance', 'suggest', 'transcript', 'messages'])('src/%s touches no machine', async (folder) => {
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
    const found = await messages('src/model/example.ts', "import { nodeHost } from '../node/node-host.js';\nimport { check } from '../app/check.js';\nexport const x = [nodeHost, check];\n");
    expect(found).toHaveLength(2);
  });
});

test('use cases reach src/node/ only through the Host port (types excepted)', async () => {
  expect(await messages('src/app/example.ts', "import { readText } from '../node/read-text.js';\nexport const x = readText;\n")).toEqual([
    expect.stringMatching(/Use cases reach src\/node\/ only through the Host port/),
  ]);
  expect(await messages('src/app/example.ts', "import type { TreeSource } from '../node/working-tree.js';\nexport type X = TreeSource;\n")).toEqual([]);
  expect(await messages('src/app/example.ts', "import { main } from '../cli/commands/check.js';\nexport const x = main;\n")).toEqual([expect.stringMatching(/Imports point down/)]);
});

test('node/ never imports the adapters; adapters build the host and call app/', async () => {
  expect(await messages('src/node/example.ts', "import { run } from '../cli/main.js';\nexport const x = run;\n")).toEqual([expect.stringMatching(/never imports the adapters/)]);
  expect(await messages('src/hooks/example.ts', "import { readStdin } from '../node/read-stdin.js';\nexport const x = readStdin;\n")).toEqual([expect.stringMatching(/call a use case/)]);
  expect(await messages('src/cli/example.ts', "import { nodeHost } from '../node/node-host.js';\nexport const x = nodeHost;\n")).toEqual([]);
});
