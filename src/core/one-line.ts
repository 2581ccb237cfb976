/**
 * A text as one line of a prompt (a key point in the injected playbook, in the
 * extractor's and the evaluator's prompts): each line break with the spacing
 * around it becomes one space, so one item stays one line.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
