import { describe, expect, it } from 'vitest';
import { indexEntry } from './index-entry.ts';
import { realExperiment } from './test-content.ts';

describe('indexEntry on content/results', () => {
  it('gives the fio seed its tool, variable, run count and stated RAID', async () => {
    const entry = indexEntry(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    expect(entry.href).toBe('/experiments/2011-07-ext3-ext4-xfs-fio-msa70/');
    expect(entry.tools).toEqual(['fio']);
    expect(entry.variable).toEqual({ kind: 'filesystem', name: 'Filesystem' });
    expect(entry.runCount).toBe(3);
    expect(entry.date).toBe('2011-07');
    // The three runs state the same disks and RAID: one facet each (the post names no disk model).
    expect(entry.hardware).toEqual([
      { kind: 'disk', value: '24 × 10k RPM SAS disk (model not stated)' },
      { kind: 'raid', value: 'RAID 10, HP Smart Array P800' },
    ]);
    expect(entry.hardwareSummary).toBe('24 × 10k RPM SAS disk (model not stated) · RAID 10, HP Smart Array P800');
  });

  it('lists each disk model of a disk-model experiment, and its tool from the tags while it awaits runs', async () => {
    const entry = indexEntry(await realExperiment('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es'));
    expect(entry.status).toBe('awaiting-runs');
    expect(entry.tools).toEqual(['sysbench']);
    expect(entry.hardware.filter((facet) => facet.kind === 'disk').map((facet) => facet.value)).toEqual([
      // In the runs' declared order (run.yaml `order`).
      'Hitachi 7K3000',
      'Western Digital RE4',
      'Seagate Constellation ES',
    ]);
    expect(entry.hardwareSummary).toBe('Hitachi 7K3000 / Western Digital RE4 / Seagate Constellation ES · 2 × L5630');
  });

  it('takes a table-only experiment’s tool from its published rows and instance types from its runs', async () => {
    const entry = indexEntry(await realExperiment('2014-ec2-m3-large-m3-medium-t2-medium-rails'));
    expect(entry.tools).toEqual(['nginx']);
    expect(entry.hardwareSummary).toBe('m3.large / m3.medium / t2.medium');
    expect(entry.source?.title).toBe('The m3.medium is terrible');
  });
});
