import { describe, expect, test } from 'vitest';
import { compareRuns } from '../../compare/compare-index.ts';
import { runSections } from '../../data/run-json.ts';
import { loadRealExperiments } from '../../data/test-content.ts';
import { compareSectionTitle, sectionsCompareKeys, splitCompareKey, workloadsText } from './compare-keys.ts';

describe('sectionsCompareKeys', () => {
  test("gives every published run the keys its experiment's compare-runs.json has for it", async () => {
    const experiments = await loadRealExperiments();
    // Experiments awaiting runs list no runs: they have no numbers to compare.
    for (const loaded of experiments.filter((experiment) => experiment.experiment.status !== 'awaiting-runs')) {
      const listed = compareRuns(loaded);
      for (const run of loaded.runs) {
        const entry = listed.find((each) => each.run === run.id);
        expect(sectionsCompareKeys(runSections(loaded, run))).toEqual(entry?.keys);
      }
    }
  });

  test('names a fio job of the loopback experiment as fio|<job>', async () => {
    const loaded = (await loadRealExperiments()).find((e) => e.id === '2026-11-ext4-xfs-btrfs-loopback');
    const run = loaded?.runs.find((candidate) => candidate.id === 'ext4');
    if (loaded === undefined || run === undefined) throw new Error('no loopback ext4 run');
    // fio--seed-hoffman-1.txt: "random-write-direct: (groupid=0, jobs=5)"; bonnie--seed-1.txt is 128M.
    expect(sectionsCompareKeys(runSections(loaded, run))).toEqual(
      expect.arrayContaining(['fio|random-write-direct', 'bonnie|128M/1', 'sysbench:fileio|rndrw/16']),
    );
  });
});

describe('compare key text', () => {
  test('splitCompareKey keeps a group key that holds a bar', () => {
    expect(splitCompareKey('sysbench:fileio|rndrw/16')).toEqual({ section: 'sysbench:fileio', group: 'rndrw/16' });
    expect(splitCompareKey('nginx:published|')).toEqual({ section: 'nginx:published', group: '' });
  });

  test('compareSectionTitle spells tools as readers know them', () => {
    expect(compareSectionTitle('bonnie')).toBe('bonnie++');
    expect(compareSectionTitle('sysbench:fileio')).toBe('sysbench fileio');
    expect(compareSectionTitle('fio:published')).toBe('fio (published table)');
  });

  test('workloadsText lists workloads tool by tool, at most perTool each', () => {
    const keys = ['fio|a', 'fio|b', 'fio|c', 'bonnie|8G/1', 'nginx:published|'];
    expect(workloadsText(keys, 2)).toBe('fio: a, b and 1 more; bonnie++: 8G/1; nginx (published table)');
  });
});
