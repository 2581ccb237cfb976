import type { RuleTable } from '../../../helpers/rule-tester.js';
import { INDEX, section, TESTING, text, tree } from '../trees.js';

const CLI = ['# CLI', '', ...section('When Printing Errors'), ...section('How to Parse Flags')];

export default {
  valid: [
    { name: 'each entry in its file section', files: tree(['## agents/decisions/cli.md', '/when printing errors', '/how parse flags', '', '## agents/decisions/testing.md', '/when writing mock tests', '/how encode paths'], { 'cli.md': CLI, 'testing.md': TESTING }) },
    { name: 'an entry without a heading is entry-has-heading’s finding', files: tree(['## agents/decisions/cli.md', '/when printing errors', '/how fly'], { 'cli.md': CLI }) },
  ],
  invalid: [
    {
      name: 'an entry under another file’s section moves to its own',
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '/how encode paths', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:4:1-4:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/cli.md\n\n/when printing errors\n/how parse flags\n\n## agents/decisions/testing.md\n\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'a missing section is created in path order',
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '/how parse flags', '/when writing mock tests', '/how encode paths'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:5:1-5:25 Entry `/when writing mock tests` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:3:1 Heading here',
        'agents/memory-index.md:6:1-6:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/cli.md\n\n/when printing errors\n/how parse flags\n\n## agents/decisions/testing.md\n\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'an entry under a non-file section',
      files: tree(['## Misc', '', '/how encode paths', '', '## agents/decisions/testing.md', '', '/when writing mock tests'], { 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:3:1-3:18 Entry `/how encode paths` is in section `## Misc`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: {
        [INDEX]: '## Misc\n\n\n## agents/decisions/testing.md\n\n/when writing mock tests\n/how encode paths\n',
      },
    },
    {
      name: 'CRLF files keep CRLF',
      files: { [INDEX]: text(['## agents/decisions/cli.md', '', '/when printing errors', '/how encode paths', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests']).replace(/\n/g, '\r\n'), 'agents/decisions/cli.md': text(CLI), 'agents/decisions/testing.md': text(TESTING) },
      errors: [
        'agents/memory-index.md:4:1-4:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/cli.md\r\n\r\n/when printing errors\r\n/how parse flags\r\n\r\n## agents/decisions/testing.md\r\n\r\n/when writing mock tests\r\n/how encode paths\r\n',
      },
    },
    {
      name: 'the directive above a moved entry moves with it; one a blank line away stays (issue 26 item 14)',
      files: tree(['## agents/decisions/cli.md', '', '/when printing errors', '<!-- memdex-disable-next-line index/size-budget -- kept as written -->', '/how encode paths', '<!-- memdex-disable-next-line -->', '', '/how parse flags', '', '## agents/decisions/testing.md', '', '/when writing mock tests'], { 'cli.md': CLI, 'testing.md': TESTING }),
      errors: [
        'agents/memory-index.md:5:1-5:18 Entry `/how encode paths` is in section `## agents/decisions/cli.md`, but its heading is in agents/decisions/testing.md; expected it under `## agents/decisions/testing.md`\n  agents/decisions/testing.md:9:1 Heading here',
      ],
      output: {
        [INDEX]: '## agents/decisions/cli.md\n\n/when printing errors\n<!-- memdex-disable-next-line -->\n\n/how parse flags\n\n## agents/decisions/testing.md\n\n/when writing mock tests\n<!-- memdex-disable-next-line index/size-budget -- kept as written -->\n/how encode paths\n',
      },
    },
  ],
} satisfies RuleTable;
