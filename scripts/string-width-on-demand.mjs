// An esbuild plugin of scripts/bundles.mjs: yargs' help renderer measures text with string-width (three copies are
// bundled: 8.3 for yargs, 7.2 for cliui and wrap-ansi), and each copy creates an `Intl.Segmenter` when it is loaded.
// The first one created loads ICU's break-iterator data: 22–30 ms of CPU, which every yargs-parsed command paid
// (`memdex --version`, `init`, `doctor`, ...) whether or not it rendered a help (measured in-process, 2026-11-27).
// Here each copy creates its segmenter at its first use, and the 7.2 copies get the printable-ASCII fast path that
// 8.3 itself has (`/^[\u0020-\u007E]*$/`: width = length, as the segmenting loop computes it for those characters),
// so an ASCII help needs no segmenter at all. 8.3's `/^\p{RGI_Emoji}$/v` is compiled at its first use too: V8 expands
// that property of strings when it parses the pattern, 33–50 ms of CPU at load (as a literal or through `new RegExp`). Same widths, so the same bytes: the help tests check them.
// A string-width whose source no longer has these lines fails the build, not silently the speed.
import { readFileSync } from 'node:fs';

const CREATE = 'const segmenter = new Intl.Segmenter();';
const LAZY = 'let segmenterMade;\nconst segmenter = { segment: (text) => (segmenterMade ??= new Intl.Segmenter()).segment(text) };';
const LOOP = '\tlet width = 0;\n';
const EMOJI = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
const LAZY_EMOJI = "let rgiEmojiMade;\nconst rgiEmojiRegex = { test: (text) => (rgiEmojiMade ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };";
const FAST_PATH = '/^[\\u0020-\\u007E]*$/.test(string)';

export const stringWidthOnDemand = {
  name: 'string-width-on-demand',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      const fast = source.includes(FAST_PATH);
      if (source.split(CREATE).length !== 2 || (!fast && source.split(LOOP).length !== 2)) throw new Error(`${args.path}: string-width changed; revisit scripts/string-width-on-demand.mjs`);
      if (fast && source.split(EMOJI).length !== 2) throw new Error(`${args.path}: string-width changed; revisit scripts/string-width-on-demand.mjs`);
      source = source.replace(CREATE, () => LAZY).replace(EMOJI, () => LAZY_EMOJI);
      if (!fast) source = source.replace(LOOP, () => `\tif (${FAST_PATH}) {\n\t\treturn string.length;\n\t}\n\n${LOOP}`);
      return { contents: source, loader: 'js' };
    });
  },
};
