import { describe, expect, test } from 'vitest';
import { realExperiment } from '../data/test-content.ts';
import { compareRuns } from './compare-index.ts';
import { cellSources } from './sources.ts';

describe('cellSources', () => {
  test('a fio group of a job name several outputs share points at its own output only', async () => {
    // Each VPS plan ran `--name=myjob` twice: fio--randwrite.txt (run.yaml workload
    // randwrite-4k-qd4-libaio) and fio--randread.txt (randread-4k-qd4-libaio).
    const runs = compareRuns(await realExperiment('2017-vps-fio-3-4k-random-libaio-eleven-plans'));
    const run = runs.find((each) => each.run === 'aws-ec2-micro');
    if (run === undefined) throw new Error('no run aws-ec2-micro');
    const files = (group: string) => cellSources(run, 'fio', group).map((source) => source.file);
    expect(files('randwrite-4k-qd4-libaio · myjob')).toEqual(['fio--randwrite.txt']);
    expect(files('randread-4k-qd4-libaio · myjob')).toEqual(['fio--randread.txt']);
  });

  test('a fio group named by its job alone points at the output with that job', async () => {
    // The MSA70's ext4 run: one output, fio--ext4.txt, with the job random-write-direct.
    const runs = compareRuns(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    const run = runs.find((each) => each.run === 'ext4');
    if (run === undefined) throw new Error('no run ext4');
    expect(cellSources(run, 'fio', 'random-write-direct').map((source) => source.file)).toEqual(['fio--ext4.txt']);
  });
});
