import { describe, expect, test } from 'vitest';
import { comparabilityLine, hardwareClass, measuredDifferences, refusedCells } from './comparability.ts';
import type { CompareRun } from './compare-index.ts';
import { chooseRuns, LOOPBACK, MSA70 } from './compare-test-data.ts';
import { groupFingerprints } from './sources.ts';

/** A run of content/results as its experiment's compare-runs.json has it. */
async function runOf(id: string): Promise<CompareRun> {
  const run = (await chooseRuns([id])).runOf(id);
  if (run === undefined) throw new Error(`no run ${id}`);
  return run;
}

describe('the comparability line above the rankings', () => {
  test('MSA70 against the loopback fio: the hardware class, the year and the fio version differ', async () => {
    // MSA70 run.yaml: `raid: level: "10"`, experiment date "2011-07", `tools: fio: fio 1.57`;
    // loopback run.yaml: `lvm: 'a loop device (direct I/O on) …'`, `virtualization: 'kvm'`,
    // `date: '2026-11-24'`, `tools: fio: 'fio-3.33'`.
    const runs = await Promise.all([`${MSA70}/ext4`, `${LOOPBACK}/xfs`].map(runOf));
    expect(comparabilityLine(runs, ['fio'])).toEqual({
      text: 'These runs differ in more than the workload: a 2011 RAID 10 of 24 rotational disks and a 2026 loop device in a KVM guest; fio 1.57 and fio-3.33.',
      differs: true,
    });
  });

  test('runs of one experiment: nothing else differs, and the line says what they share', async () => {
    const runs = await Promise.all([`${LOOPBACK}/ext4`, `${LOOPBACK}/btrfs`].map(runOf));
    expect(comparabilityLine(runs, ['sysbench'])).toEqual({
      text: 'These runs share their hardware class, year and tool versions: a 2026 loop device in a KVM guest; sysbench 1.0.20.',
      differs: false,
    });
    expect(comparabilityLine(runs.slice(0, 1), ['sysbench'])).toBeUndefined();
  });

  test('hardware classes from run.yaml: SSDs in RAID, a rotational disk, a cloud instance', async () => {
    // 2020-dd host1: `disks: - model: "INTEL SSDSC2KB960G8 …" count: 4 rotational: false`, `raid: level: "0"`.
    expect(hardwareClass((await runOf('2020-dd-sequential-write-three-hosts/host1')).system)).toBe('RAID 0 of 4 SSDs');
    // 2011-11: `disks: - model: Western Digital SATA2 320gb 7200 RPM Drive … rotational: true`.
    expect(hardwareClass((await runOf('2011-11-ext4-xfs-btrfs-bonnie/ext4')).system)).toBe('rotational disk');
    // 2014: `instance_type: m3.large`.
    expect(hardwareClass((await runOf('2014-ec2-m3-large-m3-medium-t2-medium-rails/m3-large')).system)).toBe(
      'm3.large instance',
    );
  });
});

describe('rankings only of workloads that match in what changes the measurement', () => {
  test('MSA70 and loopback random-write-direct match (8 KiB random writes at QD 1, 5 jobs, sync): ranked', async () => {
    // MSA70: "random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1";
    // the loop runs' job file: the same, on 128 MiB files (5 GiB on the MSA70): a size is no refusal.
    const [raid, loop] = await Promise.all([`${MSA70}/ext4`, `${LOOPBACK}/xfs`].map(runOf));
    if (raid === undefined || loop === undefined) throw new Error('runs missing');
    expect(
      measuredDifferences(
        groupFingerprints(raid, 'fio', 'random-write-direct'),
        groupFingerprints(loop, 'fio', 'random-write-direct'),
      ),
    ).toEqual([]);
  });

  test('direct against buffered writes, and 4 against 16 threads, are not ranked together', async () => {
    const loop = await runOf(`${LOOPBACK}/xfs`);
    // The loop runs' JSON job options: random-write-direct "direct" : "1", random-write-buf "direct" : "0".
    expect(
      measuredDifferences(
        groupFingerprints(loop, 'fio', 'random-write-direct'),
        groupFingerprints(loop, 'fio', 'random-write-buf'),
      ),
    ).toEqual(['direct yes vs no']);
    // sysbench--fileio-rndrd-t4-1.txt "Number of threads: 4"; …-t16-1.txt "Number of threads: 16".
    const fingerprintsOf = (run: string, group: string) =>
      groupFingerprints(loop, 'sysbench:fileio', run === 'a' ? group : 'rndrd/16');
    expect(
      refusedCells(
        [
          { run: 'a', group: 'rndrd/4' },
          { run: 'b', group: 'rndrd/4' },
        ],
        ['a', 'b'],
        fingerprintsOf,
      ),
    ).toEqual([{ run: 'b', group: 'rndrd/4', against: 'a', differences: ['threads 4 vs 16'] }]);
  });
});
