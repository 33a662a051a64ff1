// Test data for the bar and sweep chart tests, made from the real files of content/results and of
// the parsers' fixtures: each raw output is parsed by @benchfolio/parsers, as the site's data layer
// does, and shaped into the view model by hand here so the chart tests do not depend on that layer.
// Only tests import this module.

import { readFileSync } from 'node:fs';
import { parseFio } from '@benchfolio/parsers';
import { JSDOM } from 'jsdom';
import type { BetterIs, MetricComparison, RunRef, SweepSeries } from '../view/model.ts';

const REPO_ROOT = new URL('../../../../', import.meta.url);

/** A fresh jsdom document to build charts with. */
export function testDocument(): Document {
  return new JSDOM('').window.document;
}

/** content/results/2011-07-ext3-ext4-xfs-fio-msa70: its three runs, in their run.yaml `order`. */
export const MSA70_RUNS: RunRef[] = [
  { id: 'ext3', label: 'ext3' },
  { id: 'ext4', label: 'ext4' },
  { id: 'xfs', label: 'xfs' },
];

/** Its four jobs, one reporting group each, in the order fio printed them. */
export const MSA70_JOBS = [
  'random-write-direct',
  'random-write-buf',
  'sequential-write-direct',
  'sequential-write-buffered',
] as const;

/**
 * One fio metric of the msa70 experiment across its runs and jobs, read from the three raw
 * outputs (runs/<run>/fio--<run>.txt). With `stddevMetric`, each cell gets the tool's own
 * ± standard deviation as its spread (as fio prints `clat ... avg=645.32, stdev=4647.69`).
 */
export function msa70Comparison(
  metric: string,
  options: { title: string; betterIs: BetterIs; stddevMetric?: string },
): MetricComparison {
  const cells: MetricComparison['cells'] = [];
  let unit: MetricComparison['unit'] | undefined;
  for (const run of MSA70_RUNS) {
    const file = new URL(
      `content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/${run.id}/fio--${run.id}.txt`,
      REPO_ROOT,
    );
    const { measurements } = parseFio(readFileSync(file, 'utf8'));
    for (const job of MSA70_JOBS) {
      const find = (name: string) => measurements.find((m) => m.metric === name && m.labels.job === job);
      const measured = find(metric);
      if (!measured) throw new Error(`no ${metric} for ${run.id} ${job}`);
      unit = measured.unit;
      const stddev = options.stddevMetric === undefined ? undefined : find(options.stddevMetric);
      cells.push(
        stddev
          ? {
              group: job,
              run: run.id,
              value: measured.value,
              low: measured.value - stddev.value,
              high: measured.value + stddev.value,
              spread: 'stddev',
              sd: stddev.value,
            }
          : { group: job, run: run.id, value: measured.value },
      );
    }
  }
  if (unit === undefined) throw new Error(`no ${metric}`);
  return {
    key: `fio-${metric.replaceAll('.', '-')}`,
    metric,
    title: options.title,
    unit,
    betterIs: options.betterIs,
    groups: MSA70_JOBS.map((job) => ({ key: job, label: job })),
    runs: MSA70_RUNS,
    cells,
  };
}

/**
 * content/results/2014-ec2-m3-large-m3-medium-t2-medium-rails/measurements.csv: nginx
 * `request_time.mean` ± `request_time.stddev`, in seconds, one group, as published (no N).
 */
export const EC2_REQUEST_TIME: MetricComparison = {
  key: 'nginx-request-time-mean',
  metric: 'request_time.mean',
  title: 'Mean request time',
  unit: 's',
  betterIs: 'lower',
  groups: [{ key: 'all', label: 'all requests' }],
  runs: [
    { id: 'm3-large', label: 'm3.large' },
    { id: 'm3-medium', label: 'm3.medium' },
    { id: 't2-medium', label: 't2.medium' },
  ],
  cells: [
    {
      group: 'all',
      run: 'm3-large',
      value: 6.30324,
      low: 6.30324 - 3.84421,
      high: 6.30324 + 3.84421,
      spread: 'published-sd',
      sd: 3.84421,
    },
    {
      group: 'all',
      run: 'm3-medium',
      value: 15.88136,
      low: 15.88136 - 9.29829,
      high: 15.88136 + 9.29829,
      spread: 'published-sd',
      sd: 9.29829,
    },
    {
      group: 'all',
      run: 't2-medium',
      value: 4.80078,
      low: 4.80078 - 2.71403,
      high: 4.80078 + 2.71403,
      spread: 'published-sd',
      sd: 2.71403,
    },
  ],
};

/**
 * content/results/2020-fio-random-write-io-scheduler-filesystem/measurements.csv: fio
 * `write.iops` at 32 threads, one value per run and block size, as published (one run each):
 *   ext4-cfq  "44711.7" (4k), "34597.7" (16k)
 *   ext4-noop "186779"  (4k), "111132"  (16k)
 *   xfs-noop  "138856"  (4k), "111602"  (16k)
 * Its 8k column is left out: ext4-noop's "155757" over xfs-noop's "145067" (7 %) is too near the
 * run-to-run variation for a test that must hold while that figure moves with content/results.
 */
export const IO_SCHEDULER_IOPS: MetricComparison = {
  key: 'fio-write-iops',
  metric: 'write.iops',
  title: 'Write IOPS',
  unit: 'op/s',
  betterIs: 'higher',
  groups: [
    { key: '4k', label: '4k' },
    { key: '16k', label: '16k' },
  ],
  runs: [
    { id: 'ext4-cfq', label: 'ext4, cfq' },
    { id: 'ext4-noop', label: 'ext4, noop' },
    { id: 'xfs-noop', label: 'xfs, noop' },
  ],
  cells: [
    { group: '4k', run: 'ext4-cfq', value: 44711.7 },
    { group: '4k', run: 'ext4-noop', value: 186779 },
    { group: '4k', run: 'xfs-noop', value: 138856 },
    { group: '16k', run: 'ext4-cfq', value: 34597.7 },
    { group: '16k', run: 'ext4-noop', value: 111132 },
    { group: '16k', run: 'xfs-noop', value: 111602 },
  ],
};

/**
 * content/results/2020-fio-random-write-cpu-governor/measurements.csv: fio `write.iops` at
 * 32 threads against the block size (4k, 8k, 16k, in bytes), one line per host, as published.
 */
export const GOVERNOR_IOPS_BY_BLOCK_SIZE: SweepSeries = {
  key: 'fio-write-iops-by-bs',
  title: 'Write IOPS',
  xLabel: 'block size (B)',
  unit: 'op/s',
  betterIs: 'higher',
  runs: [
    {
      run: 'host1-performance',
      points: [
        { x: 4096, value: 159703 },
        { x: 8192, value: 124112 },
        { x: 16384, value: 58969.3 },
      ],
    },
    {
      run: 'host2-ondemand',
      points: [
        { x: 4096, value: 34277.9 },
        { x: 8192, value: 55004.9 },
        { x: 16384, value: 50909.5 },
      ],
    },
    {
      run: 'host2-performance',
      points: [
        { x: 4096, value: 178449 },
        { x: 8192, value: 112723 },
        { x: 16384, value: 54417 },
      ],
    },
    {
      run: 'host3-powersave',
      points: [
        { x: 4096, value: 142179 },
        { x: 8192, value: 115600 },
        { x: 16384, value: 36361.3 },
      ],
    },
  ],
};

/** Its runs, with their run.yaml labels, in their `order`. */
export const GOVERNOR_RUNS: RunRef[] = [
  { id: 'host1-performance', label: 'Host1' },
  { id: 'host2-ondemand', label: 'Host2, ondemand' },
  { id: 'host2-performance', label: 'Host2, performance' },
  { id: 'host3-powersave', label: 'Host3' },
];

/**
 * packages/parsers/fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt: one
 * machine, fileio with O_DIRECT at 1, 2 and 4 threads. The sweep chart draws one line per series;
 * this fixture has a single machine, so its series here are two of its test modes (rndrd reads/s,
 * rndwr writes/s), named as such: real numbers, not two runs of an experiment.
 */
export const SYSBENCH_FILEIO_BY_THREADS: SweepSeries = {
  key: 'sysbench-fileio-ops-by-threads',
  title: 'File operations per second',
  xLabel: 'threads',
  unit: 'op/s',
  betterIs: 'higher',
  runs: [
    {
      run: 'rndrd',
      points: [
        { x: 1, value: 14509.9 },
        { x: 2, value: 22921.77 },
        { x: 4, value: 28328.57 },
      ],
    },
    {
      run: 'rndwr',
      points: [
        { x: 1, value: 10174.44 },
        { x: 2, value: 15716.02 },
        { x: 4, value: 24385.18 },
      ],
    },
  ],
};
