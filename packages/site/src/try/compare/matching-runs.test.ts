import { beforeAll, describe, expect, test } from 'vitest';
import { type CompareIndex, compareIndex } from '../../data/compare-index.ts';
import { runSections } from '../../data/run-json.ts';
import { loadRealExperiments, realExperiment } from '../../data/test-content.ts';
import { sectionsCompareKeys } from './compare-keys.ts';
import { matchingRuns } from './matching-runs.ts';

let index: CompareIndex;

beforeAll(async () => {
  index = compareIndex(await loadRealExperiments());
});

describe('matchingRuns', () => {
  test('puts the closest match first among runs sharing as many workloads', async () => {
    // A reader pasting the seed's ext3 output (four fio jobs): the seed's own runs have exactly
    // those four; the loopback runs have them and twenty more, so they come after.
    const msa70 = await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70');
    const ext3 = msa70.runs.find((run) => run.id === 'ext3');
    if (ext3 === undefined) throw new Error('no ext3 run');
    const keys = sectionsCompareKeys(runSections(msa70, ext3));
    expect(keys).toHaveLength(4);
    const matches = matchingRuns(index, keys);
    expect(matches.every((match) => match.shared.length === 4)).toBe(true);
    expect(matches.map((match) => match.run.experiment)).toEqual([
      '2011-07-ext3-ext4-xfs-fio-msa70',
      '2011-07-ext3-ext4-xfs-fio-msa70',
      '2011-07-ext3-ext4-xfs-fio-msa70',
      '2026-11-ext4-xfs-btrfs-loopback',
      '2026-11-ext4-xfs-btrfs-loopback',
      '2026-11-ext4-xfs-btrfs-loopback',
    ]);
  });
});
