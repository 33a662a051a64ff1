import { describe, expect, test } from 'vitest';
import type { MetricComparison } from '../view/model.ts';
import { barChart, barScaleFor, orderRuns } from './bar-chart.ts';
import { EC2_REQUEST_TIME, MSA70_JOBS, msa70Comparison, testDocument } from './chart-test-data.ts';
import { estimateTextWidth } from './label-fit.ts';

// Real data: fio 1.57 on the HP MSA70 (content/results/2011-07-ext3-ext4-xfs-fio-msa70), parsed
// from each run's raw file; ext3 / ext4 / xfs write IOPS per job:
//   random-write-direct        7118 /  7366 /  5210
//   random-write-buf          59112 / 83840 /  3484
//   sequential-write-direct      34 / 10494 /  6486
//   sequential-write-buffered  2491 / 20460 / 96347
const iops = msa70Comparison('write.iops', { title: 'Write IOPS', betterIs: 'higher' });
const clat = msa70Comparison('write.clat.mean', {
  title: 'Mean completion latency',
  betterIs: 'lower',
  stddevMetric: 'write.clat.stddev',
});
const size = { width: 640, height: 360 };
const document = testDocument();

function bars(svg: SVGSVGElement) {
  return [...svg.querySelectorAll<SVGRectElement>('rect.bar')].map((rect) => ({
    rect,
    run: rect.getAttribute('data-run') ?? '',
    group: rect.getAttribute('data-group') ?? '',
    value: Number(rect.getAttribute('data-value')),
    ratio: rect.hasAttribute('data-ratio') ? Number(rect.getAttribute('data-ratio')) : null,
    x: Number(rect.getAttribute('x')),
    y: Number(rect.getAttribute('y')),
    width: Number(rect.getAttribute('width')),
    height: Number(rect.getAttribute('height')),
    className: rect.getAttribute('class') ?? '',
    title: rect.querySelector('title')?.textContent ?? '',
  }));
}

function bar(svg: SVGSVGElement, group: string, run: string) {
  const found = bars(svg).find((b) => b.group === group && b.run === run);
  if (!found) throw new Error(`no bar ${group} ${run}`);
  return found;
}

function label(svg: SVGSVGElement, group: string, run: string): string {
  return svg.querySelector(`text.value-label[data-group="${group}"][data-run="${run}"]`)?.textContent ?? '';
}

/** The y of the tick labelled `text` on the value axis. */
function tickY(svg: SVGSVGElement, text: string): number {
  const tick = [...svg.querySelectorAll('.axis-y .tick')].find((t) => t.querySelector('text')?.textContent === text);
  const match = tick?.getAttribute('transform')?.match(/translate\(0,([-\d.]+)\)/);
  if (!match) throw new Error(`no tick ${text}`);
  return Number(match[1]);
}

/** For printing SVG snapshots one element per line, so a change reads as a diff. */
function pretty(svg: SVGSVGElement): string {
  return `${svg.outerHTML.replaceAll('><', '>\n<')}\n`;
}

describe('barChart(data, options), linear', () => {
  const svg = barChart(iops, { ...size, document });

  test('draws one bar per run and group, coloured by the run', () => {
    const all = bars(svg);
    expect(all).toHaveLength(12);
    for (const b of all) {
      const runIndex = iops.runs.findIndex((r) => r.id === b.run);
      expect(b.className.split(' ')).toEqual([`series-${runIndex}`, 'mark', 'bar']);
    }
    expect(bar(svg, 'random-write-direct', 'ext3').value).toBe(7118);
  });

  test('builds with the given document alone: this environment has no global one', () => {
    expect(typeof globalThis.document).toBe('undefined');
    expect(svg.ownerDocument).toBe(document);
  });

  test('is an image with an accessible name and says what scale it used', () => {
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe(
      'Write IOPS, bar chart. ext4 has the highest write IOPS in 3 of 4 groups (by 3–62 %); xfs in 1 (by 4.71×). One run each, not tested for noise.',
    );
    expect(svg.getAttribute('data-scale')).toBe('linear');
    expect(svg.getAttribute('viewBox')).toBe('0 0 640 360');
  });

  test('gives bars heights proportional to their values, from the zero tick', () => {
    const zero = tickY(svg, '0');
    const pxPerOp = bar(svg, 'sequential-write-buffered', 'xfs').height / 96347;
    for (const b of bars(svg)) {
      expect(b.y + b.height).toBeCloseTo(zero, 1);
      expect(b.height).toBeCloseTo(b.value * pxPerOp, 1);
    }
    // The 20 k op/s tick sits where a 20000 op/s bar would end.
    expect(zero - tickY(svg, '20 k op/s')).toBeCloseTo(20000 * pxPerOp, 1);
  });

  test('puts groups left to right in their order, runs in declared order within each', () => {
    const lefts = MSA70_JOBS.map((job) => iops.runs.map((run) => bar(svg, job, run.id).x));
    for (const row of lefts) expect([...row].sort((a, b) => a - b)).toEqual(row);
    for (let i = 1; i < lefts.length; i++) {
      expect(Math.min(...(lefts[i] ?? []))).toBeGreaterThan(Math.max(...(lefts[i - 1] ?? [])));
    }
    const widths = new Set(bars(svg).map((b) => b.width));
    expect(widths.size).toBe(1);
  });

  test('labels each bar with its value in readable units', () => {
    expect(label(svg, 'random-write-direct', 'ext3')).toBe('7.12 k op/s');
    expect(label(svg, 'sequential-write-direct', 'ext3')).toBe('34 op/s');
    expect(label(svg, 'sequential-write-buffered', 'xfs')).toBe('96.3 k op/s');
    expect(svg.querySelectorAll('text.value-label')).toHaveLength(12);
  });

  test('gives each bar a hover title with run, group and value', () => {
    expect(bar(svg, 'random-write-buf', 'ext4').title).toBe('ext4 · random-write-buf: 83.8 k op/s');
  });

  test('has a legend of the runs in their colours', () => {
    const items = [...svg.querySelectorAll('.legend-item')];
    expect(items.map((i) => i.textContent)).toEqual(['ext3', 'ext4', 'xfs']);
    expect(items.map((i) => i.getAttribute('class'))).toEqual([
      'legend-item series-0',
      'legend-item series-1',
      'legend-item series-2',
    ]);
  });

  test('wraps long group labels so neighbours never overlap', () => {
    const narrow = barChart(iops, { width: 420, height: 300, document });
    const labels = [...narrow.querySelectorAll<SVGTextElement>('text.group-label')];
    expect(labels).toHaveLength(4);
    const extents = labels.map((text) => {
      const centre = Number(text.getAttribute('x'));
      const half =
        Math.max(...[...text.querySelectorAll('tspan')].map((t) => estimateTextWidth(t.textContent ?? '', 12))) / 2;
      return [centre - half, centre + half] as const;
    });
    for (let i = 1; i < extents.length; i++) expect(extents[i]?.[0]).toBeGreaterThan(extents[i - 1]?.[1] ?? 0);
    // "sequential-write-buffered" breaks after its hyphens, and nothing is lost.
    const buffered = narrow.querySelector('text.group-label[data-group="sequential-write-buffered"]');
    const lines = [...(buffered?.querySelectorAll('tspan') ?? [])].map((t) => t.textContent);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('sequential-write-buffered');
  });

  test('never prints NaN or Infinity', () => {
    expect(svg.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('matches its SVG snapshot', async () => {
    await expect(pretty(svg)).toMatchFileSnapshot('__snapshots__/bar-chart-msa70-write-iops.svg');
  });
});

describe('barChart with a baseline', () => {
  const svg = barChart(iops, { ...size, document, baseline: 'ext3' });

  test('draws each bar as its ratio to the baseline bar of its group', () => {
    const all = bars(svg);
    expect(all).toHaveLength(12);
    // From the tallest bar, where rounding to a hundredth of a pixel matters least.
    const tallest = bar(svg, 'sequential-write-direct', 'ext4');
    const pxPerRatio = tallest.height / (10494 / 34);
    for (const b of all) {
      const ext3 = iops.cells.find((c) => c.group === b.group && c.run === 'ext3')?.value ?? Number.NaN;
      expect(b.ratio).toBeCloseTo(b.value / ext3, 12);
      expect(b.height).toBeCloseTo((b.ratio ?? 0) * pxPerRatio, 1);
    }
  });

  test('marks the baseline at 1× with a rule level with the baseline bars', () => {
    const rule = svg.querySelector('line.baseline-rule');
    const ext3 = bar(svg, 'random-write-buf', 'ext3');
    expect(Number(rule?.getAttribute('y1'))).toBeCloseTo(ext3.y, 1);
    expect(svg.getAttribute('data-baseline')).toBe('ext3');
    expect(svg.querySelector('.legend-item[data-run="ext3"]')?.textContent).toBe('ext3 (baseline)');
  });

  test('labels bars with the normalized reading and marks better and worse', () => {
    expect(label(svg, 'random-write-direct', 'ext3')).toBe('1×');
    expect(label(svg, 'random-write-direct', 'ext4')).toBe('+3 %');
    expect(label(svg, 'random-write-direct', 'xfs')).toBe('\u221227 %');
    expect(label(svg, 'sequential-write-direct', 'ext4')).toBe('309×');
    expect(label(svg, 'sequential-write-buffered', 'ext4')).toBe('8.21×');
    const xfs = svg.querySelector('text.value-label[data-group="random-write-direct"][data-run="xfs"]');
    expect(xfs?.getAttribute('class')).toBe('value-label change-worse');
    expect(svg.querySelector('.axis-caption')?.textContent).toBe('ratio to ext3 · higher is better');
    expect(bar(svg, 'random-write-direct', 'xfs').title).toBe(
      'xfs · random-write-direct: 5.21 k op/s · −27 % vs ext3 (worse)',
    );
  });

  test('leaves a group without a baseline value without bars, and says so', () => {
    const withoutExt3Buf: MetricComparison = {
      ...iops,
      cells: iops.cells.filter((c) => !(c.run === 'ext3' && c.group === 'random-write-buf')),
    };
    const partial = barChart(withoutExt3Buf, { ...size, document, baseline: 'ext3' });
    expect(bars(partial)).toHaveLength(9);
    expect(bars(partial).filter((b) => b.group === 'random-write-buf')).toHaveLength(0);
    expect(partial.querySelector('text.no-data')?.textContent).toBe('no ext3 value');
    expect(partial.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('ignores a baseline that is not one of the runs', () => {
    const unknown = barChart(iops, { ...size, document, baseline: 'btrfs' });
    expect(unknown.hasAttribute('data-baseline')).toBe(false);
    expect(label(unknown, 'random-write-direct', 'ext3')).toBe('7.12 k op/s');
  });

  test('matches its SVG snapshot', async () => {
    await expect(pretty(svg)).toMatchFileSnapshot('__snapshots__/bar-chart-msa70-write-iops-vs-ext3.svg');
  });
});

describe('barChart on a log scale', () => {
  const svg = barChart(iops, { ...size, document, scale: 'log' });

  test('places bar tops by the logarithm of their values', () => {
    expect(svg.getAttribute('data-scale')).toBe('log');
    const all = bars(svg);
    const bottom = Math.max(...all.map((b) => b.y + b.height));
    for (const b of all) expect(b.y + b.height).toBeCloseTo(bottom, 1);
    // Equal ratios, equal distances: 34 → 10494 op/s is log10(308.6) decades.
    const pxPerDecade = (tickY(svg, '100 op/s') - tickY(svg, '1 k op/s')) / 1;
    const low = bar(svg, 'sequential-write-direct', 'ext3');
    const high = bar(svg, 'sequential-write-direct', 'ext4');
    expect(low.y - high.y).toBeCloseTo(Math.log10(10494 / 34) * pxPerDecade, 0);
  });

  test('ticks at powers of ten', () => {
    const ticks = [...svg.querySelectorAll('.axis-y .tick text')].map((t) => t.textContent);
    expect(ticks).toEqual(['10 op/s', '100 op/s', '1 k op/s', '10 k op/s', '100 k op/s']);
  });

  test('falls back to linear, with a note, when a value is not positive', () => {
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
    const fallback = barChart(reads, { ...size, document, scale: 'log' });
    expect(fallback.getAttribute('data-scale')).toBe('linear');
    expect(fallback.querySelector('.chart-note')?.textContent).toMatch(/log scale needs positive values/i);
    expect(bar(fallback, '1', 'seqwr').height).toBe(0);
    expect(fallback.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  test('clamps a whisker whose low end is not positive at the bottom, without a cap there', () => {
    // fio's clat is 645.32 ± 4647.69 µs for ext3's random-write-direct: the low end is negative.
    const chart = barChart(clat, { ...size, document, scale: 'log' });
    expect(chart.getAttribute('data-scale')).toBe('log');
    const bottom = Math.max(...bars(chart).map((b) => b.y + b.height));
    const whiskers = [...chart.querySelectorAll('g.spread')];
    expect(whiskers).toHaveLength(12);
    // Only ext3's sequential-write-direct (157500.69 ± 96237.55 µs) has a standard deviation
    // below its mean; the other 11 low ends are negative.
    const clamped = clat.cells.filter((c) => (c.low ?? 0) <= 0);
    expect(clamped).toHaveLength(11);
    for (const cell of clat.cells) {
      const whisker = chart.querySelector(`g.spread[data-run="${cell.run}"][data-group="${cell.group}"]`);
      const [stem, ...caps] = [...(whisker?.querySelectorAll('line') ?? [])];
      if ((cell.low ?? 0) <= 0) {
        expect(Number(stem?.getAttribute('y1'))).toBeCloseTo(bottom, 1);
        expect(caps).toHaveLength(1);
      } else {
        expect(Number(stem?.getAttribute('y1'))).toBeLessThan(bottom);
        expect(caps).toHaveLength(2);
      }
    }
    expect(chart.outerHTML).not.toMatch(/NaN|Infinity/);
  });
});

describe('barChart spread and sorting', () => {
  // nginx request time mean ± stddev, as published (2014-ec2-m3-large-m3-medium-t2-medium-rails).
  const svg = barChart(EC2_REQUEST_TIME, { ...size, document });

  test('draws a whisker from mean − stddev to mean + stddev on the value scale', () => {
    const whiskers = [...svg.querySelectorAll('g.spread')];
    expect(whiskers).toHaveLength(3);
    const medium = bar(svg, 'all', 'm3-medium');
    const zero = medium.y + medium.height;
    const pxPerSecond = medium.height / 15.88136;
    const stem = svg.querySelector('g.spread[data-run="m3-medium"] line');
    expect(zero - Number(stem?.getAttribute('y1'))).toBeCloseTo((15.88136 - 9.29829) * pxPerSecond, 1);
    expect(zero - Number(stem?.getAttribute('y2'))).toBeCloseTo((15.88136 + 9.29829) * pxPerSecond, 1);
    expect(Number(stem?.getAttribute('x1'))).toBeCloseTo(medium.x + medium.width / 2, 1);
    expect(medium.title).toBe('m3.medium · all requests: 15.9 s (± 9.3 s, sd of single operations)');
  });

  test('keeps value labels above the whiskers', () => {
    const medium = svg.querySelector('text.value-label[data-run="m3-medium"]');
    const stem = svg.querySelector('g.spread[data-run="m3-medium"] line');
    expect(Number(medium?.getAttribute('y'))).toBeLessThan(Number(stem?.getAttribute('y2')));
  });

  test("sort 'value' ranks runs best first within each group: lowest first for latency", () => {
    expect(orderRuns(EC2_REQUEST_TIME, 'all', 'value').map((r) => r.id)).toEqual([
      't2-medium',
      'm3-large',
      'm3-medium',
    ]);
    const sorted = barChart(EC2_REQUEST_TIME, { ...size, document, sort: 'value' });
    const order = bars(sorted)
      .sort((a, b) => a.x - b.x)
      .map((b) => b.run);
    expect(order).toEqual(['t2-medium', 'm3-large', 'm3-medium']);
    // Colours stay with the runs.
    expect(bar(sorted, 'all', 't2-medium').className).toBe('series-2 mark bar');
    expect(sorted.getAttribute('data-sort')).toBe('value');
  });

  test("sort 'value' ranks highest first for a higher-is-better metric, groups unmoved", () => {
    const sorted = barChart(iops, { ...size, document, sort: 'value' });
    const byX = (group: string) =>
      bars(sorted)
        .filter((b) => b.group === group)
        .sort((a, b) => a.x - b.x)
        .map((b) => b.run);
    expect(byX('random-write-direct')).toEqual(['ext4', 'ext3', 'xfs']);
    expect(byX('sequential-write-buffered')).toEqual(['xfs', 'ext4', 'ext3']);
    const firstOf = (group: string) =>
      Math.min(
        ...bars(sorted)
          .filter((b) => b.group === group)
          .map((b) => b.x),
      );
    expect(firstOf('random-write-direct')).toBeLessThan(firstOf('sequential-write-buffered'));
  });

  test('puts a run with no value in a group last when sorting', () => {
    const partial: MetricComparison = {
      ...EC2_REQUEST_TIME,
      cells: EC2_REQUEST_TIME.cells.filter((c) => c.run !== 't2-medium'),
    };
    expect(orderRuns(partial, 'all', 'value').map((r) => r.id)).toEqual(['m3-large', 'm3-medium', 't2-medium']);
  });

  test('clamps whiskers below zero at zero on a linear axis, without a cap there', () => {
    // fio's clat 645.32 ± 4647.69 µs (ext3, random-write-direct): no latency is negative.
    const chart = barChart(clat, { ...size, document });
    const zero = tickY(chart, '0');
    const ticks = [...chart.querySelectorAll('.axis-y .tick text')].map((t) => t.textContent ?? '');
    expect(ticks.some((t) => t.startsWith('-') || t.startsWith('\u2212'))).toBe(false);
    const whisker = chart.querySelector('g.spread[data-run="ext3"][data-group="random-write-direct"]');
    const [stem, ...caps] = [...(whisker?.querySelectorAll('line') ?? [])];
    expect(Number(stem?.getAttribute('y1'))).toBeCloseTo(zero, 1);
    expect(caps).toHaveLength(1);
    // ext3's sequential-write-direct, 157500.69 ± 96237.55 µs, keeps both ends.
    const kept = chart.querySelector('g.spread[data-run="ext3"][data-group="sequential-write-direct"]');
    expect(kept?.querySelectorAll('line')).toHaveLength(3);
  });

  test('matches its SVG snapshot', async () => {
    await expect(pretty(svg)).toMatchFileSnapshot('__snapshots__/bar-chart-ec2-request-time.svg');
  });
});
