import { describe, expect, it } from 'vitest';
import type { RunRef } from '../view/model.ts';
import {
  binLabel,
  histogramBins,
  histogramChart,
  histogramPercentile,
  histogramSummary,
  histogramTable,
} from './histogram-chart.ts';
import { repoFile, sysbenchHistogram, testDocument } from './output-test-data.ts';

// sysbench 1.0.20 fileio rndrd O_DIRECT with --histogram at 1 and 4 threads (__fixtures__, see
// its README). The 1-thread histogram starts "0.042 | 4", "0.043 | 67", "0.044 | 597",
// "0.045 | 2241" and holds "total number of events: 33837"; 4 threads: 49741 events.
const RUNS: RunRef[] = [
  { id: 'threads-1', label: '1 thread' },
  { id: 'threads-4', label: '4 threads' },
];
const data = sysbenchHistogram(
  'sysbench-rndrd-latency',
  'fileio rndrd O_DIRECT · latency',
  repoFile('packages/site/src/charts/__fixtures__/sysbench-1.0.20--fileio-rndrd-direct-histogram.txt'),
  RUNS.map((run) => run.id),
);
const SIZE = { width: 640, height: 300 };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('histogram bins', () => {
  it('merges sysbench buckets into ten bins per decade without losing events', () => {
    const bins = histogramBins(data);
    expect(sum(bins.map((bin) => bin.counts['threads-1'] ?? 0))).toBe(33837);
    expect(sum(bins.map((bin) => bin.counts['threads-4'] ?? 0))).toBe(49741);
    // 0.042 ms = 42 µs: log10(42000) × 10 = 46.2, bin 46 = [39.8 µs, 50.1 µs).
    expect(bins[0]?.index).toBe(46);
    expect(bins[0]?.lowNs).toBeCloseTo(10 ** 4.6, 6);
    expect(bins[0]?.highNs).toBeCloseTo(10 ** 4.7, 6);
    // The 4-thread run's slowest bucket, "40.370 | 2" ms, is in bin 76: 39.8–50.1 ms.
    expect(bins.at(-1)?.index).toBe(76);
    expect(bins.at(-1)?.counts['threads-4']).toBe(2);
    // Consecutive: a gap in latency stays a gap.
    expect(bins.map((bin) => bin.index)).toEqual(Array.from({ length: 31 }, (_, i) => 46 + i));
    expect(binLabel(bins[0] as (typeof bins)[number])).toBe('39.8–50.1 µs');
    expect(binLabel({ lowNs: 10 ** 5.9, highNs: 1e6 })).toBe('794 µs–1 ms');
  });

  it('reads percentiles off the histogram as sysbench does', () => {
    const [one, four] = data.runs;
    // sysbench prints "95th percentile: 0.07" (1 thread) and "0.20" (4 threads) ms.
    expect(Number(((histogramPercentile(one?.bins ?? [], 95) ?? 0) / 1e6).toFixed(2))).toBe(0.07);
    expect(Number(((histogramPercentile(four?.bins ?? [], 95) ?? 0) / 1e6).toFixed(2))).toBe(0.2);
    expect(histogramPercentile([], 50)).toBeNull();
  });
});

describe('histogramChart', () => {
  it('draws a bar per run and bin with events, as tall as its share, on a log latency axis', () => {
    const svg = histogramChart(data, { ...SIZE, document: testDocument(), runOrder: RUNS });
    const bins = histogramBins(data);
    const bars = [...svg.querySelectorAll('rect.mark[data-run]')];
    expect(bars).toHaveLength(sum(bins.map((bin) => Object.keys(bin.counts).length)));

    const bar = (run: string, index: number) =>
      bars.find((b) => b.getAttribute('data-run') === run && b.getAttribute('data-bin') === String(index)) as Element;
    const first = bar('threads-1', 46);
    expect(first.getAttribute('data-value')).toBe(String(bins[0]?.counts['threads-1']));
    expect(first.getAttribute('class')).toBe('series-0 mark');
    // Heights are proportional to the decades between the log axis's floor (its lowest tick) and
    // the share of each run's own events.
    const shareOf = (b: Element) => Number(b.getAttribute('data-share'));
    const floor = Number.parseFloat(svg.querySelector('.axis.y .tick text')?.textContent ?? '');
    const decades = (b: Element) => Math.log10(shareOf(b) / floor);
    const a = bar('threads-1', 47);
    const b = bar('threads-4', 51);
    expect(Number(a.getAttribute('height')) / Number(b.getAttribute('height'))).toBeCloseTo(decades(a) / decades(b), 2);
    expect(shareOf(a)).toBeCloseTo((100 * (bins[1]?.counts['threads-1'] ?? 0)) / 33837, 3);

    // Log x: every bin is equally wide, a decade is ten bins.
    const x46 = Number(bar('threads-1', 46).getAttribute('x'));
    const x56 = Number(bar('threads-1', 56).getAttribute('x'));
    const x66 = Number(bar('threads-4', 66).getAttribute('x'));
    const barWidth = Number(first.getAttribute('width'));
    expect(x66 - barWidth - x56).toBeCloseTo(x56 - x46, 0);

    const ticks = [...svg.querySelectorAll('.axis.x .tick text')].map((text) => text.textContent);
    expect(ticks).toEqual(['100 µs', '1 ms', '10 ms']);
    expect(first.querySelector('title')?.textContent).toMatch(
      /^1 thread · 39\.8–50\.1 µs: \d+ events \(\d+(\.\d+)?%\)$/,
    );
  });

  it('draws counts when asked', () => {
    const svg = histogramChart(data, { ...SIZE, document: testDocument(), measure: 'count', runOrder: RUNS });
    expect(svg.getAttribute('data-measure')).toBe('count');
    expect(svg.querySelector('.axis-title:last-of-type')?.textContent).toBe('Events per bin');
  });

  it('matches its SVG snapshot', async () => {
    const svg = histogramChart(data, { ...SIZE, document: testDocument(), runOrder: RUNS });
    await expect(svg.outerHTML).toMatchFileSnapshot('./__snapshots__/histogram-chart.sysbench-rndrd.svg');
  });

  it('says so when there is no histogram', () => {
    const svg = histogramChart({ key: 'k', title: 't', runs: [] }, { ...SIZE, document: testDocument() });
    expect(svg.querySelector('text.empty')?.textContent).toBe('No latency histogram in these runs.');
  });
});

describe('histogram text', () => {
  it('summarizes each run by its median and p99', () => {
    // Cumulative counts of the fixture reach half the events at 0.052 ms (1 thread) and 0.136 ms
    // (4 threads), 99 % at 0.097 ms and 0.301 ms.
    expect(histogramSummary(data, { runOrder: RUNS })).toBe(
      'fileio rndrd O_DIRECT · latency, from the histogram: 1 thread median 52 µs, p99 97 µs (33837 events); ' +
        '4 threads median 136 µs, p99 301 µs (49741 events).',
    );
  });

  it('tables the bins that hold events', () => {
    const table = histogramTable(data, { runOrder: RUNS });
    expect(table.columns).toEqual(['Latency', '1 thread', '4 threads']);
    expect(table.rows[0]?.label).toBe('39.8–50.1 µs');
    expect(table.rows[0]?.cells[1]).toBe('0 (0%)');
    const counted = table.rows.map((row) => Number(row.cells[0]?.split(' ')[0]));
    expect(sum(counted)).toBe(33837);
  });
});

describe('histogram percentiles and tail', () => {
  const svg = histogramChart(data, { ...SIZE, document: testDocument(), runOrder: RUNS });

  it('marks each run’s p50, p99 and p99.9 where its histogram puts them', () => {
    for (const run of data.runs) {
      const rules = [...svg.querySelectorAll(`.percentile-rule[data-run="${run.run}"]`)];
      expect(
        rules.map((rule) => [Number(rule.getAttribute('data-p')), Number(rule.getAttribute('data-value'))]),
      ).toEqual([50, 99, 99.9].map((p) => [p, histogramPercentile(run.bins, p)]));
    }
  });

  it('draws shares on a log scale, so a bin of a few events in 33837 has a bar of some height', () => {
    const bars = [...svg.querySelectorAll('rect.mark[data-run="threads-1"]')];
    const smallest = bars.reduce((low, bar) =>
      Number(bar.getAttribute('data-share')) < Number(low.getAttribute('data-share')) ? bar : low,
    );
    expect(Number(smallest.getAttribute('data-share'))).toBeLessThan(0.05);
    expect(Number(smallest.getAttribute('height'))).toBeGreaterThan(2);
  });
});
