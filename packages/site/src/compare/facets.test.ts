import { describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { type CompareRun, compareRuns } from './compare-index.ts';
import { deviceTypes, hardwareClass, matchesFilters, runFacets } from './facets.ts';

let runs: CompareRun[] | undefined;
async function realRun(id: string): Promise<CompareRun> {
  runs ??= (await loadRealExperiments()).flatMap((loaded) => compareRuns(loaded));
  const run = runs.find((candidate) => `${candidate.experiment}/${candidate.run}` === id);
  if (run === undefined) throw new Error(`no run ${id}`);
  return run;
}

describe('the facets of the runs of content/results, from run.yaml only', () => {
  test('the MSA70 runs: a RAID (raid: level 10) of spinning disks (the post\'s "24x 10kRPM SAS disks")', async () => {
    const run = await realRun('2011-07-ext3-ext4-xfs-fio-msa70/ext4');
    expect(hardwareClass(run.system).value).toBe('raid');
    expect(deviceTypes(run.system).map((type) => type.value)).toEqual(['hdd']);
    expect(runFacets(run).filesystem.map((fs) => fs.value)).toEqual(['ext4']);
    expect(runFacets(run).tool.map((tool) => tool.value)).toEqual(['fio']);
    // fio's job lines: rw=randwrite and rw=write.
    expect(runFacets(run).workload.map((workload) => workload.label)).toEqual(['random writes', 'sequential writes']);
  });

  test('the loopback runs: a loop device (lvm: "a loop device … over an image file"), on virtio', async () => {
    const run = await realRun('2026-11-ext4-xfs-btrfs-loopback/xfs');
    expect(hardwareClass(run.system).value).toBe('loop-device');
    // The disk says rotational: true, but it is a virtio disk: the guest's flag says nothing of what is under it.
    expect(deviceTypes(run.system).map((type) => type.value)).toEqual(['virtio']);
    expect(runFacets(run).tool.map((tool) => tool.value)).toEqual(['fio', 'bonnie', 'sysbench', 'dd']);
  });

  test('a cloud instance (instance_type m3.large), a single rotational disk, SSDs', async () => {
    expect(hardwareClass((await realRun('2014-ec2-m3-large-m3-medium-t2-medium-rails/m3-large')).system).value).toBe(
      'cloud-instance',
    );
    const bonnie = (await realRun('2011-11-ext4-xfs-btrfs-bonnie/ext4')).system;
    expect(hardwareClass(bonnie).value).toBe('single-disk');
    expect(deviceTypes(bonnie).map((type) => type.value)).toEqual(['hdd']);
    const dd = (await realRun('2020-dd-sequential-write-three-hosts/host1')).system;
    expect(deviceTypes(dd).map((type) => type.value)).toEqual(['ssd']);
  });

  test('a run whose numbers are only published has no workload fingerprint: "not stated"', async () => {
    const run = await realRun('2020-fio-random-write-cpu-governor/host1-performance');
    expect(runFacets(run).workload.map((workload) => workload.value)).toEqual(['not-stated']);
  });
});

describe('matchesFilters(facets, filters)', () => {
  test('keeps a run that has every chosen chip', async () => {
    const msa = await realRun('2011-07-ext3-ext4-xfs-fio-msa70/ext4');
    expect(matchesFilters(runFacets(msa), { hardware: 'raid', filesystem: 'ext4' })).toBe(true);
    expect(matchesFilters(runFacets(msa), { hardware: 'loop-device' })).toBe(false);
    expect(matchesFilters(runFacets(msa), {})).toBe(true);
  });
});
