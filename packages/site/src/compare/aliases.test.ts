import { describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { experimentAliases, experimentHead, runNamesOf } from './aliases.ts';
import { compareRuns } from './compare-index.ts';

const idsOf = (...ids: string[]) => ids.map((id) => ({ id }));

describe('experimentAliases(experiments)', () => {
  test('gives every experiment of content/results a short, unique alias from its slug', async () => {
    const loaded = await loadRealExperiments();
    const ids = [...new Set(loaded.flatMap((experiment) => compareRuns(experiment)).map((run) => run.experiment))];
    const dates = new Map(loaded.map((experiment) => [experiment.id, experiment.experiment.date]));
    const aliases = experimentAliases(ids.map((id) => ({ id, date: dates.get(id) })));
    expect(aliases.get('2011-07-ext3-ext4-xfs-fio-msa70')).toBe('msa70');
    expect(aliases.get('2026-11-ext4-xfs-btrfs-loopback')).toBe('loopback');
    expect(aliases.get('2020-fio-random-write-cpu-governor')).toBe('governor');
    expect(new Set(aliases.values()).size).toBe(ids.length);
  });

  test('widens a short last word to the left until it has five characters', () => {
    const aliases = experimentAliases(idsOf('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es'));
    expect(aliases.get('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es')).toBe('constellation-es');
  });

  test('keeps the older experiment’s alias when a newer one ends in the same word', () => {
    const aliases = experimentAliases(idsOf('2026-11-ext4-xfs-btrfs-loopback', '2011-01-ext4-loopback'));
    expect(aliases.get('2011-01-ext4-loopback')).toBe('loopback');
    expect(aliases.get('2026-11-ext4-xfs-btrfs-loopback')).toBe('btrfs-loopback');
  });

  test('within one month, by the day experiment.yaml gives: a later one does not take an earlier one’s alias', () => {
    // 2026-11-ext4-xfs-btrfs-loopback: date '2026-11-24'; 2026-11-btrfs-compress-loopback: made on the 29th.
    const aliases = experimentAliases([
      { id: '2026-11-btrfs-compress-loopback', date: '2026-11-29' },
      { id: '2026-11-ext4-xfs-btrfs-loopback', date: '2026-11-24' },
    ]);
    expect(aliases.get('2026-11-ext4-xfs-btrfs-loopback')).toBe('loopback');
    expect(aliases.get('2026-11-btrfs-compress-loopback')).toBe('compress-loopback');
  });

  test('falls back to the id when the whole slug is taken (the same slug another year)', () => {
    const aliases = experimentAliases(idsOf('2011-01-disk-tests', '2012-01-disk-tests'));
    expect(aliases.get('2011-01-disk-tests')).toBe('tests');
    expect(aliases.get('2012-01-disk-tests')).toBe('disk-tests');
    const again = experimentAliases(idsOf('2011-01-tests', '2012-01-tests'));
    expect(again.get('2011-01-tests')).toBe('tests');
    expect(again.get('2012-01-tests')).toBe('2012-01-tests');
  });
});

describe('runNamesOf(experiments)', () => {
  const names = runNamesOf([
    { experiment: '2011-07-ext3-ext4-xfs-fio-msa70', alias: 'msa70', runs: [{ run: 'ext4' }] },
    { experiment: '2026-11-ext4-xfs-btrfs-loopback', alias: 'loopback', runs: [{ run: 'xfs' }] },
  ]);

  test('shortens and resolves a run, by the alias its experiment’s file gives or by full id', () => {
    expect(names.short('2011-07-ext3-ext4-xfs-fio-msa70/ext4')).toBe('msa70/ext4');
    expect(names.resolve('msa70/ext4')).toBe('2011-07-ext3-ext4-xfs-fio-msa70/ext4');
    expect(names.resolve('2026-11-ext4-xfs-btrfs-loopback/xfs')).toBe('2026-11-ext4-xfs-btrfs-loopback/xfs');
  });

  test('resolves no run its experiments do not have', () => {
    expect(names.resolve('msa70/xfs')).toBeUndefined();
    expect(names.resolve('msa70')).toBeUndefined();
    expect(names.resolve('bonnie/ext4')).toBeUndefined();
  });

  test('leaves the id of an experiment it was not given as it is', () => {
    expect(names.short('2011-11-ext4-xfs-btrfs-bonnie/ext4')).toBe('2011-11-ext4-xfs-btrfs-bonnie/ext4');
  });
});

describe('experimentHead(name)', () => {
  test('is the part before the first slash, alias or id', () => {
    expect(experimentHead('msa70/ext4')).toBe('msa70');
    expect(experimentHead('2011-07-ext3-ext4-xfs-fio-msa70/ext4')).toBe('2011-07-ext3-ext4-xfs-fio-msa70');
    expect(experimentHead('msa70')).toBeUndefined();
    expect(experimentHead('/ext4')).toBeUndefined();
  });
});
