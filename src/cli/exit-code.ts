/** yargs handlers return nothing; they record the command's exit code here. */
let code = 0;
export function setExitCode(value: number): void {
  code = value;
}
export function takeExitCode(): number {
  const value = code;
  code = 0;
  return value;
}
