import { describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { chipLabels } from './compare-chip-labels.ts';
import { compareFilters } from './compare-filters.ts';
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
    // Loop devices: the loopback experiment and the three btrfs RAID ones over loop images (4);
    // RAID: the three 2020 experiments (3).
    expect(hardware.slice(0, 2)).toEqual(['loop-device', 'raid']);
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
