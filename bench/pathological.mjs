// Generated pathological markdown (issue 16 item 1), shared by bench/linear.mjs and the
// hardening tests. Each generator returns a decision file of about `bytes` bytes, which
// starts with a block quote (of the length it always had: test/fixtures/reports/ pin what
// check reports on the first 400 bytes).
const HEAD = '# Pathological\n\n> quoted: this file opens with a block quote.\n\n';

function fill(bytes, unit) {
  const parts = [HEAD];
  let size = HEAD.length;
  for (let i = 0; size < bytes; i++) {
    const part = unit(i);
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

export const PATHOLOGICAL = {
  /** Lists nested 200 deep by indentation, sawtooth (the 49 s case of the issue). */
  'nested lists': (bytes) => fill(bytes, (i) => `${'  '.repeat(i % 200)}- item ${i}\n`),
  /** `- - - - x`: eight list levels on every line (micromark: 100 kB in 60 s). */
  'list markers per line': (bytes) => fill(bytes, (i) => `${'- '.repeat(8)}item ${i}\n`),
  /** One line of `>` (16,000 overflowed the stack; 32,000 took 10.5 s). */
  'one line of >': (bytes) => `${HEAD}${'>'.repeat(Math.max(0, bytes - HEAD.length - 3))} x\n`,
  /** Many lines of nested quotes with headings inside. */
  'many >': (bytes) => fill(bytes, (i) => `${'> '.repeat(1 + (i % 30))}## When quoted ${i}\n`),
  /** One long paragraph line with inline syntax. */
  'long line': (bytes) => `${HEAD}${'a *b* [c](d) `e` <f> '.repeat(Math.ceil(bytes / 21))}\n`,
  /** Many fences, some unclosed inside list items. */
  'many fences': (bytes) => fill(bytes, (i) => (i % 3 === 0 ? `- \`\`\`\n  code ${i}\n` : `\`\`\`js\ncode ${i}\n\`\`\`\n`)),
  /** Many headings, ATX and setext, at top level and inside containers. */
  'many headings': (bytes) => fill(bytes, (i) => [`## When ${i}\n`, `Heading ${i}\n---\n`, `> ### How ${i}\n`, `- #### Item ${i}\n`][i % 4]),
  /** One heading over and over (issue 27 §15: 1 MB = 166,665 `### a`, two findings and one trigger-table row each). */
  'repeated headings': (bytes) => fill(bytes, () => '### a\n'),
  /** Blank lines under deeply nested list items (each keeps every level open). */
  'blank lines in deep items': (bytes) => `${HEAD}${'- '.repeat(1000)}x\n${'\n'.repeat(Math.max(0, bytes - HEAD.length - 2003))}`,
};
