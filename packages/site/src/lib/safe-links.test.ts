import { markdownToHtml } from 'satteri';
import { describe, expect, test } from 'vitest';
import { safeLinks } from './safe-links.ts';

async function render(markdown: string): Promise<string> {
  return (await markdownToHtml(markdown, { hastPlugins: [safeLinks] })).html;
}

/** Every `href`/`src` value of the rendered HTML. */
function targets(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1] as string);
}

describe('safeLinks keeps a write-up link only with an http(s), mailto, relative or # target', () => {
  // The five forms of issue 34 that passed validate's line check and rendered as live links,
  // then the other script-running schemes.
  const hostile: Record<string, string> = {
    'an entity inside the scheme': '[a](java&#115;cript:alert(1))',
    'an entity as its first letter': '[b](&#106;avascript:alert(1))',
    'a reference definition': '[b][r]',
    'the target on the next line': '[b](\njavascript:alert(1))',
    'an entity for the colon': '[b](javascript&colon;alert(1))',
    'data:': '[b](data:text/html,%3Cscript%3Ealert(1)%3C/script%3E)',
    'vbscript:': '[b](vbscript:msgbox(1))',
    'a tab entity inside the scheme': '[b](java&#9;script:alert(1))',
    'a leading tab entity': '[b](&#9;javascript:alert(1))',
    'upper case': '[b](JavaScript:alert(1))',
    'an autolink': '<javascript:alert(1)>',
  };
  for (const [form, markdown] of Object.entries(hostile)) {
    test(`a javascript:-like link, ${form}, becomes its text`, async () => {
      // A reference's definition stands alone, below the paragraph.
      const html = await render(`Read ${markdown} here.\n\n[r]: javascript:alert(1)\n`);
      expect(targets(html)).toEqual([]);
      expect(html).not.toContain('<a');
      expect(html).toMatch(/^<p>Read .+ here\.<\/p>\n$/);
    });
  }

  test('a link kept out keeps its text, markup included', async () => {
    expect(await render('See [the **fio** docs](javascript:alert(1)).')).toBe(
      '<p>See the <strong>fio</strong> docs.</p>\n',
    );
  });

  test('an image with a script target becomes its alt text', async () => {
    expect(await render('![a chart](javascript:alert(1)) and ![](data:image/svg+xml,x)')).toBe('<p>a chart and </p>\n');
  });

  test('http, https, mailto, relative and # targets are kept as written', async () => {
    const html = await render(
      '[a](http://example.org/) [b](https://example.org/a:b) [c](mailto:a@example.org) [d](../other/) [e](#results) [f](runs/ext3/fio--ext3.txt) ![g](figure.png)',
    );
    expect(targets(html)).toEqual([
      'http://example.org/',
      'https://example.org/a:b',
      'mailto:a@example.org',
      '../other/',
      '#results',
      'runs/ext3/fio--ext3.txt',
      'figure.png',
    ]);
  });

  test('raw HTML is shown as text, never parsed into the page', async () => {
    const html = await render(
      '<a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>',
    );
    expect(html).not.toMatch(/<(?:a|img|script)[\s>]/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
