#!/usr/bin/env node
'use strict';
// Most hook calls are `memdex when|how|resolve <exact trigger>`: a small CommonJS
// bundle answers them from the cached recall table; anything else, and any error,
// goes to the full CLI (ES modules, loaded lazily per command).
const command = process.argv[2];
if (command === 'when' || command === 'how' || command === 'resolve') {
  const code = require('../dist/recall.cjs').tryRecall(command, process.argv.slice(3));
  if (code !== undefined) {
    process.exitCode = code;
    return;
  }
}
import('../dist/cli.js');
