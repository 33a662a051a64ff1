import { describe, expect, it } from 'vitest';
import { writeUpParts } from './write-up-parts.ts';

describe('writeUpParts(html)', () => {
  it('cuts at second-level headings and folds method and notes, not findings', () => {
    const html =
      '<p>Intro.</p>\n<h2 id="method">Method</h2>\n<pre>job</pre>\n<h2 id="what">What the author concluded</h2>\n' +
      '<p>ext4.</p>\n<h2 id="notes">Notes on the data</h2><p>KB is KiB.</p>';
    const parts = writeUpParts(html);
    expect(parts.map((part) => [part.title, part.isFolded])).toEqual([
      ['', false],
      ['Method', true],
      ['What the author concluded', false],
      ['Notes on the data', true],
    ]);
    expect(parts.map((part) => part.html).join('')).toBe(html);
  });

  it('keeps a write-up without headings whole and open', () => {
    expect(writeUpParts('<p>Only this.</p>')).toEqual([{ title: '', html: '<p>Only this.</p>', isFolded: false }]);
  });
});
