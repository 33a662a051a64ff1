// Sections made from real raw outputs arranged as small experiments in a temporary folder (see
// test-content.ts): repeats, fio JSON, sysbench thread sweeps, iostat logs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { fixtureExperiment, repoPath } from '../data/test-content.ts';
import type { ToolSection } from '../view/model.ts';

const SEED_RUNS = 'content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs';
const FIO_JSON = 'packages/parsers/fixtures/fio/fio-3.33--randrw-2jobs-direct.jsonplus.json';
const SYSBENCH = 'packages/parsers/fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt';
const IOSTAT = 'packages/parsers/fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt';
const SYSBENCH_INTERVALS = 'packages/parsers/fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt';

function only(sections: readonly ToolSection[], key: string): ToolSection {
  const found = sections.find((section) => section.key === key);
  if (found === undefined) throw new Error(`no section ${key}`);
  return found;
}

describe('repeats', () => {
  it('shows repeats of a run (outputs with repeat) as their mean with min–max', async () => {
    // Two real fio 1.57 outputs of the same four jobs, arranged as two repeats of one run.
    const loaded = await fixtureExperiment('2011-07-repeats', [
      {
        id: 'twice',
        value: 'twice',
        repeat: 2,
        outputs: [
          { file: 'fio-1.txt', from: `${SEED_RUNS}/ext3/fio--ext3.txt`, tool: 'fio', repeat: 1 },
          { file: 'fio-2.txt', from: `${SEED_RUNS}/ext4/fio--ext4.txt`, tool: 'fio', repeat: 2 },
        ],
      },
      { id: 'once', value: 'once', outputs: [{ file: 'fio.txt', from: `${SEED_RUNS}/xfs/fio--xfs.txt`, tool: 'fio' }] },
    ]);
    const fio = only(experimentView(loaded).sections, 'fio');
    const iops = fio.metrics.find((metric) => metric.key === 'fio-write-iops');
    // random-write-direct: iops=7118 (ext3 file), iops=7366 (ext4 file); xfs file: 5210.
    // Runs without `order` come by folder name: once, twice. The ext4 file's job stalled once
    // ("clat (usec): min=77 , max=2522.4K" of its 10001 ms: BF103), so the mean of the two carries it.
    expect(iops?.cells.filter((cell) => cell.group === 'random-write-direct')).toEqual([
      { group: 'random-write-direct', run: 'once', value: 5210 },
      {
        group: 'random-write-direct',
        run: 'twice',
        value: 7242,
        low: 7118,
        high: 7366,
        spread: 'min-max',
        repeats: 2,
        samples: [7118, 7366],
        findings: [expect.objectContaining({ rule: 'BF103' })],
      },
    ]);
    // With repeats the spread is theirs, not fio's stddev.
    const clat = fio.metrics
      .find((metric) => metric.key === 'fio-write-clat-mean')
      ?.cells.find((cell) => cell.run === 'twice');
    expect(clat).toMatchObject({ run: 'twice', spread: 'min-max', repeats: 2 });
    expect(clat?.value).toBeCloseTo((645_320 + 781_820) / 2, 6);
    // Distributions are not averaged: the first repeat is shown, and the title says so.
    expect(fio.latency?.[0]?.title).toContain('(the first of its repeats)');
  });

  it('takes several outputs of the same job without repeat numbers as repeats too', async () => {
    const loaded = await fixtureExperiment('2011-07-same-job', [
      {
        id: 'a',
        value: 'a',
        outputs: [
          { file: 'first.txt', from: `${SEED_RUNS}/ext3/fio--ext3.txt`, tool: 'fio' },
          { file: 'second.txt', from: `${SEED_RUNS}/xfs/fio--xfs.txt`, tool: 'fio' },
        ],
      },
    ]);
    const iops = only(experimentView(loaded).sections, 'fio').metrics[0];
    // sequential-write-buffered: ext3 file iops=2491, xfs file iops=96347.
    expect(iops?.cells.find((cell) => cell.group === 'sequential-write-buffered')).toMatchObject({
      value: (2491 + 96347) / 2,
      low: 2491,
      high: 96347,
      repeats: 2,
    });
  });
});

describe('fio groups', () => {
  it('keys a group by its job, qualified by the workload only when a job name is under two', async () => {
    const loaded = await fixtureExperiment('2011-07-workloads', [
      {
        id: 'one',
        value: 'one',
        outputs: [{ file: 'fio.txt', from: `${SEED_RUNS}/ext3/fio--ext3.txt`, tool: 'fio', workload: 'seed-hoffman' }],
      },
    ]);
    const iops = only(experimentView(loaded).sections, 'fio').metrics[0];
    // One workload: the keys are the job names, as in the seed experiment (comparable with it).
    expect(iops?.groups.map((group) => group.key)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    const twice = await fixtureExperiment('2011-07-two-workloads', [
      {
        id: 'one',
        value: 'one',
        outputs: [
          { file: 'a.txt', from: `${SEED_RUNS}/ext3/fio--ext3.txt`, tool: 'fio', workload: 'first' },
          { file: 'b.txt', from: `${SEED_RUNS}/xfs/fio--xfs.txt`, tool: 'fio', workload: 'second' },
        ],
      },
    ]);
    const groups = only(experimentView(twice).sections, 'fio').metrics[0]?.groups ?? [];
    expect(groups).toHaveLength(8);
    expect(groups[0]).toEqual({ key: 'first · random-write-direct', label: 'first · random-write-direct (randwrite)' });
    expect(groups[4]?.key).toBe('second · random-write-direct');
  });
});

describe('fio JSON', () => {
  it('adds up the clones of a job and gives percentiles per direction', async () => {
    const loaded = await fixtureExperiment('2026-11-fio-json', [
      { id: 'json', value: 'json', outputs: [{ file: 'fio.json', from: FIO_JSON, tool: 'fio' }] },
    ]);
    const fio = only(experimentView(loaded).sections, 'fio');
    const jobs = JSON.parse(readFileSync(repoPath(FIO_JSON), 'utf8')).jobs as Array<{
      read: { iops: number; clat_ns: { percentile: Record<string, number> } };
    }>;
    // numjobs=2 without group_reporting: two "randrw" jobs; their IOPS add up.
    const readIops = fio.metrics.find((metric) => metric.key === 'fio-read-iops');
    expect(readIops?.cells).toHaveLength(1);
    expect(readIops?.cells[0]?.value).toBeCloseTo((jobs[0]?.read.iops ?? 0) + (jobs[1]?.read.iops ?? 0), 6);
    // fio's stddev is not a spread for a sum of clones.
    expect(readIops?.cells[0]?.spread).toBeUndefined();
    const p99 = fio.metrics.find((metric) => metric.key === 'fio-read-clat-p99');
    expect(p99?.title).toBe('Read completion latency, p99');
    expect(p99?.cells[0]?.value).toBe(
      ((jobs[0]?.read.clat_ns.percentile['99.000000'] ?? 0) + (jobs[1]?.read.clat_ns.percentile['99.000000'] ?? 0)) / 2,
    );
    // A read and a write distribution (percentiles), and the job's buckets over both directions.
    expect(fio.latency?.map((distribution) => distribution.key)).toEqual([
      'fio-latency-randrw-read',
      'fio-latency-randrw-write',
      'fio-latency-randrw-all',
    ]);
    const read = fio.latency?.[0]?.runs[0];
    expect(read?.percentiles.find((entry) => entry.p === 99)?.ns).toBe(jobs[0]?.read.clat_ns.percentile['99.000000']);
    expect(read?.buckets).toEqual([]);
    expect(fio.latency?.[2]?.runs[0]?.buckets.length).toBeGreaterThan(0);
  });
});

describe('sysbench fileio over threads', () => {
  it('sweeps threads per mode and leaves out the directions a mode does not use', async () => {
    const loaded = await fixtureExperiment('2026-11-sysbench', [
      { id: 'tmp', value: 'tmp', outputs: [{ file: 'sysbench.txt', from: SYSBENCH, tool: 'sysbench' }] },
    ]);
    const fileio = only(experimentView(loaded).sections, 'sysbench-fileio');
    expect(fileio.title).toBe('sysbench fileio');
    const reads = fileio.metrics.find((metric) => metric.metric === 'read');
    // seqwr and rndwr read nothing (reads/s 0.00): no bars for them.
    expect(reads?.groups.map((group) => group.key)).toEqual([
      'seqrd/1',
      'seqrd/2',
      'seqrd/4',
      'rndrd/1',
      'rndrd/2',
      'rndrd/4',
      'rndrw/1',
      'rndrw/2',
      'rndrw/4',
    ]);
    expect(reads?.groups[6]?.label).toBe('rndrw · 1 thread');
    const sweep = fileio.sweeps?.find((candidate) => candidate.title === 'rndrw · Reads per second against threads');
    // "reads/s:" of the rndrw runs at 1, 2 and 4 threads.
    expect(sweep?.runs[0]?.points).toEqual([
      { x: 1, value: 5959.03 },
      { x: 2, value: 7919.47 },
      { x: 4, value: 12317.7 },
    ]);
    expect(sweep?.xLabel).toBe('threads');
    expect(fileio.sweeps?.some((candidate) => candidate.title === 'seqwr · Reads per second against threads')).toBe(
      false,
    );
    const latency = fileio.metrics.find((metric) => metric.metric === 'latency.avg');
    // rndrw, 4 threads: "avg: 0.12" ms.
    expect(latency?.cells.find((cell) => cell.group === 'rndrw/4')?.value).toBeCloseTo(120_000, 3);
    expect(latency?.betterIs).toBe('lower');
    expect(fileio.metrics.find((metric) => metric.metric === 'latency.p95')?.title).toBe('Latency, p95');
  });
});

describe('sysbench --report-interval', () => {
  it('gives each test its interval figures over time, one line per run, in base units', async () => {
    // cpu, memory, threads (--percentile=99) and fileio rndrw, each run with --report-interval=1.
    const loaded = await fixtureExperiment('2026-11-sysbench-intervals', [
      { id: 'vm', value: 'vm', outputs: [{ file: 'sysbench.txt', from: SYSBENCH_INTERVALS, tool: 'sysbench' }] },
    ]);
    const sections = experimentView(loaded).sections;
    const titles = (key: string) => only(sections, key).intervals?.map((series) => series.title);
    expect(titles('sysbench-cpu')).toEqual(['cpu · Events per second over time', 'cpu · Latency, p95 over time']);
    // sysbench 1.0's threads test names itself nowhere in its output: a test "other".
    expect(titles('sysbench-other')).toEqual(['other · Events per second over time', 'other · Latency, p99 over time']);
    expect(titles('sysbench-memory')).toEqual(['write · Transfer rate over time']);
    // fileio 1.0 prints MiB/s and fsyncs/s per interval, no operations per second.
    expect(titles('sysbench-fileio')).toEqual([
      'rndrw · Read throughput over time',
      'rndrw · Write throughput over time',
      'rndrw · Fsyncs per second over time',
      'rndrw · Latency, p95 over time',
    ]);

    const [events, latency] = only(sections, 'sysbench-cpu').intervals ?? [];
    expect(events?.xLabel).toBe('seconds');
    expect(events?.unit).toBe('op/s');
    // "[ 1s ] thds: 2 eps: 5792.58 lat (ms,95%): 0.29" … "[ 5s ] thds: 2 eps: 8567.46 lat (ms,95%): 0.23"
    expect(events?.runs).toEqual([
      {
        run: 'vm',
        points: [
          { x: 1, value: 5792.58 },
          { x: 2, value: 4601.57 },
          { x: 3, value: 8308.44 },
          { x: 4, value: 9410.33 },
          { x: 5, value: 8567.46 },
        ],
      },
    ]);
    expect(latency?.betterIs).toBe('lower');
    expect(latency?.runs[0]?.points[0]?.value).toBeCloseTo(290_000, 6);
    // memory "[ 1s ] 6640.21 MiB/sec".
    const [transfer] = only(sections, 'sysbench-memory').intervals ?? [];
    expect(transfer?.unit).toBe('B/s');
    expect(transfer?.runs[0]?.points[0]?.value).toBeCloseTo(6640.21 * 1024 * 1024, 3);
  });
});

describe('iostat', () => {
  it('gives each active device’s figures over time from the -t timestamps, and their summary', async () => {
    const loaded = await fixtureExperiment('2026-11-iostat', [
      {
        id: 'vm',
        value: 'vm',
        outputs: [{ file: 'iostat.txt', from: IOSTAT, tool: 'iostat', command: 'LC_ALL=C iostat -x -t -k -p ALL 1 4' }],
      },
    ]);
    const iostat = only(experimentView(loaded).sections, 'iostat');
    expect(iostat.metrics).toEqual([]);
    // loop and zram devices stay at 0.00 throughout: left out.
    const names = iostat.devices?.map((device) => device.device) ?? [];
    expect(names).toContain('vda');
    expect(names.some((name) => name.startsWith('loop') || name.startsWith('zram'))).toBe(false);
    const vda = iostat.devices?.find((device) => device.device === 'vda');
    // 4 reports a second apart; the first (since boot) is left out.
    expect(vda?.t).toEqual([0, 1, 2]);
    expect(vda?.start).toMatch(/^2026-11-21T15:04:17/);
    for (const values of Object.values(vda?.values ?? {})) expect(values).toHaveLength(3);
    const summary = iostat.deviceSummaries?.find((entry) => entry.device === 'vda');
    const util = (vda?.values.util ?? []) as number[];
    expect(summary?.mean.util).toBeCloseTo(util.reduce((a, b) => a + b, 0) / util.length, 9);
    expect(summary?.max.util).toBe(Math.max(...util));
  });
});
