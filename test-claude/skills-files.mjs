/**
 * The skills as memdex renders them (src/app/skills.ts: renderSkills, skillPermissions), for the
 * scenarios' projects: the TypeScript module is bundled once with esbuild (a devDependency) into a
 * temporary file and imported, so the scenarios install exactly what `memdex init` writes.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './project.mjs';

let loaded;

async function skillsModule() {
  if (loaded) return loaded;
  const dir = mkdtempSync(join(tmpdir(), 'memdex-claude-skills-'));
  try {
    const outfile = join(dir, 'skills.mjs');
    await build({ entryPoints: [join(REPO, 'src', 'app', 'skills.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'error' });
    loaded = await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return loaded;
}

/** `{skills: {name: SKILL.md text}, allow: ['Skill(when)', …]}` for `.claude/skills/` and `permissions.allow`. */
export async function projectSkills() {
  const { renderSkills, skillPermissions } = await skillsModule();
  return { skills: Object.fromEntries(renderSkills('project').map((s) => [s.name, s.text])), allow: [...skillPermissions()] };
}
