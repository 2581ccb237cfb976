/**
 * A count as the messages write it, with thousands separators (`10,000`), as `toLocaleString('en-US')` writes an
 * integer. Not through Intl: the first number format of a process loads ICU's locale data, 27–30 ms of CPU, and a
 * rule's description (rules/playbook/template-size.ts) is written when its module loads, by `memdex check` at every
 * commit and by every command that lists the rules (measured in-process, 2026-11-27). A number that is not a safe
 * integer still goes through Intl.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
