// sadf sections read every value from the right statistics entry and the right disk: checked
// against the raw `sadf -j` documents of the site's fixture (e2e/fixtures/make-sadf-iostat.sh),
// read back here with JSON.parse; and held against the iostat log taken over the same seconds.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoadedExperiment, loadContent } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import {
  loopDevice,
  type RawDisk,
  type RawEntry,
  rawEntries,
  SADF_FIXTURE_DIR,
  SADF_RUNS_DIR,
} from '../../../e2e/helpers/sadf-fixture.ts';
import { type IostatTable, iostatDeviceTables } from '../../../e2e/try/raw-numbers.ts';
import { experimentView } from '../../data/experiment-view.ts';
import { glossaryGroups } from '../../data/glossary.ts';
import { DEVICE_FIGURES } from '../../lib/page-state.ts';
import type { DeviceSeries, ToolSection } from '../../view/model.ts';
import { SADF_FIGURES } from './series.ts';

const RUNS = ['none', 'mq-deadline'] as const;

let loading: Promise<LoadedExperiment> | undefined;
function fixture(): Promise<LoadedExperiment> {
  loading ??= loadContent(SADF_FIXTURE_DIR).then(({ experiments }) => experiments[0] as LoadedExperiment);
  return loading;
}

async function sectionOf(tool: string): Promise<ToolSection> {
  const found = experimentView(await fixture()).sections.find((section) => section.tool === tool);
  if (found === undefined) throw new Error(`no ${tool} section`);
  return found;
}

function seriesOf(section: ToolSection, run: string, device: string): DeviceSeries {
  const found = section.devices?.find((series) => series.run === run && series.device === device);
  if (found === undefined) throw new Error(`no series of ${device} in run ${run}`);
  return found;
}

// --- sadf -j as printed ------------------------------------------------------------------------

/** A disk's printed value at every entry, null where the entry has no such disk. */
function printed(entries: readonly RawEntry[], device: string, read: (disk: RawDisk) => number): Array<number | null> {
  return entries.map((entry) => {
    const disk = entry.disk?.find((candidate) => candidate['disk-device'] === device);
    return disk === undefined ? null : read(disk);
  });
}

/** Equal to within float rounding of a unit conversion (sectors to bytes, ms to ns). */
function expectClose(actual: ReadonlyArray<number | null> | undefined, expected: ReadonlyArray<number | null>) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, index) => {
    const got = actual?.[index] ?? null;
    if (value === null) expect(got, `at ${index}`).toBeNull();
    else expect(got, `at ${index}`).toBeCloseTo(value, 6);
  });
}

// --- iostat -x -t (ISO times) as printed --------------------------------------------------------

/** Each interval report's device table of an iostat log, read with a plain split (the first, since boot, left out). */
async function iostatReports(run: string): Promise<IostatTable[]> {
  return iostatDeviceTables(await readFile(join(SADF_RUNS_DIR, run, 'iostat.txt'), 'utf8')).slice(1);
}

const sum = (values: ReadonlyArray<number | null | undefined>) =>
  values.reduce<number>((total, value) => total + (value ?? 0), 0);

describe('the fixture', () => {
  it('is valid content: no error or warning, as benchfolio validate reads it (tool sadf, tools.sadf)', async () => {
    const { experiments, issues } = await loadContent(SADF_FIXTURE_DIR);
    expect(issues).toEqual([]);
    expect(experiments[0]?.runs.map((run) => run.run.tools.sadf)).toEqual(['sysstat 12.6.1', 'sysstat 12.6.1']);
  });
});

describe('sadf sections', () => {
  it('draw each disk of every run from its own entries of sadf -j, in base units', async () => {
    const section = await sectionOf('sadf');
    for (const run of RUNS) {
      const entries = await rawEntries(run);
      const device = await loopDevice(run);
      const series = seriesOf(section, run, device);
      // Ten one-second intervals: the series has every entry, none cut by the downsampling.
      expect(entries).toHaveLength(10);
      expect(series.t).toHaveLength(entries.length);
      expectClose(
        series.values.util,
        printed(entries, device, (disk) => disk['util-percent']),
      );
      expectClose(
        series.values.transfersPerSec,
        printed(entries, device, (disk) => disk.tps),
      );
      // await in ms, sectors of 512 bytes.
      expectClose(
        series.values.await,
        printed(entries, device, (disk) => disk.await * 1e6),
      );
      expectClose(
        series.values.readBytesPerSec,
        printed(entries, device, (disk) => disk.rd_sec * 512),
      );
      expectClose(
        series.values.writeBytesPerSec,
        printed(entries, device, (disk) => disk.wr_sec * 512),
      );
      // sar has no reads or writes per second of a disk: no value, never a made-up one.
      expect(new Set(series.values.readsPerSec)).toEqual(new Set([null]));
      expect(new Set(series.values.writesPerSec)).toEqual(new Set([null]));
      // Seconds since the first entry, from the printed UTC timestamps.
      const times = entries.map((entry) => Date.parse(`${entry.timestamp.date}T${entry.timestamp.time}Z`));
      expect(series.t).toEqual(times.map((time) => (time - (times[0] as number)) / 1000));
      expect(series.start).toBe(`${entries[0]?.timestamp.date}T${entries[0]?.timestamp.time}Z`);
    }
  });

  it('leave out the disks idle throughout, and keep every disk that did something', async () => {
    const section = await sectionOf('sadf');
    for (const run of RUNS) {
      const entries = await rawEntries(run);
      const names = [...new Set(entries.flatMap((entry) => (entry.disk ?? []).map((disk) => disk['disk-device'])))];
      const isBusy = (name: string) =>
        entries.some((entry) =>
          (entry.disk ?? []).some(
            (disk) =>
              disk['disk-device'] === name &&
              [disk.tps, disk.rd_sec, disk.wr_sec, disk.await, disk['util-percent']].some((value) => value !== 0),
          ),
        );
      const drawn = (section.devices ?? []).filter((series) => series.run === run).map((series) => series.device);
      expect(drawn).toEqual(names.filter(isBusy));
      // The file holds idle disks too (other loop devices): they are what is left out.
      expect(names.filter((name) => !isBusy(name)).length).toBeGreaterThan(0);
    }
  });

  it('offer sar’s figures: tps where iostat has r/s and w/s, and summarize them', async () => {
    const section = await sectionOf('sadf');
    expect(section.title).toBe('sadf during the run');
    expect(section.notes?.join(' ')).toMatch(/transfers per second \(tps\)/);
    expect(section.deviceFigures).toEqual(SADF_FIGURES);
    expect(section.deviceFigures).toContain('transfersPerSec');
    expect(section.deviceFigures).not.toContain('readsPerSec');
    const device = await loopDevice('none');
    const tps = printed(await rawEntries('none'), device, (disk) => disk.tps).filter((value) => value !== null);
    const summary = section.deviceSummaries?.find((entry) => entry.run === 'none' && entry.device === device);
    expect(summary?.mean.transfersPerSec).toBeCloseTo(sum(tps) / tps.length, 9);
    expect(summary?.max.transfersPerSec).toBe(Math.max(...tps));
    // iostat's section is left with iostat's figures.
    expect((await sectionOf('iostat')).deviceFigures).toBeUndefined();
    expect(DEVICE_FIGURES).toContain('readsPerSec');
  });
});

describe('sadf and iostat over the same seconds', () => {
  it('saw the same device work: bytes and requests of the loop device agree', async () => {
    const sadf = await sectionOf('sadf');
    const iostat = await sectionOf('iostat');
    for (const run of RUNS) {
      const device = await loopDevice(run);
      const entries = await rawEntries(run);
      const reports = await iostatReports(run);
      // Both logs cover the whole fio run (started a second before it, ended after it): what each
      // counted in total is the same work, whatever the phase of their one-second clocks. Totals
      // from the raw text: rate times interval, summed.
      const sadfRead = sum(
        entries.map((entry, i) => (printed(entries, device, (d) => d.rd_sec * 512)[i] ?? 0) * entry.timestamp.interval),
      );
      const sadfWritten = sum(
        entries.map((entry, i) => (printed(entries, device, (d) => d.wr_sec * 512)[i] ?? 0) * entry.timestamp.interval),
      );
      const sadfRequests = sum(
        entries.map((entry, i) => (printed(entries, device, (d) => d.tps)[i] ?? 0) * entry.timestamp.interval),
      );
      const iostatRead = sum(reports.map((report) => (report.get(device)?.get('rkB/s') ?? 0) * 1024));
      const iostatWritten = sum(reports.map((report) => (report.get(device)?.get('wkB/s') ?? 0) * 1024));
      const iostatRequests = sum(
        reports.map((report) => sum(['r/s', 'w/s', 'd/s'].map((column) => report.get(device)?.get(column)))),
      );
      // fio read and wrote 8 MiB/s each way for 6 s: tens of MiB, thousands of requests.
      expect(sadfRead).toBeGreaterThan(20 * 2 ** 20);
      expect(sadfWritten).toBeGreaterThan(20 * 2 ** 20);
      // Within 2 %: two decimals of rates, and intervals of about, not exactly, one second.
      expect(Math.abs(sadfRead / iostatRead - 1), `${run} read`).toBeLessThan(0.02);
      expect(Math.abs(sadfWritten / iostatWritten - 1), `${run} written`).toBeLessThan(0.02);
      expect(Math.abs(sadfRequests / iostatRequests - 1), `${run} requests`).toBeLessThan(0.02);

      // The series drawn say the same: each section's total from its own figures.
      const drawnSadf = seriesOf(sadf, run, device);
      const drawnIostat = seriesOf(iostat, run, device);
      expect(
        Math.abs(sum(drawnSadf.values.writeBytesPerSec) / sum(drawnIostat.values.writeBytesPerSec) - 1),
      ).toBeLessThan(0.02);
      expect(
        Math.abs(
          sum(drawnSadf.values.transfersPerSec ?? []) /
            (sum(drawnIostat.values.readsPerSec) + sum(drawnIostat.values.writesPerSec)) -
            1,
        ),
      ).toBeLessThan(0.02);
      // On one clock: sadf's first entry and iostat's first interval report are at most a second apart.
      const sadfStart = Date.parse(drawnSadf.start ?? '');
      const iostatStart = Date.parse(drawnIostat.start ?? '');
      expect(Math.abs(sadfStart - iostatStart)).toBeLessThanOrEqual(1000);
    }
  });
});

describe('the glossary of a page with sadf', () => {
  it('explains sar’s device figures, and how they differ from iostat’s', async () => {
    const groups = glossaryGroups([experimentView(await fixture())]);
    const sadf = groups.find((group) => group.tool === 'sadf');
    expect(sadf?.concepts.map((concept) => concept.id)).toEqual(['sadf-devices']);
    expect(sadf?.concepts[0]?.explanation).toMatch(/same \/proc\/diskstats counters as iostat’s/);
    expect(sadf?.concepts[0]?.explanation).toMatch(/iostat’s r\/s plus w\/s/);
    expect(sadf?.entries.map((entry) => entry.id).sort()).toEqual([
      'sadf-await',
      'sadf-read-bw',
      'sadf-tps',
      'sadf-util',
      'sadf-write-bw',
    ]);
    expect(sadf?.entries.find((entry) => entry.id === 'sadf-tps')?.explanation).toMatch(/reads and writes together/);
    // iostat's section keeps its own entry.
    expect(groups.find((group) => group.tool === 'iostat')?.concepts.map((concept) => concept.id)).toEqual([
      'iostat-devices',
    ]);
  });
});
