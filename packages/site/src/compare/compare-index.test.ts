import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadRealExperiments, repoPath } from '../data/test-content.ts';
import { type CompareRun, compareRuns } from './compare-index.ts';

/** Every run of content/results as the experiments' compare-runs.json list them. */
let index: { runs: CompareRun[] };

beforeAll(async () => {
  index = { runs: (await loadRealExperiments()).flatMap((loaded) => compareRuns(loaded, '/base/')) };
});

describe('compareRuns fingerprints', () => {
  test('every run with raw outputs has a fingerprint per workload, pointing at a committed file', async () => {
    const experiments = await loadRealExperiments();
    for (const run of index.runs) {
      const loaded = experiments.find((experiment) => experiment.id === run.experiment);
      const loadedRun = loaded?.runs.find((candidate) => candidate.id === run.run);
      if (loadedRun === undefined) throw new Error(`no run ${run.experiment}/${run.run}`);
      expect(run.fingerprints.length > 0, `${run.experiment}/${run.run}`).toBe(loadedRun.outputs.length > 0);
      for (const { file, fileHref } of run.fingerprints) {
        expect(existsSync(join(repoPath(`content/results/${run.experiment}/runs/${run.run}`), file))).toBe(true);
        expect(fileHref).toBe(`/base/experiments/${run.experiment}/runs/${run.run}/${encodeURIComponent(file)}`);
      }
    }
  });

  test("the MSA70 runs' fio jobs are read from their job lines", () => {
    const ext4 = index.runs.find((run) => run.experiment === '2011-07-ext3-ext4-xfs-fio-msa70' && run.run === 'ext4');
    const randomWrite = ext4?.fingerprints.find(({ fingerprint }) => fingerprint.workload === 'random-write-direct');
    expect(randomWrite?.file).toBe('fio--ext4.txt');
    expect(randomWrite?.fingerprint.kind).toMatchObject({ category: 'io', access: 'random', op: 'write' });
    // `random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1`, five jobs.
    const fields = Object.fromEntries(randomWrite?.fingerprint.fields.map((field) => [field.key, field.value]) ?? []);
    expect(fields).toMatchObject({ rw: 'randwrite', bs: 8192, iodepth: 1, ioengine: 'sync', threads: 5 });
    // The system comes along for the systems table: the seed's controller.
    expect(ext4?.system.raid?.controller).toMatch(/MSA70|P800/);
  });
});
