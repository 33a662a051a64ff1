import { describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../data/test-content.ts';
import { type CompareRun, compareRuns } from './compare-index.ts';
import { cellSources } from './sources.ts';
import { systemsTable, workloadDifferences } from './systems.ts';
import { systemsWarning } from './systems-element.ts';

let runs: CompareRun[] | undefined;
async function realRun(id: string): Promise<CompareRun> {
  runs ??= (await loadRealExperiments()).flatMap((loaded) => compareRuns(loaded, '/'));
  const run = runs.find((candidate) => `${candidate.experiment}/${candidate.run}` === id);
  if (run === undefined) throw new Error(`no run ${id}`);
  return run;
}

const MSA70_EXT4 = '2011-07-ext3-ext4-xfs-fio-msa70/ext4';
const LOOP_XFS = '2026-11-ext4-xfs-btrfs-loopback/xfs';

describe('the systems of the MSA70 RAID and the loopback runs', () => {
  test('differ in many things: the table marks them and the page warns', async () => {
    const table = systemsTable([(await realRun(MSA70_EXT4)).system, (await realRun(LOOP_XFS)).system]);
    // run.yaml: raid.controller "HP Smart Array P800" in one, not stated in the other.
    expect(table.rows.find((row) => row.path === 'raid.controller')).toEqual({
      path: 'raid.controller',
      values: ['HP Smart Array P800', undefined],
      isDifferent: true,
    });
    expect(table.differing).toEqual(expect.arrayContaining(['raid', 'disks', 'filesystem', 'lvm', 'kernel']));
    expect(systemsWarning(table)).toMatch(/^More than one thing differs between these systems \(.*RAID.*disks/);
  });

  test('two runs of one experiment differ in the filesystem alone: no warning', async () => {
    const table = systemsTable([
      (await realRun('2011-07-ext3-ext4-xfs-fio-msa70/ext3')).system,
      (await realRun(MSA70_EXT4)).system,
    ]);
    expect(table.differing).toEqual(['filesystem']);
    expect(systemsWarning(table)).toBeUndefined();
  });

  test('their fio jobs differ as the fingerprints say: the loop runs state a 128 MiB size', async () => {
    const differences = workloadDifferences(
      (await realRun(MSA70_EXT4)).fingerprints,
      (await realRun(LOOP_XFS)).fingerprints,
    );
    expect(differences.flatMap((difference) => difference.workloads)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    // fio--seed-hoffman-1.txt: "Laying out IO file (1 file / 128MiB)"; both run 5 jobs ("jobs=5").
    expect(differences[0]?.text).toMatch(/^same 8 KiB random writes at QD 1; same numjobs 5.*size not said vs 128 MiB/);
  });
});

describe('cellSources(run, section, group)', () => {
  test('a fio job’s number comes from the files that ran it (both repeats)', async () => {
    const sources = cellSources(await realRun(LOOP_XFS), 'fio', 'random-write-direct');
    expect(sources.map((source) => source.file)).toEqual(['fio--seed-hoffman-1.txt', 'fio--seed-hoffman-2.txt']);
    expect(sources[0]?.href).toBe('/experiments/2026-11-ext4-xfs-btrfs-loopback/runs/xfs/fio--seed-hoffman-1.txt');
  });

  test('a sysbench test’s from the files of its mode and threads', async () => {
    const sources = cellSources(await realRun(LOOP_XFS), 'sysbench:fileio', 'rndwr/16');
    expect(sources.map((source) => source.file)).toEqual([
      'sysbench--fileio-rndwr-t16-1.txt',
      'sysbench--fileio-rndwr-t16-2.txt',
    ]);
  });

  test('a published number from the experiment’s measurements', async () => {
    const sources = cellSources(
      await realRun('2020-fio-random-write-cpu-governor/host1-performance'),
      'fio:published',
      'bs=4k;threads=32',
    );
    expect(sources).toEqual([
      { file: 'measurements.csv', href: '/experiments/2020-fio-random-write-cpu-governor/measurements.csv' },
    ]);
  });
});
