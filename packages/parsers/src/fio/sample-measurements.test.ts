import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { parseFio } from './index.ts';

// fio's periodic bandwidth and IOPS samples (bwavgtime/iopsavgtime, 500 ms by default): their
// statistics, how many there were and the job's share of its group, as measurements.

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;

describe('fio sample measurements', () => {
  it('gives the bandwidth and IOPS sample statistics with their sample counts and per= share', () => {
    // fio 3's HOWTO: `bw (  KiB/s): min=  532, max=  686, per=0.10%, avg=622.87, stdev=24.82, samples=  100`
    // and `iops        : min=   76, max=   98, avg=88.98, stdev= 3.54, samples=  100`, read from the text.
    const text = corpus('fio__howto-fio3-normal-job-example.txt');
    const bwLine =
      /bw \(\s*KiB\/s\): min=\s*(\d+), max=\s*(\d+), per=([\d.]+)%, avg=([\d.]+), stdev=([\d.]+), samples=\s*(\d+)/.exec(
        text,
      );
    const iopsLine = /iops\s+: min=\s*(\d+), max=\s*(\d+), avg=([\d.]+), stdev=\s*([\d.]+), samples=\s*(\d+)/.exec(
      text,
    );
    const [, bwMin, bwMax, per, bwAvg, bwDev, bwSamples] = (bwLine ?? []).map(Number);
    const [, iopsMin, iopsMax, iopsAvg, iopsDev, iopsSamples] = (iopsLine ?? []).map(Number);
    const value = (metric: string) => parseFio(text).measurements.find((m) => m.metric === metric);
    expect(value('write.bw.min')).toMatchObject({ unit: 'B/s', value: (bwMin ?? Number.NaN) * 1024 });
    expect(value('write.bw.max')?.value).toBe((bwMax ?? Number.NaN) * 1024);
    expect(value('write.bw.mean')?.value).toBeCloseTo((bwAvg ?? Number.NaN) * 1024, 6);
    expect(value('write.bw.stddev')?.value).toBeCloseTo((bwDev ?? Number.NaN) * 1024, 6);
    expect(value('write.bw.samples')).toMatchObject({ unit: 'count', value: bwSamples });
    expect(value('write.bw.per')).toMatchObject({ unit: '%', value: per });
    expect(value('write.iops.min')).toMatchObject({ unit: 'op/s', value: iopsMin });
    expect(value('write.iops.max')?.value).toBe(iopsMax);
    expect(value('write.iops.mean')?.value).toBe(iopsAvg);
    expect(value('write.iops.stddev')?.value).toBe(iopsDev);
    expect(value('write.iops.samples')).toMatchObject({ unit: 'count', value: iopsSamples });
  });

  it('gives JSON’s bw_samples, iops_samples and bw_agg, and none for a direction without samples', () => {
    const text = corpus('virtualclient__fio-3.26-json-randrw-4k.json');
    const json = JSON.parse(text) as {
      jobs: Array<{ jobname: string; read: Record<string, number>; write: Record<string, number> }>;
    };
    const measurements = parseFio(text).measurements;
    let checked = 0;
    for (const job of json.jobs) {
      for (const direction of ['read', 'write'] as const) {
        const stats = job[direction];
        const find = (metric: string) =>
          measurements.find((m) => m.metric === `${direction}.${metric}` && m.labels.job === job.jobname)?.value;
        if (stats.bw_samples === 0) {
          expect(find('bw.samples'), `${job.jobname} ${direction}`).toBeUndefined();
          continue;
        }
        expect(find('bw.samples')).toBe(stats.bw_samples);
        expect(find('iops.samples')).toBe(stats.iops_samples);
        expect(find('bw.per')).toBe(stats.bw_agg);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
