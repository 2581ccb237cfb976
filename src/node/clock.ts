/**
 * The wall clock of the adapters. The pure core and the use cases never read it:
 * they take time as a parameter (Host.now()). Locks and cache stamps measure
 * durations with Date.now() where they are.
 */
export function nowIso(): string {
  return new Date().toISOString();
}

export function nowMs(): number {
  return Date.now();
}
