/**
 * The use case (src/app/add.ts) in process, for what the CLI cannot stage: a file
 * edited between the read and the commit is never overwritten; a CRLF file keeps
 * its line ends.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMemory } from '../../src/app/add.js';
import { nodeTreeHost } from '../../src/node/tree-host.js';
import { REPO } from '../helpers/corpora.js';

const BODY = 'Decide it once, in the first review.\nBecause a second discussion costs more.\nExample: link this section.\n';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memdex-add-app-'));
  cpSync(join(REPO, 'fixtures', 'example', 'agents'), join(dir, 'agents'), { recursive: true });
  writeFileSync(join(dir, 'note.md'), BODY);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const request = { operator: 'when', trigger: 'naming branches', file: 'workflow.md', body: 'note.md', dryRun: false };

test('a decision file edited after it was read is not overwritten: refused, the edit kept', async () => {
  const host = nodeTreeHost();
  const decision = join(dir, 'agents', 'decisions', 'workflow.md');
  const edited = `${readFileSync(decision, 'utf8')}\nAn edit saved meanwhile.\n`;
  const racing = {
    ...host,
    cwd: dir,
    workingTree: (root: string) => {
      const source = host.workingTree(root);
      return {
        ...source,
        read: (path: string) => {
          const text = source.read(path);
          if (path === 'agents/decisions/workflow.md') writeFileSync(decision, edited); // the editor saves right after memdex read the file
          return text;
        },
      };
    },
  };
  const { outcome } = await addMemory(racing, { ...request, root: dir });
  expect(outcome).toMatchObject({ kind: 'refused', problems: ['agents/decisions/workflow.md changed while the memory was being prepared; expected it unchanged: run the command again'] });
  expect(readFileSync(decision, 'utf8')).toBe(edited);
  expect(readFileSync(join(dir, 'agents', 'memory-index.md'), 'utf8')).not.toContain('naming branches');
});

test('CRLF files get CRLF lines', async () => {
  for (const rel of ['agents/memory-index.md', 'agents/decisions/workflow.md']) {
    const file = join(dir, rel);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
  }
  const { outcome } = await addMemory({ ...nodeTreeHost(), cwd: dir }, { ...request, root: dir });
  expect(outcome.kind).toBe('added');
  const decision = readFileSync(join(dir, 'agents', 'decisions', 'workflow.md'), 'utf8');
  expect(decision.endsWith('\r\n\r\n## When Naming Branches\r\n\r\nDecide it once, in the first review.\r\nBecause a second discussion costs more.\r\nExample: link this section.\r\n')).toBe(true);
  expect(readFileSync(join(dir, 'agents', 'memory-index.md'), 'utf8')).toContain('/when choosing between library and hand-written code\r\n/when naming branches\r\n');
});
