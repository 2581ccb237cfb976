// Seeded generator of a synthetic memory tree: N index entries, each with its
// heading in realistic decision files (H1 title, structural H2 groups with H3
// sections, flat H2 sections, paragraphs, lists, fenced code with `# comment`
// lines). Same seed, same tree. Used by the resolver bench and the check bench.
//
//   node bench/generate-tree.mjs <dir> [--entries 10000] [--seed 1] [--per-file 60]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from './prng.mjs';

const SYLLABLES = ['ka', 'to', 're', 'mi', 'sa', 'lo', 'ne', 'vi', 'da', 'pu', 'ri', 'go', 'te', 'ba', 'zo', 'fe', 'chi', 'mon', 'tar', 'pel', 'dex', 'sor', 'lin', 'gat'];
const VERBS = ['writing', 'choosing', 'placing', 'splitting', 'testing', 'encoding', 'resolving', 'formatting', 'reviewing', 'handling', 'using', 'merging', 'naming', 'caching', 'loading'];
const ARTICLES = ['the', 'a', 'to', 'of', 'for', 'in'];

export function generateTree(dir, { entries = 10000, seed = 1, perFile = 60 } = {}) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const vocab = new Set();
  while (vocab.size < 1500) {
    let w = '';
    const n = 2 + Math.floor(random() * 2);
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    vocab.add(w);
  }
  const words = [...vocab];
  const triggers = new Set();
  const list = [];
  while (list.length < entries) {
    const n = 2 + Math.floor(random() * 3);
    const parts = [pick(VERBS)];
    for (let i = 0; i < n; i++) {
      if (i > 0 && random() < 0.2) parts.push(pick(ARTICLES));
      parts.push(pick(words));
    }
    const trigger = parts.join(' ');
    if (triggers.has(trigger)) continue;
    triggers.add(trigger);
    list.push({ operator: random() < 0.3 ? 'how' : 'when', trigger });
  }
  const title = (op, t) => `${op === 'how' ? 'How to' : 'When'} ${t.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')}`;
  const decisions = join(dir, 'agents', 'decisions');
  mkdirSync(decisions, { recursive: true });
  const index = ['# Memory Index', '', 'Invoke `/when` or `/how` to recall decisions.', ''];
  for (let f = 0; f * perFile < list.length; f++) {
    const name = `topic-${String(f).padStart(4, '0')}.md`;
    const chunk = list.slice(f * perFile, (f + 1) * perFile);
    index.push(`## agents/decisions/${name}`, '');
    const doc = [`# Topic ${f}`, '', 'Decisions about this topic.', ''];
    let inGroup = false;
    chunk.forEach((e, i) => {
      index.push(`/${e.operator} ${e.trigger}`);
      if (i % 6 === 0) {
        inGroup = random() < 0.5;
        if (inGroup) doc.push(`## .Group ${f}-${i}`, '');
      }
      doc.push(`${inGroup ? '###' : '##'} ${title(e.operator, e.trigger)}`, '');
      doc.push(`**Decision:** ${pick(words)} ${pick(words)} before ${pick(words)}.`, '');
      if (random() < 0.3) doc.push('```sh', '# a comment that is not a heading', `${pick(words)} --flag`, '```', '');
      doc.push(`- ${pick(words)} ${pick(words)}`, `- ${pick(words)}`, '');
    });
    index.push('');
    writeFileSync(join(decisions, name), doc.join('\n'));
  }
  writeFileSync(join(dir, 'agents', 'memory-index.md'), index.join('\n'));
  return list;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: node bench/generate-tree.mjs <dir> [--entries N] [--seed S] [--per-file N]\n');
    process.exit(2);
  }
  const opt = (name, dflt) => {
    const i = rest.indexOf(`--${name}`);
    return i === -1 ? dflt : Number(rest[i + 1]);
  };
  const list = generateTree(dir, { entries: opt('entries', 10000), seed: opt('seed', 1), perFile: opt('per-file', 60) });
  process.stdout.write(`${list.length} entries written to ${dir}\n`);
}
