/** Sentences about reading and replacing files (src/node/read-text.ts, atomic-write.ts). */
export const fileMessages = {
  changedUnderneath: (path: string) =>
    `${path}: changed by another program while memdex was rewriting it; nothing was written (run the command again to apply its changes to the new content)`,
  breaksHardLink: (path: string, links: number) =>
    `memdex: ${path} has ${links} hard links; rewriting it gives this name a new file (the other names keep the old content)`,
  notRegular: (path: string, kind: string) => `${path}: is ${kind}, expected a regular file`,
  tooLarge: (path: string, limit: number) => `${path}: larger than ${limit} bytes; expected a text file memdex wrote or a person edits`,
  stdinTooLarge: (limit: number) => `stdin: more than ${limit} bytes; expected a short text`,
  stdinTimeout: (ms: number) => `stdin: no end of input after ${ms} ms; expected the input to be closed`,
  lockIsFolder: (lockPath: string) => `${lockPath}: is a folder where memdex keeps a lock file; remove it (memdex never deletes a folder)`,
  lockTimeout: (lockPath: string) =>
    `${lockPath}: could not take the lock (another memdex process holds it); if no memdex process is running, delete this file`,
};
