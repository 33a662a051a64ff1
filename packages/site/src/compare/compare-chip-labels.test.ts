import { describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { chipLabels } from './compare-chip-labels.ts';
import { compareFilters, FACET_FILTERS } from './compare-filters.ts';
import { compareRuns } from './compare-index.ts';

describe('chipLabels(entries)', () => {
  test('gives every chip of content/results once, most experiments first, "not stated" last', async () => {
    const entries = (await loadRealExperiments()).map((loaded) => ({ compare: compareFilters(compareRuns(loaded)) }));
    const labels = chipLabels(entries);
    const keys = labels.map((label) => `${label.facet}=${label.value}`);
    expect(new Set(keys).size).toBe(keys.length);
    const tools = labels.filter((label) => label.facet === 'tool');
    // fio: the MSA70, the loopback, the governor and the scheduler experiments.
    expect(tools[0]).toEqual({ facet: 'tool', value: 'fio', label: 'fio' });
    expect(tools.map((label) => label.value)).toEqual(expect.arrayContaining(['bonnie', 'dd', 'sysbench', 'nginx']));
    const hardware = labels.filter((label) => label.facet === 'hardware').map((label) => label.value);
    // Most experiments first: each chip's count of experiments with a run of it, never rising.
    const counts = hardware
      .filter((value) => value !== 'not-stated')
      .map((value) => entries.filter((entry) => entry.compare.filters[FACET_FILTERS.hardware]?.includes(value)).length);
    expect(counts.length).toBeGreaterThan(2);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(hardware).toEqual(expect.arrayContaining(['raid', 'loop-device']));
    const devices = labels.filter((label) => label.facet === 'device').map((label) => label.value);
    expect(devices.at(-1)).toBe('not-stated');
    // Facets in the page's order.
    expect([...new Set(labels.map((label) => label.facet))]).toEqual([
      'tool',
      'workload',
      'hardware',
      'filesystem',
      'device',
    ]);
  });
});
