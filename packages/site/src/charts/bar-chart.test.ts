import { describe, expect, test } from 'vitest';
import { formatValue } from '../lib/format-value.ts';
import type { MetricComparison } from '../view/model.ts';
import { barChart, barScaleFor, orderRuns } from './bar-chart.ts';
import { EC2_REQUEST_TIME, msa70Comparison, testDocument } from './chart-test-data.ts';
import { estimateTextWidth } from './label-fit.ts';

// Real data (chart-test-data.ts): fio 1.57 on the MSA70, parsed from the raw files, and the EC2
// nginx request times as published (mean ± stddev).
const document = testDocument();
const iops = msa70Comparison('write.iops', { title: 'Write IOPS', betterIs: 'higher' });

describe('barChart(data, options)', () => {
  const svg = barChart(iops, { width: 760, document });

  test('draws a bar per cell with its value, and prints the value at its end, never turned', () => {
    const bars = [...svg.querySelectorAll('rect.bar')];
    expect(bars).toHaveLength(iops.cells.length);
    const labels = [...svg.querySelectorAll('text.value-label')];
    for (const cell of iops.cells) {
      const bar = svg.querySelector(`rect.bar[data-run="${cell.run}"][data-group="${cell.group}"]`);
      expect(Number(bar?.getAttribute('data-value'))).toBe(cell.value);
      const label = labels.find(
        (l) => l.getAttribute('data-run') === cell.run && l.getAttribute('data-group') === cell.group,
      );
      expect(label?.textContent).toBe(formatValue(cell.value, 'op/s'));
      // At the bar's end: its x is past the bar's right edge.
      expect(Number(label?.getAttribute('x'))).toBeGreaterThan(
        Number(bar?.getAttribute('x')) + Number(bar?.getAttribute('width')),
      );
    }
    expect(svg.innerHTML).not.toMatch(/rotate\(/);
  });

  test('says the unit and which way is better on the chart', () => {
    expect(svg.querySelector('.axis-caption')?.textContent).toBe(
      'Write IOPS, operations per second · higher is better',
    );
    expect(svg.getAttribute('data-orientation')).toBe('horizontal');
  });

  test('prints the tool’s sd itself beside the mean and says what the whiskers are', () => {
    // m3.medium: 15.88136 s ± 9.29829 s.
    const chart = barChart(EC2_REQUEST_TIME, { width: 500, document });
    const label = chart.querySelector('text.value-label[data-run="m3-medium"]');
    expect(label?.textContent).toBe('15.9 s ± 9.3 s');
    // Said on the chart: an sd of single requests, as the post published it, without its N.
    expect(chart.querySelector('.spread-legend')?.textContent).toMatch(
      /^Whiskers: ± 1 sd of single requests as published \(N not published\)/,
    );
    expect(chart.querySelectorAll('g.spread')).toHaveLength(3);
  });

  test('with a baseline, prints every ratio in one notation: all times when any is beyond a factor of two', () => {
    const chart = barChart(iops, { width: 760, document, baseline: 'ext3' });
    const texts = [...chart.querySelectorAll('text.value-label')].map((t) => t.textContent ?? '');
    const readings = texts.filter((text) => text !== 'baseline');
    expect(readings.every((text) => text.endsWith('×'))).toBe(true);
    // ext4 random-write-direct: 7366 / 7118 (fio--ext4.txt, fio--ext3.txt).
    const bar = chart.querySelector('rect.bar[data-run="ext4"][data-group="random-write-direct"]');
    expect(Number(bar?.getAttribute('data-ratio'))).toBeCloseTo(7366 / 7118, 12);
    expect([...chart.querySelectorAll('.axis-values text')].every((t) => /×$|^0$/.test(t.textContent ?? ''))).toBe(
      true,
    );
  });

  test("sort 'value' puts the best first in each group", () => {
    const chart = barChart(iops, { width: 760, document, sort: 'value' });
    const runs = [...chart.querySelectorAll('rect.bar[data-group="sequential-write-buffered"]')].map((b) =>
      b.getAttribute('data-run'),
    );
    // xfs 96347, ext4 20460, ext3 2491.
    expect(runs).toEqual(['xfs', 'ext4', 'ext3']);
  });
});

describe('barChart against a baseline, on a log scale, with spreads', () => {
  const clat = msa70Comparison('write.clat.mean', {
    title: 'Mean completion latency',
    betterIs: 'lower',
    stddevMetric: 'write.clat.stddev',
  });

  test('leaves a group without a baseline value without bars, and says so', () => {
    const withoutExt3Buf: MetricComparison = {
      ...iops,
      cells: iops.cells.filter((c) => !(c.run === 'ext3' && c.group === 'random-write-buf')),
    };
    const partial = barChart(withoutExt3Buf, { width: 640, document, baseline: 'ext3' });
    expect(partial.querySelectorAll('rect.bar')).toHaveLength(9);
    expect(partial.querySelectorAll('rect.bar[data-group="random-write-buf"]')).toHaveLength(0);
    expect(partial.querySelector('text.no-data')?.textContent).toBe('no ext3 value');
    expect(partial.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('ignores a baseline that is not one of the runs', () => {
    const unknown = barChart(iops, { width: 640, document, baseline: 'btrfs' });
    expect(unknown.hasAttribute('data-baseline')).toBe(false);
    expect(unknown.querySelector('text.value-label[data-run="ext3"]')?.textContent).toBe('7.12 k op/s');
  });

  test('places bar ends by the logarithm of their values on a log scale, ticks at powers of ten', () => {
    const log = barChart(iops, { width: 760, document, scale: 'log' });
    expect(log.getAttribute('data-scale')).toBe('log');
    const end = (group: string, run: string) => {
      const rect = log.querySelector(`rect.bar[data-group="${group}"][data-run="${run}"]`);
      return Number(rect?.getAttribute('x')) + Number(rect?.getAttribute('width'));
    };
    const ticks = [...log.querySelectorAll('.axis-values text')].map((t) => t.textContent);
    expect(ticks).toEqual(['10 op/s', '100 op/s', '1 k op/s', '10 k op/s', '100 k op/s']);
    // 34 → 10494 op/s (sequential-write-direct, ext3 and ext4) against 5210 → 7366.
    const decades =
      (end('sequential-write-direct', 'ext4') - end('sequential-write-direct', 'ext3')) / Math.log10(10494 / 34);
    const other = (end('random-write-direct', 'ext4') - end('random-write-direct', 'xfs')) / Math.log10(7366 / 5210);
    expect(decades).toBeCloseTo(other, 1);
  });

  test('on a phone, keeps every other decade of a log axis so that no two labels overlap', () => {
    // The MSA70 IOPS span 34 to 96,300 op/s: five decades, whose labels overlap at 390 px.
    const narrow = barChart(iops, { width: 390, document, scale: 'log' });
    const labels = [...narrow.querySelectorAll('.axis-values text')];
    expect(labels.map((t) => t.textContent)).toEqual(['10 op/s', '1 k op/s', '100 k op/s']);
    const xs = labels.map((t) => Number(t.getAttribute('x')));
    const widths = labels.map((t) => estimateTextWidth(t.textContent ?? '', Number(t.getAttribute('font-size'))));
    for (let index = 1; index < xs.length; index++) {
      const gap = (xs[index] as number) - (xs[index - 1] as number);
      expect(gap).toBeGreaterThan(((widths[index] as number) + (widths[index - 1] as number)) / 2);
    }
  });

  test('falls back to linear, with a note on the chart, when a value is not positive', () => {
    // packages/parsers/fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt, 1
    // thread: reads/s is 0.00 in the seqwr test (line 92) and 5959.03 in rndrw (line 624).
    const reads: MetricComparison = {
      key: 'sysbench-reads',
      metric: 'reads/s',
      title: 'Reads per second',
      unit: 'op/s',
      betterIs: 'higher',
      groups: [{ key: '1', label: '1 thread' }],
      runs: [
        { id: 'seqwr', label: 'seqwr' },
        { id: 'rndrw', label: 'rndrw' },
      ],
      cells: [
        { group: '1', run: 'seqwr', value: 0 },
        { group: '1', run: 'rndrw', value: 5959.03 },
      ],
    };
    expect(barScaleFor(reads, { scale: 'log' }).scale).toBe('linear');
    const fallback = barChart(reads, { width: 640, document, scale: 'log' });
    expect(fallback.getAttribute('data-scale')).toBe('linear');
    expect(fallback.querySelector('.chart-note')?.textContent).toMatch(/log scale needs positive values/i);
    expect(fallback.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('clamps a whisker whose low end is below zero at the axis, without a cap there', () => {
    // fio's clat 645.32 ± 4647.69 µs (ext3, random-write-direct): no latency is negative.
    const chart = barChart(clat, { width: 760, document });
    const ticks = [...chart.querySelectorAll('.axis-values text')].map((t) => t.textContent ?? '');
    expect(ticks.some((t) => t.startsWith('-') || t.startsWith('\u2212'))).toBe(false);
    const whisker = chart.querySelector('g.spread[data-run="ext3"][data-group="random-write-direct"]');
    const [stem, ...caps] = [...(whisker?.querySelectorAll('line') ?? [])];
    const bar = chart.querySelector('rect.bar[data-run="ext3"][data-group="random-write-direct"]');
    expect(Number(stem?.getAttribute('x1'))).toBeCloseTo(Number(bar?.getAttribute('x')), 1);
    expect(caps).toHaveLength(1);
    // ext3's sequential-write-direct, 157500.69 ± 96237.55 µs, keeps both ends.
    const kept = chart.querySelector('g.spread[data-run="ext3"][data-group="sequential-write-direct"]');
    expect(kept?.querySelectorAll('line')).toHaveLength(3);
    expect(
      chart.querySelector('text.value-label[data-run="ext3"][data-group="random-write-direct"]')?.textContent,
    ).toBe('645 µs ± 4.65 ms');
  });

  test("orderRuns 'value' ranks lowest first for latency, and a run with no value last", () => {
    expect(orderRuns(EC2_REQUEST_TIME, 'all', 'value').map((r) => r.id)).toEqual([
      't2-medium',
      'm3-large',
      'm3-medium',
    ]);
    const partial: MetricComparison = {
      ...EC2_REQUEST_TIME,
      cells: EC2_REQUEST_TIME.cells.filter((c) => c.run !== 't2-medium'),
    };
    expect(orderRuns(partial, 'all', 'value').map((r) => r.id)).toEqual(['m3-large', 'm3-medium', 't2-medium']);
  });

  test('matches its SVG snapshots', async () => {
    const pretty = (svg: SVGSVGElement) => `${svg.outerHTML.replaceAll('><', '>\n<')}\n`;
    await expect(pretty(barChart(iops, { width: 760, document }))).toMatchFileSnapshot(
      '__snapshots__/bar-chart-msa70-write-iops.svg',
    );
    await expect(pretty(barChart(EC2_REQUEST_TIME, { width: 500, document }))).toMatchFileSnapshot(
      '__snapshots__/bar-chart-ec2-request-time.svg',
    );
  });
});
