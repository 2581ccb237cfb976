/**
 * `memdex lsp`: a language server (vscode-languageserver) for the people who curate the
 * memory, in any editor that speaks LSP (the extension in editors/vscode/ starts it).
 * An adapter: each request is answered by a use case on the tree as the editor holds it
 * (app/editor.ts: the files on disk with the open documents in their place).
 *
 * - diagnostics as you type: `check`'s findings (app/check.ts, the same rules and
 *   messages), published for every open memory file of the tree, after each change;
 * - code actions: every finding's fix (the edits `check --fix` would apply);
 * - definition: from an index entry to its heading, from a heading to its entry;
 * - hover on an entry: the section `memdex when` prints for it;
 * - completion of triggers after `/when ` and `/how `;
 * - rename of a trigger: the migration's plan for one row (the entry, its heading, the links
 *   to its anchor), verified by the validator, as one workspace edit of whole files; refused
 *   with the reasons otherwise, nothing changed.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { relative, sep } from 'node:path';
import { CodeActionKind, CompletionItemKind, createConnection, DiagnosticSeverity, ProposedFeatures, ResponseError, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import type { Diagnostic as LspDiagnostic, TextEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { check } from '../app/check.js';
import { definitionsAt, editorTree, RenameRefused, renameTrigger, sectionAt, triggersOf, type EditorTree } from '../app/editor.js';
import type { TreeHost } from '../app/host.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { MemdexError } from '../core/errors.js';
import { editorMessages as m } from '../messages/editor.js';
import { nodeTreeHost } from '../node/tree-host.js';

export interface LspOptions {
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
}


export function serveLsp(options: LspOptions = {}): Promise<number> {
  const host: TreeHost = nodeTreeHost();
  const connection = options.input && options.output ? createConnection(ProposedFeatures.all, options.input, options.output) : createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
  /** Per tree root: the findings last published (their fixes answer code actions). */
  const findings = new Map<string, readonly Diagnostic[]>();
  /** Per tree root: the latest check started; an older one that ends later publishes nothing. */
  const latest = new Map<string, number>();
  let checks = 0;

  const located = (uri: string): { root: string; path: string } | undefined => {
    if (!uri.startsWith('file:')) return undefined;
    const file = fileURLToPath(uri);
    const root = host.findRoot(file.slice(0, file.lastIndexOf(sep)) || sep);
    return root === undefined ? undefined : { root, path: relative(root, file).split(sep).join('/') };
  };
  const openTexts = (root: string): Map<string, string> => {
    const texts = new Map<string, string>();
    for (const doc of documents.all()) {
      const at = located(doc.uri);
      if (at?.root === root) texts.set(at.path, doc.getText());
    }
    return texts;
  };
  const treeOf = async (uri: string): Promise<{ tree: EditorTree; path: string; doc: TextDocument } | undefined> => {
    const at = located(uri);
    const doc = documents.get(uri);
    if (!at || !doc) return undefined;
    return { tree: await editorTree(host, at.root, openTexts(at.root)), path: at.path, doc };
  };
  const uriOf = (root: string, path: string) => pathToFileURL(`${root}${sep}${path.split('/').join(sep)}`).href;
  const textOf = (root: string, path: string): string | undefined => documents.get(uriOf(root, path))?.getText() ?? (host.exists(`${root}${sep}${path}`) ? host.readText(`${root}${sep}${path}`, path) : undefined);
  const rangeOf = (text: string, start: number, end: number) => {
    const doc = TextDocument.create('memdex:text', 'markdown', 0, text);
    return { start: doc.positionAt(start), end: doc.positionAt(end) };
  };

  /** Checks the tree of a document as the editor holds it and publishes every open file's findings. */
  const validate = async (uri: string) => {
    const at = located(uri);
    if (!at) return;
    const mine = ++checks;
    latest.set(at.root, mine);
    let outcome;
    try {
      outcome = await check(host, { files: [], root: at.root, fix: false, staged: false, quiet: false, overlay: openTexts(at.root) });
    } catch (error) {
      // A tree check cannot run (a malformed config): said once, as check says it.
      connection.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    if (latest.get(at.root) !== mine) return;
    const found = outcome.trees.flatMap((t) => t.diagnostics);
    findings.set(at.root, found);
    for (const doc of documents.all()) {
      const docAt = located(doc.uri);
      if (docAt?.root !== at.root) continue;
      connection.sendDiagnostics({ uri: doc.uri, diagnostics: found.filter((d) => d.path === docAt.path).map((d) => toLsp(d, at.root)) });
    }
  };
  const toLsp = (d: Diagnostic, root: string): LspDiagnostic => ({
    range: d.span ? { start: { line: d.span.start.line - 1, character: d.span.start.column - 1 }, end: { line: d.span.end.line - 1, character: d.span.end.column - 1 } } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: 'memdex',
    code: d.ruleId,
    message: d.message,
    ...(d.related?.length
      ? { relatedInformation: d.related.map((r) => ({ location: { uri: uriOf(root, r.path), range: r.span ? { start: { line: r.span.start.line - 1, character: r.span.start.column - 1 }, end: { line: r.span.end.line - 1, character: r.span.end.column - 1 } } : WHOLE_START }, message: r.message })) }
      : {}),
  });

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      definitionProvider: true,
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' '] },
      renameProvider: true,
    },
    serverInfo: { name: 'memdex' },
  }));
  // (an open is a change of content too: one check)
  documents.onDidChangeContent((e) => void validate(e.document.uri));
  documents.onDidClose((e) => connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }));

  connection.onCodeAction((params) => {
    const at = located(params.textDocument.uri);
    const doc = documents.get(params.textDocument.uri);
    if (!at || !doc) return [];
    const start = doc.offsetAt(params.range.start);
    const end = doc.offsetAt(params.range.end);
    return (findings.get(at.root) ?? [])
      .filter((d) => d.fix && d.path === at.path && d.span && d.span.start.offset <= end && d.span.end.offset >= start)
      .map((d) => {
        const changes: Record<string, TextEdit[]> = {};
        for (const edit of d.fix!.edits) {
          const text = textOf(at.root, edit.path) ?? '';
          (changes[uriOf(at.root, edit.path)] ??= []).push({ range: rangeOf(text, edit.range[0], edit.range[1]), newText: edit.text });
        }
        return { title: d.fix!.title, kind: CodeActionKind.QuickFix, diagnostics: [toLsp(d, at.root)], edit: { changes } };
      });
  });

  connection.onDefinition(async (params) => {
    const opened = await treeOf(params.textDocument.uri);
    if (!opened) return [];
    const { tree, path, doc } = opened;
    return definitionsAt(tree, path, doc.offsetAt(params.position)).map((found) => {
      const [file, start, end] = found.kind === 'heading' ? [found.heading.path, found.heading.start, found.heading.textRange[1]] : [tree.project.index!.path, found.entry.start, found.entry.end];
      return { uri: uriOf(tree.root, file), range: rangeOf(tree.project.files.get(file) ?? '', start, end) };
    });
  });

  connection.onHover(async (params) => {
    const opened = await treeOf(params.textDocument.uri);
    const section = opened ? sectionAt(opened.tree, opened.path, opened.doc.offsetAt(params.position)) : undefined;
    return section === undefined ? null : { contents: { kind: 'markdown', value: section } };
  });

  connection.onCompletion(async (params) => {
    const opened = await treeOf(params.textDocument.uri);
    if (!opened) return [];
    const line = opened.doc.getText({ start: { line: params.position.line, character: 0 }, end: params.position });
    const typed = /\/(when|how) ([^|]*)$/.exec(line);
    if (!typed) return [];
    const typing = opened.doc.offsetAt({ line: params.position.line, character: 0 });
    return triggersOf(opened.tree, typed[1] as 'when' | 'how', opened.path, typing).map(({ trigger, extras }) => ({
      label: trigger,
      kind: CompletionItemKind.Reference,
      detail: `/${typed[1]} ${trigger}${extras.length > 0 ? ` | ${extras.join(', ')}` : ''}`,
      textEdit: { range: { start: { line: params.position.line, character: params.position.character - typed[2]!.length }, end: params.position }, newText: trigger },
    }));
  });

  connection.onRenameRequest(async (params) => {
    const opened = await treeOf(params.textDocument.uri);
    if (!opened) return null;
    try {
      const changed = await renameTrigger(host, opened.tree, opened.path, opened.doc.offsetAt(params.position), params.newName);
      const changes: Record<string, TextEdit[]> = {};
      for (const [file, text] of changed) {
        const before = textOf(opened.tree.root, file) ?? '';
        changes[uriOf(opened.tree.root, file)] = [{ range: rangeOf(before, 0, before.length), newText: text }];
      }
      return { changes };
    } catch (error) {
      if (error instanceof RenameRefused) throw new ResponseError(1, m.renameRefused(error.problems));
      if (error instanceof MemdexError) throw new ResponseError(1, error.message);
      throw error;
    }
  });

  documents.listen(connection);
  connection.listen();
  return new Promise((resolve) => connection.onExit(() => resolve(0)));
}

const WHOLE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
