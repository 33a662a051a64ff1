import { describe, expect, test } from 'vitest';
import { realExperiment } from '../data/test-content.ts';
import { COMPARE_KEY_FILTER, compareFilters, WORKLOAD_KIND_FILTER, workloadKindValue } from './compare-filters.ts';
import { compareRuns } from './compare-index.ts';

describe('the compare filters of an experiment', () => {
  test("are the union of its runs' keys, workload kinds and chips", async () => {
    const loaded = await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70');
    const runs = compareRuns(loaded);
    const { filters, labels } = compareFilters(runs);
    expect(filters[COMPARE_KEY_FILTER]).toEqual([...new Set(runs.flatMap((run) => run.keys))].sort());
    // Every fio job of the post's outputs is random or sequential reads or writes: rw= in each job.
    for (const kind of filters[WORKLOAD_KIND_FILTER] ?? [])
      expect(kind).toMatch(/^io:(random|sequential):(read|write)$/);
    expect(filters['run-tool']).toEqual(['fio']);
    expect(labels['run-tool=fio']).toBe('fio');
    for (const value of filters['run-workload'] ?? []) expect(labels[`run-workload=${value}`]).toBeDefined();
  });

  test('has none for an experiment without runs', () => {
    expect(compareFilters([])).toEqual({ filters: {}, labels: {} });
  });

  test('names a workload kind with `any` for what the output does not say', () => {
    expect(workloadKindValue({ category: 'io', access: 'random', op: 'write', source: 'json-job-options' })).toBe(
      'io:random:write',
    );
    expect(workloadKindValue({ category: 'filesystem-suite', access: null, op: null, source: null })).toBe(
      'filesystem-suite:any:any',
    );
  });
});
