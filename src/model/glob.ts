/**
 * Globs of `ignores` (model/ignores.ts), compiled by picomatch and run by a linear-time
 * engine (re2js, the JavaScript port of RE2): braces (`{a,b}`, `{1..3}`), classes
 * (`[m]`, `[!x]`, `[[:alpha:]]`), `?`, `*`, `**` mean what they mean in ESLint and
 * markdownlint-cli2 (the same library parses them), and no pattern a pull request
 * writes into memdex.config.json can stall `check`.
 *
 * Why not picomatch's own RegExp: it compiles `*` to a lazy `[^/]*?`, and V8's
 * backtracking engine tries every way to split the name between the stars before it
 * gives up. `agents/decisions/a*a*a*a*a*a*a*a*a*a*b.md` against a 60-`a` file name
 * (issue 27, item 4) took, measured on this 2-core machine under load (load average
 * ≈ 12), 6.6 ms with 4 stars, 109 ms with 5, 636 ms with 6, 6.7 s with 7: ×6–10 per
 * star, minutes at 10. The same expression in re2js answers in 8 ms (the first call,
 * which builds its automaton; 0.4 ms after), and time grows with pattern × name, not
 * with their combinations (test/model/glob.test.ts runs the hostile pattern).
 *
 * RE2 has no lookaround. picomatch emits a few, all guards about `.` and `..` path
 * segments and empty segments (its constants ONE_CHAR, NO_DOT, NO_DOTS, NO_DOT_SLASH,
 * NO_DOTS_SLASH; with `dot: true` only the last three kinds appear). memdex matches
 * root-relative paths it lists itself, normalized (relative-path.ts normalizeRelative):
 * `/`-separated, with no empty, `.` or `..` segment, and headings mapped to a single
 * segment (below). On such input every one of those guards holds, so they are dropped
 * from the source; a pattern whose expression still holds a lookaround (picomatch's
 * extglobs, which `noextglob` turns off) is refused with a message, never run.
 *
 * Heading globs (`file.md#<heading glob>`) match a heading's text, where `*` and `?`
 * cross `/` (titles hold slashes): each `/` of the glob and of the title is read as
 * SLASH_IN_HEADING, a private-use character, so the title is one segment.
 *
 * Cost: picomatch is 25 kB and re2js 150 kB minified (most of it Unicode tables). Both
 * load only when a config has `ignores` (a chunk of its own, dist/glob.cjs for the
 * per-call `check`): a tree without ignores pays nothing.
 */
import picomatch from 'picomatch/posix.js';
import { RE2JS } from 're2js';

/** A compiled glob: whether a whole path (or heading text) matches. */
export interface GlobMatcher {
  test(text: string): boolean;
}

/** A glob that cannot be compiled safely: the reason, for the config message. */
export class GlobError extends Error {}

const OPTIONS = { dot: true, noextglob: true, posix: true } as const;

/** picomatch's guards about `.`, `..` and empty segments (see above): always true on memdex's paths. */
const GUARDS: readonly string[] = (() => {
  const c = picomatch.constants.globChars(false) as Record<string, string>;
  // Longest first, so that a guard containing another is removed whole.
  return [c.NO_DOTS!, c.NO_DOTS_SLASH!, c.NO_DOT_SLASH!, c.NO_DOT!, c.ONE_CHAR!].sort((a, b) => b.length - a.length);
})();

const LOOKAROUND = /\(\?<?[=!]/;

/** Stands for `/` in heading globs and titles, so that `*` crosses it. */
const SLASH_IN_HEADING = '\uE000';

/** A root-relative path glob. */
export function compilePathGlob(glob: string): GlobMatcher {
  return compile(glob);
}

/** A heading glob: `*` and `?` cross `/`. */
export function compileHeadingGlob(glob: string): GlobMatcher {
  const matcher = compile(glob.replaceAll('/', SLASH_IN_HEADING));
  return { test: (title) => matcher.test(title.replaceAll('/', SLASH_IN_HEADING)) };
}

function compile(glob: string): GlobMatcher {
  let source: string;
  try {
    source = picomatch.makeRe(glob, OPTIONS).source;
  } catch (error) {
    throw new GlobError(error instanceof Error ? error.message : String(error));
  }
  for (const guard of GUARDS) source = source.replaceAll(guard, '');
  // picomatch escapes the stand-in for `/` with a backslash, which RE2 refuses before a letter: it is a literal either way.
  source = source.replaceAll(`\\${SLASH_IN_HEADING}`, SLASH_IN_HEADING);
  if (LOOKAROUND.test(source)) throw new GlobError('needs a lookaround, which the safe matcher does not run');
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (error) {
    throw new GlobError(error instanceof Error ? error.message : String(error));
  }
  // As picomatch's own test: a text equal to the glob matches (`a (old).md` names itself, though `(…)` is a group).
  return { test: (text) => text === glob || re.matches(text) };
}
