import { describe, expect, it } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { compareRuns } from './compare-index.ts';
import { MAX_OPENING_RUNS, openingView } from './opening-view.ts';

describe('openingView', () => {
  it('opens on the key most experiments share, with its runs newest first', () => {
    const entries = [
      { id: 'c', runs: [{ id: 'x', keys: ['fio|a'] }] },
      {
        id: 'b',
        runs: [
          { id: 'x', keys: ['fio|a', 'dd|w'] },
          { id: 'y', keys: ['dd|w'] },
        ],
      },
      { id: 'a', runs: [{ id: 'x', keys: ['fio|a', 'dd|w'] }] },
    ];
    // fio|a: three experiments; dd|w: two experiments but three runs. Experiments first.
    expect(openingView(entries)).toEqual({ key: 'fio|a', runs: ['c/x', 'b/x', 'a/x'], experimentCount: 3 });
  });

  it('is undefined where no key is shared by two experiments, and keeps at most the limit', () => {
    expect(
      openingView([
        {
          id: 'a',
          runs: [
            { id: 'x', keys: ['k'] },
            { id: 'y', keys: ['k'] },
          ],
        },
      ]),
    ).toBeUndefined();
    const many = Array.from({ length: 12 }, (_, index) => ({ id: `e${index}`, runs: [{ id: 'r', keys: ['k'] }] }));
    expect(openingView(many)?.runs).toHaveLength(MAX_OPENING_RUNS);
  });

  it('on content/results, names runs that measured the key, from at least two experiments', async () => {
    const experiments = await loadRealExperiments();
    const entries = experiments.map((loaded) => ({
      id: loaded.id,
      runs: compareRuns(loaded, '/').map((run) => ({ id: run.run, keys: run.keys })),
    }));
    const view = openingView(entries);
    expect(view?.experimentCount).toBeGreaterThanOrEqual(2);
    for (const id of view?.runs ?? []) {
      const [experiment, run] = id.split('/');
      const entry = entries.find((candidate) => candidate.id === experiment);
      expect(entry?.runs.find((candidate) => candidate.id === run)?.keys).toContain(view?.key);
    }
  });
});
