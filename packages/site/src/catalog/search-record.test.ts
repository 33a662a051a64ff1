import { describe, expect, test } from 'vitest';
import { realExperiment } from '../data/test-content.ts';
import { catalogEntry } from './catalog.ts';
import { newestFirstKey, searchRecord, textOfHtml } from './search-record.ts';

describe('the search record of an experiment', () => {
  test('has its facts as the index filters them, its words, and no markup', async () => {
    const loaded = await realExperiment('2011-11-ext4-xfs-btrfs-bonnie');
    const entry = catalogEntry(loaded, 'digest', [], '/');
    const record = searchRecord(entry, {
      alias: 'bonnie',
      writeUpHtml: '<p>Barriers &amp; <em>nobarrier</em></p>',
      url: entry.index.href,
    });
    expect(record.url).toBe('/experiments/2011-11-ext4-xfs-btrfs-bonnie/');
    expect(record.filters).toMatchObject({
      tool: ['bonnie'],
      variable: ['filesystem'],
      year: ['2011'],
    });
    // run.yaml states the disk and the CPU (content/results/2011-11-ext4-xfs-btrfs-bonnie/runs/*/run.yaml).
    expect(record.filters.hardware).toEqual(
      expect.arrayContaining(['disk:western-digital-sata2-320gb-7200-rpm-drive', 'cpu:p4-3.0ghz']),
    );
    expect(record.filters.filesystem).toEqual(expect.arrayContaining(['btrfs', 'ext4', 'xfs']));
    expect(record.filters.alias).toEqual(['bonnie']);
    // What /compare and /try find its runs by: bonnie++ 1.96 runs (`-s 8g -n 512`) on one
    // rotational SATA2 disk (run.yaml), a filesystem test suite as the fingerprints read it.
    expect(record.filters['run-tool']).toEqual(['bonnie']);
    expect(record.filters['run-workload']).toEqual(['filesystem-suite']);
    expect(record.filters['run-hardware']).toEqual(['single-disk']);
    expect(record.filters['run-device']).toEqual(['hdd']);
    expect(record.filters['run-filesystem']).toEqual(['btrfs', 'ext4', 'xfs']);
    expect(record.filters['workload-category']).toEqual(['filesystem-suite']);
    expect(record.filters['compare-key']?.every((key) => key.startsWith('bonnie|'))).toBe(true);
    expect(record.meta).toEqual({
      id: '2011-11-ext4-xfs-btrfs-bonnie',
      title: loaded.experiment.title,
      date: '2011-11-01',
    });
    expect(record.content).toContain(loaded.experiment.title);
    expect(record.content).toContain('Barriers & nobarrier');
    expect(record.sort.oldest).toBe('2011-11-01 2011-11-ext4-xfs-btrfs-bonnie');
  });

  test('sorts newest first by a key sorted ascending, partial dates after fuller ones of their year', () => {
    const dates = ['2011', '2011-07', '2011-07-22', '2014-06', '2020', '2011-11-01'];
    const newestFirst = [...dates].sort((a, b) => b.localeCompare(a));
    const byKey = [...dates].sort((a, b) => (newestFirstKey(a) < newestFirstKey(b) ? -1 : 1));
    expect(byKey).toEqual(newestFirst);
    expect(newestFirst).toEqual(['2020', '2014-06', '2011-11-01', '2011-07-22', '2011-07', '2011']);
  });
});

describe('the text of a rendered write-up', () => {
  test('drops tags and code, ends blocks with a line, and reads entities', () => {
    const html =
      '<h2>Method</h2><p>fio &lt;4k&gt; &#8220;randwrite&#x201d;</p><script>x()</script><ul><li>a</li><li>b</li></ul>';
    expect(textOfHtml(html)).toBe('Method\nfio <4k> “randwrite”\na\nb');
  });
});
