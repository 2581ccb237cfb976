/**
 * memdex's hook in the pre-commit framework's config (`.pre-commit-config.yaml`,
 * init-git.ts): added as a local hook and taken out again, through a YAML parser
 * that keeps the file's comments. A module of its own because the parser is
 * ~260 kB of code to compile: `memdex init` and `uninstall` load it only when the
 * repository has that config.
 */
import { Document, isMap, isSeq, parseDocument } from 'yaml';
import { initMessages as m } from '../messages/init.js';
import type { ConfigEdit } from './init-git.js';

/**
 * The pre-commit framework's config with memdex as a local hook (`language:
 * system`: the memdex init chose, nothing cloned or built), added to `repos:`
 * through a YAML parser that keeps the file's comments; 'present' when a hook
 * `id: memdex` is there (local or memdex's own repository).
 */
export function addFrameworkHook(file: string, text: string, entry: string): ConfigEdit {
  if (/^\s*-?\s*id:\s*['"]?memdex['"]?\s*$/m.test(text)) return 'present';
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) return { problem: m.cannotParse(`${file}:${error.linePos?.[0].line ?? 1}:${error.linePos?.[0].col ?? 1}`, error.message.split('\n')[0]!) };
  const repos = doc.get('repos', true);
  if (repos !== undefined && !isSeq(repos)) return { problem: m.notAnObject(`${file}:1:1`, 'repos', 'a list') };
  const hook = { id: 'memdex', name: 'memdex check (memory index, decision files, playbook)', entry, language: 'system', pass_filenames: false, always_run: true };
  const item = { repo: 'local', hooks: [hook] };
  // `repos:` a block list that ends the file (the usual shape): the item is appended to the text as it is, byte for byte.
  if (isSeq(repos) && !repos.flow && repos.items.length > 0 && text.slice(repos.range![1]).trim() === '') {
    const rendered = new Document({ repos: [item] }).toString().replace(/^repos:\n/, '');
    const start = repos.range![0];
    const indent = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
    const body = rendered.replace(/^ {2}/gm, indent);
    return { after: `${text}${text.endsWith('\n') ? '' : '\n'}${body}` };
  }
  // Else through the parser (a flow list written as a block one, so that the item reads as the docs show it).
  if (isSeq(repos)) repos.flow = false;
  doc.addIn(['repos'], doc.createNode(item));
  return { after: doc.toString({ flowCollectionPadding: false }) };
}

/**
 * The pre-commit framework's config without memdex's hook (id `memdex`): the
 * `repo: local` item init added, cut from the text byte for byte when it holds
 * only that hook; else the hook alone, through the parser. Undefined when absent.
 */
export function removeFrameworkHook(file: string, text: string): { readonly after: string } | { readonly problem: string } | undefined {
  if (!/^\s*-?\s*id:\s*['"]?memdex['"]?\s*$/m.test(text)) return undefined;
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) return { problem: m.cannotParse(`${file}:${error.linePos?.[0].line ?? 1}:${error.linePos?.[0].col ?? 1}`, error.message.split('\n')[0]!) };
  const repos = doc.get('repos', true);
  if (!isSeq(repos)) return undefined;
  for (const [index, item] of repos.items.entries()) {
    if (!isMap(item)) continue;
    const hooks = item.get('hooks', true);
    if (!isSeq(hooks)) continue;
    const at = hooks.items.findIndex((hook) => isMap(hook) && hook.get('id') === 'memdex');
    if (at < 0) continue;
    if (hooks.items.length === 1 && item.get('repo') === 'local' && item.range && !repos.flow) {
      const lineStart = text.lastIndexOf('\n', item.range[0] - 1) + 1;
      return { after: text.slice(0, lineStart) + text.slice(item.range[1]) };
    }
    if (hooks.items.length === 1) repos.items.splice(index, 1);
    else hooks.items.splice(at, 1);
    return { after: doc.toString({ flowCollectionPadding: false }) };
  }
  return undefined;
}
