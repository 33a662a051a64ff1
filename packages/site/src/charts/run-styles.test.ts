import { describe, expect, it } from 'vitest';
import { runStyles } from './run-styles.ts';

describe('runStyles(runIds, runOrder)', () => {
  // The runs of content/results/2011-11-msa70-fio-filesystems, with their run.yaml labels.
  const order = [
    { id: 'ext3', label: 'ext3' },
    { id: 'ext4', label: 'ext4' },
    { id: 'xfs', label: 'XFS' },
  ];

  it('colours runs by their place in the declared order, labels them from it', () => {
    expect(runStyles(['xfs', 'ext3'], order).map((s) => [s.label, s.className])).toEqual([
      ['XFS', 'series-2'],
      ['ext3', 'series-0'],
    ]);
  });

  it('puts runs missing from the order after it, one colour each, named by id', () => {
    expect(runStyles(['a', 'b']).map((s) => s.className)).toEqual(['series-0', 'series-1']);
    expect(runStyles(['btrfs'], order)[0]).toMatchObject({ label: 'btrfs', index: 3, className: 'series-3' });
    // A known run between them takes no place among the missing ones.
    expect(runStyles(['btrfs', 'ext4', 'zfs'], order).map((s) => s.index)).toEqual([3, 1, 4]);
  });
});
