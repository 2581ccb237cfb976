/**
 * The shipped injection template (REQ-SCORE-008). The same text is in
 * templates/playbook.txt for users who want to copy and edit it; a test keeps the
 * two equal. Written as factual statements: the client's hook guidance warns that
 * imperative instructions in hook context can trigger the model's prompt-injection
 * defences. It lives here as a constant so the bundled CLI needs no file lookup.
 */
export const DEFAULT_TEMPLATE = `# Playbook

These key points come from earlier sessions in this repository. Each one carries how many times a reviewer of those sessions rated it helpful or harmful.

- A key point with many helpful ratings and few harmful ones has worked well here before.
- A key point with several harmful ratings has caused problems before.
- A key point with low counts in both has not been tested yet.

{key_points}
`;
