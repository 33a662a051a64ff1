import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { detectSysbench, parseSysbench } from './index.ts';
import type { SysbenchInterval, SysbenchRun } from './schema.ts';

const FIXTURES = new URL('../../fixtures/sysbench/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`sysbench-1.0.20--${name}`, FIXTURES), 'utf8');

interface JsonReport {
  time: number;
  threads: number;
  tps: number;
  qps: { total: number; reads: number; writes: number; other: number };
  latency: number;
  errors: number;
  reconnects: number;
}

/**
 * The arrays sysbench 1.0.20's reporter prints, read with JSON.parse (they are valid JSON since
 * 1.0.14): each from a line `[` to the next line `]`, independently of the parser.
 */
function jsonArrays(text: string): JsonReport[][] {
  return [...text.matchAll(/^\[\n[\s\S]*?^\]$/gm)].map((match) => JSON.parse(match[0]) as JsonReport[]);
}

function expectSameReport(interval: SysbenchInterval | null | undefined, report: JsonReport): void {
  expect(interval).toMatchObject({
    offsetSec: report.time,
    tps: report.tps,
    qps: report.qps.total,
    readsPerSec: report.qps.reads,
    writesPerSec: report.qps.writes,
    otherPerSec: report.qps.other,
    latencyPercent: null,
    errorsPerSec: report.errors,
    reconnectsPerSec: report.reconnects,
  });
  expect(interval?.latencyNs).toBeCloseTo(report.latency * 1e6, 3);
}

describe("sysbench's Lua JSON reporter (sysbench.report_json, 1.0.20 fixtures)", () => {
  it('both hooks: the intermediate array as intervals, the cumulative one as the run, complete', () => {
    const text = fixture('report-json.input.txt');
    const [intermediate = [], cumulative = []] = jsonArrays(text);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.result.runs).toHaveLength(1);
    expect(run.isComplete).toBe(true);
    expect(run.intervals).toHaveLength(intermediate.length);
    for (const [index, report] of intermediate.entries()) {
      expectSameReport(run.intervals[index], report);
      expect(run.intervals[index]?.threads).toBe(report.threads);
    }
    expect(cumulative).toHaveLength(1);
    expectSameReport(run.cumulative, cumulative[0] as JsonReport);
  });

  it('the cumulative report\'s "threads": 0 is left out, with a warning naming the quirk', () => {
    const text = fixture('report-json.input.txt');
    expect(text).toMatch(/"threads": 0,/);
    const output = parseSysbench(text);
    expect(output.result.runs[0]?.cumulative?.threads).toBeNull();
    expect(output.warnings).toEqual([
      expect.objectContaining({ code: 'REPORT_JSON_THREADS_ZERO', message: expect.stringContaining('#194') }),
    ]);
  });

  it('the cumulative report gives the run-level measurements, the intervals theirs with a sample', () => {
    const text = fixture('report-json.input.txt');
    const [intermediate = [], cumulative = []] = jsonArrays(text);
    const { measurements } = parseSysbench(text);
    const total = measurements.filter((m) => m.labels.sample === undefined);
    expect(total.find((m) => m.metric === 'tps')?.value).toBe(cumulative[0]?.tps);
    expect(total.find((m) => m.metric === 'latency.percentile')).toMatchObject({ unit: 'ns' });
    const first = measurements.filter((m) => m.labels.sample === '0');
    expect(first.find((m) => m.metric === 'tps')?.value).toBe(intermediate[0]?.tps);
    expect(first.find((m) => m.metric === 'elapsed')?.value).toBe(intermediate[0]?.time);
    expect(first.find((m) => m.metric === 'tps')?.labels.threads).toBe(String(intermediate[0]?.threads));
  });

  it('intermediate hook only: the JSON intervals, then the usual text statistics of the same run', () => {
    const text = fixture('report-json-intermediate.input.txt');
    const [intermediate = []] = jsonArrays(text);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.warnings).toEqual([]);
    expect(run.isComplete).toBe(true);
    expect(run.cumulative).toBeNull();
    for (const [index, report] of intermediate.entries()) expectSameReport(run.intervals[index], report);
    const events = /total number of events: +(\d+)/.exec(text)?.[1];
    expect(run.general.eventsTotal).toBe(Number(events));
    // The last interval ends within the run's total time.
    expect((run.intervals.at(-1)?.offsetSec ?? 0) * 1e9).toBeLessThanOrEqual((run.general.totalTimeNs ?? 0) + 0.5e9);
  });

  it('cumulative hook only: one report, the run complete without text statistics', () => {
    const text = fixture('report-json-cumulative.input.txt');
    const [cumulative = []] = jsonArrays(text);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(run.isComplete).toBe(true);
    expect(run.intervals).toEqual([]);
    expectSameReport(run.cumulative, cumulative[0] as JsonReport);
    expect(output.warnings.map((w) => w.code)).toEqual(['REPORT_JSON_THREADS_ZERO']);
  });

  it("1.0.11's report (sysbench issue #194): an object ending in a comma, no brackets, threads 0", () => {
    const text = readCorpusFile(
      corpusDir(),
      'sysbench/akopytov-sysbench-issue-194__v1.0.11-report-json-cumulative-trailing-comma.txt',
    ).text;
    expect(detectSysbench(text)).toMatchObject({ tool: 'sysbench' });
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    // "time": 3, "tps": 5440.06, "latency": 1.89
    expect(run.cumulative).toMatchObject({ offsetSec: 3, threads: null, tps: 5440.06, qps: 0, errorsPerSec: 0 });
    expect(run.cumulative?.latencyNs).toBeCloseTo(1.89e6, 3);
    expect(output.warnings).toEqual([
      expect.objectContaining({ code: 'REPORT_JSON_THREADS_ZERO', line: 1 }),
      expect.objectContaining({ code: 'REPORT_JSON_TRAILING_COMMA', line: 14, column: 2 }),
    ]);
  });

  it('a member that is not a number is a BAD_NUMBER at its line and column', () => {
    const text = fixture('report-json.input.txt');
    const lines = text.split('\n');
    const row = lines.findIndex((line) => line.includes('"tps":'));
    lines[row] = (lines[row] as string).replace(/"tps": [\d.]+/, '"tps": x.5');
    expect(catchParseError(() => parseSysbench(lines.join('\n')))).toMatchObject({
      code: 'BAD_NUMBER',
      line: row + 1,
      column: (lines[row] as string).indexOf('x.5') + 1,
    });
  });

  it('an unknown member inside a report is an UNEXPECTED_LINE', () => {
    const text = fixture('report-json.input.txt').replace('"errors":', '"failures":');
    expect(catchParseError(() => parseSysbench(text))).toMatchObject({ code: 'UNEXPECTED_LINE' });
  });

  it('a run cut inside a report keeps the reports before it and is incomplete', () => {
    const text = fixture('report-json.input.txt');
    const cut = text.slice(0, text.indexOf('"latency"', text.indexOf('"time":    2')));
    const output = parseSysbench(cut);
    expect(output.result.runs[0]?.isComplete).toBe(false);
    expect(output.result.runs[0]?.intervals).toHaveLength(1);
    expect(output.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
  });

  it('gives a result or a ParseError for mutated and truncated reporter outputs', () => {
    const texts = readdirSync(FIXTURES)
      .filter((name) => name.includes('report-json') && name.endsWith('.input.txt'))
      .map((name) => readFileSync(new URL(name, FIXTURES), 'utf8'));
    checkParserProperty((input) => parseSysbench(input), texts, { numRuns: 150 });
  });
});

describe("sysbench's Lua default reporter (sysbench.report_default, 1.0.20 fixture)", () => {
  it('reads "err/s 0.00" without its colon, every value as printed', () => {
    const text = fixture('report-default.input.txt');
    const LINE =
      /^\[ (\d+)s \] thds: (\d+) tps: ([\d.]+) qps: ([\d.]+) \(r\/w\/o: ([\d.]+)\/([\d.]+)\/([\d.]+)\) lat \(ms,(\d+)%\): ([\d.]+) err\/s ([\d.]+) reconn\/s: ([\d.]+)$/;
    const lines = text
      .split('\n')
      .map((line) => LINE.exec(line))
      .filter((match) => match !== null);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.warnings).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
    expect(run.intervals).toHaveLength(lines.length);
    for (const [index, match] of lines.entries()) {
      const [, time, threads, tps, qps, reads, writes, other, percent, latency, errors, reconnects] = match;
      expect(run.intervals[index]).toMatchObject({
        offsetSec: Number(time),
        threads: Number(threads),
        tps: Number(tps),
        qps: Number(qps),
        readsPerSec: Number(reads),
        writesPerSec: Number(writes),
        otherPerSec: Number(other),
        latencyPercent: Number(percent),
        errorsPerSec: Number(errors),
        reconnectsPerSec: Number(reconnects),
      });
      expect(run.intervals[index]?.latencyNs).toBeCloseTo(Number(latency) * 1e6, 3);
    }
  });
});
