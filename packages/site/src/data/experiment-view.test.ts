import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MetricComparison, ToolSection } from '../view/model.ts';
import { noiseMethodText } from '../view/noise.ts';
import { experimentView } from './experiment-view.ts';
import { realExperiment, repoPath } from './test-content.ts';

const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';
const BONNIE_SEED = '2011-11-ext4-xfs-btrfs-bonnie';

function section(sections: readonly ToolSection[], key: string): ToolSection {
  const found = sections.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no section ${key} in ${sections.map((s) => s.key).join(', ')}`);
  return found;
}

function metric(toolSection: ToolSection, key: string): MetricComparison {
  const found = toolSection.metrics.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no metric ${key} in ${toolSection.metrics.map((m) => m.key).join(', ')}`);
  return found;
}

function cell(comparison: MetricComparison, run: string, group: string) {
  return comparison.cells.find((candidate) => candidate.run === run && candidate.group === group);
}

describe('experimentView of the fio 1.57 seed (ext3, ext4, xfs)', async () => {
  const view = experimentView(await realExperiment(FIO_SEED));
  const fio = section(view.sections, 'fio');

  it('has the three runs in the declared order, with their outputs and download paths', () => {
    expect(view.runs.map((run) => [run.id, run.value, run.order])).toEqual([
      ['ext3', 'ext3', 0],
      ['ext4', 'ext4', 1],
      ['xfs', 'xfs', 2],
    ]);
    expect(view.runs[0]?.outputs).toMatchObject([
      { file: 'fio--ext3.txt', tool: 'fio', href: `/experiments/${FIO_SEED}/runs/ext3/fio--ext3.txt` },
    ]);
    expect(view.runs[0]?.jsonHref).toBe(`/experiments/${FIO_SEED}/runs/ext3.json`);
    expect(view.measurementsCsvHref).toBe(`/experiments/${FIO_SEED}/measurements.csv`);
  });

  it('gives write IOPS per job and run equal to the iops= of the raw files', () => {
    const iops = metric(fio, 'fio-write-iops');
    expect(iops.title).toBe('Write IOPS');
    expect(iops.unit).toBe('op/s');
    expect(iops.betterIs).toBe('higher');
    expect(iops.groups.map((group) => group.key)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    // rw differs between the jobs (randwrite, write), bs and iodepth do not.
    expect(iops.groups[0]?.label).toBe('random-write-direct (randwrite)');
    // "write: ... iops=N" of each job block of runs/<run>/fio--<run>.txt.
    const raw: Record<string, number[]> = {
      ext3: [7118, 59112, 34, 2491],
      ext4: [7366, 83840, 10494, 20460],
      xfs: [5210, 3484, 6486, 96347],
    };
    expect(iops.cells).toHaveLength(12);
    for (const [run, values] of Object.entries(raw)) {
      iops.groups.forEach((group, index) => {
        expect(cell(iops, run, group.key)?.value).toBe(values[index]);
      });
    }
  });

  it('gives bandwidth in B/s and mean completion latency with fio’s ± stddev', () => {
    // ext3 random-write-direct: "bw=56946KB/s" (KiB), "clat (usec): ... avg=645.32, stdev=4647.69".
    expect(cell(metric(fio, 'fio-write-bw'), 'ext3', 'random-write-direct')?.value).toBe(56946 * 1024);
    const clat = cell(metric(fio, 'fio-write-clat-mean'), 'ext3', 'random-write-direct');
    expect(clat?.value).toBeCloseTo(645_320, 6);
    expect(clat?.spread).toBe('stddev');
    expect(clat?.high).toBeCloseTo(645_320 + 4_647_690, 6);
    // The sd itself, unclipped: 645 µs minus 4.6 ms is negative (the chart clamps its whisker).
    expect(clat?.sd).toBeCloseTo(4_647_690, 6);
    expect(clat?.low).toBeCloseTo(645_320 - 4_647_690, 6);
    expect(metric(fio, 'fio-write-clat-mean').title).toBe('Write completion latency, mean');
    expect(metric(fio, 'fio-write-clat-mean').betterIs).toBe('lower');
  });

  it('gives one latency distribution per job, with the buckets fio printed', () => {
    expect(fio.latency).toHaveLength(4);
    const distribution = fio.latency?.[0];
    expect(distribution?.title).toBe('random-write-direct (randwrite) · write completion latency');
    expect(distribution?.runs.map((run) => run.run)).toEqual(['ext3', 'ext4', 'xfs']);
    const buckets = distribution?.runs[0]?.buckets ?? [];
    // ext3: "lat (usec): 100=12.22%, 250=80.24%, 500=6.59%, ..." and "lat (msec): ..., 1000=0.01%".
    expect(buckets.find((bucket) => bucket.upToNs === 100_000)?.percent).toBe(12.22);
    expect(buckets.find((bucket) => bucket.upToNs === 250_000)?.percent).toBe(80.24);
    expect(buckets.find((bucket) => bucket.upToNs === 1_000_000_000)?.percent).toBe(0.01);
    const bounds = buckets.map((bucket) => bucket.upToNs);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    // fio 1.57 prints no clat percentiles.
    expect(distribution?.runs[0]?.percentiles).toEqual([]);
  });

  it('marks the open-ended >=2000 ms bucket', () => {
    // ext3 random-write-buf: "lat (msec): 2000=0.01%, >=2000=0.01%".
    const buckets = fio.latency?.[1]?.runs[0]?.buckets ?? [];
    expect(buckets.at(-1)).toEqual({ upToNs: 2_000_000_000, percent: 0.01, isAtLeast: true });
  });

  it('flags the filesystem rows of the systems table as differing and declared, and the rest as alike', () => {
    const rows = new Map(view.systemsTable.rows.map((row) => [row.path, row]));
    expect(rows.get('filesystem.type')).toMatchObject({
      differs: true,
      declared: true,
      values: { ext3: 'ext3', ext4: 'ext4', xfs: 'xfs' },
    });
    expect(rows.get('filesystem.mkfs')).toMatchObject({ differs: true, declared: true });
    expect(rows.get('raid.level')).toMatchObject({ differs: false, declared: false, label: 'RAID level' });
    expect(view.systemsTable.undeclaredDifferences).toEqual([]);
    expect(view.systemsTable.runs).toEqual(['ext3', 'ext4', 'xfs']);
  });
});

describe('experimentView of the bonnie++ seed', async () => {
  const view = experimentView(await realExperiment(BONNIE_SEED));
  const bonnie = section(view.sections, 'bonnie');

  it('has a grid with one row per run holding the values of the raw CSV line', () => {
    const grid = bonnie.grid;
    expect(grid?.rows.map((row) => row.run)).toEqual([
      'ext4',
      'ext4-tuned',
      'xfs',
      'xfs-mount-options',
      'xfs-mkfs-and-mount-options',
      'btrfs',
    ]);
    const column = (key: string) => grid?.columns.findIndex((candidate) => candidate.key === key) ?? -1;
    for (const row of grid?.rows ?? []) {
      // The bonnie++ 1.96 CSV line at the end of runs/<run>/bonnie--<run>.txt: putc (K/sec) is
      // field 7, put_block 9, seeks 17, seq_create 24, ran_create 30; putc's latency field 36.
      const text = readFileSync(
        repoPath(`content/results/${BONNIE_SEED}/runs/${row.run}/bonnie--${row.run}.txt`),
        'utf8',
      );
      const csv = (text.split('\n').find((line) => line.startsWith('1.96,')) ?? '').split(',');
      expect(row.values[column('putc')]).toBe(Number(csv[7]) * 1024);
      expect(row.values[column('putc.cpu')]).toBe(Number(csv[8]));
      expect(row.values[column('put_block')]).toBe(Number(csv[9]) * 1024);
      expect(row.values[column('seeks')]).toBe(Number(csv[17]));
      expect(row.values[column('seq_create')]).toBe(Number(csv[24]));
      expect(row.values[column('ran_create')]).toBe(Number(csv[30]));
      expect(csv[36]).toMatch(/us$/);
      expect(row.values[column('putc.latency')]).toBe(Number.parseInt(csv[36] ?? '', 10) * 1000);
    }
    expect(grid?.columns.find((candidate) => candidate.key === 'seeks')).toMatchObject({
      unit: 'op/s',
      betterIs: 'higher',
    });
    expect(grid?.columns.find((candidate) => candidate.key === 'put_block.latency')?.betterIs).toBe('lower');
  });

  it('draws bars for the main figures, one per run, block I/O first and per-character I/O last', () => {
    expect(bonnie.metrics.map((comparison) => comparison.metric)).toEqual([
      'put_block',
      'get_block',
      'rewrite',
      'seeks',
      'seq_create',
      'ran_create',
      'putc',
      'getc',
    ]);
    for (const comparison of bonnie.metrics) expect(comparison.cells).toHaveLength(6);
    // ext4: "seeks 131.8 /sec".
    expect(bonnie.metrics[3]?.cells[0]).toMatchObject({ run: 'ext4', value: 131.8 });
  });
});

describe('experimentView of table-only experiments', () => {
  it('gives the EC2 experiment one published section citing its source, the stddev as spread', async () => {
    const view = experimentView(await realExperiment('2014-ec2-m3-large-m3-medium-t2-medium-rails'));
    expect(view.sections).toHaveLength(1);
    const published = view.sections[0] as ToolSection;
    expect(published).toMatchObject({ tool: 'nginx', origin: 'published' });
    expect(published.citation).toBe('The m3.medium is terrible, table under the chart "average nginx $request_time"');
    // The stddev is the mean's spread, not a chart of its own.
    expect(published.metrics.map((comparison) => comparison.metric)).toEqual(['request_time.mean']);
    const mean = published.metrics[0] as MetricComparison;
    expect(mean.betterIs).toBe('lower');
    // measurements.csv: m3-large request_time.mean 6.30324 s, request_time.stddev 3.84421 s.
    // Published without the number of requests: a spread of its own kind, which no noise test reads.
    expect(mean.cells[0]).toMatchObject({ run: 'm3-large', value: 6.30324, spread: 'published-sd', sd: 3.84421 });
    expect(mean.noise).toBeUndefined();
    expect(noiseMethodText(mean)).toBe('N not published, so not tested for noise (Welch’s t-test needs it)');
    expect(mean.cells[0]?.high).toBeCloseTo(6.30324 + 3.84421, 9);
    expect(mean.cells[0]?.low).toBeCloseTo(6.30324 - 3.84421, 9);
  });

  it('groups the CPU governor table by block size and warns of what differs beyond the governor', async () => {
    const view = experimentView(await realExperiment('2020-fio-random-write-cpu-governor'));
    const iops = metric(section(view.sections, 'published-fio'), 'fio-write-iops');
    expect(iops.groups.map((group) => group.label)).toEqual(['4k', '8k', '16k']);
    // measurements.csv: host2-ondemand 4k 34277.9, host2-performance 4k 178449.
    expect(cell(iops, 'host2-ondemand', 'bs=4k;threads=32')?.value).toBe(34277.9);
    expect(cell(iops, 'host2-performance', 'bs=4k;threads=32')?.value).toBe(178449);
    const governor = view.systemsTable.rows.find((row) => row.path === 'cpu.governor');
    expect(governor).toMatchObject({ differs: true, declared: true });
    expect(view.systemsTable.undeclaredDifferences).toContain('cpu.model');
    expect(view.systemsTable.undeclaredDifferences).not.toContain('cpu.governor');
  });

  it('has no sections for an experiment awaiting runs, and no warning when whole hosts are compared', async () => {
    const awaiting = experimentView(await realExperiment('2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es'));
    expect(awaiting.sections).toEqual([]);
    const hosts = experimentView(await realExperiment('2020-dd-sequential-write-three-hosts'));
    expect(hosts.systemsTable.rows.some((row) => row.differs)).toBe(true);
    expect(hosts.systemsTable.undeclaredDifferences).toEqual([]);
  });
});
