/** What each kind of input is and why its cap (the caps: src/model/input-limits.ts). */
export const inputKinds = {
  markdown: { name: 'a markdown memory file', why: 'the largest real decision file is 90 kB; split a larger one' },
  playbook: { name: 'a playbook', why: 'a real playbook is tens of kB; prune it with memdex playbook' },
  config: { name: 'a config file', why: 'a real memdex.config.json is a few kB' },
  packageJson: { name: 'a package.json', why: 'memdex reads only its name, version and scripts' },
  stdin: { name: 'stdin', why: 'a hook payload or an extraction is a few kB' },
  transcriptLine: { name: 'a transcript line', why: 'a record is a few kB once its texts are cut' },
  other: { name: 'a file', why: 'memdex reads only files it wrote or a person edits' },
} as const;

/** Bytes as megabytes with one decimal. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`;
}

/** Sentences about reading and replacing files (src/node/read-text.ts, atomic-write.ts). */
export const fileMessages = {
  changedUnderneath: (path: string) =>
    `${path}: changed by another program while memdex was rewriting it; nothing was written (run the command again to apply its changes to the new content)`,
  breaksHardLink: (path: string, links: number) =>
    `memdex: ${path} has ${links} hard links; rewriting it gives this name a new file (the other names keep the old content)`,
  readOnly: (path: string, mode: number) =>
    `${path}: is read-only (mode ${(mode & 0o777).toString(8).padStart(4, '0')}); memdex does not rewrite a file made read-only (make it writable, chmod u+w, to let memdex write it)`,
  notRegular: (path: string, kind: string) => `${path}: is ${kind}, expected a regular file`,
  /** `size` undefined: it grew past the cap while being read. */
  tooLarge: (path: string, size: number | undefined, limit: number, kind: keyof typeof inputKinds) =>
    `${path} is ${size === undefined ? `over ${megabytes(limit)}` : megabytes(size)}; memdex reads at most ${megabytes(limit)} of ${inputKinds[kind].name} (${inputKinds[kind].why})`,
  stdinTooLarge: (limit: number) =>
    `stdin is over ${megabytes(limit)}; memdex reads at most ${megabytes(limit)} of stdin (${inputKinds.stdin.why})`,
  stdinTimeout: (ms: number) => `stdin: no end of input after ${ms} ms; expected the input to be closed`,
  lockIsFolder: (lockPath: string) => `${lockPath}: is a folder where memdex keeps a lock file; remove it (memdex never deletes a folder)`,
  lockTimeout: (lockPath: string) =>
    `${lockPath}: could not take the lock (another memdex process holds it); if no memdex process is running, delete this file`,
};
