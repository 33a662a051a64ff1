import { describe, expect, test } from 'vitest';
import { withoutLeadingTitle } from './results-loader.ts';

describe('withoutLeadingTitle', () => {
  test('drops the write-up’s own h1, blank lines before it included', () => {
    // The start of content/results/2011-07-ext3-ext4-xfs-fio-msa70/index.md.
    const markdown = '\n# ext3 vs ext4 vs xfs with fio 1.57 on an HP MSA70\n\nEvan Hoffman benchmarked …\n';
    expect(withoutLeadingTitle(markdown)).toBe('\nEvan Hoffman benchmarked …\n');
  });

  test('keeps a write-up that starts with text or a lower heading', () => {
    expect(withoutLeadingTitle('## Method\n\nfio 1.57\n')).toBe('## Method\n\nfio 1.57\n');
    expect(withoutLeadingTitle('Text first.\n# Later h1\n')).toBe('Text first.\n# Later h1\n');
    expect(withoutLeadingTitle('#hashtag\n')).toBe('#hashtag\n');
  });
});
