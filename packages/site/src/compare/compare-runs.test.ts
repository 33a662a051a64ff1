import { describe, expect, test } from 'vitest';
import { runJson } from '../data/run-json.ts';
import { realExperiment } from '../data/test-content.ts';
import { type CompareInput, compareRuns } from './compare-runs.ts';

/** A run of content/results as the compare page gets it: its run JSON's sections. */
async function input(experimentId: string, runId: string): Promise<CompareInput> {
  const loaded = await realExperiment(experimentId);
  const run = loaded.runs.find((candidate) => candidate.id === runId);
  if (run === undefined) throw new Error(`no run ${runId} in ${experimentId}`);
  const json = runJson(loaded, run);
  return { ref: { id: `${experimentId}/${runId}`, label: run.run.label }, sections: json.sections };
}

const GOVERNOR = '2020-fio-random-write-cpu-governor';
const SCHEDULER = '2020-fio-random-write-io-scheduler-filesystem';

describe('compareRuns', () => {
  test('lines up two experiments’ published fio IOPS by block size', async () => {
    const compared = compareRuns([await input(GOVERNOR, 'host1-performance'), await input(SCHEDULER, 'ext4-cfq')]);
    expect(compared.map((section) => section.key)).toEqual(['fio:published']);
    const [iops] = compared[0]?.metrics ?? [];
    expect(iops?.metric).toBe('write.iops');
    expect(iops?.runs.map((run) => run.id)).toEqual([`${GOVERNOR}/host1-performance`, `${SCHEDULER}/ext4-cfq`]);
    // measurements.csv of each: host1-performance,fio,write.iops,159703,IOPS,bs=4k;threads=32
    // and ext4-cfq,fio,write.iops,44711.7,IOPS,bs=4k;threads=32.
    const at4k = iops?.cells.filter((cell) => cell.group === iops.groups.find((g) => g.label.includes('4k'))?.key);
    expect(at4k?.map((cell) => cell.value)).toEqual([159703, 44711.7]);
  });

  test('a run alone compares with nothing', async () => {
    expect(compareRuns([await input(GOVERNOR, 'host1-performance')])).toEqual([]);
  });

  test('runs of different tools share no section', async () => {
    const compared = compareRuns([
      await input(GOVERNOR, 'host1-performance'),
      await input(
        '2011-11-ext4-xfs-btrfs-bonnie',
        (await realExperiment('2011-11-ext4-xfs-btrfs-bonnie')).runs[0]?.id ?? '',
      ),
    ]);
    expect(compared).toEqual([]);
  });

  test('runs of one experiment line up job by job, as on its page', async () => {
    const id = '2011-07-ext3-ext4-xfs-fio-msa70';
    const compared = compareRuns([await input(id, 'ext3'), await input(id, 'xfs')]);
    const iops = compared[0]?.metrics.find((metric) => metric.metric === 'write.iops');
    // fio--ext3.txt: "write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec" (random-write-direct).
    const direct = iops?.cells.filter((cell) => cell.group === 'random-write-direct');
    expect(direct?.find((cell) => cell.run === `${id}/ext3`)?.value).toBe(7118);
    expect(iops?.groups).toHaveLength(4);
  });
});
