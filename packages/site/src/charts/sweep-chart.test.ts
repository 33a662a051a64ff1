import { parse } from '@benchfolio/parsers';
import { describe, expect, test } from 'vitest';
import { formatValue } from '../lib/format-value.ts';
import { intervalSeries } from '../tools/sysbench/intervals.ts';
import { sysbenchMeasuredRuns } from '../tools/sysbench/measured.ts';
import type { SweepSeries } from '../view/model.ts';
import {
  GOVERNOR_IOPS_BY_BLOCK_SIZE,
  GOVERNOR_RUNS,
  SYSBENCH_FILEIO_BY_THREADS,
  testDocument,
} from './chart-test-data.ts';
import { corpusFile } from './output-test-data.ts';
import { sweepChart, sweepXScale } from './sweep-chart.ts';
import { formatSweepX, sweepRuns, sweepSummary, sweepTableRows } from './sweep-summary.ts';

// Real data, see chart-test-data.ts:
// - sysbench 1.0.20 fileio O_DIRECT at 1, 2, 4 threads (the parsers' fixture), rndrd reads/s
//   14509.9 / 22921.77 / 28328.57 and rndwr writes/s 10174.44 / 15716.02 / 24385.18;
// - fio write IOPS at 32 threads against block size 4096 / 8192 / 16384 B, four hosts
//   (content/results/2020-fio-random-write-cpu-governor/measurements.csv).
const document = testDocument();
const size = { width: 560, height: 320 };
const sysbench = sweepChart(SYSBENCH_FILEIO_BY_THREADS, { ...size, document });
const governor = sweepChart(GOVERNOR_IOPS_BY_BLOCK_SIZE, { ...size, document, runs: GOVERNOR_RUNS });

function points(svg: SVGSVGElement) {
  return [...svg.querySelectorAll('circle.point')].map((circle) => ({
    run: circle.getAttribute('data-run') ?? '',
    x: Number(circle.getAttribute('data-x')),
    value: Number(circle.getAttribute('data-value')),
    cx: Number(circle.getAttribute('cx')),
    cy: Number(circle.getAttribute('cy')),
    className: circle.getAttribute('class') ?? '',
    title: circle.querySelector('title')?.textContent ?? '',
  }));
}

function tickPosition(svg: SVGSVGElement, axis: 'x' | 'y', text: string): number {
  const selector = axis === 'x' ? '.axis-x-ticks .tick' : '.axis-y .tick';
  const tick = [...svg.querySelectorAll(selector)].find((t) => t.querySelector('text')?.textContent === text);
  const match = tick?.getAttribute('transform')?.match(/translate\(([-\d.]+),([-\d.]+)\)/);
  if (!match) throw new Error(`no ${axis} tick ${text}`);
  return Number(axis === 'x' ? match[1] : match[2]);
}

function pretty(svg: SVGSVGElement): string {
  return `${svg.outerHTML.replaceAll('><', '>\n<')}\n`;
}

describe('sweepChart(data, options)', () => {
  test('draws one line per run and one point per measured x', () => {
    expect(sysbench.querySelectorAll('path.line')).toHaveLength(2);
    expect(points(sysbench)).toHaveLength(6);
    expect(governor.querySelectorAll('path.line')).toHaveLength(4);
    expect(points(governor)).toHaveLength(12);
  });

  test('uses a log2 x axis for powers of two: doublings at equal distances', () => {
    expect(sysbench.getAttribute('data-x-scale')).toBe('log2');
    const one = tickPosition(sysbench, 'x', '1');
    const two = tickPosition(sysbench, 'x', '2');
    const four = tickPosition(sysbench, 'x', '4');
    expect(four - two).toBeCloseTo(two - one, 1);
    expect(governor.getAttribute('data-x-scale')).toBe('log2');
    expect([...governor.querySelectorAll('.axis-x-ticks .tick text')].map((t) => t.textContent)).toEqual([
      '4096',
      '8192',
      '16384',
    ]);
  });

  test('uses a linear x axis otherwise', () => {
    // The fixture's thread counts as 1, 2 and 3 would not be doublings; 3 is not a power of two.
    const linear: SweepSeries = {
      ...SYSBENCH_FILEIO_BY_THREADS,
      runs: SYSBENCH_FILEIO_BY_THREADS.runs.map((run) => ({
        ...run,
        points: run.points.map((p) => ({ ...p, x: p.x === 4 ? 3 : p.x })),
      })),
    };
    expect(sweepXScale(linear)).toBe('linear');
    const svg = sweepChart(linear, { ...size, document });
    const [one, two, three] = ['1', '2', '3'].map((t) => tickPosition(svg, 'x', t));
    expect((three ?? 0) - (two ?? 0)).toBeCloseTo((two ?? 0) - (one ?? 0), 1);
  });

  test('places points on the value scale from zero', () => {
    const zero = tickPosition(sysbench, 'y', '0');
    const all = points(sysbench);
    const top = all.find((p) => p.run === 'rndrd' && p.x === 4);
    const pxPerOp = (zero - (top?.cy ?? 0)) / 28328.57;
    for (const p of all) expect(zero - p.cy).toBeCloseTo(p.value * pxPerOp, 1);
    expect(zero - tickPosition(sysbench, 'y', '10 k op/s')).toBeCloseTo(10000 * pxPerOp, 1);
  });

  test('puts points at their tick on the x axis', () => {
    for (const p of points(governor)) expect(p.cx).toBeCloseTo(tickPosition(governor, 'x', String(p.x)), 1);
  });

  test('runs each line through its points in x order', () => {
    const path = sysbench.querySelector('path.line[data-run="rndwr"]')?.getAttribute('d') ?? '';
    const coordinates = [...path.matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const rndwr = points(sysbench)
      .filter((p) => p.run === 'rndwr')
      .map((p) => [p.cx, p.cy]);
    expect(coordinates).toEqual(rndwr);
  });

  test('colours runs by their place in the experiment and labels them', () => {
    expect(points(governor).find((p) => p.run === 'host3-powersave')?.className).toBe('series-3 mark point');
    expect([...governor.querySelectorAll('.legend-item')].map((i) => i.textContent)).toEqual([
      'Host1',
      'Host2, ondemand',
      'Host2, performance',
      'Host3',
    ]);
    const title = points(governor).find((p) => p.run === 'host2-ondemand' && p.x === 8192)?.title;
    expect(title).toBe('Host2, ondemand · block size (B) 8192: 55 k op/s');
    expect(points(sysbench).find((p) => p.run === 'rndrd' && p.x === 1)?.title).toBe('rndrd · 1 thread: 14.5 k op/s');
  });

  test('is an image named by its title and summary, with no NaN', () => {
    expect(sysbench.getAttribute('role')).toBe('img');
    expect(sysbench.getAttribute('aria-label')).toBe(
      'File operations per second, line chart. At 4 threads, rndrd is highest (28.3 k op/s). One run each, not tested for noise. ' +
        'From 1 to 4 threads: rndrd +95 %; rndwr 2.4×.',
    );
    expect(sysbench.outerHTML).not.toMatch(/NaN|Infinity/);
    expect(governor.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('draws a single x value without failing', () => {
    const single: SweepSeries = {
      ...SYSBENCH_FILEIO_BY_THREADS,
      runs: SYSBENCH_FILEIO_BY_THREADS.runs.map((run) => ({ ...run, points: run.points.slice(0, 1) })),
    };
    const svg = sweepChart(single, { ...size, document });
    expect(svg.getAttribute('data-x-scale')).toBe('linear');
    expect(points(svg)).toHaveLength(2);
    expect(svg.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('matches its SVG snapshots', async () => {
    await expect(pretty(sysbench)).toMatchFileSnapshot('__snapshots__/sweep-chart-sysbench-threads.svg');
    await expect(pretty(governor)).toMatchFileSnapshot('__snapshots__/sweep-chart-governor-block-size.svg');
  });
});

describe('sweep text', () => {
  test('summary: the leader at the largest x, the change across the sweep, and peaks', () => {
    expect(sweepSummary(GOVERNOR_IOPS_BY_BLOCK_SIZE, GOVERNOR_RUNS)).toBe(
      'At block size (B) 16384, Host1 is highest (59 k op/s). One run each, not tested for noise. ' +
        'From block size (B) 4096 to 16384: Host1 \u221263 %; Host2, ondemand +49 %; Host2, performance \u221270 %; Host3 \u221274 %. ' +
        'Host2, ondemand peaks at block size (B) 8192 (55 k op/s).',
    );
  });

  test('table rows: by x, runs in declared order', () => {
    const rows = sweepTableRows(GOVERNOR_IOPS_BY_BLOCK_SIZE, GOVERNOR_RUNS);
    expect(rows).toHaveLength(12);
    expect(rows.slice(0, 4).map((r) => [r.xText, r.run, r.valueText])).toEqual([
      ['block size (B) 4096', 'Host1', '160 k op/s'],
      ['block size (B) 4096', 'Host2, ondemand', '34.3 k op/s'],
      ['block size (B) 4096', 'Host2, performance', '178 k op/s'],
      ['block size (B) 4096', 'Host3', '142 k op/s'],
    ]);
    expect(rows[4]).toMatchObject({ x: 8192, runId: 'host1-performance', value: 124112 });
  });

  test('x reads as threads when the sweep is over threads', () => {
    expect(formatSweepX(1, 'threads')).toBe('1 thread');
    expect(formatSweepX(32, 'threads')).toBe('32 threads');
    expect(formatSweepX(8192, 'block size (B)')).toBe('block size (B) 8192');
  });

  test('runs missing from the declared list follow it, labelled by id', () => {
    expect(sweepRuns(SYSBENCH_FILEIO_BY_THREADS, [{ id: 'rndwr', label: 'random writes' }])).toEqual([
      { id: 'rndwr', label: 'random writes', index: 0, className: 'series-0' },
      { id: 'rndrd', label: 'rndrd', index: 1, className: 'series-1' },
    ]);
  });
});

describe('a figure over time (sysbench --report-interval)', () => {
  // PerfKitBenchmarker's sysbench 0.5 oltp sample: 1200 s reported every 2 s, 600 lines such as
  // "[   2s] threads: 2, tps: 144.13, reads: 2030.88, …". PKB's own log of that run gives
  // "tps average=151.847133" (packages/parsers/fixtures/corpus/MANIFEST.md).
  const text = corpusFile('sysbench/pkb__v0.5-oltp-mysql-report-interval-2s.txt');
  const run = sysbenchMeasuredRuns(parse(text).measurements).find((candidate) => candidate.intervals.length > 0);
  if (run === undefined) throw new Error('no interval lines parsed');
  const pkb = { id: 'pkb', label: 'PKB sample' };
  const sample = {
    run: pkb.id,
    mode: run.labels.mode ?? null,
    threads: Number(run.labels.threads),
    intervals: run.intervals,
  };
  const [tps] = intervalSeries('oltp', [sample], [pkb], false);
  if (tps === undefined) throw new Error('no tps over time');
  const tpsOfText = [...text.matchAll(/^\[\s*\d+s\] threads: 2, tps: ([\d.]+),/gm)].map((match) => Number(match[1]));

  test('holds every interval of the text, x in seconds since the start', () => {
    expect(tps.xLabel).toBe('seconds');
    expect(tpsOfText).toHaveLength(600);
    expect(tps.runs[0]?.points.map((point) => point.value)).toEqual(tpsOfText);
    expect(tps.runs[0]?.points[0]).toEqual({ x: 2, value: 144.13 });
    expect(tps.runs[0]?.points.at(-1)?.x).toBe(1200);
  });

  test('is drawn on a linear time axis, as a line without a mark per point', () => {
    const svg = sweepChart(tps, { ...size, document, runs: [pkb] });
    expect(svg.getAttribute('data-x-scale')).toBe('linear');
    expect(svg.querySelectorAll('path.line')).toHaveLength(1);
    expect(svg.querySelectorAll('circle.point')).toHaveLength(0);
    expect([...svg.querySelectorAll('.axis-caption')].map((node) => node.textContent)).toContain(
      'seconds since the start of the run',
    );
  });

  test('is summarized by each run’s mean and range over the intervals', () => {
    const mean = tpsOfText.reduce((sum, value) => sum + value, 0) / tpsOfText.length;
    expect(mean).toBeCloseTo(151.847133, 6);
    const range = `${formatValue(Math.min(...tpsOfText), 'op/s')} to ${formatValue(Math.max(...tpsOfText), 'op/s')}`;
    expect(sweepSummary(tps, [pkb])).toBe(
      `Over 1200 s, per interval: PKB sample mean ${formatValue(mean, 'op/s')} (${range}).`,
    );
    expect(formatSweepX(14, 'seconds')).toBe('14 s');
    expect(sweepTableRows(tps, [pkb])[6]).toMatchObject({ xText: '14 s', value: 151.53 });
  });

  test('a short run keeps a mark per interval, titled with its time', () => {
    const short = { ...tps, runs: [{ run: pkb.id, points: tps.runs[0]?.points.slice(0, 5) ?? [] }] };
    const svg = sweepChart(short, { ...size, document, runs: [pkb] });
    const marks = points(svg);
    expect(marks).toHaveLength(5);
    expect(marks[0]?.title).toBe(`PKB sample · 2 s: ${formatValue(144.13, 'op/s')}`);
  });
});

describe('a sweep with its spread', () => {
  // content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/sysbench--fileio-rndrd-t<N>-<repeat>.txt:
  // reads/s 12113.49 and 5107.74 at 1 thread, 21968.57 and 12859.83 at 4, 31538.99 and 25976.29 at 16.
  const repeats: Array<[number, number, number]> = [
    [1, 12113.49, 5107.74],
    [4, 21968.57, 12859.83],
    [16, 31538.99, 25976.29],
  ];
  const data: SweepSeries = {
    key: 'sysbench-fileio-sweep-rndrd-read',
    title: 'rndrd · Reads per second against threads',
    xLabel: 'threads',
    unit: 'op/s',
    betterIs: 'higher',
    spread: 'min-max',
    runs: [
      {
        run: 'ext4',
        points: repeats.map(([x, a, b]) => ({
          x,
          value: (a + b) / 2,
          low: Math.min(a, b),
          high: Math.max(a, b),
          n: 2,
        })),
      },
    ],
  };
  const svg = sweepChart(data, { ...size, document, runs: [{ id: 'ext4', label: 'ext4' }] });

  test('draws a whisker from the lower to the higher repeat at each thread count, and a band through them', () => {
    const whiskers = [...svg.querySelectorAll('.sweep-whisker')].map((path) => [
      Number(path.getAttribute('data-x')),
      Number(path.getAttribute('data-low')),
      Number(path.getAttribute('data-high')),
    ]);
    expect(whiskers).toEqual([
      [1, 5107.74, 12113.49],
      [4, 12859.83, 21968.57],
      [16, 25976.29, 31538.99],
    ]);
    expect(svg.querySelectorAll('.sweep-band')).toHaveLength(1);
  });

  test('says what the spread is on the chart, in the summary and in the table', () => {
    expect(svg.querySelector('.axis-caption')?.textContent).toBe('higher is better · spread: min–max of 2 repeats');
    expect(sweepSummary(data)).toContain('Spread: min–max of 2 repeats.');
    const first = sweepTableRows(data)[0];
    expect(first?.valueText).toBe(
      `${formatValue(8610.615, 'op/s')} (min–max ${formatValue(5107.74, 'op/s')} to ${formatValue(12113.49, 'op/s')}, n = 2)`,
    );
  });

  test('keeps every whisker inside the plot: the value axis reaches the highest repeat', () => {
    const ys = [...svg.querySelectorAll('.sweep-whisker')].flatMap((path) =>
      [...(path.getAttribute('d') ?? '').matchAll(/V(-?[\d.]+)/g)].map((match) => Number(match[1])),
    );
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
  });

  test('says two runs are not apart where their spreads overlap at the last thread count', () => {
    const two: SweepSeries = {
      ...data,
      runs: [
        ...data.runs,
        // The same repeats under a second name: identical ranges overlap.
        { run: 'ext4-again', points: data.runs[0]?.points ?? [] },
      ],
    };
    expect(sweepSummary(two)).toContain('Its spread overlaps that of ext4-again: no clear lead.');
  });
});
