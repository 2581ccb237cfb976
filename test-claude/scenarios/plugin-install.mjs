/**
 * p) The plugin installed the way users install plugins: `claude plugin marketplace add` then `claude plugin
 *    install`, from a local marketplace, with the real client (issue 23 items 8, 9):
 *    - p1 `claude plugin validate --strict` passes on the repository (a snapshot of this checkout) with no warning;
 *    - p2 the repository as its own marketplace (`.claude-plugin/marketplace.json`, the plugin at `./`): what
 *      `/plugin marketplace add memdex/memdex` does from a clone. The client copies the repository and builds
 *      nothing (p2.0: no dist/ in the installed plugin); its hooks run the memdex the project installed (p2.1: the
 *      playbook reaches the model), and with none they fail open (p2.2: the session runs, the one line is in the
 *      client's debug log, no playbook);
 *    - p3 a marketplace whose entry is the npm tarball (`"source": "npm"`, the packed package served over
 *      http from a loopback host given as the npm registry, the only http host the client accepts): the plugin
 *      holds its own build, so its hooks work in a project without memdex (p3: the playbook reaches the model).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { runClaude } from '../client.mjs';
import { createWorld, modelText } from '../harness.mjs';
import { REPO } from '../project.mjs';

const PLAYBOOK = '[MEMDEX_V1]';
const MISSING_LINE = 'memdex: not built in the plugin, and not installed in the project or on PATH';

/** This checkout as a clone has it (tracked and untracked files, not ignored: no node_modules, no dist), committed. */
function gitSnapshot(dir) {
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  for (const file of list.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(REPO, file))) continue; // deleted, not yet staged
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(REPO, file), join(dir, file));
  }
  const git = (...args) => spawnSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'memdex');
  return dir;
}

/** `claude plugin <args>` in the world's HOME (no model call: the stand-in API is never asked). */
async function pluginCommand(world, client, args, env = {}) {
  return runClaude({ binary: client.binary, cwd: world.project.dir, home: world.project.home, apiUrl: world.api.url, args: ['plugin', ...args], timeoutMs: 300_000, env });
}

function installedPath(world, id) {
  const file = join(world.project.home, '.claude', 'plugins', 'installed_plugins.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')).plugins?.[id]?.[0]?.installPath;
}

/** `exit 0`, or the exit status and the client's last line. */
const said = (run) => (run.code === 0 ? 'exit 0' : `exit ${run.code}: ${(run.stderr || run.stdout).trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? ''}`);

export default {
  title: 'the plugin from a local marketplace: the repository (git, no build) and the npm tarball',
  async run({ client, tarball, check }) {
    const temp = mkdtempSync(join(tmpdir(), 'memdex-claude-plugin-'));
    const servers = [];
    try {
      const snapshot = gitSnapshot(join(temp, 'memdex'));
      const validateHome = join(temp, 'validate-home');
      mkdirSync(validateHome);
      const validate = await runClaude({ binary: client.binary, cwd: snapshot, home: validateHome, apiUrl: 'http://127.0.0.1:9', args: ['plugin', 'validate', '--strict', snapshot], timeoutMs: 120_000 });
      const warnings = validate.stdout.split('\n').filter((line) => /warning|Advice/i.test(line));
      check('p1', 'claude plugin validate --strict passes on the repository with no warning or advice', validate.code === 0 && warnings.length === 0 && validate.stdout.includes('Validation passed'), validate.code === 0 ? `exit 0; ${warnings.length === 0 ? 'no warning' : warnings.join(' | ').slice(0, 300)}` : said(validate), 'exit 0, no warning');

      // p2: the repository as its own marketplace, in a project that installed memdex from the tarball.
      const world = await createWorld({ client, tarball });
      try {
        const added = await pluginCommand(world, client, ['marketplace', 'add', snapshot]);
        const installed = await pluginCommand(world, client, ['install', 'memdex@memdex']);
        const path = installedPath(world, 'memdex@memdex');
        const bare = path !== undefined && existsSync(join(path, 'bin', 'memdex')) && !existsSync(join(path, 'dist'));
        check('p2.0', 'marketplace add <repository> + install memdex@memdex: the plugin is a copy without dist/', added.code === 0 && installed.code === 0 && bare, `add ${said(added)}; install ${said(installed)}; ${path === undefined ? 'not in installed_plugins.json' : bare ? 'bin/memdex, no dist/' : 'dist/ present or bin/memdex missing'}`, 'both exit 0; bin/memdex, no dist/');
        const run = await world.claude(['-p', 'hello']);
        const injected = modelText(run.requests[0]).includes(PLAYBOOK);
        check('p2.1', 'its hooks run the project\'s memdex: the playbook reaches the first request', injected, `playbook ${injected ? 'received' : 'not received'}`, 'playbook received');
        rmSync(world.project.path('node_modules'), { recursive: true, force: true });
        const open = await world.claude(['-p', 'hello again']);
        const openInjected = modelText(open.requests[0]).includes(PLAYBOOK);
        const lined = open.debug.includes(MISSING_LINE);
        check('p2.2', 'with no memdex anywhere its hooks fail open: the session runs, one line says why', !openInjected && lined, `session exit 0; playbook ${openInjected ? 'received' : 'not received'}; line ${lined ? 'in the debug log' : 'not in the debug log'}`, 'session exit 0; playbook not received; line in the debug log');
      } finally {
        await world.dispose();
      }

      // p3: a marketplace whose entry is the packed package, fetched as npm fetches a tarball link.
      const server = createServer((request, response) => {
        if (request.url === `/${basename(tarball)}`) {
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          createReadStream(tarball).pipe(response);
        } else {
          response.writeHead(404).end();
        }
      });
      servers.push(server);
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const registry = `http://127.0.0.1:${server.address().port}/`;
      const marketplace = join(temp, 'npm-marketplace');
      mkdirSync(join(marketplace, '.claude-plugin'), { recursive: true });
      const entry = { name: 'memdex', source: { source: 'npm', package: `${registry}${basename(tarball)}` }, description: 'memdex from its npm tarball' };
      writeFileSync(join(marketplace, '.claude-plugin', 'marketplace.json'), `${JSON.stringify({ name: 'memdex-npm', owner: { name: 'e2e' }, description: 'memdex from its tarball', plugins: [entry] }, null, 2)}\n`);
      const npmWorld = await createWorld({ client, tarball });
      try {
        rmSync(npmWorld.project.path('node_modules'), { recursive: true, force: true });
        const env = { npm_config_registry: registry };
        const added = await pluginCommand(npmWorld, client, ['marketplace', 'add', marketplace], env);
        const installed = await pluginCommand(npmWorld, client, ['install', 'memdex@memdex-npm'], env);
        const path = installedPath(npmWorld, 'memdex@memdex-npm');
        const built = path !== undefined && existsSync(join(path, 'dist', 'cli.cjs'));
        const run = await npmWorld.claude(['-p', 'hello']);
        const injected = modelText(run.requests[0]).includes(PLAYBOOK);
        check('p3', 'marketplace entry "source": "npm" (the tarball): the plugin holds its build; in a project without memdex the playbook reaches the model', added.code === 0 && installed.code === 0 && built && injected, `add ${said(added)}; install ${said(installed)}; ${built ? 'dist/ present' : 'no dist/'}; playbook ${injected ? 'received' : 'not received'}`, 'both exit 0; dist/ present; playbook received');
      } finally {
        await npmWorld.dispose();
      }
    } finally {
      for (const server of servers) server.close();
      rmSync(temp, { recursive: true, force: true });
    }
  },
};
