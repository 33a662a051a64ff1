import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPublishedOutput, readSeed, SEEDS_SKIP_REASON, seedsDir } from '../test/seeds.ts';
import { _errorAt } from './errors.ts';
import { readText } from './text.ts';

/**
 * The first bonnie++ 1.96 report of "Ext4, XFS and BtrFS benchmarks and testing" (cd34.com, 2011)
 * as published under content/results: the post keeps CRLF line ends inside its <pre> block.
 */
function bonnieWithCrlf(): string {
  return readPublishedOutput('2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt');
}

describe('readText normalizes line ends', () => {
  it('CRLF input becomes LF with the same number of lines', () => {
    const input = bonnieWithCrlf();
    expect(input).toContain('\r\n');
    const source = readText(input);
    expect(source.text).not.toContain('\r');
    expect(source.text.split('\n')).toHaveLength(input.split('\r\n').length);
  });

  it('a lone CR, as fio leaves between progress lines, ends a line', () => {
    const source = readText('Jobs: 1 (f=1): [W] [10.0% done]\rJobs: 1 (f=1): [W] [20.0% done]\nfio-3.33\n');
    expect(source.text.split('\n')).toEqual([
      'Jobs: 1 (f=1): [W] [10.0% done]',
      'Jobs: 1 (f=1): [W] [20.0% done]',
      'fio-3.33',
      '',
    ]);
  });

  it('strips a BOM', () => {
    expect(readText('\uFEFFfio-3.33\n').text).toBe('fio-3.33\n');
  });

  it('leaves clean input as it is', () => {
    const input = 'random-write-direct: (groupid=0, jobs=5): err= 0: pid=2447\n';
    const source = readText(input);
    expect(source.text).toBe(input);
    expect(source.wasHtmlEscaped).toBe(false);
  });
});

describe('positions point at the original input', () => {
  it('on CRLF input, an offset maps to the line and column an editor shows', () => {
    const input = bonnieWithCrlf();
    const source = readText(input);
    // The seek rate of the ext4 run sits on the fourth line: "version 8G 332 99 ... 131.8 3".
    const offset = source.text.indexOf('131.8');
    const originalLine = input.split('\r\n')[3] ?? '';
    expect(source.locate(offset)).toEqual({ line: 4, column: originalLine.indexOf('131.8') + 1 });
  });

  it('a ParseError on CRLF input has the right line, column and snippet', () => {
    const source = readText(bonnieWithCrlf(), { name: 'ext4.txt' });
    const error = _errorAt(source, source.text.indexOf('5257ms'), {
      code: 'BAD_NUMBER',
      tool: 'bonnie',
      format: 'table',
      message: 'test',
    });
    expect(error.line).toBe(5);
    expect(error.column).toBe(
      'Latency             24224us     471ms     370ms   13739us     110ms    5257ms'.indexOf('5257ms') + 1,
    );
    expect(error.snippet.split('\n')[0]).not.toContain('\r');
    expect(error.toString()).toBe(`ext4.txt:5:${error.column}: test`);
  });

  it('after a BOM, columns count from the first visible character', () => {
    const source = readText('\uFEFFfio-3.33\nbad line\n');
    expect(source.locate(source.text.indexOf('bad'))).toEqual({ line: 2, column: 1 });
    expect(source.locate(source.text.indexOf('3.33'))).toEqual({ line: 1, column: 5 });
    expect(source.originalLine(1)).toBe('fio-3.33');
  });

  it('every offset of a clean LF text maps to the line and column counted by hand', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '9') }), fc.nat(), (text, at) => {
        const offset = text.length === 0 ? 0 : at % (text.length + 1);
        const before = text.slice(0, offset).split('\n');
        const expected = { line: before.length, column: (before.at(-1) ?? '').length + 1 };
        expect(readText(text).locate(offset)).toEqual(expected);
      }),
    );
  });

  it('an offset past the end is clamped to the end of the text', () => {
    const source = readText('a\nbc');
    expect(source.locate(99)).toEqual({ line: 2, column: 3 });
  });
});

const seeds = seedsDir();

describe.skipIf(seeds === undefined)('an HTML-escaped blog post', () => {
  // The post "Benchmarking disk IO on ext3 vs ext4 vs xfs with fio" (Evan Hoffman, 2011) is the
  // WordPress source of the post: apostrophes are &#8217;, dashes &#8211;.
  const post = seeds === undefined ? '' : readSeed('003_5a6b11745555706e.txt', seeds);

  it('are recognised and decoded', () => {
    const source = readText(post);
    expect(source.wasHtmlEscaped).toBe(true);
    expect(source.text).toContain('since that\u2019s what Postgres uses by default');
    expect(source.text).not.toContain('&#8217;');
  });

  it('keep the line count', () => {
    expect(readText(post).text.split('\n')).toHaveLength(post.split('\n').length);
  });

  it('map a column after an entity back to the escaped line', () => {
    const source = readText(post);
    const offset = source.text.indexOf('Postgres uses by default');
    const escapedLine = post.split('\n')[38] ?? '';
    expect(escapedLine).toContain('that&#8217;s what Postgres');
    expect(source.locate(offset)).toEqual({ line: 39, column: escapedLine.indexOf('Postgres uses') + 1 });
  });
});

describe.skipIf(seeds !== undefined)('an HTML-escaped blog post', () => {
  it.skip(SEEDS_SKIP_REASON, () => {});
});

describe('HTML-escaped copies from blog posts', () => {
  it('map a column inside an entity to the start of that entity', () => {
    const source = readText('a &gt; b\n');
    expect(source.text).toBe('a > b\n');
    expect(source.locate(2)).toEqual({ line: 1, column: 3 });
    expect(source.locate(4)).toEqual({ line: 1, column: 8 });
  });

  it('turn &nbsp; into a plain space so columns still split on whitespace', () => {
    expect(readText('iops=7118&nbsp;, runt=&nbsp;10481msec &gt;').text).toBe('iops=7118 , runt= 10481msec >');
  });

  it('leave an entity for a line end alone so lines keep their numbers', () => {
    expect(readText('a&#10;b &gt; c').text).toBe('a&#10;b > c');
  });

  it('a lone &amp; in clean output is not taken for an escaped copy', () => {
    const source = readText('job&amp;name: (groupid=0, jobs=1): err= 0\n');
    expect(source.wasHtmlEscaped).toBe(false);
    expect(source.text).toContain('&amp;');
  });
});
