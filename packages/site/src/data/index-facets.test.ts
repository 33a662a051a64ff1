import { describe, expect, test } from 'vitest';
import type { IndexEntry } from '../catalog/site-view.ts';
import { hardwareKey, indexFacets } from './index-facets.ts';

/** An index entry with only what the facets read; the rest is blank. */
function entry(
  id: string,
  tools: string[],
  kind: IndexEntry['variable']['kind'],
  hardware: IndexEntry['hardware'],
): IndexEntry {
  return {
    id,
    href: `/experiments/${id}/`,
    title: id,
    summary: '',
    date: id.slice(0, 4),
    status: 'published',
    variable: { kind, name: kind },
    tools,
    hardware,
    hardwareSummary: '',
    runCount: 0,
    authors: [],
    tags: [],
  };
}

// The tools, variable kinds and hardware of four experiments of content/results.
const ENTRIES = [
  entry('2011-07-ext3-ext4-xfs-fio-msa70', ['fio'], 'filesystem', [
    { kind: 'raid', value: 'RAID 10, HP Smart Array P800' },
  ]),
  entry('2011-11-ext4-xfs-btrfs-bonnie', ['bonnie'], 'filesystem', [
    { kind: 'disk', value: 'Western Digital SATA2 320gb 7200 RPM Drive' },
    { kind: 'cpu', value: 'P4/3.0ghz' },
  ]),
  entry('2020-fio-random-write-cpu-governor', ['fio'], 'cpu-governor', [
    { kind: 'raid', value: 'RAID 0, HPE Smart Array P440' },
    { kind: 'raid', value: 'RAID 0, AVAGO MegaRAID SAS 9361-4i' },
  ]),
  entry('2014-ec2-m3-large-m3-medium-t2-medium-rails', ['nginx'], 'instance-type', [
    { kind: 'instance', value: 'm3.large' },
    { kind: 'instance', value: 't2.medium' },
  ]),
];

describe('the index filters', () => {
  test('offer each tool and variable kind present, by name, with how many experiments have it', () => {
    const { tools, variables } = indexFacets(ENTRIES);
    expect(tools).toEqual([
      { value: 'bonnie', label: 'bonnie++', count: 1 },
      { value: 'fio', label: 'fio', count: 2 },
      { value: 'nginx', label: 'nginx', count: 1 },
    ]);
    expect(variables).toEqual([
      { value: 'cpu-governor', label: 'CPU governor', count: 1 },
      { value: 'filesystem', label: 'Filesystem', count: 2 },
      { value: 'instance-type', label: 'Instance type', count: 1 },
    ]);
  });

  test('group hardware by kind, disks first, and leave out kinds nobody states', () => {
    const { hardware } = indexFacets(ENTRIES);
    expect(hardware.map((group) => group.label)).toEqual(['Disks', 'RAID', 'Cloud instance', 'CPU']);
    expect(hardware[1]?.options.map((option) => [option.label, option.count])).toEqual([
      ['RAID 0, AVAGO MegaRAID SAS 9361-4i', 1],
      ['RAID 0, HPE Smart Array P440', 1],
      ['RAID 10, HP Smart Array P800', 1],
    ]);
    expect(indexFacets([ENTRIES[0] as IndexEntry]).hardware.map((group) => group.kind)).toEqual(['raid']);
  });

  test('key hardware by kind and lowercase words, keeping dots', () => {
    expect(hardwareKey({ kind: 'raid', value: 'RAID 0, HPE Smart Array P440' })).toBe(
      'raid:raid-0-hpe-smart-array-p440',
    );
    expect(hardwareKey({ kind: 'instance', value: 'm3.large' })).toBe('instance:m3.large');
    expect(hardwareKey({ kind: 'cpu', value: 'Xeon(R) E-2288G CPU @ 3.70GHz (16 Cores)' })).toBe(
      'cpu:xeon-r-e-2288g-cpu-3.70ghz-16-cores',
    );
  });
});
