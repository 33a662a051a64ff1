import { describe, expect, test } from 'vitest';
import { type ChipCounts, type ChipLabel, chipTitle, facetChips } from './chips.ts';

const LABELS: ChipLabel[] = [
  { facet: 'tool', value: 'fio', label: 'fio' },
  { facet: 'tool', value: 'bonnie', label: 'bonnie++' },
  { facet: 'hardware', value: 'raid', label: 'RAID' },
  { facet: 'hardware', value: 'loop-device', label: 'loop device' },
  { facet: 'hardware', value: 'not-stated', label: 'not stated' },
];

const counts = (partial: Partial<ChipCounts>): ChipCounts => ({
  tool: {},
  workload: {},
  hardware: {},
  filesystem: {},
  device: {},
  ...partial,
});

describe('facetChips(labels, filters, counts)', () => {
  test('gives every chip of the site its count of experiments, in the labels’ order', () => {
    const chips = facetChips(
      LABELS,
      {},
      counts({ tool: { fio: 4, bonnie: 2 }, hardware: { raid: 4, 'loop-device': 1 } }),
    );
    expect(chips.tool).toEqual([
      { value: 'fio', label: 'fio', count: 4, isChosen: false },
      { value: 'bonnie', label: 'bonnie++', count: 2, isChosen: false },
    ]);
    // A value Pagefind gives no count for has none left: 0, greyed.
    expect(chips.hardware.map((chip) => [chip.value, chip.count])).toEqual([
      ['raid', 4],
      ['loop-device', 1],
      ['not-stated', 0],
    ]);
    expect(chips.workload).toEqual([]);
  });

  test('marks the chosen chip, and shows a chosen value the site has no chip for, so it can be unchosen', () => {
    const chips = facetChips(LABELS, { tool: 'fio', filesystem: 'zfs' }, counts({ tool: { fio: 4, bonnie: 2 } }));
    expect(chips.tool.find((chip) => chip.isChosen)?.value).toBe('fio');
    expect(chips.filesystem).toEqual([{ value: 'zfs', label: 'zfs', count: 0, isChosen: true }]);
  });
});

describe('chipTitle(chip)', () => {
  test('says the count is of experiments, and why a chip is greyed', () => {
    expect(chipTitle({ label: 'fio', count: 4 })).toBe(
      '4 experiments have a run with “fio” and the other chips chosen',
    );
    expect(chipTitle({ label: 'ext3', count: 0 })).toBe(
      'No experiment has a run with “ext3” and the other chips chosen',
    );
  });
});
