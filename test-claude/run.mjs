#!/usr/bin/env node
/**
 * `npm run test:claude`: memdex's hooks under the real Claude Code client, offline.
 *
 * Installs (or reuses) the pinned client, packs this repository and installs the tarball into each
 * scenario's temporary project, then runs the scenario groups in test-claude/scenarios/. Each group
 * reports checks `{id, title, pass, measured, expected}`; the runner prints one table and exits 1 when
 * any check failed (2 when a group could not run at all). When the client cannot be installed it prints
 * one line saying why and exits 0.
 *
 *   npm run test:claude                          # all groups
 *   npm run test:claude -- lifecycle feedback    # only these groups (file names in scenarios/)
 *   npm run test:claude -- --save-transcripts    # also rewrite test/fixtures/transcripts/claude-<version>/
 *
 * Groups marked `slow` (the 2-minute extractor) start first and run beside the others.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClient } from './client.mjs';
import { packMemdex } from './project.mjs';
import { transcriptSaver } from './transcripts.mjs';

const args = process.argv.slice(2);
const saveTranscripts = args.includes('--save-transcripts');
const only = args.filter((a) => !a.startsWith('--'));
const log = (line) => process.stderr.write(`[test:claude] ${line}\n`);

const client = ensureClient(process.env, log);
if (client.skip) {
  process.stdout.write(`test:claude skipped: ${client.skip}\n`);
  process.exit(0);
}
log(`Claude Code ${client.version}: ${client.binary}${client.installed ? ' (installed now)' : ''}`);

const scenarioDir = new URL('./scenarios/', import.meta.url);
const groups = [];
for (const file of readdirSync(scenarioDir).filter((f) => f.endsWith('.mjs')).sort()) {
  const name = file.replace(/\.mjs$/, '');
  if (only.length > 0 && !only.includes(name)) continue;
  groups.push({ name, ...(await import(new URL(file, scenarioDir))).default });
}
if (groups.length === 0) {
  process.stdout.write(`test:claude: no scenario group named ${only.join(', ')}\n`);
  process.exit(2);
}

const packDir = mkdtempSync(join(tmpdir(), 'memdex-claude-pack-'));
const checks = [];
const broken = [];
let exitCode = 0;
try {
  log('building and packing memdex');
  const tarball = packMemdex(packDir);
  const saver = transcriptSaver({ version: client.version, enabled: saveTranscripts });
  const runGroup = async (group) => {
    const started = Date.now();
    log(`${group.name}: ${group.title}`);
    const check = (id, title, pass, measured, expected) => checks.push({ group: group.name, id, title, pass: Boolean(pass), measured, expected });
    try {
      await group.run({ client, tarball, check, saveTranscript: saver.save, log: (line) => log(`${group.name}: ${line}`) });
    } catch (error) {
      broken.push({ group: group.name, message: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
    log(`${group.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const slow = groups.filter((g) => g.slow).map(runGroup);
  for (const group of groups.filter((g) => !g.slow)) await runGroup(group);
  await Promise.all(slow);
  if (saveTranscripts) saver.finish(log);
} finally {
  rmSync(packDir, { recursive: true, force: true });
}

checks.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
process.stdout.write(`${table(checks)}\n`);
for (const { group, message } of broken) process.stdout.write(`\nGROUP ${group} COULD NOT RUN:\n${message}\n`);
const failed = checks.filter((c) => !c.pass);
process.stdout.write(`\n${checks.length - failed.length}/${checks.length} checks passed${broken.length ? `, ${broken.length} group(s) could not run` : ''} (Claude Code ${client.version}).\n`);
if (failed.length > 0) exitCode = 1;
if (broken.length > 0) exitCode = 2;
process.exit(exitCode);

function table(rows) {
  const header = ['check', 'result', 'measured', 'expected'];
  const cells = rows.map((r) => [`${r.id} ${r.title}`, r.pass ? 'pass' : 'FAIL', String(r.measured), String(r.expected)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (cols) => `| ${cols.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
