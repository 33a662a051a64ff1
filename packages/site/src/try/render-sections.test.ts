// renderSections draws a run's sections as the experiment page does. The run is ext4 of
// content/results/2026-11-ext4-xfs-btrfs-loopback (fio, bonnie++, sysbench fileio and iostat),
// made into sections by the data layer; the numbers asserted are read from its raw files. A
// sysbench histogram and --report-interval lines, which no published run has, come from sysbench
// 1.0.20 run in the test.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSections } from '../data/run-json.ts';
import { realExperiment, repoPath } from '../data/test-content.ts';
import { formatValue } from '../lib/format-value.ts';
import { DEVICE_FIGURES } from '../lib/page-state.ts';
import { TOOL_DESCRIPTORS } from '../tools/index.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import { renderSections } from './render-sections.ts';

const RUN_DIR = repoPath('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4');
const rawText = (file: string) => readFileSync(join(RUN_DIR, file), 'utf8');

let run: LoadedRun;
let runOrder: RunRef[];
let sections: ToolSection[];
/** One rendering shared by the tests that only read it; the others render their own. */
let page: ReturnType<typeof rendered>;

beforeAll(async () => {
  const loaded = await realExperiment('2026-11-ext4-xfs-btrfs-loopback');
  const found = loaded.runs.find((candidate) => candidate.id === 'ext4');
  if (found === undefined) throw new Error('no run ext4');
  run = found;
  runOrder = [{ id: run.id, label: run.run.label }];
  sections = [...runSections(loaded, run), ...TOOL_DESCRIPTORS.iostat.sections([run], runOrder)];
  page = rendered();
});

/** The sections drawn into a fresh jsdom page, in a container `widthPx` wide when given. */
function rendered(drawn: readonly ToolSection[] = sections, widthPx?: number) {
  const { window } = new JSDOM('<main><div data-try-sections></div></main>');
  const container = window.document.querySelector<HTMLElement>('[data-try-sections]');
  if (container === null) throw new Error('no container');
  // jsdom lays nothing out: the width the page would give, as the browser reports it.
  if (widthPx !== undefined) Object.defineProperty(container, 'clientWidth', { value: widthPx });
  renderSections(container, drawn, runOrder);
  const section = (key: string) => {
    const element = container.querySelector<HTMLElement>(`section[data-section="${key}"]`);
    if (element === null) throw new Error(`no section ${key}`);
    return element;
  };
  const figure = (key: string) => {
    const element = container.querySelector<HTMLElement>(`[data-figure-key="${key}"]`);
    if (element === null) throw new Error(`no figure ${key}`);
    return element;
  };
  const change = (control: HTMLInputElement | HTMLSelectElement, value: string) => {
    control.value = value;
    control.dispatchEvent(new window.Event('change', { bubbles: true }));
  };
  return { window, container, section, figure, change };
}

/** fio's JSON part of a normal,json output: the object from the line `{` to the line `}`. */
function fioJson(file: string): { jobs: Array<{ jobname: string; write: { iops: number; bw_bytes: number } }> } {
  const text = rawText(file);
  return JSON.parse(text.slice(text.indexOf('\n{\n') + 1, text.indexOf('\n}\n') + 2));
}

/** A data table cell: the row whose header starts with `row`, its first value column. */
function tableCell(figure: HTMLElement, row: string): string {
  const tr = [...figure.querySelectorAll('tbody tr')].find((candidate) =>
    candidate.querySelector('th')?.textContent?.startsWith(row),
  );
  return tr?.querySelector('td')?.textContent ?? '';
}

const shownBars = (section: HTMLElement) =>
  [...section.querySelectorAll<HTMLElement>('figure[data-kind="bars"]')].filter((figure) => !figure.hidden);

describe('renderSections', () => {
  it('draws a section per ToolSection, headed by its title, each figure with caption, summary, chart and table', () => {
    const { container } = page;
    expect([...container.querySelectorAll('section > h3')].map((h3) => h3.textContent)).toEqual([
      'fio',
      'bonnie++',
      'sysbench fileio',
      'dd',
      'iostat during the run',
    ]);
    const figures = [...container.querySelectorAll<HTMLElement>('figure[data-figure-key]')];
    expect(new Set(figures.map((figure) => figure.dataset.kind))).toEqual(
      new Set(['bars', 'latency', 'sweep', 'time-series']),
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const figure of figures) {
      expect(figure.classList.contains('try-figure')).toBe(true);
      expect(figure.querySelector('figcaption h4')?.textContent).not.toBe('');
      expect(figure.querySelector('[data-summary]')?.textContent).not.toBe('');
      expect(figure.querySelector('svg[role="img"]')).not.toBeNull();
      expect(figure.querySelector('details table.data')).not.toBeNull();
    }
  });

  it('shows one fio metric at a time, with a bar per job of the raw output and its IOPS in the table', () => {
    const { section, figure } = page;
    const fio = section('fio');
    const options = [...fio.querySelectorAll<HTMLOptionElement>('select[data-metric-select] option')];
    expect(options.map((option) => option.value)).toContain('fio-write-iops');
    expect(shownBars(fio).map((shown) => shown.dataset.figureKey)).toEqual(['fio-write-iops']);

    const [first, second] = [fioJson('fio--seed-hoffman-1.txt'), fioJson('fio--seed-hoffman-2.txt')];
    const jobs = first.jobs.map((job) => job.jobname);
    expect(jobs).toHaveLength(4);
    const bars = [...figure('fio-write-iops').querySelectorAll('rect.bar')];
    expect(bars.map((bar) => bar.getAttribute('data-group'))).toHaveLength(jobs.length);
    // random-write-direct: write IOPS as each repeat's JSON prints it; the bar is their mean.
    const iops = [first, second].map((json) => json.jobs.find((job) => job.jobname === 'random-write-direct'));
    expect(iops[0]?.write.iops).toBeGreaterThan(0);
    const mean = ((iops[0]?.write.iops ?? 0) + (iops[1]?.write.iops ?? 0)) / 2;
    expect(Number(bars[0]?.getAttribute('data-value'))).toBeCloseTo(mean, 6);
    const cell = tableCell(figure('fio-write-iops'), 'random-write-direct');
    expect(cell.startsWith(formatValue(mean, 'op/s'))).toBe(true);
    expect(cell).toContain('(min–max of 2 repeats)');
  });

  it('switches the fio figure shown when another metric is picked', () => {
    const { section, figure, change } = rendered();
    const fio = section('fio');
    const select = fio.querySelector<HTMLSelectElement>('select[data-metric-select]');
    if (select === null) throw new Error('no metric select');
    change(select, 'fio-write-bw');
    expect(shownBars(fio).map((shown) => shown.dataset.figureKey)).toEqual(['fio-write-bw']);
    const bw = fioJson('fio--seed-hoffman-1.txt').jobs.find((job) => job.jobname === 'sequential-write-direct');
    const bw2 = fioJson('fio--seed-hoffman-2.txt').jobs.find((job) => job.jobname === 'sequential-write-direct');
    const mean = ((bw?.write.bw_bytes ?? 0) + (bw2?.write.bw_bytes ?? 0)) / 2;
    expect(tableCell(figure('fio-write-bw'), 'sequential-write-direct').startsWith(formatValue(mean, 'B/s'))).toBe(
      true,
    );
  });

  it('draws fio latency per job as percentiles and buckets, a line or bars of the one run', () => {
    const { section } = page;
    const latency = [...section('fio').querySelectorAll<HTMLElement>('figure[data-kind="latency"]')];
    // Four jobs (random-write-direct, random-write-buf, sequential-write-direct and -buffered), two views each.
    expect(latency).toHaveLength(8);
    const percentiles = latency.filter((figure) => figure.dataset.figureKey?.endsWith('-percentiles'));
    expect(percentiles).toHaveLength(4);
    for (const figure of percentiles) {
      expect([...figure.querySelectorAll('path.line')].map((line) => line.getAttribute('data-run'))).toEqual(['ext4']);
    }
    const buckets = latency.filter((figure) => figure.dataset.figureKey?.endsWith('-buckets'));
    for (const figure of buckets)
      expect(figure.querySelectorAll('rect.mark[data-run="ext4"]').length).toBeGreaterThan(0);
  });

  it('draws sysbench fileio against threads: per sweep one line, a point per thread count run', () => {
    const { section } = page;
    const sysbench = section('sysbench-fileio');
    const sweeps = [...sysbench.querySelectorAll<HTMLElement>('figure[data-kind="sweep"]')];
    // The thread counts of the run.yaml commands: --threads=1, 4 and 16 for every mode.
    const threads = [
      ...new Set(run.run.commands.flatMap((command) => /--threads=(\d+)/.exec(command)?.[1] ?? [])),
    ].sort((a, b) => Number(a) - Number(b));
    expect(threads).toEqual(['1', '4', '16']);
    // Five modes (seqwr, seqrd, rndrd, rndwr, rndrw), each with its rate and latency.
    expect(sweeps.length).toBeGreaterThanOrEqual(5);
    for (const sweep of sweeps) {
      expect(sweep.querySelectorAll('path.line')).toHaveLength(1);
      expect([...sweep.querySelectorAll('circle.point')].map((point) => point.getAttribute('data-x'))).toEqual(threads);
    }
    expect(shownBars(sysbench)).toHaveLength(1);
  });

  it('draws bonnie++’s rank grid, one row for the run, with its summary', () => {
    const { figure } = page;
    const sectionGrid = sections.find((candidate) => candidate.key === 'bonnie')?.grid;
    const block = figure(sectionGrid?.key ?? '');
    expect(block.querySelector('[data-summary]')?.textContent).not.toBe('');
    const rows = block.querySelectorAll('table.rank-grid tbody tr');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.querySelector('th')?.textContent).toBe('ext4');
  });

  it('draws iostat’s devices over time, switches the figure, zooms and resets', () => {
    const { section, figure, change } = rendered();
    const iostat = section('iostat');
    const series = figure('iostat-series');
    const lines = () => [...series.querySelectorAll('path.line')].map((line) => line.getAttribute('data-device'));
    // iostat -x -t -k 1 loop0 vda: both devices did work.
    expect(lines()).toEqual(['loop0', 'vda']);
    const svg = () => series.querySelector('svg');
    expect(svg()?.getAttribute('data-figure')).toBe('util');
    // The brush is on: d3 adds its overlay to the brush layer.
    expect(series.querySelector('g.brush-layer rect.overlay')).not.toBeNull();

    const picker = iostat.querySelector<HTMLSelectElement>('select[data-figure-select]');
    if (picker === null) throw new Error('no figure select');
    expect([...picker.options].map((option) => option.value)).toEqual([...DEVICE_FIGURES]);
    change(picker, 'writesPerSec');
    expect(svg()?.getAttribute('data-figure')).toBe('writesPerSec');
    expect(series.querySelector('[data-summary]')?.textContent).toMatch(/^Writes per second: /);
    expect(lines()).toEqual(['loop0', 'vda']);

    const reset = iostat.querySelector<HTMLButtonElement>('button[data-zoom-reset]');
    const from = iostat.querySelector<HTMLInputElement>('input[name="zoom-from"]');
    const to = iostat.querySelector<HTMLInputElement>('input[name="zoom-to"]');
    if (reset === null || from === null || to === null) throw new Error('no zoom controls');
    const whole = svg()?.getAttribute('data-domain');
    expect(reset.disabled).toBe(true);
    change(from, '10');
    change(to, '30');
    expect(svg()?.getAttribute('data-domain')).toBe('10,30');
    expect(svg()?.getAttribute('data-figure')).toBe('writesPerSec');
    expect(reset.disabled).toBe(false);
    reset.click();
    expect(svg()?.getAttribute('data-domain')).toBe(whole);
    expect(from.value).toBe('');
  });

  it('lists each device’s mean and peak, the peak utilization as iostat printed it', () => {
    const { container } = page;
    const table = container.querySelector('table[data-device-summary]');
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['loop0', 'vda']);
    // %util is the last column of iostat -x; vda's highest over the log.
    const utils = rawText('iostat--ext4.txt')
      .split('\n')
      .filter((line) => line.startsWith('vda '))
      .map((line) => Number(line.trim().split(/\s+/).at(-1)));
    const peak = Math.max(...utils);
    expect(rows[1]?.querySelectorAll('td')[1]?.textContent).toMatch(
      new RegExp(`\\(${formatValue(peak, '%').replace('.', '\\.')}\\)$`),
    );
  });

  it('draws each figure at the width of its container', () => {
    const { figure } = rendered(sections, 480);
    expect(figure('fio-write-iops').querySelector('svg')?.getAttribute('width')).toBe('480');
    expect(figure('iostat-series').querySelector('svg')?.getAttribute('width')).toBe('480');
  });

  it('draws sysbench’s --report-interval lines over time, a point per interval printed', () => {
    // A real sysbench 1.0.20 cpu run reporting every second for 3 s.
    const text = execFileSync('sysbench', ['cpu', '--time=3', '--report-interval=1', 'run'], { encoding: 'utf8' });
    const lines = [...text.matchAll(/^\[ (\d+)s \] thds: 1 eps: ([\d.]+) lat \(ms,95%\): ([\d.]+)$/gm)];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const file = 'sysbench--cpu-intervals.txt';
    const withIntervals: LoadedRun = {
      ...run,
      outputs: [
        { file, path: file, sizeBytes: text.length, declared: { file, tool: 'sysbench' }, parsed: parse(text) },
      ],
    };
    const { section } = rendered(TOOL_DESCRIPTORS.sysbench.sections([withIntervals], runOrder));
    const block = [...section('sysbench-cpu').querySelectorAll('details')].find((details) =>
      details.querySelector('summary')?.textContent?.startsWith('Over time'),
    );
    expect(block?.querySelector('summary')?.textContent).toBe('Over time (2)');
    const [events, latency] = [...(block?.querySelectorAll<HTMLElement>('figure[data-kind="sweep"]') ?? [])];
    const marks = (figure: HTMLElement | undefined) =>
      [...(figure?.querySelectorAll('circle.point') ?? [])].map((point) => [
        point.getAttribute('data-x'),
        Number(point.getAttribute('data-value')),
      ]);
    // "[ 1s ] thds: 1 eps: 1234.56 lat (ms,95%): 0.81": events/s as printed, latency in ns.
    expect(marks(events)).toEqual(lines.map((line) => [line[1], Number(line[2])]));
    expect(marks(latency).map(([x]) => x)).toEqual(lines.map((line) => line[1]));
    marks(latency).forEach(([, ns], index) => {
      expect(ns).toBeCloseTo(Number(lines[index]?.[3]) * 1e6, 3);
    });
  });

  it('draws a sysbench latency histogram whose bars hold every event sysbench counted', () => {
    // A real sysbench 1.0.20 output with --histogram (a few hundred events: well under a second).
    const text = execFileSync('sysbench', ['cpu', '--events=300', '--time=0', '--histogram=on', 'run'], {
      encoding: 'utf8',
    });
    const counts = (text.match(/^\s+[\d.]+ \|[* ]+ \d+$/gm) ?? []).map((line) => Number(line.split(' ').at(-1)));
    const events = Number(/total number of events:\s+(\d+)/.exec(text)?.[1]);
    expect(events).toBe(300);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(events);
    const file = 'sysbench--cpu-histogram.txt';
    const withHistogram: LoadedRun = {
      ...run,
      outputs: [
        { file, path: file, sizeBytes: text.length, declared: { file, tool: 'sysbench' }, parsed: parse(text) },
      ],
    };
    const { container } = rendered(TOOL_DESCRIPTORS.sysbench.sections([withHistogram], runOrder));
    const histograms = container.querySelectorAll<HTMLElement>('figure[data-kind="histogram"]');
    expect(histograms).toHaveLength(1);
    // The chart merges sysbench's fine buckets into ten per decade of latency: no event is lost.
    const bars = [...(histograms[0]?.querySelectorAll('rect.mark[data-run="ext4"]') ?? [])];
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.length).toBeLessThanOrEqual(counts.length);
    expect(bars.reduce((sum, bar) => sum + Number(bar.getAttribute('data-value')), 0)).toBe(events);
  });
});
