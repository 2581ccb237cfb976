/**
 * `memdex lsp` driven by a real LSP client (vscode-languageserver-protocol over the server's stdio), as an
 * editor drives it: initialize, didOpen/didChange → diagnostics equal to `check`'s, codeAction → the fix
 * `check --fix` applies, definition (entry → heading, heading → entry), hover (the section), completion
 * after `/when `, rename (the migration's plan: index, heading and links together, or refused).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CLI, runCli } from '../helpers/run-cli.js';
import { EXAMPLE, tempDirs } from '../helpers/temp-dirs.js';

const temp = tempDirs('memdex-lsp-');
const INDEX = 'agents/memory-index.md';
const CLI_MD = 'agents/decisions/cli.md';

interface Published {
  uri: string;
  diagnostics: { range: { start: { line: number; character: number } }; severity: number; code: string; message: string }[];
}

class Editor {
  readonly connection: ProtocolConnection;
  private readonly child: ChildProcess;
  private readonly published = new Map<string, Published['diagnostics']>();
  private waiting: (() => void)[] = [];
  private versions = new Map<string, number>();

  constructor(readonly root: string) {
    this.child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: root, env: { ...process.env, CLAUDE_PROJECT_DIR: '' }, stdio: ['pipe', 'pipe', 'inherit'] });
    this.connection = createProtocolConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
      this.published.set(p.uri, p.diagnostics);
      for (const wake of this.waiting.splice(0)) wake();
    });
    this.connection.listen();
  }

  uri(rel: string): string {
    return pathToFileURL(join(this.root, rel)).href;
  }

  async initialize() {
    return this.connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(this.root).href, capabilities: {}, workspaceFolders: null });
  }

  /** The diagnostics published next for a document (after an open or a change). */
  async diagnostics(rel: string, act: () => void): Promise<Published['diagnostics']> {
    this.published.delete(this.uri(rel));
    const arrived = new Promise<void>((resolve) => {
      const check = () => (this.published.has(this.uri(rel)) ? resolve() : this.waiting.push(check));
      this.waiting.push(check);
    });
    act();
    await arrived;
    return this.published.get(this.uri(rel))!;
  }

  open(rel: string, text = readFileSync(join(this.root, rel), 'utf8')) {
    this.versions.set(rel, 1);
    return this.diagnostics(rel, () => void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: this.uri(rel), languageId: 'markdown', version: 1, text } }));
  }

  change(rel: string, text: string) {
    const version = (this.versions.get(rel) ?? 1) + 1;
    this.versions.set(rel, version);
    return this.diagnostics(rel, () => void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: this.uri(rel), version }, contentChanges: [{ text }] }));
  }

  async close() {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    await new Promise((resolve) => this.child.once('exit', resolve));
    this.connection.dispose();
  }
}

/** A position (0-based) of the first occurrence of `needle` in a file, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0) {
  const doc = TextDocument.create('x', 'markdown', 0, text);
  return doc.positionAt(text.indexOf(needle) + shift);
}

function applyEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  return TextDocument.applyEdits(TextDocument.create('x', 'markdown', 0, text), edits);
}

describe('a session in the example tree', () => {
  let editor: Editor;
  let root: string;
  beforeAll(async () => {
    root = temp(EXAMPLE);
    editor = new Editor(root);
    const init = (await editor.initialize()) as { capabilities: Record<string, unknown> };
    expect(init.capabilities).toMatchObject({ definitionProvider: true, hoverProvider: true, renameProvider: true, codeActionProvider: expect.anything(), completionProvider: expect.anything() });
    await editor.connection.sendNotification('initialized', {});
  });
  afterAll(async () => editor.close());

  test('diagnostics as you type equal check\'s findings of the same text; fixed text clears them', async () => {
    expect(await editor.open(INDEX)).toEqual([]);
    const broken = readFileSync(join(root, INDEX), 'utf8').replace('/when printing errors | stderr, exit codes', '/when printing errorz');
    const published = await editor.change(INDEX, broken);
    const checked = JSON.parse(runCli(['check', '--stdin', '--stdin-filename', INDEX, '--format', 'json'], { cwd: root, input: broken }).stdout) as { ruleId: string; line: number; column: number; message: string; severity: string }[];
    expect(checked).toHaveLength(1);
    expect(published.map((d) => ({ ruleId: d.code, line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message, severity: d.severity === 1 ? 'error' : 'warning' }))).toEqual(
      checked.map(({ ruleId, line, column, message, severity }) => ({ ruleId, line, column, message, severity })),
    );
    expect(await editor.change(INDEX, readFileSync(join(root, INDEX), 'utf8'))).toEqual([]);
  });

  test('a code action for a fixable finding applies what check --fix writes', async () => {
    const original = readFileSync(join(root, INDEX), 'utf8');
    const swapped = original.replace('/when printing errors | stderr, exit codes\n/how parse command line flags | argv, yargs', '/how parse command line flags | argv, yargs\n/when printing errors | stderr, exit codes');
    const [finding] = await editor.change(INDEX, swapped);
    expect(finding!.code).toBe('index/entry-order');
    const actions = (await editor.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: editor.uri(INDEX) }, range: finding!.range, context: { diagnostics: [finding] } })) as { title: string; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } }[];
    expect(actions).toHaveLength(1);
    const fixedByEditor = applyEdits(swapped, actions[0]!.edit.changes[editor.uri(INDEX)]!);
    const dir = temp(EXAMPLE);
    writeFileSync(join(dir, INDEX), swapped);
    runCli(['check', '--fix'], { cwd: dir });
    expect(fixedByEditor).toBe(readFileSync(join(dir, INDEX), 'utf8'));
    await editor.change(INDEX, original);
  });

  test('definition: entry → heading, heading → entry', async () => {
    const index = readFileSync(join(root, INDEX), 'utf8');
    const cli = readFileSync(join(root, CLI_MD), 'utf8');
    const toHeading = (await editor.connection.sendRequest('textDocument/definition', { textDocument: { uri: editor.uri(INDEX) }, position: positionOf(index, '/when printing errors', 8) })) as { uri: string; range: { start: { line: number } } }[];
    expect(toHeading).toEqual([{ uri: editor.uri(CLI_MD), range: expect.objectContaining({ start: { line: positionOf(cli, '### When Printing Errors').line, character: 0 } }) }]);
    await editor.open(CLI_MD);
    const toEntry = (await editor.connection.sendRequest('textDocument/definition', { textDocument: { uri: editor.uri(CLI_MD) }, position: positionOf(cli, 'When Printing Errors', 3) })) as { uri: string; range: { start: { line: number } } }[];
    expect(toEntry).toEqual([{ uri: editor.uri(INDEX), range: expect.objectContaining({ start: expect.objectContaining({ line: positionOf(index, '/when printing errors').line }) }) }]);
  });

  test('hover on an entry: the section memdex when prints', async () => {
    const index = readFileSync(join(root, INDEX), 'utf8');
    const hover = (await editor.connection.sendRequest('textDocument/hover', { textDocument: { uri: editor.uri(INDEX) }, position: positionOf(index, '/when writing mock tests', 10) })) as { contents: { kind: string; value: string } };
    expect(hover.contents.kind).toBe('markdown');
    expect(`${hover.contents.value}\n`).toBe(runCli(['when', 'writing mock tests'], { cwd: root }).stdout);
  });

  test('completion after `/when ` and `/how `: the triggers of that operator', async () => {
    const index = readFileSync(join(root, INDEX), 'utf8');
    const typed = `${index}\n/when wri`;
    await editor.change(INDEX, typed);
    const lines = typed.split('\n');
    const items = (await editor.connection.sendRequest('textDocument/completion', { textDocument: { uri: editor.uri(INDEX) }, position: { line: lines.length - 1, character: lines.at(-1)!.length } })) as { label: string }[];
    const entries = index.slice(index.indexOf('\n## ')); // the preamble's `/when <trigger>` is prose, not an entry
    const whenTriggers = [...entries.matchAll(/^\/when ([^|\n]+?)(?:\s*\|.*)?$/gm)].map((m) => m[1]);
    expect(items.map((i) => i.label).sort()).toEqual(whenTriggers.sort());
    const how = (await editor.connection.sendRequest('textDocument/completion', { textDocument: { uri: editor.uri(INDEX) }, position: { line: lines.length - 1, character: 2 } })) as unknown[];
    expect(how).toEqual([]); // `/w` is not yet `/when `
    await editor.change(INDEX, index);
  });
});

describe('rename a trigger', () => {
  test('the entry, its heading and the links to it, in one edit; the tree stays clean and recall finds the new trigger', async () => {
    const root = temp(EXAMPLE);
    writeFileSync(join(root, 'agents', 'decisions', 'workflow.md'), `${readFileSync(join(root, 'agents', 'decisions', 'workflow.md'), 'utf8')}\nSee [errors](cli.md#when-printing-errors).\n`);
    const editor = new Editor(root);
    try {
      await editor.initialize();
      const index = readFileSync(join(root, INDEX), 'utf8');
      await editor.open(INDEX);
      const edit = (await editor.connection.sendRequest('textDocument/rename', { textDocument: { uri: editor.uri(INDEX) }, position: positionOf(index, '/when printing errors', 8), newName: 'reporting errors' })) as { changes: Record<string, Parameters<typeof applyEdits>[1]> };
      expect(Object.keys(edit.changes).sort()).toEqual([editor.uri(INDEX), editor.uri(CLI_MD), editor.uri('agents/decisions/workflow.md')].sort());
      for (const [uri, edits] of Object.entries(edit.changes)) {
        const file = new URL(uri).pathname;
        writeFileSync(file, applyEdits(readFileSync(file, 'utf8'), edits));
      }
      expect(readFileSync(join(root, INDEX), 'utf8')).toContain('/when reporting errors | stderr, exit codes');
      expect(readFileSync(join(root, CLI_MD), 'utf8')).toContain('### When Reporting Errors');
      expect(readFileSync(join(root, 'agents', 'decisions', 'workflow.md'), 'utf8')).toContain('(cli.md#when-reporting-errors)');
      expect(runCli(['check'], { cwd: root }).status).toBe(0);
      expect(runCli(['when', 'reporting errors'], { cwd: root }).stdout).toContain('Errors go to stderr');
    } finally {
      await editor.close();
    }
  });

  test('refused when the new trigger is taken: an error with the reasons, no edit', async () => {
    const root = temp(EXAMPLE);
    const editor = new Editor(root);
    try {
      await editor.initialize();
      const index = readFileSync(join(root, INDEX), 'utf8');
      await editor.open(INDEX);
      await expect(editor.connection.sendRequest('textDocument/rename', { textDocument: { uri: editor.uri(INDEX) }, position: positionOf(index, '/when printing errors', 8), newName: 'adding a new subcommand' })).rejects.toThrow(/rename refused, nothing changed/);
      await expect(editor.connection.sendRequest('textDocument/rename', { textDocument: { uri: editor.uri(INDEX) }, position: positionOf(index, '# Memory Index'), newName: 'x' })).rejects.toThrow(/no index entry or paired heading here/);
    } finally {
      await editor.close();
    }
  });
});
