// Scaling (issue 16 §7): t(n) at n, 2n, 4n, 8n for the commands that were super-linear,
// on generated trees (generate-tree.mjs), and the growth ratios t(2n)/t(n). Linear
// work doubles (ratio 2), n log n a little more; quadratic work quadruples (ratio 4).
// Each t is the median wall time of whole processes minus `node -e 0` measured in the
// same run (start-up is constant: it would hide the growth at small n).
//   node bench/scaling.mjs            (SCALING_RUNS=3 by default: big inputs)
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateTree } from './generate-tree.mjs';
import { BASELINE, CLI, measure } from './measure.mjs';

/** Every section's entries moved under the next section: `check --fix` must move them all back. */
export function misplaceAll(dir) {
  const file = join(dir, 'agents/memory-index.md');
  const lines = readFileSync(file, 'utf8').split('\n');
  const sections = [];
  const preamble = [];
  for (const line of lines) {
    if (line.startsWith('## ')) sections.push({ header: line, entries: [] });
    else if (sections.length === 0) preamble.push(line);
    else if (line.startsWith('/')) sections.at(-1).entries.push(line);
  }
  const out = [...preamble];
  sections.forEach((s, i) => out.push(s.header, '', ...sections[(i + 1) % sections.length].entries, ''));
  writeFileSync(file, out.join('\n'));
}

/** One decision file of `n` sibling structural headings. */
function structuralTree(dir, n) {
  mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
  writeFileSync(join(dir, 'agents/memory-index.md'), '# Memory Index\n');
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`## .Group ${i}`, '', `text ${i}`, '');
  writeFileSync(join(dir, 'agents/decisions/many.md'), lines.join('\n'));
}

/**
 * `n` headings that share all but one word (`When Writing Common Tests Alpha Beta Item<i>`),
 * with their entries: every candidate trigger of compress-key shares words with every heading.
 */
export function sharedWordsTree(dir, n, perFile = 50) {
  mkdirSync(join(dir, 'agents/decisions'), { recursive: true });
  const index = ['# Memory Index', ''];
  for (let f = 0; f * perFile < n; f++) {
    const name = `shared-${f}.md`;
    index.push(`## agents/decisions/${name}`, '');
    const doc = [`# Shared ${f}`, ''];
    for (let i = f * perFile; i < Math.min(n, (f + 1) * perFile); i++) {
      index.push(`/when writing common tests alpha beta item${i}`);
      doc.push(`## When Writing Common Tests Alpha Beta Item${i}`, '', `body ${i}`, '');
    }
    index.push('');
    writeFileSync(join(dir, 'agents/decisions', name), doc.join('\n'));
  }
  writeFileSync(join(dir, 'agents/memory-index.md'), index.join('\n'));
}

const COMMANDS = [
  {
    name: '`check --fix`, every entry misplaced',
    base: 1000,
    setup: (dir, n) => {
      generateTree(dir, { entries: n, seed: 1, perFile: 40 });
      misplaceAll(dir);
    },
    // a fresh misplaced copy each run: --fix rewrites the index
    args: (dir) => [CLI, 'check', '--fix', '--quiet', '--root', `${dir}-run`],
    before: (dir) => {
      rmSync(`${dir}-run`, { recursive: true, force: true });
      cpSync(dir, `${dir}-run`, { recursive: true });
    },
  },
  { name: '`compress-key --all`', base: 250, setup: (dir, n) => generateTree(dir, { entries: n, seed: 1, perFile: 40 }), args: (dir) => [CLI, 'compress-key', '--all', '--format', 'json', '--root', dir] },
  { name: '`compress-key --all`, headings sharing all words but one', base: 250, setup: sharedWordsTree, args: (dir) => [CLI, 'compress-key', '--all', '--format', 'json', '--root', dir] },
  { name: '`migrate plan --all`', base: 250, setup: (dir, n) => generateTree(dir, { entries: n, seed: 1, perFile: 40 }), args: (dir) => [CLI, 'migrate', 'plan', '--all', '--out=-', '--root', dir] },
  { name: '`check`, N structural headings in one file', base: 10000, setup: structuralTree, args: (dir) => [CLI, 'check', '--quiet', '--root', dir], expectStatus: 1 },
];

const FACTORS = [1, 2, 4, 8];

export function benchScaling(runs = Number(process.env.SCALING_RUNS ?? 3)) {
  const rows = ['| command | n | t(n) ms | t(2n)/t(n) |', '|---|---:|---:|---:|'];
  const temps = [];
  try {
    measureAll(rows, temps, runs);
  } finally {
    temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
  }
  rows.push('', 'Ratio 2: linear; about 2.1–2.3: n log n; 4: quadratic. Times are wall medians minus `node -e 0`.');
  return rows.join('\n');
}

function measureAll(rows, temps, runs) {
  for (const command of COMMANDS) {
    const cases = FACTORS.map((f) => {
      const n = command.base * f;
      const dir = mkdtempSync(join(tmpdir(), 'memdex-scaling-'));
      temps.push(dir, `${dir}-run`);
      command.setup(dir, n);
      return { name: `${command.name} n=${n}`, n, args: command.args(dir), before: command.before && (() => command.before(dir)), expectStatus: command.expectStatus };
    });
    process.stderr.write(`${command.name}...\n`);
    const results = measure(cases, runs);
    const base = results.get(BASELINE.name);
    let previous;
    for (const c of cases) {
      const t = Math.max(1, results.get(c.name) - base);
      rows.push(`| ${command.name} | ${c.n.toLocaleString('en')} | ${t.toFixed(0)} | ${previous ? (t / previous).toFixed(2) : ''} |`);
      previous = t;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(`${benchScaling()}\n`);
