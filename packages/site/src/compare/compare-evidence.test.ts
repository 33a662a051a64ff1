import { describe, expect, test } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { realExperiment } from '../data/test-content.ts';
import { compareRunsWithEvidence } from './compare-evidence.ts';
import { sectionCompareKey } from './compare-key.ts';
import { LOOPBACK, MSA70 } from './compare-test-data.ts';

describe('compare-runs.json carries the experiment page’s noise tests and the lint findings', () => {
  test('every Welch test of the loopback experiment page, with its p-value, under its better run', async () => {
    const loaded = await realExperiment(LOOPBACK);
    const runs = compareRunsWithEvidence(loaded);
    const page = experimentView(loaded).sections;
    let count = 0;
    for (const section of page) {
      for (const metric of section.metrics) {
        for (const test of metric.noise?.tests ?? []) {
          const find = (run: string, other: string) =>
            runs
              .find((candidate) => candidate.run === run)
              ?.noise?.find(
                (carried) =>
                  carried.section === sectionCompareKey(section) &&
                  carried.metric === metric.metric &&
                  carried.unit === metric.unit &&
                  carried.group === test.group &&
                  carried.other === other,
              );
          expect(find(test.better, test.worse)).toMatchObject({ pValue: test.pValue, alpha: 0.05 });
          count++;
        }
      }
    }
    // fio, sysbench fileio, bonnie++ and dd each have tested metrics: well over a hundred tests.
    expect(count).toBeGreaterThan(100);
    // And nothing the page does not have: each test is carried once, by the better run.
    expect(runs.reduce((sum, run) => sum + (run.noise?.length ?? 0), 0)).toBe(count);
  });

  test('one run each (the MSA70): no test is carried', async () => {
    const runs = compareRunsWithEvidence(await realExperiment(MSA70));
    expect(runs.map((run) => run.noise)).toEqual([[], [], []]);
  });

  test('the findings on a number, by section and workload: BF001 on the buffered jobs, none on the direct ones', async () => {
    // runs/ext4/run.yaml `memory: bytes: 25276063744`, the fio command `BF_SIZE=134217728`: the buffered
    // jobs (JSON job options "direct" : "0") wrote 128 MiB on a machine of 23.5 GiB.
    const ext4 = compareRunsWithEvidence(await realExperiment(LOOPBACK)).find((run) => run.run === 'ext4');
    const onJob = (group: string) =>
      (ext4?.findings ?? []).filter((found) => found.section === 'fio' && found.group === group);
    expect(onJob('random-write-buf')).toContainEqual({
      section: 'fio',
      group: 'random-write-buf',
      rule: 'BF001',
      severity: 'error',
    });
    expect(onJob('random-write-direct')).toEqual([]);
    // bonnie--seed-1.txt "vm             128M 1150k  97 +++++ +++ …": the per-character test at 97 % CPU
    // is CPU bound (BF202), about its putc and getc numbers only.
    const cpu = (ext4?.findings ?? []).filter((found) => found.rule === 'BF202');
    expect(cpu.flatMap((found) => found.metrics ?? [])).toContain('putc');
    expect(cpu.flatMap((found) => found.metrics ?? [])).not.toContain('put_block');
  });
});
