import { beforeAll, describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { experimentAliases } from './aliases.ts';
import { compareRuns, type ExperimentCompareRuns } from './compare-index.ts';
import { type CompareRunsSource, CompareRunsStore } from './compare-runs-store.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

/** The site's compare-runs.json files of content/results, by id, as the build writes them. */
let files: Map<string, ExperimentCompareRuns>;
beforeAll(async () => {
  const experiments = await loadRealExperiments();
  const aliases = experimentAliases(experiments.map((loaded) => ({ id: loaded.id, date: loaded.experiment.date })));
  files = new Map(
    experiments.map((loaded) => [
      loaded.id,
      { experiment: loaded.id, alias: aliases.get(loaded.id) ?? loaded.id, runs: compareRuns(loaded) },
    ]),
  );
});

/** A source over those files that records what it was asked. */
function recordingSource(): CompareRunsSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async experiment(id) {
      asked.push(`file ${id}`);
      return files.get(id);
    },
    async idsOfAliases(aliases) {
      asked.push(`search ${aliases.join(',')}`);
      return [...files.values()].filter((file) => aliases.includes(file.alias)).map((file) => file.experiment);
    },
  };
}

describe('CompareRunsStore', () => {
  test('fetches an experiment’s file once, and knows its runs by `<experiment>/<run>`', async () => {
    const source = recordingSource();
    const store = new CompareRunsStore(source);
    await Promise.all([store.experiment(MSA70), store.experiment(MSA70)]);
    await store.experiment(MSA70);
    expect(source.asked).toEqual([`file ${MSA70}`]);
    expect(store.runs.get(`${MSA70}/ext4`)?.label).toBe('ext4');
    expect(store.names.short(`${MSA70}/ext4`)).toBe('msa70/ext4');
  });

  test('loads a link’s experiments: an id by its file, aliases by one search, and drops a name that is neither', async () => {
    const source = recordingSource();
    const store = new CompareRunsStore(source);
    await store.loadHeads(['msa70', LOOPBACK, 'governor', 'nothing', '2011-01-gone']);
    expect(source.asked).toEqual([
      `file ${LOOPBACK}`,
      'file 2011-01-gone',
      // An id-like head the site has no file for may still be an alias (of digits, where slugs collide).
      'search msa70,governor,nothing,2011-01-gone',
      `file ${MSA70}`,
      'file 2020-fio-random-write-cpu-governor',
    ]);
    expect(store.names.resolve('msa70/ext4')).toBe(`${MSA70}/ext4`);
    expect(store.names.resolve(`${LOOPBACK}/xfs`)).toBe(`${LOOPBACK}/xfs`);
    expect(store.names.resolve('loopback/xfs')).toBe(`${LOOPBACK}/xfs`);
    expect(store.names.resolve('nothing/ext4')).toBeUndefined();
  });

  test('asks nothing for experiments it has loaded already, by id or alias', async () => {
    const source = recordingSource();
    const store = new CompareRunsStore(source);
    await store.experiment(MSA70);
    await store.loadHeads(['msa70', MSA70]);
    expect(source.asked).toEqual([`file ${MSA70}`]);
  });
});
