/**
 * The one table of how much memdex reads of each kind of input. Every reader takes its
 * cap from here: the one file reader (node/read-text.ts, by the file's name), the
 * staged reader (node/git.ts, the same names), stdin (node/read-stdin.ts) and the
 * transcript line splitter (transcript/lines.ts, which skips and counts an over-long line). Past its cap an input is refused with
 * one sentence naming it, its size and the cap (messages/files.ts), exit 2.
 *
 * Each cap is far above the real files and far below what would cost a gigabyte. The
 * real figures: the 374-entry index 40 kB, the largest decision file 90 kB, a playbook
 * tens of kB, a config or a package.json a few kB, a hook payload a few kB, a transcript
 * record a few kB once its texts are cut. The markdown cap is set by the worst shapes
 * (issue 27 §15; load average 11 on 2 cores): a decision file of 2 MB of `### a` lines
 * (349,000 headings) took `when` 22.9 s and 1.15 GB, `check` 13.7 s and 890 MB; 2 MB of
 * one-character setext headings in the index `when` 6.8 s and 707 MB. At 1 MB both stay
 * near half a gigabyte; 1 MB is still 11 times the largest real decision file.
 */
import { inputKinds } from '../messages/files.js';

export type InputKind = keyof typeof inputKinds;

export interface InputLimit {
  readonly kind: InputKind;
  readonly maxBytes: number;
}

const MB = 1024 * 1024;

/** The caps (what each kind is and why its cap: messages/files.ts inputKinds). */
export const INPUT_LIMITS: { readonly [K in InputKind]: InputLimit & { readonly kind: K } } = {
  /** The memory index and the decision files (and any markdown memdex reads: `add --body`, templates). */
  markdown: { kind: 'markdown', maxBytes: 1 * MB },
  playbook: { kind: 'playbook', maxBytes: 8 * MB },
  config: { kind: 'config', maxBytes: 1 * MB },
  packageJson: { kind: 'packageJson', maxBytes: 1 * MB },
  stdin: { kind: 'stdin', maxBytes: 8 * MB },
  transcriptLine: { kind: 'transcriptLine', maxBytes: 16 * MB },
  /** Anything else read whole (journal, caches, session records, extraction files). */
  other: { kind: 'other', maxBytes: 32 * MB },
};

/** The cap of a file memdex reads whole, by its name (a `.md` is markdown; a path configured elsewhere gets the general cap). */
export function inputLimitOf(path: string): InputLimit {
  const name = path.replace(/ \(staged\)$/, '').slice(path.lastIndexOf('/') + 1);
  if (/\.md$/i.test(name)) return INPUT_LIMITS.markdown;
  if (name === 'package.json') return INPUT_LIMITS.packageJson;
  if (name === 'memdex.config.json') return INPUT_LIMITS.config;
  if (name === 'playbook.json') return INPUT_LIMITS.playbook;
  return INPUT_LIMITS.other;
}

