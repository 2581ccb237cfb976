/** The wall clock, read here only: the pure core takes time as a parameter. */
export function nowIso(): string {
  return new Date().toISOString();
}
