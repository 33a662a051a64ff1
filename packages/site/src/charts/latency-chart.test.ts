import { describe, expect, it } from 'vitest';
import type { RunRef } from '../view/model.ts';
import { defaultLatencyView, latencyBuckets, latencyChart, latencySummary, latencyTable } from './latency-chart.ts';
import { bucketLabel, latencyTicks, nines, percentileLabel, shareScale, shareTicks } from './latency-scales.ts';
import { fioLatency, repoFile, testDocument } from './output-test-data.ts';

// The seeds' fio 1.57 outputs (content/results/2011-07-ext3-ext4-xfs-fio-msa70): buckets, no
// percentiles. fio 1.57 prints for ext4 "lat (usec): 100=2.54%, 250=92.13%, 500=4.76%, ..." and
// "lat (msec): ... 2000=0.01%, >=2000=0.01%".
const MSA70: RunRef[] = [
  { id: 'ext3', label: 'ext3' },
  { id: 'ext4', label: 'ext4' },
  { id: 'xfs', label: 'xfs' },
];
const msa70 = fioLatency(
  'fio-random-write-direct-write',
  'random-write-direct · write completion latency',
  MSA70.map(({ id }) => ({
    run: id,
    text: repoFile(`content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/${id}/fio--${id}.txt`),
    job: 'random-write-direct',
    direction: 'write' as const,
  })),
);

// fio 3.33 fixtures (packages/parsers/fixtures/fio): the same 4k randrw job with --direct=1 and
// buffered, first job's reads. Both have percentiles and buckets (json+).
const RANDRW: RunRef[] = [
  { id: 'direct', label: 'O_DIRECT' },
  { id: 'buffered', label: 'buffered' },
];
const randrw = fioLatency('fio-randrw-read', 'randrw 4k · read completion latency', [
  {
    run: 'direct',
    text: repoFile('packages/parsers/fixtures/fio/fio-3.33--randrw-2jobs-direct.jsonplus.json'),
    job: 'randrw',
    direction: 'read',
  },
  {
    run: 'buffered',
    text: repoFile('packages/parsers/fixtures/fio/fio-3.33--randrw-2jobs.terse5-jsonplus.txt'),
    job: 'mixed',
    direction: 'read',
  },
]);

const SIZE = { width: 640, height: 320 };

function numberAttribute(element: Element, name: string): number {
  return Number(element.getAttribute(name));
}

describe('latency scales', () => {
  it('counts nines: p90 is one, p99 two, p99.9 three', () => {
    expect(nines(90)).toBeCloseTo(1, 9);
    expect(nines(99)).toBeCloseTo(2, 9);
    expect(nines(99.9)).toBeCloseTo(3, 9);
    expect(nines(99.99)).toBeCloseTo(4, 9);
    expect(nines(50)).toBeCloseTo(Math.log10(2), 9);
  });

  it('names buckets as fio means them: below the bound, the last one at least it', () => {
    expect(bucketLabel({ upToNs: 250_000 })).toBe('<250 µs');
    expect(bucketLabel({ upToNs: 2e9, isAtLeast: true })).toBe('≥2 s');
    expect(percentileLabel(99.9)).toBe('p99.9');
    expect(percentileLabel(50)).toBe('p50');
  });

  it('ticks a log latency axis at powers of ten', () => {
    expect(latencyTicks([1e3, 2e3, 5e3, 1e4, 2e4, 1e5])).toEqual([1e3, 1e4, 1e5]);
    expect(latencyTicks([2e3, 3e3, 4e3, 5e3])).toEqual([2e3, 5e3]);
  });
});

describe('latency buckets of the seeds (fio 1.57)', () => {
  it('maps fio buckets to ns bounds, the last one open', () => {
    const ext4 = msa70.runs[1];
    expect(ext4?.buckets.find((b) => b.upToNs === 250_000)?.percent).toBe(92.13);
    expect(ext4?.buckets.at(-1)).toEqual({ upToNs: 2e9, percent: 0.01, isAtLeast: true });
    expect(ext4?.percentiles).toEqual([]);
    expect(defaultLatencyView(msa70)).toBe('buckets');
  });

  it('keeps the buckets from the first to the last one any run used', () => {
    // Every run starts at "100=" (ext3 12.22 %, ext4 2.54 %, xfs 0.06 %); only ext4 has ">=2000".
    const buckets = latencyBuckets(msa70);
    expect(buckets[0]?.label).toBe('<100 µs');
    expect(buckets.at(-1)?.label).toBe('≥2 s');
    // us: 100 250 500 750 1000; ms: 2 4 10 20 50 100 250 500 750 1000 2000 >=2000.
    expect(buckets).toHaveLength(17);
  });

  it('draws one bar per run and non-empty bucket, as tall as its share', () => {
    const document = testDocument();
    const svg = latencyChart(msa70, { ...SIZE, document, view: 'buckets', runOrder: MSA70 });
    const bars = [...svg.querySelectorAll('rect.mark[data-run]')];
    const nonEmpty = msa70.runs.reduce((sum, run) => sum + run.buckets.filter((b) => b.percent > 0).length, 0);
    expect(bars).toHaveLength(nonEmpty);
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain('share of IOs per latency bucket');

    // The y axis is a log scale of shares from its lowest tick: a bar's height is proportional to
    // the decades between that floor and its share.
    const floor = Number.parseFloat(svg.querySelector('.axis.y .tick text')?.textContent ?? '');
    const ext4 = bars.find(
      (bar) => bar.getAttribute('data-run') === 'ext4' && bar.getAttribute('data-bucket') === '250000',
    );
    const xfs = bars.find(
      (bar) => bar.getAttribute('data-run') === 'xfs' && bar.getAttribute('data-bucket') === '500000',
    );
    expect(ext4?.getAttribute('data-value')).toBe('92.13');
    expect(xfs?.getAttribute('data-value')).toBe('87.85');
    const ratio = numberAttribute(ext4 as Element, 'height') / numberAttribute(xfs as Element, 'height');
    expect(ratio).toBeCloseTo(Math.log10(92.13 / floor) / Math.log10(87.85 / floor), 2);
    // Bars stand on the same baseline.
    const base = (bar: Element) => numberAttribute(bar, 'y') + numberAttribute(bar, 'height');
    expect(base(ext4 as Element)).toBeCloseTo(base(xfs as Element), 1);

    // Colours follow the declared order; bars of one bucket sit left to right in that order.
    expect(ext4?.getAttribute('class')).toBe('series-1 mark');
    const in250 = bars.filter((bar) => bar.getAttribute('data-bucket') === '250000');
    expect(in250.map((bar) => bar.getAttribute('data-run'))).toEqual(['ext3', 'ext4', 'xfs']);
    const xs = in250.map((bar) => numberAttribute(bar, 'x'));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(ext4?.querySelector('title')?.textContent).toBe('ext4 · <250 µs: 92.1% of IOs');
  });

  it('labels the category axis with bucket names and the legend with run labels', () => {
    const svg = latencyChart(msa70, { ...SIZE, document: testDocument(), view: 'buckets', runOrder: MSA70 });
    const ticks = [...svg.querySelectorAll('.axis.x .tick text')].map((text) => text.textContent);
    expect(ticks).toEqual(latencyBuckets(msa70).map((bucket) => bucket.label));
    const legend = [...svg.querySelectorAll('.legend-item')].map((item) => [
      item.getAttribute('class'),
      item.textContent,
    ]);
    expect(legend).toEqual([
      ['legend-item series-0', 'ext3'],
      ['legend-item series-1', 'ext4'],
      ['legend-item series-2', 'xfs'],
    ]);
  });

  it('matches its SVG snapshot', async () => {
    const svg = latencyChart(msa70, { ...SIZE, document: testDocument(), view: 'buckets', runOrder: MSA70 });
    await expect(svg.outerHTML).toMatchFileSnapshot('./__snapshots__/latency-chart.msa70-buckets.svg');
  });

  it('says which bucket holds most IOs of each run, and tables every bucket', () => {
    expect(latencySummary(msa70, { runOrder: MSA70 })).toBe(
      'random-write-direct · write completion latency, the largest latency bucket of each run: ' +
        'ext3 80.2% <250 µs; ext4 92.1% <250 µs; xfs 87.8% <500 µs.',
    );
    const table = latencyTable(msa70, { runOrder: MSA70 });
    expect(table.columns).toEqual(['Latency', 'ext3', 'ext4', 'xfs']);
    expect(table.rows).toHaveLength(17);
    expect(table.rows[1]).toEqual({ label: '<250 µs', cells: ['80.2%', '92.1%', '4.55%'] });
    expect(table.rows.at(-1)).toEqual({ label: '≥2 s', cells: ['0%', '0.01%', '0%'] });
  });

  it('has no percentiles to draw, and says so', () => {
    const svg = latencyChart(msa70, { ...SIZE, document: testDocument(), view: 'percentiles' });
    expect(svg.querySelectorAll('.mark')).toHaveLength(0);
    expect(svg.querySelector('text.empty')?.textContent).toBe('No latency percentiles in these runs.');
  });
});

describe('latency percentiles (fio 3.33 json+)', () => {
  it('defaults to the percentiles when runs have them', () => {
    expect(defaultLatencyView(randrw)).toBe('percentiles');
  });

  it('draws a curve per run and a dot per percentile, on a nines axis and a log latency axis', () => {
    const svg = latencyChart(randrw, { ...SIZE, document: testDocument(), runOrder: RANDRW });
    expect(svg.getAttribute('data-view')).toBe('percentiles');
    const lines = [...svg.querySelectorAll('path.line')];
    expect(lines.map((line) => line.getAttribute('class'))).toEqual(['series-0 line', 'series-1 line']);
    const dots = [...svg.querySelectorAll('circle.mark')];
    // Both runs print 17 percentiles, p1 to p99.99.
    expect(dots).toHaveLength(34);

    const dot = (run: string, p: string) =>
      dots.find((d) => d.getAttribute('data-run') === run && d.getAttribute('data-p') === p) as Element;
    // direct: "50.00":51456, "99.00":166912, "99.99":33816576 ns (json+ clat_ns.percentile).
    const p50 = dot('direct', '50');
    const p99 = dot('direct', '99');
    const p9999 = dot('direct', '99.99');
    expect(p99.getAttribute('data-value')).toBe('166912');
    // Nines axis: p99 is two nines from 0, p99.99 four; x grows linearly with nines.
    const perNine = (numberAttribute(p9999, 'cx') - numberAttribute(p99, 'cx')) / 2;
    const x0 = numberAttribute(p99, 'cx') - 2 * perNine;
    expect(x0).toBeCloseTo(0, 1);
    expect(numberAttribute(p50, 'cx')).toBeCloseTo(x0 + Math.log10(2) * perNine, 1);
    // Log scale: the y distance is proportional to log(ratio of latencies).
    const dy1 = numberAttribute(p50, 'cy') - numberAttribute(p99, 'cy');
    const dy2 = numberAttribute(p99, 'cy') - numberAttribute(p9999, 'cy');
    expect(dy1 / dy2).toBeCloseTo(Math.log(166912 / 51456) / Math.log(33816576 / 166912), 2);
    expect(p99.querySelector('title')?.textContent).toBe('O_DIRECT · p99: 167 µs');

    const ticks = [...svg.querySelectorAll('.axis.x .tick text')].map((text) => text.textContent);
    expect(ticks).toEqual(['p50', 'p90', 'p99', 'p99.9', 'p99.99']);
    const yTicks = [...svg.querySelectorAll('.axis.y .tick text')].map((text) => text.textContent);
    // buffered p1 is 540 ns, direct p99.99 33.8 ms: the log domain is niced to 100 ns–100 ms.
    expect(yTicks).toEqual(['100 ns', '1 µs', '10 µs', '100 µs', '1 ms', '10 ms', '100 ms']);
  });

  it('matches its SVG snapshot', async () => {
    const svg = latencyChart(randrw, { ...SIZE, document: testDocument(), runOrder: RANDRW });
    await expect(svg.outerHTML).toMatchFileSnapshot('./__snapshots__/latency-chart.randrw-percentiles.svg');
    const buckets = latencyChart(randrw, { ...SIZE, document: testDocument(), view: 'buckets', runOrder: RANDRW });
    await expect(buckets.outerHTML).toMatchFileSnapshot('./__snapshots__/latency-chart.randrw-buckets.svg');
  });

  it('summarizes p50, p99 and p99.9 per run and names the lowest p99', () => {
    // buffered (terse5-jsonplus json+): "50.00":908, "99.00":129536, "99.90":423936.
    expect(latencySummary(randrw, { runOrder: RANDRW })).toBe(
      'randrw 4k · read completion latency: O_DIRECT p50 51.5 µs, p99 167 µs, p99.9 8.03 ms; ' +
        'buffered p50 908 ns, p99 130 µs, p99.9 424 µs. Lowest p99: buffered (one run each, not tested for noise).',
    );
    const table = latencyTable(randrw, { runOrder: RANDRW });
    expect(table.columns).toEqual(['Percentile', 'O_DIRECT', 'buffered']);
    expect(table.rows.find((row) => row.label === 'p99.99')).toEqual({ label: 'p99.99', cells: ['33.8 ms', '1.4 ms'] });
  });

  it('draws buffered reads from below 1 µs: the ns buckets count', () => {
    const labels = latencyBuckets(randrw).map((bucket) => bucket.label);
    // buffered: latency_ns "500":0.01 first; direct: latency_ms "50":0.032242 last.
    expect(labels[0]).toBe('<500 ns');
    expect(labels.at(-1)).toBe('<50 ms');
  });
});

describe('share scale of latency buckets', () => {
  it('runs from a decade under the smallest share to the largest, so 0.01 % of the IOs has height', () => {
    // fio prints its smallest bucket share as 0.01 %.
    const scale = shareScale([0.01, 79.3]);
    expect(scale.domain()).toEqual([0.001, 100]);
    expect(shareTicks(scale)).toEqual([0.001, 0.01, 0.1, 1, 10, 100]);
    expect(shareScale([0.2, 9.5]).domain()).toEqual([0.1, 10]);
  });
});
