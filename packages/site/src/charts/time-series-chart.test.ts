import { describe, expect, it } from 'vitest';
import type { DeviceSeries, RunRef } from '../view/model.ts';
import { corpusFile, iostatSeries, repoFile, testDocument } from './output-test-data.ts';
import {
  formatElapsed,
  nearestIndex,
  readout,
  seriesLines,
  timeExtent,
  timeSeriesChart,
  timeSeriesSummary,
  timeSeriesTable,
} from './time-series-chart.ts';

// Two real iostat logs as two runs: pbench's sysstat 10 log of a Fedora 20 host (corpus,
// `iostat -xmtN 3`, 21 reports; sda and fedora-root) and the parsers' sysstat 12.6.1 fixture
// (`iostat -x -t -k -p ALL 1`, 4 reports; vda). The since-boot first report is left out.
const RUNS: RunRef[] = [
  { id: 'fc20', label: 'Fedora 20 host' },
  { id: 'vm', label: 'VM' },
];
const fc20 = iostatSeries('fc20', corpusFile('iostat/pbench__sysstat10-fc20-iostat-xmtN-ampm.txt'), [
  'sda',
  'fedora-root',
]);
const vm = iostatSeries('vm', repoFile('packages/parsers/fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt'), [
  'vda',
]);
const series: DeviceSeries[] = [...fc20, ...vm];
const SIZE = { width: 640, height: 280 };

function pathPoints(d: string): Array<[number, number]> {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('the iostat series (test data)', () => {
  it('counts seconds from the first interval report', () => {
    // "02/25/2015 05:48:55 PM" is the first kept report, then every 3 s.
    expect(fc20[0]?.t).toEqual(Array.from({ length: 20 }, (_, i) => 3 * i));
    // sda %util after the since-boot report: "100.03", "92.33", "8.10".
    expect(fc20[0]?.values.util.slice(0, 3)).toEqual([100.03, 92.33, 8.1]);
    // sysstat 12.x has r_await and w_await, no await: a figure without values.
    expect(vm[0]?.values.await).toEqual([null, null, null]);
    expect(vm[0]?.values.util).toEqual([21.2, 26, 0]);
  });
});

describe('nearestIndex and readout', () => {
  const sda = fc20[0] as DeviceSeries;

  it('finds the sample nearest a time, by bisection', () => {
    expect(nearestIndex(sda, 0)).toBe(0);
    expect(nearestIndex(sda, 4.4)).toBe(1);
    expect(nearestIndex(sda, 4.6)).toBe(2);
    expect(nearestIndex(sda, -10)).toBe(0);
    expect(nearestIndex(sda, 1e6)).toBe(19);
    expect(nearestIndex({ t: [] }, 3)).toBe(-1);
  });

  it('reads every drawn series at that time, formatted in the figure unit', () => {
    const readings = readout(series, 'util', 3.2, { runOrder: RUNS });
    expect(readings.map((r) => [r.label, r.tSec, r.text])).toEqual([
      // fc20 at 3 s: sda "92.33", fedora-root "5.70"; the VM's nearest sample is its last, at 2 s ("0.00").
      ['Fedora 20 host · sda', 3, '92.3%'],
      ['Fedora 20 host · fedora-root', 3, '5.7%'],
      ['VM · vda', 2, '0%'],
    ]);
    expect(readout(series, 'await', 1, { runOrder: RUNS, runs: ['vm'] })).toEqual([
      { run: 'vm', device: 'vda', label: 'VM · vda', tSec: 1, value: null, text: 'no value' },
    ]);
    // fc20 sda at 0 s: "w/s 245.67", "wMB/s" as B/s, await "502.67" ms.
    const [first] = readout(series, 'await', 0, { runOrder: RUNS });
    expect(first?.text).toBe('503 ms');
  });
});

describe('timeSeriesChart', () => {
  it('draws one line per run and device, coloured by run and dashed by device', () => {
    const svg = timeSeriesChart(series, { ...SIZE, document: testDocument(), figure: 'util', runOrder: RUNS });
    const lines = [...svg.querySelectorAll('path.line')];
    expect(
      lines.map((line) => [
        line.getAttribute('data-run'),
        line.getAttribute('data-device'),
        line.getAttribute('class'),
      ]),
    ).toEqual([
      ['fc20', 'sda', 'series-0 line'],
      ['fc20', 'fedora-root', 'series-0 line device-1'],
      ['vm', 'vda', 'series-1 line'],
    ]);
    expect(svg.getAttribute('aria-label')).toBe('Utilization over time, per run and device');
    expect(svg.getAttribute('data-domain')).toBe('0,57');
    const legend = [...svg.querySelectorAll('.legend-item')].map((item) => item.textContent);
    expect(legend).toEqual(['Fedora 20 host · sda', 'Fedora 20 host · fedora-root', 'VM · vda']);
  });

  it('places samples on a seconds axis and a 0–100 % axis', () => {
    const svg = timeSeriesChart(series, { ...SIZE, document: testDocument(), figure: 'util', runOrder: RUNS });
    const [, , plotWidth, plotHeight] = (svg.getAttribute('data-plot') ?? '').split(',').map(Number);
    const sda = pathPoints(svg.querySelector('path[data-device="sda"]')?.getAttribute('d') ?? '');
    expect(sda).toHaveLength(20);
    // x: 57 s across the plot; y: 0 at the bottom, linear up to 110 % at the top.
    expect(sda[1]?.[0]).toBeCloseTo((3 / 57) * (plotWidth ?? 0), 1);
    expect(sda[0]?.[1]).toBeCloseTo((plotHeight ?? 0) * (1 - 100.03 / 110), 1);
    const ticks = [...svg.querySelectorAll('.axis.y .tick text')].map((text) => text.textContent);
    // 100.03 % is over 100: the domain is niced past it, to 110 %, ticked every 20 %.
    expect(ticks).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
  });

  it('leaves gaps where values are null', () => {
    // The VM's await column does not exist in sysstat 12: its line has no segment at all.
    const svg = timeSeriesChart(series, { ...SIZE, document: testDocument(), figure: 'await', runOrder: RUNS });
    expect(svg.querySelector('path[data-device="vda"]')?.getAttribute('d')).toBe('');
    // sda with reports 5 to 9 removed (nulled here, to test the gap): two pieces, two moves.
    const sda = structuredClone(fc20[0]) as DeviceSeries;
    for (let i = 5; i < 10; i++) sda.values.await[i] = null;
    const gapped = timeSeriesChart([sda], { ...SIZE, document: testDocument(), figure: 'await' });
    const d = gapped.querySelector('path.line')?.getAttribute('d') ?? '';
    expect(d.match(/M/g)).toHaveLength(2);
    expect(pathPoints(d)).toHaveLength(15);
  });

  it('zooms to a domain: only samples inside it, on an axis spanning it', () => {
    const svg = timeSeriesChart(series, {
      ...SIZE,
      document: testDocument(),
      figure: 'writesPerSec',
      domain: [9, 30],
      runOrder: RUNS,
    });
    expect(svg.getAttribute('data-domain')).toBe('9,30');
    const sda = pathPoints(svg.querySelector('path[data-device="sda"]')?.getAttribute('d') ?? '');
    // 9, 12, …, 30 s: eight reports.
    expect(sda).toHaveLength(8);
    expect(sda[0]?.[0]).toBe(0);
    const ticks = [...svg.querySelectorAll('.axis.x .tick text')].map((text) => text.textContent);
    expect(ticks[0]).toBe('10 s');
    // The VM's reports (0–2 s) are outside the window: its line is empty.
    expect(svg.querySelector('path[data-device="vda"]')?.getAttribute('d')).toBe('');
  });

  it('draws only the selected runs, keeping their colours', () => {
    const svg = timeSeriesChart(series, {
      ...SIZE,
      document: testDocument(),
      figure: 'util',
      runs: ['vm'],
      runOrder: RUNS,
    });
    const lines = [...svg.querySelectorAll('path.line')];
    expect(lines.map((line) => line.getAttribute('class'))).toEqual(['series-1 line']);
    expect(svg.getAttribute('data-domain')).toBe('0,2');
  });

  it('has a hover rule and a brush layer the size of the plot', () => {
    const svg = timeSeriesChart(series, { ...SIZE, document: testDocument(), figure: 'util', runOrder: RUNS });
    const [, , plotWidth, plotHeight] = (svg.getAttribute('data-plot') ?? '').split(',');
    const layer = svg.querySelector('g.brush-layer');
    expect(layer?.getAttribute('data-width')).toBe(plotWidth);
    expect(layer?.getAttribute('data-height')).toBe(plotHeight);
    expect(svg.querySelector('line.hover-rule')?.getAttribute('visibility')).toBe('hidden');
  });

  it('says so when no run is selected', () => {
    const svg = timeSeriesChart(series, { ...SIZE, document: testDocument(), figure: 'util', runs: [] });
    expect(svg.querySelector('text.empty')?.textContent).toBe('No device time series for the selected runs.');
  });

  it('matches its SVG snapshot', async () => {
    const document = testDocument();
    const util = timeSeriesChart(series, { ...SIZE, document, figure: 'util', runOrder: RUNS });
    await expect(util.outerHTML).toMatchFileSnapshot('./__snapshots__/time-series-chart.iostat-util.svg');
    const bytes = timeSeriesChart(fc20, { ...SIZE, document, figure: 'writeBytesPerSec', runOrder: RUNS });
    await expect(bytes.outerHTML).toMatchFileSnapshot('./__snapshots__/time-series-chart.fc20-write-bytes.svg');
  });
});

describe('time series text', () => {
  it('summarizes mean and peak per line', () => {
    const summary = timeSeriesSummary(fc20, { figure: 'util', runOrder: RUNS });
    // sda's peak is the first interval report, "100.03" at 0 s.
    expect(summary).toMatch(/^Utilization: Fedora 20 host · sda mean [\d.]+%, peak 100% at 0 s; /);
    const table = timeSeriesTable(series, { figure: 'util', runOrder: RUNS });
    expect(table.columns).toEqual(['Run · device', 'Samples', 'Mean', 'Peak', 'Peak at']);
    // VM vda: 21.2, 26, 0 → mean 15.7 %, peak 26 % at 1 s.
    expect(table.rows[2]).toEqual({ label: 'VM · vda', cells: ['3', '15.7%', '26%', '1 s'] });
    const sdaMean = (fc20[0]?.values.util ?? []).reduce<number>((sum, v) => sum + (v ?? 0), 0) / 20;
    expect(table.rows[0]?.cells[1]).toBe(`${Number(sdaMean.toPrecision(3))}%`);
  });

  it('formats elapsed time in seconds, then minutes', () => {
    expect(formatElapsed(45, 60)).toBe('45 s');
    expect(formatElapsed(90, 600)).toBe('1:30');
    expect(formatElapsed(45_005, 45_353)).toBe('12:30:05');
    expect(timeExtent([])).toEqual([0, 1]);
    expect(seriesLines(series, { runs: ['fc20'] })).toHaveLength(2);
  });
});
