/**
 * The markdown report of `memdex recall` as a reader meets it: the actionable part
 * first, no rows of zeros, and every text from a transcript or the tree shown as the
 * text it is. Judged by a markdown parser (remark, CommonMark + GFM tables as GitHub
 * renders them), not by the renderer's own idea of escaping.
 */
import { describe, expect, test } from '@jest/globals';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import { buildReport, type ReportHeader } from '../../src/recall/metrics.js';
import { renderMarkdown } from '../../src/recall/render-markdown.js';
import type { SessionResult } from '../../src/recall/analyze-session.js';

const HOSTILE = ['<img src=x onerror=alert(1)>', '![pixel](https://evil.example/track.png)', '<script>alert(2)</script>', '[link](javascript:alert(3))', '`code` *em* | cell'];

const header: ReportHeader = {
  generatedAt: '2026-11-24T00:00:00.000Z',
  root: '/work/<b>repo</b>',
  transcripts: '/home/u/.claude/projects/x',
  filters: { since: null, until: null, sessions: null, before: null, includeSubagents: false },
  rankerThreshold: 0.2,
  unreadable: [{ path: '/t/<img src=y onerror=z>.jsonl', reason: 'bad ![x](https://evil.example/y.png)' }],
};

function session(start: string, recalls: SessionResult['recalls'], opportunities: SessionResult['opportunities'] = []): SessionResult {
  return { start, recalls, opportunities, refused: 0 } as unknown as SessionResult;
}

const labels = [...Array.from({ length: 400 }, (_, i) => `/when topic number ${i}`), ...HOSTILE.map((h) => `/when ${h}`)];
const sessions = [
  session('2026-11-02T10:00:00Z', [{ kind: 'skill', entries: ['/when topic number 1'], timestamp: '2026-11-02T10:01:00Z' } as never]),
  session('2026-11-03T10:00:00Z', HOSTILE.map((query) => ({ kind: 'bash', entries: [], miss: { query, reason: 'not-found' } }) as never), [
    { entry: '/when topic number 2', followed: false },
    { entry: `/when ${HOSTILE[0]}`, followed: false },
  ] as never),
];
const md = renderMarkdown(buildReport(header, labels, sessions));
const tree = unified().use(remarkParse).parse(md) as Root;

describe('the markdown report', () => {
  test('the actionable part first: summary, top misses, entries prompts were about, then the figures', () => {
    const headings: string[] = [];
    visit(tree, 'heading', (h) => {
      if (h.depth === 2) headings.push(md.slice(h.position!.start.offset!, h.position!.end.offset!).replace(/^## /, ''));
    });
    expect(headings.slice(0, 4)).toEqual(['Summary', 'Top misses (gaps in the index)', 'Entries never recalled although prompts were about them (an opportunity each)', 'Per entry']);
  });

  test('no rows of zeros: 405 entries and 2 sessions make a short report', () => {
    expect(md.split('\n').length).toBeLessThan(80);
    expect(md).toContain('| /when topic number 1 | 0 | 0 | 1 | 2026-11-02T10:01:00Z |');
    expect(md).toContain('| /when topic number 2 | 1 | 0 | 0 |  |');
    expect(md).not.toContain('topic number 3 ');
    expect(md).toContain('402 entries without an opportunity or a recall in these sessions not listed (the JSON report lists every entry).');
    expect(md).toContain('- /when topic number 2\n');
    expect(md).toContain('and 402 more entries no prompt was about and no session recalled (the JSON report lists every entry).');
  });

  test('text from transcripts and the tree renders as text: no HTML, no image, no link', () => {
    const kinds = new Set<string>();
    visit(tree, (node) => {
      kinds.add(node.type);
    });
    expect([...kinds].filter((k) => ['html', 'image', 'link', 'inlineCode', 'emphasis'].includes(k))).toEqual([]);
    const text: string[] = [];
    visit(tree, 'text', (t) => {
      text.push(t.value);
    });
    const shown = text.join('\n');
    for (const h of HOSTILE) expect(shown).toContain(h.replace(' | cell', ''));
    expect(shown).toContain('/work/<b>repo</b>');
  });
});
