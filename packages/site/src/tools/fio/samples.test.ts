// fio's per-interval bandwidth and IOPS samples on the bars: read from the raw text of real fio
// runs, shown only where they describe the bar (one job, no repeats), never fed to the noise test.
import { readFileSync } from 'node:fs';
import { loadContent } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { barChart } from '../../charts/bar-chart.ts';
import { barTableRows, spreadKindText, spreadLegend } from '../../charts/bar-summary.ts';
import { testDocument } from '../../charts/chart-test-data.ts';
import { experimentView } from '../../data/experiment-view.ts';
import { fixtureExperiment, realExperiment, repoPath } from '../../data/test-content.ts';
import { barChartTable } from '../../figures/bar-table.ts';
import type { MetricComparison, ToolSection } from '../../view/model.ts';
import { noiseMethodText } from '../../view/noise.ts';

// Made by packages/site/e2e/fixtures/make-fio-samples.sh: fio 3.33, one job at a time.
const SAMPLES_DIR = repoPath('packages/site/e2e/fixtures/samples');
const SAMPLES_ID = '2026-11-fio-one-job-tmpfs-vs-var-tmp';
const HOWTO = 'packages/parsers/fixtures/corpus/fio/fio__howto-fio3-normal-job-example.txt';

const UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2 };

/** A job's `bw (UNIT/s): min=, max=, per=, avg=, stdev=, samples=` and `iops : ...` lines, in B/s and op/s. */
function printedSamples(text: string, job: string) {
  const block = text.slice(text.indexOf(`${job}: (groupid=`));
  const bw =
    /bw \(\s*(KiB|MiB)\/s\): min=\s*(\d+), max=\s*(\d+), per=[\d.]+%, avg=([\d.]+), stdev=([\d.]+), samples=\s*(\d+)/.exec(
      block,
    );
  const iops = /iops\s+: min=\s*(\d+), max=\s*(\d+), avg=([\d.]+), stdev=\s*([\d.]+), samples=\s*(\d+)/.exec(block);
  if (bw === null || iops === null) throw new Error(`no sample lines for ${job}`);
  const factor = UNITS[bw[1] as string] as number;
  const [min, max, mean, sd, count] = bw.slice(2).map(Number) as [number, number, number, number, number];
  const [iMin, iMax, iMean, iSd, iCount] = iops.slice(1).map(Number) as [number, number, number, number, number];
  return {
    bw: { min: min * factor, max: max * factor, mean: mean * factor, sd: sd * factor, count },
    iops: { min: iMin, max: iMax, mean: iMean, sd: iSd, count: iCount },
  };
}

function metric(section: ToolSection | undefined, key: string): MetricComparison {
  const found = section?.metrics.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no metric ${key}`);
  return found;
}

async function samplesView() {
  const { experiments } = await loadContent(SAMPLES_DIR);
  const loaded = experiments.find((experiment) => experiment.id === SAMPLES_ID);
  if (loaded === undefined) throw new Error('no fixture experiment');
  return experimentView(loaded);
}

describe('fio’s sample statistics on the bars of single one-job runs', () => {
  it('are the bw and iops lines fio printed, beside the bar’s BW=/IOPS=, not around it', async () => {
    const fio = (await samplesView()).sections.find((section) => section.key === 'fio');
    let checked = 0;
    for (const run of ['tmpfs', 'var-tmp']) {
      const text = readFileSync(`${SAMPLES_DIR}/${SAMPLES_ID}/runs/${run}/fio.txt`, 'utf8');
      for (const [job, direction] of [
        ['random-write', 'write'],
        ['random-read', 'read'],
      ] as const) {
        const printed = printedSamples(text, job);
        for (const what of ['bw', 'iops'] as const) {
          const cell = metric(fio, `fio-${direction}-${what}`).cells.find((c) => c.run === run && c.group === job);
          expect(cell?.spread, `${run} ${job} ${what}`).toBe('sample-sd');
          expect(cell?.sampleStats?.count).toBe(printed[what].count);
          expect(cell?.sampleStats?.min).toBe(printed[what].min);
          expect(cell?.sampleStats?.max).toBe(printed[what].max);
          expect(cell?.sampleStats?.mean).toBeCloseTo(printed[what].mean, 6);
          expect(cell?.sampleStats?.sd).toBeCloseTo(printed[what].sd, 6);
          // No whisker around the bar, no repeats: nothing a noise test could read.
          expect(cell?.low).toBeUndefined();
          expect(cell?.high).toBeUndefined();
          expect(cell?.samples).toBeUndefined();
          checked++;
        }
      }
    }
    expect(checked).toBe(8);
    const iops = metric(fio, 'fio-write-iops');
    expect(iops.noise).toBeUndefined();
    expect(noiseMethodText(iops)).toBe('one run each, not tested for noise');
  });

  it('are said on the chart with their N, drawn as a marker at the samples’ mean, and given in the table', async () => {
    const fio = (await samplesView()).sections.find((section) => section.key === 'fio');
    const bw = metric(fio, 'fio-read-bw');
    const svg = barChart(bw, { width: 700, document: testDocument() });
    const legend = [...svg.querySelectorAll('.spread-legend')].map((line) => line.textContent).join(' ');
    expect(legend).toMatch(/^Markers: ○ = mean of fio’s per-interval bandwidth samples in the run, line = ± 1 sd/);
    expect(legend).toContain('N\u00a0=\u00a05 per bar');
    expect(legend).toContain('not how sure the bar is');
    for (const cell of bw.cells) {
      const marker = svg.querySelector(`g.sample-spread[data-run="${cell.run}"][data-group="${cell.group}"]`);
      expect(Number(marker?.getAttribute('data-mean'))).toBe(cell.sampleStats?.mean);
      expect(marker?.querySelector('circle')).not.toBeNull();
      // The bar stays fio's BW=; its label is the value alone.
      const label = svg.querySelector(`text.value-label[data-run="${cell.run}"][data-group="${cell.group}"]`);
      expect(label?.textContent).not.toContain('±');
    }
    expect(svg.querySelectorAll('g.spread')).toHaveLength(0);
    // With a baseline the axis is ratios: no markers, and the legend does not name them.
    const ratios = barChart(bw, { width: 700, document: testDocument(), baseline: 'tmpfs' });
    expect(ratios.querySelectorAll('g.sample-spread')).toHaveLength(0);
    expect(spreadLegend(bw, { drawsSamples: false })).toBeNull();
    const table = barChartTable(bw);
    expect(table.caption).toContain(
      'Spread: samples = mean ± 1 sd and min – max of fio’s per-interval bandwidth samples',
    );
    const row = barTableRows(bw).find((r) => r.runId === 'var-tmp' && r.groupKey === 'random-read');
    expect(row?.spreadText).toMatch(/^samples .* ± .*, .* – .*, N\u00a0=\u00a05$/);
    expect(spreadKindText(bw.cells[0] as (typeof bw.cells)[number], bw)).toContain('not a spread of the bar');
  });

  it('are shown for the job alone of fio 3’s HOWTO example, with its 100 samples', async () => {
    const loaded = await fixtureExperiment('2017-06-fio-howto', [
      { id: 'client1', value: 'client1', outputs: [{ file: 'fio.txt', from: HOWTO, tool: 'fio' }] },
    ]);
    const fio = experimentView(loaded).sections.find((section) => section.key === 'fio');
    // "bw (  KiB/s): min=  532, max=  686, per=0.10%, avg=622.87, stdev=24.82, samples=  100"
    const cell = metric(fio, 'fio-write-bw').cells[0];
    expect(cell?.value).toBe(623 * 1024);
    expect(cell?.sampleStats).toMatchObject({ min: 532 * 1024, max: 686 * 1024, count: 100 });
  });

  it('are not shown where fio combined several jobs (group_reporting, jobs=5), nor where runs have repeats', async () => {
    // MSA70, fio 1.57: "random-write-direct: (groupid=0, jobs=5)" with "bw (KB/s) : min=  144, ...".
    const msa70 = experimentView(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    const msaBw = metric(
      msa70.sections.find((s) => s.key === 'fio'),
      'fio-write-bw',
    );
    expect(msaBw.cells.every((cell) => cell.sampleStats === undefined && cell.spread === undefined)).toBe(true);
    expect(msaBw.cells.map((cell) => cell.samplesCombinedOver)).toEqual(msaBw.cells.map(() => 5));
    // Said on the chart and in the table, which draw no marker.
    const svg = barChart(msaBw, { width: 700, document: testDocument() });
    expect(svg.querySelectorAll('g.sample-spread')).toHaveLength(0);
    const legend = [...svg.querySelectorAll('.spread-legend')].map((line) => line.textContent).join(' ');
    expect(legend).toContain('fio’s per-interval bandwidth samples are not drawn: fio combined them over the 5 jobs');
    expect(barChartTable(msaBw).caption).toContain('combined them over the 5 jobs of each bar (group_reporting)');
    // The loopback runs, fio 3.33 with jobs=5 and two repeats: the repeats' min–max stays.
    const loopback = experimentView(await realExperiment('2026-11-ext4-xfs-btrfs-loopback'));
    const loopIops = metric(
      loopback.sections.find((s) => s.key === 'fio'),
      'fio-write-iops',
    );
    expect(loopIops.cells.every((cell) => cell.spread === 'min-max' && cell.sampleStats === undefined)).toBe(true);
  });
});
