import { rmSync } from 'node:fs';

/** Removes the run's temp folder (global-setup.mjs). */
export default function globalTeardown() {
  const root = process.env.MEMDEX_TEST_TMP_ROOT;
  if (root) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
