import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkParserProperty } from '../../test/properties.ts';
import { parseFio } from './index.ts';
import type { DirectionStats, FioJob, FioRun } from './schema.ts';
import { _statusSeries } from './status-reports.ts';

/**
 * fio 3.33 outputs made by fixtures/fio/make-fixtures.sh (issue 19): `--status-interval=1`,
 * `--steadystate`, unified_rw_reporting, cmdprio_percentage and text after the JSON document.
 * Regenerating them gives new numbers, so the expected values are read from the raw text here
 * (each JSON document parsed on its own, normal and terse lines split by hand), never fixed.
 */

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');
const onlyRun = (text: string, format: 'terse' | 'json' | 'normal') => {
  const runs = parseFio(text, { format }).result.runs;
  expect(runs).toHaveLength(1);
  return runs[0] as FioRun;
};

// biome-ignore lint/suspicious/noExplicitAny: fio's own JSON, read field by field in the tests.
type Json = any;

/** Every JSON document of a raw output, parsed on its own: fio prints `{` and `}` alone on their lines. */
function rawJsonDocuments(text: string): Json[] {
  const lines = text.split('\n');
  const documents: Json[] = [];
  let open = -1;
  lines.forEach((line, index) => {
    if (line === '{') open = index;
    else if (line === '}' && open !== -1) {
      documents.push(JSON.parse(lines.slice(open, index + 1).join('\n')));
      open = -1;
    }
  });
  return documents;
}

/** The printed `issued rwts: total=r,w,t,s` counts of each normal report, in order. */
function rawIssuedTotals(text: string): number[][] {
  return [...text.matchAll(/issued rwts: total=([\d,]+)/g)].map((m) => (m[1] as string).split(',').map(Number));
}

/** The fields of each terse line. */
function rawTerseLines(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => /^[2-5];/.test(line))
    .map((line) => line.split(';'));
}

const STATUS_NORMAL_JSON = () => fixture('fio-3.33--status-interval.normal-json.txt');
const STATUS_TERSE = () => fixture('fio-3.33--status-interval-2jobs.terse.txt');

/** The read side of every report of a run, the status reports first and the final one last. */
function readSeries(run: FioRun, jobIndex = 0): DirectionStats[] {
  return [...run.statusReports.map((r) => r.jobs[jobIndex] as FioJob), run.jobs[jobIndex] as FioJob].map(
    (job) => job.read as DirectionStats,
  );
}

describe('--status-interval', () => {
  it('folds concatenated JSON documents of one run into its final report and its status reports', () => {
    const text = STATUS_NORMAL_JSON();
    const documents = rawJsonDocuments(text);
    expect(documents.length).toBeGreaterThanOrEqual(3);
    const run = onlyRun(text, 'json');
    expect(run.statusReports).toHaveLength(documents.length - 1);
    readSeries(run).forEach((read, k) => {
      const raw = documents[k].jobs[0].read;
      expect(read.ioBytes, `report ${k} io`).toBe(raw.io_bytes);
      expect(read.totalIos, `report ${k} ios`).toBe(raw.total_ios);
      expect(read.runtimeMs, `report ${k} runtime`).toBe(raw.runtime);
      expect(read.iops, `report ${k} iops`).toBe(raw.iops);
    });
    expect(run.statusReports.map((report) => report.timestampMs)).toEqual(
      documents.slice(0, -1).map((document) => document.timestamp_ms),
    );
    // The final report stays the result: the last document.
    expect(run.jobs[0]?.read?.ioBytes).toBe(documents.at(-1).jobs[0].read.io_bytes);
    expect(run.timestampMs).toBe(documents.at(-1).timestamp_ms);
  });

  it('folds the normal reports of one run (same pid) and they agree with the JSON of the same run', () => {
    const text = STATUS_NORMAL_JSON();
    const normal = onlyRun(text, 'normal');
    const json = onlyRun(text, 'json');
    const issued = rawIssuedTotals(text);
    expect(normal.statusReports).toHaveLength(json.statusReports.length);
    expect(issued).toHaveLength(normal.statusReports.length + 1);
    const normalSeries = readSeries(normal);
    const jsonSeries = readSeries(json);
    normalSeries.forEach((read, k) => {
      const other = jsonSeries[k] as DirectionStats;
      expect(read.totalIos, `report ${k} issued`).toBe(issued[k]?.[0]);
      expect(read.totalIos, `report ${k} ios`).toBe(other.totalIos);
      expect(read.runtimeMs, `report ${k} runtime`).toBe(other.runtimeMs);
      // Normal text prints 3 significant digits: within half a unit of the last one.
      expect(Math.abs((read.ioBytes ?? 0) - (other.ioBytes ?? 0)) / (other.ioBytes ?? 1)).toBeLessThan(0.005);
      expect(Math.abs((read.iops ?? 0) - (other.iops ?? 0)) / (other.iops ?? 1)).toBeLessThan(0.005);
    });
  });

  it('ends the cumulative series at the final report in each format, and the intervals add up to it', () => {
    const cases = [
      { format: 'json', text: STATUS_NORMAL_JSON(), jobIndex: 0 },
      { format: 'normal', text: STATUS_NORMAL_JSON(), jobIndex: 0 },
      { format: 'terse', text: STATUS_TERSE(), jobIndex: 0 },
      { format: 'terse', text: STATUS_TERSE(), jobIndex: 1 },
    ] as const;
    for (const { format, text, jobIndex } of cases) {
      const run = onlyRun(text, format);
      const final = run.jobs[jobIndex]?.read as DirectionStats;
      const steps = _statusSeries(run, jobIndex, 'read');
      expect(steps, format).toHaveLength(run.statusReports.length + 1);
      expect(steps.at(-1)?.cumulative, format).toBe(final);
      const sum = (pick: (s: (typeof steps)[number]) => number | null) =>
        steps.reduce((total, step) => total + (pick(step) ?? Number.NaN), 0);
      expect(
        sum((s) => s.interval.ioBytes),
        format,
      ).toBe(final.ioBytes);
      expect(
        sum((s) => s.interval.runtimeMs),
        format,
      ).toBe(final.runtimeMs);
      if (format !== 'terse')
        expect(
          sum((s) => s.interval.totalIos),
          format,
        ).toBe(final.totalIos);
    }
  });

  it('reads the normal,json stream of status reports as one run without a format given', () => {
    const { result } = parseFio(STATUS_NORMAL_JSON());
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]?.format).toBe('json');
    expect(result.runs[0]?.statusReports).toHaveLength(rawJsonDocuments(STATUS_NORMAL_JSON()).length - 1);
  });

  it('gives per-interval bandwidth and IOPS from the differences of bytes, I/Os and runtime', () => {
    const text = STATUS_NORMAL_JSON();
    const documents = rawJsonDocuments(text);
    const run = onlyRun(text, 'json');
    const steps = _statusSeries(run, 0, 'read');
    steps.forEach((step, k) => {
      const now = documents[k].jobs[0].read;
      const before = k === 0 ? { io_bytes: 0, total_ios: 0, runtime: 0 } : documents[k - 1].jobs[0].read;
      const ms = now.runtime - before.runtime;
      expect(step.interval.runtimeMs).toBe(ms);
      expect(step.interval.bandwidthBytesPerSec).toBeCloseTo(((now.io_bytes - before.io_bytes) * 1000) / ms, 6);
      expect(step.interval.iops).toBeCloseTo(((now.total_ios - before.total_ios) * 1000) / ms, 6);
    });
    // The first interval's figures are the first report's own (fio computes them the same way).
    expect(steps[0]?.interval.iops).toBeCloseTo(documents[0].jobs[0].read.iops, 6);
  });

  it('names the cumulative and the per-interval series apart, labelled by sample and time', () => {
    const { measurements, result } = parseFio(STATUS_NORMAL_JSON(), { format: 'json' });
    const run = result.runs[0] as FioRun;
    const cumulative = measurements.filter((m) => m.metric === 'cumulative.read.bw');
    const interval = measurements.filter((m) => m.metric === 'interval.read.iops');
    expect(cumulative).toHaveLength(run.statusReports.length + 1);
    expect(interval).toHaveLength(run.statusReports.length + 1);
    expect(cumulative.map((m) => m.labels.sample)).toEqual(cumulative.map((_, i) => String(i)));
    expect(cumulative[0]?.labels.time).toBe(new Date(run.statusReports[0]?.timestampMs ?? 0).toISOString());
    expect(cumulative.at(-1)?.value).toBe(run.jobs[0]?.read?.bandwidthBytesPerSec);
    // The usual metrics keep their meaning: one value, the final report's.
    expect(measurements.filter((m) => m.metric === 'read.iops').map((m) => m.value)).toEqual([run.jobs[0]?.read?.iops]);
    for (const unit of new Set(measurements.filter((m) => m.metric.startsWith('interval.')).map((m) => m.unit))) {
      expect(['B', 'count', 's', 'B/s', 'op/s']).toContain(unit);
    }
  });

  it('splits a block of terse lines into reports of two jobs (numjobs=2) by their names and runtimes', () => {
    const text = STATUS_TERSE();
    const lines = rawTerseLines(text);
    const run = onlyRun(text, 'terse');
    const jobsPerReport = run.jobs.length;
    expect(jobsPerReport).toBe(2);
    expect(run.statusReports).toHaveLength(lines.length / 2 - 1);
    const all = [...run.statusReports.flatMap((r) => r.jobs), ...run.jobs];
    all.forEach((job, i) => {
      const fields = lines[i] as string[];
      expect(job.name).toBe(fields[2]);
      // Terse: io in KiB (field 6), runtime in ms (field 9).
      expect(job.read?.ioBytes, `line ${i + 1} io`).toBe(Number(fields[5]) * 1024);
      expect(job.read?.runtimeMs, `line ${i + 1} runtime`).toBe(Number(fields[8]));
    });
    // Terse prints no I/O count: the per-interval bandwidth is there, the IOPS is not.
    const steps = _statusSeries(run, 1, 'read');
    expect(steps.at(-1)?.interval.bandwidthBytesPerSec).toBeGreaterThan(0);
    expect(steps.every((step) => step.interval.iops === null)).toBe(true);
  });

  it('keeps the clones of a numjobs job as jobs when they are not status reports', () => {
    const run = onlyRun(fixture('fio-3.33--randrw-2jobs.terse5-jsonplus.txt'), 'terse');
    expect(run.jobs).toHaveLength(2);
    expect(run.statusReports).toEqual([]);
  });

  it('keeps two runs with the same pid (fresh PID namespaces) apart by their dates', () => {
    const text = fixture('fio-3.33--same-pid-2runs.normal.txt');
    const pids = [...text.matchAll(/pid=(\d+):/g)].map((m) => m[1]);
    const issued = rawIssuedTotals(text).map((totals) => totals[0] as number);
    const runtimes = [...text.matchAll(/\/(\d+)msec\)/g)].map((m) => Number(m[1]));
    // What a later status report would look like: same pid, counters not smaller.
    expect(pids).toHaveLength(2);
    expect(pids[1]).toBe(pids[0]);
    expect(issued[1]).toBeGreaterThanOrEqual(issued[0] as number);
    expect(runtimes[1]).toBeGreaterThanOrEqual(runtimes[0] as number);
    const runs = parseFio(text).result.runs;
    expect(runs).toHaveLength(2);
    expect(runs.map((run) => run.statusReports.length)).toEqual([0, 0]);
  });

  it('names the version of a normal series from its `fio-3.33` line, printed once before the first report (issue 39)', () => {
    const text = fixture('fio-3.33--status-interval-1s.normal.txt');
    // Line 2 of the raw text: `fio-3.33`; the later reports print no version line.
    expect(text.split('\n')[1]).toBe('fio-3.33');
    const output = parseFio(text);
    expect(output.toolVersion).toBe('fio-3.33');
    expect(onlyRun(text, 'normal').fioVersion).toBe('fio-3.33');
  });

  it('folds normal reports whose dates stray two seconds from the runtime grown (issue 39)', () => {
    const text = fixture('fio-3.33--status-interval-1s.normal.txt');
    // `si: (groupid=0, jobs=1): err= 0: pid=26546: Sat Nov 28 23:03:42 2026`, twice, then
    // `... 23:03:44 2026` twice; the runtimes `(12.2MiB/846msec)`, `1845msec`, `2845msec`, `3001msec`.
    const dates = [...text.matchAll(/pid=\d+: \w{3} \w{3} \d+ (\d\d:\d\d:\d\d)/g)].map((m) => m[1]);
    const runtimes = [...text.matchAll(/\/(\d+)msec\)/g)].map((m) => Number(m[1]));
    expect(dates).toEqual(['23:03:42', '23:03:42', '23:03:44', '23:03:44']);
    expect(runtimes).toEqual([846, 1845, 2845, 3001]);
    const run = onlyRun(text, 'normal');
    expect(readSeries(run).map((read) => read.runtimeMs)).toEqual(runtimes);
    expect(readSeries(run).map((read) => read.totalIos)).toEqual(rawIssuedTotals(text).map((totals) => totals[0]));
  });

  it('reads one report pasted twice once, with DUPLICATE_RUN, never as a report after it (issue 34)', () => {
    const json = rawJsonDocuments(STATUS_NORMAL_JSON()).at(-1);
    const text = `${JSON.stringify(json, null, 2)}\n`;
    const twice = parseFio(text + text, { format: 'json' });
    expect(twice.result.runs).toHaveLength(1);
    expect(twice.warnings.map((w) => w.code)).toEqual(['DUPLICATE_RUN']);
    const separate = fixture('fio-3.33--randread.terse4-json.txt');
    const output = parseFio(separate + separate, { format: 'json' });
    expect(output.result.runs).toHaveLength(1);
    expect(output.result.runs[0]?.statusReports).toEqual([]);
    expect(output.warnings.map((w) => w.code)).toEqual(['DUPLICATE_RUN']);
  });
});

describe('--steadystate', () => {
  const text = () => fixture('fio-3.33--steadystate.normal-json.txt');

  it('reads the JSON steadystate object with its window data', () => {
    const raw = rawJsonDocuments(text())[0].jobs;
    const run = onlyRun(text(), 'json');
    run.jobs.forEach((job, i) => {
      const ss = raw[i].steadystate;
      const [, metric, slope, limit] = /^(iops|bw)(_slope)?:([\d.]+)%$/.exec(ss.ss) ?? [];
      expect(job.steadyState).toEqual({
        metric,
        isSlope: slope !== undefined,
        limit: Number(limit),
        isPercent: true,
        isAttained: ss.attained === 1,
        criterion: Number.parseFloat(ss.criterion),
        durationSec: ss.duration,
        maxDeviation: ss.max_deviation,
        slope: ss.slope,
        bwMeanBytesPerSec: ss.data.bw_mean,
        iopsMean: ss.data.iops_mean,
        bwBytesPerSec: ss.data.bw,
        iops: ss.data.iops,
        latMeanNs: null,
        latNs: null,
      });
    });
    expect(run.jobs.map((job) => job.steadyState?.isAttained)).toEqual([true, false]);
  });

  it('reads the normal steadystate line, which agrees with the JSON of the same run', () => {
    const lines = [...text().matchAll(/^ {2}steadystate {2}: (.*)$/gm)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    const normal = onlyRun(text(), 'normal');
    const json = onlyRun(text(), 'json');
    normal.jobs.forEach((job, i) => {
      const ss = job.steadyState;
      const other = json.jobs[i]?.steadyState;
      expect(ss?.isAttained).toBe(other?.isAttained);
      expect(ss?.metric).toBe(other?.metric);
      expect(ss?.isSlope).toBe(other?.isSlope);
      // `iops mean dev=1.614%`: three decimals of the JSON's criterion.
      expect(ss?.criterion).toBeCloseTo(other?.criterion ?? 0, 3);
      // `iops=20.7k`, `bw=81.0MiB/s`: three significant digits.
      expect(Math.abs((ss?.iopsMean ?? 0) - (other?.iopsMean ?? 0)) / (other?.iopsMean ?? 1)).toBeLessThan(0.005);
      const bw = Math.abs((ss?.bwMeanBytesPerSec ?? 0) - (other?.bwMeanBytesPerSec ?? 0));
      expect(bw / (other?.bwMeanBytesPerSec ?? 1)).toBeLessThan(0.005);
      expect(lines[i]).toContain(`attained=${ss?.isAttained ? 'yes' : 'no'}`);
    });
  });

  it('gives the window as steadystate.iops and steadystate.bw samples', () => {
    const { measurements, result } = parseFio(text(), { format: 'json' });
    const job = result.runs[0]?.jobs[0] as FioJob;
    const iops = measurements.filter((m) => m.metric === 'steadystate.iops' && m.labels.job === job.name);
    expect(iops.map((m) => m.value)).toEqual(job.steadyState?.iops);
    expect(iops.map((m) => m.labels.sample)).toEqual(iops.map((_, i) => String(i)));
    const criterion = measurements.find((m) => m.metric === 'steadystate.criterion' && m.labels.job === job.name);
    expect(criterion).toMatchObject({ unit: '%', value: job.steadyState?.criterion });
  });
});

describe('unified_rw_reporting', () => {
  it('=1: reads the mixed block as its own direction in json, normal and terse, never as read', () => {
    const text = fixture('fio-3.33--unified-rw-mixed.terse-json-normal.txt');
    const raw = rawJsonDocuments(text)[0].jobs[0];
    expect(raw.read).toBeUndefined();
    const terseFields = rawTerseLines(text)[0] as string[];
    for (const format of ['json', 'normal', 'terse'] as const) {
      const job = onlyRun(text, format).jobs[0] as FioJob;
      expect([job.read, job.write, job.trim], format).toEqual([null, null, null]);
      expect(job.mixed, format).not.toBeNull();
    }
    expect(onlyRun(text, 'json').jobs[0]?.mixed?.ioBytes).toBe(raw.mixed.io_bytes);
    expect(onlyRun(text, 'json').jobs[0]?.mixed?.totalIos).toBe(raw.mixed.total_ios);
    // Normal: `issued rwts: total=` counts every I/O in its first slot, the mixed direction's.
    expect(onlyRun(text, 'normal').jobs[0]?.mixed?.totalIos).toBe(raw.mixed.total_ios);
    expect(onlyRun(text, 'normal').groups[0]?.mixed?.minRuntimeMs).toBe(raw.mixed.runtime);
    // Terse: one direction block (89 fields in v3 with one disk), io in KiB.
    expect(terseFields).toHaveLength(89);
    expect(onlyRun(text, 'terse').jobs[0]?.mixed?.ioBytes).toBe(Number(terseFields[5]) * 1024);
    expect(onlyRun(text, 'terse').jobs[0]?.mixed?.ioBytes).toBe(raw.mixed.io_kbytes * 1024);
    const { measurements } = parseFio(text, { format: 'json' });
    expect(measurements.find((m) => m.metric === 'mixed.iops')?.value).toBe(raw.mixed.iops);
    expect(measurements.some((m) => m.metric.startsWith('read.'))).toBe(false);
  });

  it('=both: reads read, write and mixed; fio 3.33 prints a zero mixed line in normal text', () => {
    const text = fixture('fio-3.33--unified-rw-both.terse-json-normal.txt');
    const raw = rawJsonDocuments(text)[0].jobs[0];
    const json = onlyRun(text, 'json').jobs[0] as FioJob;
    expect(json.read?.ioBytes).toBe(raw.read.io_bytes);
    expect(json.write?.ioBytes).toBe(raw.write.io_bytes);
    expect(json.mixed?.ioBytes).toBe(raw.mixed.io_bytes);
    expect(raw.mixed.io_bytes).toBe(raw.read.io_bytes + raw.write.io_bytes);
    // Terse v3: read, write, then the mixed block (171 fields with one disk).
    const terseFields = rawTerseLines(text)[0] as string[];
    expect(terseFields).toHaveLength(171);
    const terse = onlyRun(text, 'terse').jobs[0] as FioJob;
    expect(terse.trim).toBeNull();
    expect(terse.mixed?.ioBytes).toBe(raw.mixed.io_kbytes * 1024);
    expect(terse.read?.ioBytes).toBe(raw.read.io_kbytes * 1024);
    // `mixed: IOPS=0, BW=0 (0)(0B/1001msec)`: what fio 3.33 printed, read as printed.
    expect(text).toMatch(/^ {2}mixed: IOPS=0, BW=0 \(0\)\(0B\/\d+msec\)$/m);
    const normal = onlyRun(text, 'normal');
    expect(normal.jobs[0]?.mixed?.iops).toBe(0);
    expect(normal.groups[0]?.mixed).not.toBeNull();
  });
});

describe('per-priority latencies (cmdprio_percentage)', () => {
  const text = () => fixture('fio-3.33--cmdprio.normal-json.txt');

  it('reads the JSON prios array', () => {
    const raw = rawJsonDocuments(text())[0].jobs[0].read.prios;
    const prios = onlyRun(text(), 'json').jobs[0]?.read?.prios ?? [];
    expect(prios).toHaveLength(raw.length);
    prios.forEach((prio, i) => {
      expect(prio.prioClass).toBe(raw[i].prioclass);
      expect(prio.prioLevel).toBe(raw[i].prio);
      expect(prio.lat.meanNs).toBe(raw[i].clat_ns.mean);
      expect(prio.lat.samples).toBe(raw[i].clat_ns.N);
      expect(prio.lat.percentilesNs?.['99.00']).toBe(raw[i].clat_ns.percentile['99.000000']);
    });
  });

  it('reads the normal `clat prio C/L` lines, which agree with the JSON of the same run', () => {
    const normal = onlyRun(text(), 'normal').jobs[0]?.read?.prios ?? [];
    const json = onlyRun(text(), 'json').jobs[0]?.read?.prios ?? [];
    const totalSamples = onlyRun(text(), 'json').jobs[0]?.read?.clat?.samples ?? 0;
    expect(normal.map((p) => `${p.prioClass}/${p.prioLevel}`)).toEqual(
      json.map((p) => `${p.prioClass}/${p.prioLevel}`),
    );
    normal.forEach((prio, i) => {
      const other = json[i];
      // avg in usec with two decimals: 5 ns.
      expect(Math.abs((prio.lat.meanNs ?? 0) - (other?.lat.meanNs ?? 0))).toBeLessThanOrEqual(5);
      // `(69.72% of IOs)`: the share of the samples, to two decimals.
      expect(prio.percentOfIos).toBeCloseTo(((other?.lat.samples ?? 0) / totalSamples) * 100, 1);
      // Percentiles printed in usec are fio's ns values rounded up to the usec.
      expect(prio.lat.percentilesNs?.['99.00']).toBe(
        Math.ceil((other?.lat.percentilesNs?.['99.00'] ?? 0) / 1000) * 1000,
      );
    });
  });

  it('labels the per-priority measurements with the class/level fio prints', () => {
    const { measurements } = parseFio(text(), { format: 'json' });
    const means = measurements.filter((m) => m.metric === 'read.clat.prio.mean');
    expect(means.map((m) => m.labels.prio)).toEqual(['0/0', '1/0']);
    expect(measurements.filter((m) => m.metric === 'read.clat.mean')).toHaveLength(1);
  });
});

describe('per-priority latencies of fio 3.29 (built from its tag): high and low', () => {
  const text = () => fixture('fio-3.29--cmdprio-high-low.normal-json.txt');

  it('reads JSON clat_high_prio/clat_low_prio and normal high/low prio lines, which agree', () => {
    const raw = rawJsonDocuments(text())[0].jobs[0].read;
    const json = onlyRun(text(), 'json').jobs[0]?.read?.prios ?? [];
    const normal = onlyRun(text(), 'normal').jobs[0]?.read?.prios ?? [];
    expect(json.map((p) => p.highOrLow)).toEqual(['high', 'low']);
    expect(json.map((p) => p.lat.meanNs)).toEqual([raw.clat_high_prio.mean, raw.clat_low_prio.mean]);
    expect(json.map((p) => p.lat.samples)).toEqual([raw.clat_high_prio.N, raw.clat_low_prio.N]);
    expect(normal.map((p) => p.highOrLow)).toEqual(['high', 'low']);
    const total = raw.clat_high_prio.N + raw.clat_low_prio.N;
    for (const [i, p] of normal.entries()) {
      const other = json[i];
      // `avg=115113.33` (nsec) or `avg=204.35` (usec): 5 ns at most.
      expect(Math.abs((p.lat.meanNs ?? 0) - (other?.lat.meanNs ?? 0))).toBeLessThanOrEqual(5);
      // `high prio (30.43%)`: the share of the samples.
      expect(p.percentOfIos).toBeCloseTo(((other?.lat.samples ?? 0) / total) * 100, 1);
      expect(p.lat.percentilesNs?.['99.00']).toBe(Math.ceil((other?.lat.percentilesNs?.['99.00'] ?? 0) / 1000) * 1000);
    }
  });
});

describe('text after the JSON document', () => {
  it('passes over text before the document, the line of the cpuio engine (axboe/fio#1333), without a warning', () => {
    const text = fixture('fio-3.33--cpuio-line-before.json.txt');
    const firstLine = text.split('\n')[0] as string;
    expect(firstLine.startsWith('{')).toBe(false);
    const { result, warnings } = parseFio(text);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]?.line).toBe(2);
    expect(result.runs[0]?.jobs[0]?.name).toBe(rawJsonDocuments(text)[0].jobs[0].jobname);
    expect(warnings).toEqual([]);
  });

  it('keeps the run and quotes each line fio printed after it as a warning', () => {
    const text = fixture('fio-3.33--bandwidth-log-readonly.json-stderr.txt');
    const rawLines = text.split('\n');
    const closing = rawLines.indexOf('}');
    const after = rawLines
      .map((line, index) => ({ line, number: index + 1 }))
      .filter(({ line, number }) => number > closing + 1 && line.trim() !== '');
    expect(after.length).toBeGreaterThan(0);
    const { result, warnings } = parseFio(text);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]?.jobs[0]?.read?.ioBytes).toBe(rawJsonDocuments(text)[0].jobs[0].read.io_bytes);
    expect(warnings.map((w) => [w.code, w.line])).toEqual(after.map(({ number }) => ['TEXT_AFTER_JSON', number]));
    for (const [i, warning] of warnings.entries()) expect(warning.message).toContain(after[i]?.line);
  });

  it('names a `fio:` line after the document FIO_MESSAGE; the failed job is flagged by the JSON itself', () => {
    const text = fixture('fio-3.33--dev-full.json-then-stderr.txt');
    const raw = rawJsonDocuments(text)[0].jobs[0];
    const last = text.trimEnd().split('\n').at(-1) as string;
    expect(last.startsWith('fio: ')).toBe(true);
    const { result, warnings } = parseFio(text);
    expect(warnings.map((w) => w.code)).toEqual(['FIO_MESSAGE']);
    expect(warnings[0]?.message).toContain(last);
    const job = result.runs[0]?.jobs[0];
    expect(job?.hasFailed).toBe(true);
    expect(job?.error?.code).toBe(raw.error);
  });
});

describe('fio 3.42 (built from its tag): job_start, steady state on latency, priority hints', () => {
  const status = () => fixture('fio-3.42--status-interval-steadystate-lat.normal-json.txt');
  const prio = () => fixture('fio-3.42--cmdprio-lat-percentiles.normal-json.txt');

  it('reads job_start and folds the status reports of one job_start', () => {
    const documents = rawJsonDocuments(status());
    const run = onlyRun(status(), 'json');
    expect(run.fioVersion).toBe('fio-3.42');
    expect(run.jobs[0]?.startTimeMs).toBe(documents.at(-1).jobs[0].job_start);
    expect(run.statusReports.map((r) => r.jobs[0]?.startTimeMs)).toEqual(
      documents.slice(0, -1).map((d) => d.jobs[0].job_start),
    );
    expect(onlyRun(status(), 'normal').statusReports).toHaveLength(documents.length - 1);
  });

  it('reads the lat criterion: JSON lat_mean and lat_ns, normal `lat=44.9knsec, lat mean dev=`', () => {
    const raw = rawJsonDocuments(status()).at(-1).jobs[0].steadystate;
    const json = onlyRun(status(), 'json').jobs[0]?.steadyState;
    const normal = onlyRun(status(), 'normal').jobs[0]?.steadyState;
    expect(json).toMatchObject({ metric: 'lat', latMeanNs: raw.data.lat_mean, latNs: raw.data.lat_ns });
    expect(normal?.metric).toBe('lat');
    expect(normal?.criterion).toBeCloseTo(json?.criterion ?? Number.NaN, 3);
    // `lat=44.9knsec`: three significant digits of the JSON's ns.
    expect(Math.abs((normal?.latMeanNs ?? 0) - raw.data.lat_mean) / raw.data.lat_mean).toBeLessThan(0.005);
    const { measurements } = parseFio(status(), { format: 'json' });
    expect(measurements.filter((m) => m.metric === 'steadystate.lat').map((m) => m.value)).toEqual(raw.data.lat_ns);
  });

  it('reads the priority hint, `lat prio C/L/H` in normal text and `priohint` in JSON, which agree', () => {
    const raw = rawJsonDocuments(prio())[0].jobs[0].read.prios;
    const json = onlyRun(prio(), 'json').jobs[0]?.read?.prios ?? [];
    const normal = onlyRun(prio(), 'normal').jobs[0]?.read?.prios ?? [];
    expect(json.map((p) => [p.prioClass, p.prioLevel, p.prioHint])).toEqual(
      raw.map((p: Json) => [p.prioclass, p.prio, p.priohint]),
    );
    expect(normal.map((p) => [p.prioClass, p.prioLevel, p.prioHint])).toEqual(
      json.map((p) => [p.prioClass, p.prioLevel, p.prioHint]),
    );
    // lat_percentiles=1: the statistics are of lat, JSON `lat_ns`, normal `lat prio`.
    expect([...json, ...normal].every((p) => p.isTotalLatency)).toBe(true);
    for (const [i, p] of normal.entries()) {
      expect(Math.abs((p.lat.meanNs ?? 0) - raw[i].lat_ns.mean)).toBeLessThanOrEqual(5);
    }
    const labels = parseFio(prio(), { format: 'normal' })
      .measurements.filter((m) => m.metric === 'read.lat.prio.mean')
      .map((m) => m.labels.prio);
    expect(labels).toEqual(raw.map((p: Json) => `${p.prioclass}/${p.prio}/${p.priohint}`));
  });
});

describe('fio property, the shapes of issue 19', () => {
  it('mutated and truncated status reports, steady state, mixed, prios and text after JSON give a result or a ParseError', () => {
    checkParserProperty(
      (input) => parseFio(input),
      [
        STATUS_NORMAL_JSON(),
        STATUS_TERSE(),
        fixture('fio-3.33--steadystate.normal-json.txt'),
        fixture('fio-3.33--unified-rw-mixed.terse-json-normal.txt'),
        fixture('fio-3.33--unified-rw-both.terse-json-normal.txt'),
        fixture('fio-3.33--cmdprio.normal-json.txt'),
        fixture('fio-3.33--bandwidth-log-readonly.json-stderr.txt'),
        fixture('fio-3.33--dev-full.json-then-stderr.txt'),
        fixture('fio-3.33--cpuio-line-before.json.txt'),
        fixture('fio-3.33--same-pid-2runs.normal.txt'),
        fixture('fio-3.42--status-interval-steadystate-lat.normal-json.txt'),
        fixture('fio-3.42--cmdprio-lat-percentiles.normal-json.txt'),
        fixture('fio-3.29--cmdprio-high-low.normal-json.txt'),
      ],
      { numRuns: 150 },
    );
  });
});
