import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoadedExperiment, type LoadedRun, loadContent } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { realExperiment, repoPath } from '../../data/test-content.ts';
import type { SweepSeries, ToolSection } from '../../view/model.ts';
import { iostatSections } from '../iostat/sections.ts';
import { AFTER_JOB_MS, clockOf, jobClocks, REPORT_TIME_OFFSET_MS } from './clock.ts';
import { fioLogSections } from './sections.ts';

// fio 3.33's logs on the wall clock (log_unix_epoch=1) beside iostat with S_TIME_FORMAT=ISO, made
// on this machine by e2e/fixtures/make-fio-clock.sh (ext4 and xfs loop images, two repeats). The
// numbers expected are read here from the raw text of the logs and of iostat's reports.
const FIXTURE = repoPath('packages/site/e2e/fixtures/fio-clock');
const RUNS_DIR = join(FIXTURE, '2026-11-fio-clock-loopback/runs');
// The runner's earlier logs on fio's own clock, and iostat without a UTC offset.
const RELATIVE_FIXTURE = repoPath('packages/site/e2e/fixtures/fio-logs');

const loaded = new Map<string, Promise<LoadedExperiment>>();
function experimentIn(folder: string): Promise<LoadedExperiment> {
  let loading = loaded.get(folder);
  if (loading === undefined) {
    loading = loadContent(folder).then(({ experiments }) => experiments[0] as LoadedExperiment);
    loaded.set(folder, loading);
  }
  return loading;
}

const refs = (runs: readonly LoadedRun[]) => runs.map((run) => ({ id: run.id, label: run.run.label }));
const figureOf = (sections: readonly ToolSection[], job: string, metric: string, direction: string) =>
  sections
    .find((section) => section.title === `fio logs · ${job}`)
    ?.intervals?.find((series) => series.metric === metric && series.key.endsWith(`-${direction}`)) as SweepSeries;

/** The first column of each line of every log of a job's repeat, as printed (ms since the epoch). */
async function rawLogTimes(run: string, job: string, repeat: number): Promise<number[][]> {
  const prefix = `fio-${repeat}--${job}_`;
  const files = (await readdir(join(RUNS_DIR, run))).filter((name) => name.startsWith(prefix));
  return Promise.all(
    files.map(async (name) =>
      (await readFile(join(RUNS_DIR, run, name), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => Number(line.slice(0, line.indexOf(',')))),
    ),
  );
}

/** One iostat report as printed: its time (ms since the epoch) and each device's columns by name. */
interface RawReport {
  /** The time printed, ms since the epoch. */
  timeMs: number;
  devices: Map<string, Map<string, number>>;
}

/** iostat's reports read from its text: an ISO time line, then the Device header and rows. */
async function rawReports(run: string): Promise<RawReport[]> {
  const lines = (await readFile(join(RUNS_DIR, run, 'iostat.txt'), 'utf8')).split('\n');
  const reports: RawReport[] = [];
  let header: string[] = [];
  for (const line of lines) {
    const time = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)([+-]\d\d)(\d\d)$/.exec(line);
    if (time !== null) {
      reports.push({ timeMs: Date.parse(`${time[1]}${time[2]}:${time[3]}`), devices: new Map() });
      continue;
    }
    const fields = line.trim().split(/\s+/);
    if (fields[0] === 'Device') header = fields;
    else if (header.length > 0 && fields.length === header.length && reports.length > 0) {
      const columns = new Map(header.slice(1).map((name, index) => [name, Number(fields[index + 1])]));
      reports.at(-1)?.devices.set(fields[0] as string, columns);
    }
  }
  // The first report counts since boot.
  return reports.slice(1);
}

/** The median step between successive lines of each process of a log (a process starts where the time stops rising). */
function medianStep(times: readonly number[]): number {
  const steps: number[] = [];
  let run: number[] = [];
  const flush = () => {
    for (let i = 1; i < run.length - 1; i++) steps.push((run[i] as number) - (run[i - 1] as number));
    run = [];
  };
  for (const time of times) {
    if (run.length > 0 && time <= (run.at(-1) as number)) flush();
    run.push(time);
  }
  flush();
  const sorted = steps.sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/** The runtime fio printed for a job (its JSON's longest direction `runtime`, ms), from the raw text of a run's output. */
async function printedRuntimeMs(folder: string, file: string, job: string): Promise<number> {
  const text = await readFile(join(folder, file), 'utf8');
  // --output-format=normal,json: the JSON document, from a line `{` to a line `}`, beside the normal report.
  const lines = text.split('\n');
  const from = lines.indexOf('{');
  const to = lines.indexOf('}', from);
  const json = JSON.parse(lines.slice(from, to + 1).join('\n')) as {
    jobs: Array<{ jobname: string; read: { runtime: number }; write: { runtime: number }; trim: { runtime: number } }>;
  };
  const entry = json.jobs.find((candidate) => candidate.jobname === job);
  if (entry === undefined) throw new Error(`no job ${job} in ${file}`);
  return Math.max(entry.read.runtime, entry.write.runtime, entry.trim.runtime);
}

describe('jobClocks', () => {
  it('spans a job’s repeat from its last log line less fio’s printed runtime to that line', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const ext4 = runs.find((run) => run.id === 'ext4') as LoadedRun;
    const logs = await rawLogTimes('ext4', 'random-write-direct', 1);
    // bw, iops, lat, clat and the histogram (psync logs no submission latency).
    expect(logs.length).toBe(5);
    const endMs = Math.max(...logs.flat());
    const runtimeMs = await printedRuntimeMs(join(RUNS_DIR, 'ext4'), 'fio-1.txt', 'random-write-direct');
    const clock = clockOf(jobClocks(ext4), 'random-write-direct', 1);
    expect(clock?.endMs).toBe(endMs);
    expect(clock?.startMs).toBe(endMs - runtimeMs);
    // The logs' own first windows say the same, to a few ms: each closes one window (1 s) after the start.
    const fromWindows = Math.min(...logs.map((times) => Math.min(...times) - medianStep(times)));
    expect(Math.abs(fromWindows - (endMs - runtimeMs))).toBeLessThan(50);
  });

  it('takes the logs’ first window less one window where there is no fio output', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const ext4 = runs.find((run) => run.id === 'ext4') as LoadedRun;
    const logsOnly = { ...ext4, outputs: ext4.outputs.filter((output) => output.parsed.tool !== 'fio') };
    const logs = await rawLogTimes('ext4', 'random-write-direct', 1);
    const clock = clockOf(jobClocks(logsOnly), 'random-write-direct', 1);
    expect(clock?.startMs).toBe(Math.min(...logs.map((times) => Math.min(...times) - medianStep(times))));
  });

  it('spans a job shorter than one window by fio’s runtime (the runner’s loopback experiment)', async () => {
    const folder = repoPath('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4');
    const experiment = await realExperiment('2026-11-ext4-xfs-btrfs-loopback');
    const ext4 = experiment.runs.find((run) => run.id === 'ext4') as LoadedRun;
    // Five processes, one line each, as each ended.
    const lines = (await readFile(join(folder, 'fio--seed-hoffman-1--random-write-buf_clat.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => Number(line.slice(0, line.indexOf(','))));
    expect(lines).toHaveLength(5);
    const runtimeMs = await printedRuntimeMs(folder, 'fio--seed-hoffman-1.txt', 'random-write-buf');
    const clock = clockOf(jobClocks(ext4), 'random-write-buf', 1);
    expect(clock?.endMs).toBe(Math.max(...lines));
    expect(clock?.startMs).toBe(Math.max(...lines) - runtimeMs);
  });
});

describe('fio logs beside iostat', () => {
  it('draws each run’s device beside bandwidth: iostat’s wkB/s of each report in the job’s seconds, repeats averaged', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const bw = figureOf(fioLogSections(runs, refs(runs)), 'sequential-write-buffered', 'bw', 'write');
    expect(bw.companions?.map((companion) => companion.run)).toEqual(['ext4', 'xfs']);
    for (const run of runs) {
      const companion = bw.companions?.find((entry) => entry.run === run.id);
      // The filesystem's device, as its mkfs command names it.
      const device = /\/dev\/(\S+)/.exec(run.run.system?.filesystem?.mkfs ?? '')?.[1] as string;
      expect(companion?.label).toBe(`device (iostat, ${device})`);
      const reports = await rawReports(run.id);
      const perRepeat = [1, 2].map((repeat) => {
        const clock = clockOf(jobClocks(run), 'sequential-write-buffered', repeat);
        if (clock === undefined) throw new Error('no clock');
        // A report's interval ends in the second after the time printed: drawn half a second on.
        const endOf = (report: RawReport) => report.timeMs + REPORT_TIME_OFFSET_MS;
        return reports
          .filter((report) => endOf(report) > clock.startMs && endOf(report) <= clock.endMs + AFTER_JOB_MS)
          .map((report) => ({
            x: (endOf(report) - clock.startMs) / 1000,
            value: (report.devices.get(device)?.get('wkB/s') as number) * 1024,
          }));
      });
      const expected = (perRepeat[0] ?? []).map((first, k) => {
        const second = perRepeat[1]?.[k] ?? first;
        return { x: Math.round(((first.x + second.x) / 2) * 1000) / 1000, value: (first.value + second.value) / 2 };
      });
      expect(companion?.points.map((point) => point.x)).toEqual(expected.map((point) => point.x));
      companion?.points.forEach((point, k) => {
        expect(point.value, `${run.id} report ${k}`).toBeCloseTo(expected[k]?.value as number, 6);
      });
    }
  });

  it('shows buffered writes reaching the device after fio’s last window', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const bw = figureOf(fioLogSections(runs, refs(runs)), 'sequential-write-buffered', 'bw', 'write');
    for (const run of ['ext4', 'xfs']) {
      const lastFioX = Math.max(...(bw.runs.find((line) => line.run === run)?.points.map((point) => point.x) ?? []));
      const after = bw.companions?.find((companion) => companion.run === run)?.points.filter((p) => p.x > lastFioX);
      expect(Math.max(...(after ?? []).map((point) => point.value)), run).toBeGreaterThan(0);
    }
  });

  it('stops the device line where the run’s next job starts: the device is that job’s then', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const ext4 = runs.find((run) => run.id === 'ext4') as LoadedRun;
    const firstOnly = [{ ...ext4, outputs: ext4.outputs.filter((output) => output.declared.repeat !== 2) }];
    const bw = figureOf(fioLogSections(firstOnly, refs(firstOnly)), 'random-write-direct', 'bw', 'write');
    const clocks = jobClocks(ext4);
    const own = clockOf(clocks, 'random-write-direct', 1);
    const next = clockOf(clocks, 'random-read-direct', 1);
    if (own === undefined || next === undefined) throw new Error('no clocks');
    // The read job started within 5 s of the write job's end (fio laid out its files in between).
    expect(next.startMs).toBeLessThan(own.endMs + AFTER_JOB_MS);
    const xs = bw.companions?.[0]?.points.map((point) => point.x) ?? [];
    expect(Math.max(...xs)).toBeLessThanOrEqual((next.startMs - own.startMs) / 1000);
    expect(Math.max(...xs)).toBeGreaterThan((own.endMs - own.startMs) / 1000 - 1);
  });

  it('keeps x in seconds since the job started: the first window closes about 1 s in', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const bw = figureOf(fioLogSections(runs, refs(runs)), 'random-write-direct', 'bw', 'write');
    const first = bw.runs.find((line) => line.run === 'ext4')?.points[0];
    expect(first?.x).toBeGreaterThanOrEqual(1);
    expect(first?.x).toBeLessThan(1.5);
    expect(bw.xCaption).toBe('seconds since the job started');
  });

  it('draws r/s beside read IOPS and r_await beside read latency', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const sections = fioLogSections(runs, refs(runs));
    expect(figureOf(sections, 'random-read-direct', 'iops', 'read').companions?.[0]?.metric).toBe('r/s');
    expect(figureOf(sections, 'random-read-direct', 'clat', 'read').companions?.[0]?.metric).toBe('r_await');
    expect(figureOf(sections, 'random-read-direct', 'clat.p99', 'read').companions?.[0]?.metric).toBe('r_await');
    expect(figureOf(sections, 'random-read-direct', 'lat', 'read').companions?.[0]?.metric).toBe('r_await');
  });

  it('says in the notes that the clocks are shared', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const notes = (fioLogSections(runs, refs(runs))[0]?.notes ?? []).join(' ');
    expect(notes).toMatch(/share one clock/);
    expect(notes).not.toMatch(/Not placed/);
  });

  it('says why not where fio’s logs count from the job’s start', async () => {
    const { runs } = await experimentIn(RELATIVE_FIXTURE);
    const sections = fioLogSections(runs, refs(runs));
    expect(sections.every((section) => section.intervals?.every((series) => series.companions === undefined))).toBe(
      true,
    );
    expect(sections[0]?.notes?.at(-1)).toMatch(
      /^Time is fio’s own.*\(ext4, xfs, btrfs: the fio logs count from each job’s start/,
    );
  });

  it('says why not where iostat’s times have no UTC offset', async () => {
    const [{ runs }, relative] = await Promise.all([experimentIn(FIXTURE), experimentIn(RELATIVE_FIXTURE)]);
    // ext4's fio logs on the epoch, with the other fixture's iostat log (times without an offset).
    const otherIostat = relative.runs[0]?.outputs.filter((output) => output.parsed.tool === 'iostat') ?? [];
    const mixed = runs.map((run) => ({
      ...run,
      outputs: [...run.outputs.filter((output) => output.parsed.tool !== 'iostat'), ...otherIostat],
    }));
    const notes = (fioLogSections(mixed, refs(mixed))[0]?.notes ?? []).join(' ');
    expect(notes).toMatch(/ext4, xfs: the iostat report times have no UTC offset/);
    const spans = iostatSections(mixed, refs(mixed)).flatMap((section) => section.spans ?? []);
    expect(spans).toEqual([]);
  });
});

describe('the iostat section’s job spans', () => {
  it('marks each job’s repeat from its start to its last log line, in seconds since the first report', async () => {
    const { runs } = await experimentIn(FIXTURE);
    const [section] = iostatSections(runs, refs(runs));
    expect(section?.spans).toHaveLength(12);
    const reports = await rawReports('ext4');
    const firstMs = reports[0]?.timeMs as number;
    const logs = await rawLogTimes('ext4', 'random-read-direct', 2);
    const endMs = Math.max(...logs.flat());
    const startMs = endMs - (await printedRuntimeMs(join(RUNS_DIR, 'ext4'), 'fio-2.txt', 'random-read-direct'));
    const span = section?.spans?.find(
      (entry) => entry.run === 'ext4' && entry.label === 'random-read-direct, repeat 2',
    );
    // The axis is iostat's printed times; the job's epoch times land half a second earlier on it.
    expect(span?.fromSec).toBeCloseTo((startMs - firstMs - REPORT_TIME_OFFSET_MS) / 1000, 3);
    expect(span?.toSec).toBeCloseTo((endMs - firstMs - REPORT_TIME_OFFSET_MS) / 1000, 3);
  });
});

describe('the band’s caption', () => {
  it('says the repeats of each run where runs have different numbers', async () => {
    const { runs } = await experimentIn(FIXTURE);
    // xfs's second repeat counted again as a third: ext4 has 2 repeats, xfs 3.
    const withThird = runs.map((run) =>
      run.id !== 'xfs'
        ? run
        : {
            ...run,
            outputs: [
              ...run.outputs,
              ...run.outputs
                .filter((output) => output.declared.repeat === 2 && output.parsed.tool === 'fio-log')
                .map((output) => ({ ...output, declared: { ...output.declared, repeat: 3 } })),
            ],
          },
    );
    const bw = figureOf(fioLogSections(withThird, refs(withThird)), 'random-write-direct', 'bw', 'write');
    expect(bw.spreadText).toMatch(/^band: min–max of 2–3 repeats(?:,|$)/);
    const evenBw = figureOf(fioLogSections(runs, refs(runs)), 'random-write-direct', 'bw', 'write');
    expect(evenBw.spreadText).toMatch(/^band: min–max of 2 repeats(?:,|$)/);
  });
});
