import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { interpolatedPercentiles, parseFioLog } from '@benchfolio/parsers';
import { type LoadedExperiment, type LoadedRun, loadContent } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../../data/test-content.ts';
import type { SweepSeries } from '../../view/model.ts';
import { fioLogSections } from './sections.ts';
import { jobWindows, placeLines, windowLengthMs } from './series.ts';

// The runner's fio-seed-hoffman logs (per_job_logs=0: 5 processes per file, 1 s windows) of the
// site's e2e fixture, made on this machine (e2e/fixtures/README.md).
const FIXTURE = repoPath('packages/site/e2e/fixtures/fio-logs');
const RUNS_DIR = join(FIXTURE, '2026-11-fio-logs-loopback/runs');

let loading: Promise<LoadedExperiment> | undefined;
function fixture(): Promise<LoadedExperiment> {
  loading ??= loadContent(FIXTURE).then(({ experiments }) => experiments[0] as LoadedExperiment);
  return loading;
}

/** The raw lines of a log: its columns as printed, numbers. */
async function rawLines(run: string, file: string): Promise<number[][]> {
  const text = await readFile(join(RUNS_DIR, run, file), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => line.split(',').map(Number));
}

const refs = (runs: readonly LoadedRun[]) => runs.map((run) => ({ id: run.id, label: run.run.label }));
const seriesOf = (series: readonly SweepSeries[] | undefined, metric: string) =>
  series?.find((entry) => entry.metric === metric);

describe('placeLines', () => {
  it('starts a process where the time stops rising, and puts a short last window after the others', async () => {
    // xfs repeat 1, random-write-direct clat: 5 processes of 1000, 2000 and a short 2026..2268 window.
    const times = (await rawLines('xfs', 'fio--seed-hoffman-1--random-write-direct_clat.log')).map((row) => row[0]);
    expect(windowLengthMs(times as number[])).toBe(1000);
    const places = placeLines(times as number[]);
    expect(places.map((place) => place.process)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    expect(places.map((place) => place.window)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
  });
});

describe('placeLines of a job shorter than one window', () => {
  it('takes rising lines a step apart far shorter than their first time for the processes’ one window each', async () => {
    // The loopback experiment's ext4 random-write-buf, repeat 1: 5 processes, well under a second,
    // each wrote one clat line as it ended.
    const text = await readFile(
      repoPath(
        'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1--random-write-buf_clat.log',
      ),
      'utf8',
    );
    const rows = text
      .trim()
      .split('\n')
      .map((line) => line.split(',').map(Number));
    expect(rows).toHaveLength(5);
    const last = Math.max(...rows.map((row) => row[0] as number));
    // Since the job's start: the last line less fio's printed runtime, the longest of the second
    // group's `run=<min>-<max>msec` (the job file's second job).
    const report = await readFile(
      repoPath('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1.txt'),
      'utf8',
    );
    const runtimeMs = Number([...report.matchAll(/run=\d+-(\d+)msec/g)][1]?.[1]);
    expect(runtimeMs).toBeGreaterThan(0);
    const sinceStart = rows.map((row) => (row[0] as number) - (last - runtimeMs));
    expect(placeLines(sinceStart, { isWindowed: true }).map((place) => place.window)).toEqual([1, 1, 1, 1, 1]);
    const [only, ...others] = jobWindows(
      rows.map((row, index) => ({ timeMs: sinceStart[index] as number, value: row[1] as number })),
      'mean',
      { isWindowed: true },
    );
    expect(others).toEqual([]);
    expect(only?.processes).toBe(5);
    expect(only?.value).toBeCloseTo(rows.reduce((sum, row) => sum + (row[1] as number), 0) / 5, 6);
    // A per-I/O log is never read so: its lines are I/Os, not windows.
    expect(new Set(placeLines(sinceStart).map((place) => place.window)).size).toBe(5);
  });

  it('takes lines of one time as processes of one window too (sequential-write-buffered: 898, 898, 898, 902 ms)', async () => {
    const text = await readFile(
      repoPath(
        'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1--sequential-write-buffered_bw.log',
      ),
      'utf8',
    );
    const times = text
      .trim()
      .split('\n')
      .map((line) => Number(line.slice(0, line.indexOf(','))));
    // Four processes' lines within a few ms, about a second after the start (any start less than half a second before them).
    const sinceStart = times.map((time) => time - (Math.min(...times) - 1000));
    expect(Math.max(...sinceStart) - Math.min(...sinceStart)).toBeLessThan(500);
    expect(placeLines(sinceStart, { isWindowed: true }).map((place) => place.window)).toEqual(times.map(() => 1));
  });

  it('keeps two lines of one process, a window and a short last one, apart', () => {
    const windows = placeLines([1000, 1200], { isWindowed: true }).map((place) => place.window);
    expect(new Set(windows).size).toBe(2);
  });
});

describe('jobWindows', () => {
  it('adds up the processes’ bandwidth lines of a window: the job’s total', async () => {
    const rows = await rawLines('ext4', 'fio--seed-hoffman-1--random-write-direct_bw.log');
    const windows = jobWindows(
      rows.map(([timeMs, kib]) => ({ timeMs: timeMs as number, value: (kib as number) * 1024 })),
      'sum',
    );
    // 14693 + 9527 + 11639 + 11064 + 11932 KiB/s at 1010..1013 ms; 10682 + 6278 + 10490 + 10706 + 10706 at 2010..2013.
    expect(windows.map((w) => w.value)).toEqual([58855 * 1024, 48862 * 1024]);
    expect(windows.map((w) => w.processes)).toEqual([5, 5]);
    expect(windows[0]?.timeMs).toBeCloseTo((1010 + 1011 + 1011 + 1013 + 1013) / 5, 9);
  });

  it('averages the processes’ latency lines of a window, each counted once, with their lowest and highest', async () => {
    const rows = await rawLines('xfs', 'fio--seed-hoffman-1--random-write-direct_clat.log');
    const [first] = jobWindows(
      rows.map(([timeMs, ns]) => ({ timeMs: timeMs as number, value: ns as number })),
      'mean',
    );
    expect(first?.value).toBeCloseTo((598680 + 617956 + 647992 + 653357 + 1434637) / 5, 6);
    expect([first?.low, first?.high]).toEqual([598680, 1434637]);
  });
});

describe('fioLogSections', () => {
  it('makes one section per job, its figures in order, the runs as lines', async () => {
    const { runs } = await fixture();
    const sections = fioLogSections(runs, refs(runs));
    expect(sections.map((section) => section.title)).toEqual([
      'fio logs · random-write-buf',
      'fio logs · random-write-direct',
      'fio logs · sequential-write-buffered',
      'fio logs · sequential-write-direct',
    ]);
    const direct = sections[1];
    expect(direct?.isIntervalPicked).toBe(true);
    expect(direct?.intervals?.map((series) => series.title)).toEqual([
      'Write bandwidth',
      'Write IOPS',
      'Write completion latency, mean per window',
      'Write total latency, mean per window',
      'Write completion latency, p50 per window',
      'Write completion latency, p99 per window',
    ]);
    expect(seriesOf(direct?.intervals, 'bw')?.runs.map((line) => line.run)).toEqual(['ext4', 'xfs', 'btrfs']);
  });

  it('averages a run’s repeats window by window, their min–max the band', async () => {
    const { runs } = await fixture();
    const direct = fioLogSections(runs, refs(runs))[1];
    const bw = seriesOf(direct?.intervals, 'bw');
    const ext4 = bw?.runs.find((line) => line.run === 'ext4')?.points[0];
    // ext4's first window: 58855 KiB/s in repeat 1 (above), 17857 + 14954 + 14764 + 7950 + 15442 in repeat 2.
    const repeat2 = (await rawLines('ext4', 'fio--seed-hoffman-2--random-write-direct_bw.log'))
      .filter((row) => (row[0] as number) < 1500)
      .reduce((sum, row) => sum + (row[1] as number), 0);
    expect(repeat2).toBe(70967);
    expect(ext4?.value).toBe(((58855 + 70967) / 2) * 1024);
    expect([ext4?.low, ext4?.high, ext4?.n]).toEqual([58855 * 1024, 70967 * 1024, 2]);
    // xfs's second repeat logged its first window only (two lines, at 1156 and 1144 ms): its
    // second window is repeat 1's alone, and the caption says so.
    const xfsRepeat2 = await rawLines('xfs', 'fio--seed-hoffman-2--random-write-direct_bw.log');
    expect(xfsRepeat2.map((row) => row[0])).toEqual([1156, 1144]);
    expect(bw?.runs.find((line) => line.run === 'xfs')?.points.map((point) => point.n)).toEqual([2, 1]);
    expect(bw?.spreadText).toBe('band: min–max of 2 repeats, fewer in some windows');
  });

  it('draws a run of one repeat with its processes’ spread as the band of a latency', async () => {
    const { runs } = await fixture();
    const firstOnly = runs.map((run) => ({
      ...run,
      outputs: run.outputs.filter((output) => output.declared.repeat !== 2),
    }));
    const clat = seriesOf(fioLogSections(firstOnly, refs(firstOnly))[1]?.intervals, 'clat');
    const xfs = clat?.runs.find((line) => line.run === 'xfs')?.points;
    expect(xfs?.map((point) => point.x)).toEqual([1, 2, 2.123]);
    expect([xfs?.[0]?.low, xfs?.[0]?.high]).toEqual([598680, 1434637]);
    expect(clat?.spreadText).toBe('band: range of its processes');
  });

  it('finds a window’s p99 in the processes’ histogram lines added up bin by bin', async () => {
    const { runs } = await fixture();
    const firstOnly = runs.map((run) => ({
      ...run,
      outputs: run.outputs.filter((output) => output.declared.repeat !== 2),
    }));
    const file = 'fio--seed-hoffman-1--random-write-direct_clat_hist.log';
    const rows = await rawLines('ext4', file);
    // The first line of each of the 5 processes: the window ending near 1 s.
    const firstLines = rows.filter((row) => (row[0] as number) < 1500);
    expect(firstLines).toHaveLength(5);
    const summed = (firstLines[0] as number[]).slice(3).map((_, bin) => {
      return firstLines.reduce((sum, row) => sum + (row[3 + bin] as number), 0);
    });
    const text = await readFile(join(RUNS_DIR, 'ext4', file), 'utf8');
    const parsed = parseFioLog(text, { name: file }).result;
    if (parsed.type !== 'histogram') throw new Error('not read as a histogram log');
    const [, p99] = interpolatedPercentiles(summed, parsed.binLowerNs, parsed.binUpperNs, [50, 99]);
    const drawn = seriesOf(fioLogSections(firstOnly, refs(firstOnly))[1]?.intervals, 'clat.p99');
    expect(drawn?.runs.find((line) => line.run === 'ext4')?.points[0]?.value).toBe(p99);
    expect(p99).toBeGreaterThan(0);
  });

  it('says what the lines are and why they are not on iostat’s clock', async () => {
    const { runs } = await fixture();
    const notes = fioLogSections(runs, refs(runs))[1]?.notes ?? [];
    expect(notes.join(' ')).toMatch(/added up, the job’s total/);
    expect(notes.join(' ')).toMatch(/not placed on iostat’s clock/);
  });
});
