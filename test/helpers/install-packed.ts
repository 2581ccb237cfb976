/**
 * installPacked(dir, tarball) leaves in `dir` exactly what `npm install --save-dev --offline
 * <tarball>` leaves there for its package.json (node_modules, package.json, package-lock.json),
 * without running npm per project: one real npm install per distinct package.json text and
 * tarball in a test run, in a folder of its own (run-once.ts), is copied; the one thing that
 * depends on where the project is, the relative `file:` path npm records for the tarball, is
 * rewritten. npm took seconds of CPU per project (4-5 s for this one package). The installs
 * that are themselves the route under test run their own tool: npm from a git URL
 * (install-routes.test.ts), pre-commit's (pre-commit-framework.test.ts), pnpm and yarn
 * (repository-shapes.test.ts).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runOnce } from './run-once.js';

/** What `npm install --save-dev` writes, besides node_modules/ (copied whole). */
const NPM_WRITES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

export function installPacked(dir: string, tarball: string): void {
  const manifest = readFileSync(join(dir, 'package.json'), 'utf8');
  const key = createHash('sha256').update(`${tarball}\0${manifest}`).digest('hex').slice(0, 16);
  const { project } = runOnce(`installed-${key}`, (once) => {
    const project = join(once, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), manifest);
    execFileSync('npm', ['install', '--save-dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
    return { project };
  });
  const from = `file:${relative(project, tarball)}`;
  const to = `file:${relative(dir, tarball)}`;
  cpSync(join(project, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  for (const file of NPM_WRITES) {
    if (existsSync(join(project, file))) writeFileSync(join(dir, file), readFileSync(join(project, file), 'utf8').replaceAll(from, to));
  }
}
