// The memdex extension: starts `memdex lsp --stdio` (the workspace's own memdex, as installed with
// `npm install --save-dev memdex`) and connects it to the editor's markdown and JSON documents.
// Everything else (diagnostics, fixes, navigation, hover, completion, rename) is the server's.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/** The server's command: the setting, else the workspace's installed memdex, else npx. */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration('memdex').get('command', []);
  if (configured.length > 0) return { command: configured[0], args: [...configured.slice(1), 'lsp'] };
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const bin = join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'memdex.cmd' : 'memdex');
    if (existsSync(bin)) return { command: bin, args: ['lsp'] };
  }
  return { command: process.platform === 'win32' ? 'npx.cmd' : 'npx', args: ['--no-install', 'memdex', 'lsp'] };
}

exports.activate = async function activate() {
  const { command, args } = serverCommand();
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const run = { command, args, transport: TransportKind.stdio, options: cwd ? { cwd } : {} };
  client = new LanguageClient('memdex', 'memdex', { run, debug: run }, {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', pattern: '**/.claude/playbook.json' },
    ],
  });
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
