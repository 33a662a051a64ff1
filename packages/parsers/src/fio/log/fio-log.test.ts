import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../../test/catch-parse-error.ts';
import { corpusFiles } from '../../../test/corpus.ts';
import { detect, parse, parseStream } from '../../index.ts';
import { readLogFileName } from './file-name.ts';
import { histogramShape } from './histogram-reader.ts';
import type { FioHistogramLog, FioSampleLog } from './schema.ts';
import { parseFioLog } from './tool.ts';

/** Real logs of fio 3.33 made here (fixtures/fio-log/make-fixtures.sh), named as fio named them. */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fio-log/', import.meta.url));
const logNames = readdirSync(FIXTURES).filter((name) => name.endsWith('.log'));
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const samples = (name: string): FioSampleLog => parseFioLog(read(name), { name }).result as FioSampleLog;
const histogram = (name: string): FioHistogramLog => parseFioLog(read(name), { name }).result as FioHistogramLog;

describe('fio log fixtures', () => {
  it('has fixture logs', () => {
    expect(logNames.length).toBeGreaterThan(10);
  });

  it.each(logNames)('%s matches its committed expected result', async (name) => {
    // The fio that wrote the logs is in their names (fio-3.33--...), as run.yaml's tools.fio gives it.
    const output = parse(read(name), { name, toolVersion: name.split('--')[0] });
    expect(output.tool).toBe('fio-log');
    const expected = name.replace(/\.log$/, '.expected.json');
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(join(FIXTURES, expected));
  });

  it('warns that latencies are read as ns unless the fio version is given, and reads fio 2.x usec with it', () => {
    const name = 'fio-3.33--win500_clat.1.log';
    const codes = (toolVersion?: string) => parse(read(name), { name, toolVersion }).warnings.map((w) => w.code);
    expect(codes()).toEqual(['LATENCY_UNIT_ASSUMED']);
    expect(codes('fio-3.33')).toEqual([]);
    // A bw log has no such doubt: fio has logged KiB/s in every version.
    expect(parse(read('fio-3.33--win500_bw.1.log'), { name: 'fio-3.33--win500_bw.1.log' }).warnings).toEqual([]);
    // The same text said to be fio 2.x's: its values are usec, 1000 times the ns read by default.
    const as3 = parse(read(name), { name, toolVersion: 'fio-3.33' }).result as FioSampleLog;
    const as2 = parse(read(name), { name, toolVersion: 'fio-2.21' }).result as FioSampleLog;
    expect(as2.printedUnit).toBe('usec');
    expect(as2.rows.values.slice(0, 3)).toEqual(as3.rows.values.slice(0, 3).map((value) => value * 1000));
  });

  it('reads a windowed bw log: KiB/s to B/s, bs 0, the priority flag column of fio 3.18+', () => {
    // 500, 83656, 0, 0, 0 / 500, 83688, 1, 0, 0 / 1000, 71935, 0, 0, 0 ...
    const log = samples('fio-3.33--win500_bw.1.log');
    expect(log.kind).toBe('bw');
    expect(log.kindSource).toBe('file-name');
    expect(log.fileName).toEqual({ prefix: 'fio-3.33--win500', kind: 'bw', job: 1, host: null });
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize', 'priority']);
    expect(log.isWindowed).toBe(true);
    expect(log.priorityEncoding).toBe('flag');
    expect(log.rows.timeMs.slice(0, 3)).toEqual([500, 500, 1000]);
    expect(log.rows.values.slice(0, 3)).toEqual([83656 * 1024, 83688 * 1024, 71935 * 1024]);
    expect(log.rows.directions.slice(0, 3)).toEqual([0, 1, 0]);
    // read: 83656, 71935, 79384 KiB/s
    expect(log.summary[0]).toMatchObject({ direction: 'read', count: 3, min: 71935 * 1024, max: 83656 * 1024 });
    expect(log.summary[0]?.mean).toBeCloseTo(((83656 + 71935 + 79384) / 3) * 1024, 6);
  });

  it('reads a windowed clat log with a short last window (2000 ms) in ns', () => {
    // 500, 34222, 0, 0, 0 ... 2000, 40109, 0, 0, 0 / 2000, 4112, 1, 0, 0
    const log = samples('fio-3.33--win500_clat.1.log');
    expect(log.unit).toBe('ns');
    expect(log.printedUnit).toBe('ns');
    expect(log.rows.timeMs).toEqual([500, 500, 1000, 1000, 1500, 1500, 2000, 2000]);
    expect(log.rows.values.at(-1)).toBe(4112);
    // Windowed latencies are window means: no percentiles from them.
    expect(log.summary[0]?.percentilesNs).toBeNull();
  });

  it('reads log_offset=1 and log_prio=1: the offset column and the hex ioprio', () => {
    // 0, 21350, 0, 4096, 61440, 0x0000
    const log = samples('fio-3.33--perio-offset-prio_clat.1.log');
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize', 'offset', 'priority']);
    expect(log.priorityEncoding).toBe('ioprio');
    expect(log.isWindowed).toBe(false);
    expect(log.rows.offsetBytes?.slice(0, 2)).toEqual([61440, 774144]);
    expect(log.rows.blockSizeBytes[0]).toBe(4096);
    expect(log.rows.priorities?.every((priority) => priority === 0)).toBe(true);
  });

  it('reads a per-I/O iops log: one line per I/O, value 1', () => {
    const log = samples('fio-3.33--perio-offset-prio_iops.1.log');
    expect(log.rows.values.every((value) => value === 1)).toBe(true);
    expect(log.summary.map((summary) => summary.count)).toEqual([24, 24]);
  });

  it('names each job of numjobs=2 from its file name', () => {
    expect(samples('fio-3.33--2jobs-win250_bw.2.log').fileName?.job).toBe(2);
    // 249, 180658, 0, 0, 0
    expect(samples('fio-3.33--2jobs-win250_bw.2.log').rows.values[0]).toBe(180658 * 1024);
  });

  it('reads a histogram log: 1856 bins of fio 3.x, and coarseness 2 from 464', () => {
    const full = histogram('fio-3.33--hist500_clat_hist.1.log');
    expect(full).toMatchObject({ binCount: 1856, coarseness: 0, binUnit: 'ns' });
    expect(full.intervals.timeMs).toEqual([501, 501, 1001, 1001, 1501, 1501]);
    expect(full.intervals.directions).toEqual([0, 1, 0, 1, 0, 1]);
    const coarse = histogram('fio-3.33--hist250-coarseness2_clat_hist.1.log');
    expect(coarse).toMatchObject({ binCount: 464, coarseness: 2, binUnit: 'ns' });
    // A merged bin spans four: bin 1 covers values 4 to 7, bin 40 (original 160..163) 192 to 200.
    expect([coarse.binLowerNs[1], coarse.binUpperNs[1]]).toEqual([4, 8]);
    expect([coarse.binLowerNs[40], coarse.binUpperNs[40]]).toEqual([192, 200]);
  });

  it('sums each interval of a histogram log to its sample count', () => {
    const log = histogram('fio-3.33--hist500_clat_hist.1.log');
    const lines = read('fio-3.33--hist500_clat_hist.1.log').trim().split('\n');
    lines.forEach((line, index) => {
      const sum = line
        .split(',')
        .slice(3)
        .reduce((total, field) => total + Number(field), 0);
      expect(log.intervals.sampleCounts[index]).toBe(sum);
    });
  });
});

describe('fio log layouts', () => {
  it('reads a third-party fio 3.1 windowed clat log of four columns', () => {
    const [file] = corpusFiles('fio-log').filter((corpus) => corpus.name.includes('_clat.10.log'));
    if (file === undefined) throw new Error('the fio-plot clat log is in the corpus');
    const log = parseFioLog(file.text, { name: file.name }).result as FioSampleLog;
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize']);
    expect(log.priorityEncoding).toBeNull();
    expect(log.rows.timeMs.length).toBe(121);
    // 588, 121038807, 1, 0 ... 60038, 95810084, 1, 0
    expect([log.rows.timeMs[0], log.rows.values[0]]).toEqual([588, 121038807]);
    expect([log.rows.timeMs.at(-1), log.rows.values.at(-1)]).toEqual([60038, 95810084]);
  });

  it('reads latencies of fio 2.x in usec when the caller names the version', () => {
    const text = read('fio-3.33--perio-plain_clat.1.log');
    const log = parseFioLog(text, { format: 'clat-log', fioVersion: '2.2.10' }).result as FioSampleLog;
    // fio 2.x has no priority column: the fifth is an offset (all 0 here).
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize', 'offset']);
    expect(log.printedUnit).toBe('usec');
    expect(log.rows.values[0]).toBe(58780 * 1000);
  });

  it('takes a fifth column above 1 for an offset (fio before 3.18), never for a priority flag', () => {
    const text = read('fio-3.33--perio-offset-prio_clat.1.log').replace(/, 0x0000/g, '');
    const log = parseFioLog(text, { format: 'clat-log' }).result as FioSampleLog;
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize', 'offset']);
  });

  it('follows the caller for what the first line cannot tell', () => {
    const text = read('fio-3.33--win500_clat.1.log');
    const asOffset = parseFioLog(text, { format: 'clat-log', logOffset: true, fioVersion: '3.1' }).result;
    expect((asOffset as FioSampleLog).columns).toEqual(['time', 'value', 'direction', 'blockSize', 'offset']);
  });

  it('gives the kind from the format, and keeps an unnamed log of unknown kind without measurements', () => {
    const text = read('fio-3.33--win500_iops.1.log');
    expect((parseFioLog(text, { format: 'iops-log' }).result as FioSampleLog).kind).toBe('iops');
    const unknown = parseFioLog(text);
    expect((unknown.result as FioSampleLog).kind).toBe('unknown');
    expect(unknown.warnings.map((warning) => warning.code)).toEqual(['UNKNOWN_KIND']);
    expect(unknown.measurements).toEqual([]);
  });
});

describe('fio log file names', () => {
  it('reads prefix, kind, job and a client host', () => {
    expect(readLogFileName('/tmp/out/randread_clat.3.log.server1')).toEqual({
      prefix: 'randread',
      kind: 'clat',
      job: 3,
      host: 'server1',
    });
    expect(readLogFileName('job_bw.log')).toEqual({ prefix: 'job', kind: 'bw', job: null, host: null });
    expect(readLogFileName('x_clat_hist.1.log')?.kind).toBe('clat_hist');
    expect(readLogFileName('fio-output.txt')).toBeNull();
  });

  it('knows the histogram bin counts of fio 2.x and 3.x and their coarseness', () => {
    expect(histogramShape(1216)).toEqual({ binCount: 1216, coarseness: 0, binUnit: 'usec' });
    expect(histogramShape(29)).toEqual({ binCount: 29, coarseness: 6, binUnit: 'ns' });
    expect(histogramShape(1000)).toBeNull();
  });
});

describe('fio log detection', () => {
  it('detects sample logs as `log` and histogram logs as `hist-log`', () => {
    expect(detect(read('fio-3.33--perio-offset-prio_clat.1.log'))).toMatchObject({ tool: 'fio-log', format: 'log' });
    expect(detect(read('fio-3.33--hist500_clat_hist.1.log'))).toMatchObject({ tool: 'fio-log', format: 'hist-log' });
  });

  it("takes no other tool's output", () => {
    for (const tool of ['fio', 'bonnie', 'sysbench', 'iostat', 'dd'] as const) {
      for (const file of corpusFiles(tool)) expect(detect(file.text)?.tool, file.name).not.toBe('fio-log');
    }
  });
});

describe('fio log errors', () => {
  it('names line and column of a field that is not a number', () => {
    const text = '500, 83656, 0, 0, 0\n1000, 7193x, 1, 0, 0\n';
    const error = catchParseError(() => parseFioLog(text, { format: 'bw-log' }));
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({
      code: 'BAD_NUMBER',
      line: 2,
      column: 11,
    });
  });

  it('names a line with another column count', () => {
    const text = read('fio-3.33--win500_bw.1.log').replace('1000, 71935, 0, 0, 0', '1000, 71935, 0, 0');
    const error = catchParseError(() => parseFioLog(text, { name: 'x_bw.1.log' }));
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({
      code: 'COLUMN_COUNT',
      line: 3,
      column: 1,
    });
  });

  it('names a direction other than 0, 1 or 2', () => {
    const text = '500, 83656, 0, 0, 0\n500, 83688, 7, 0, 0\n';
    const error = catchParseError(() => parseFioLog(text, { format: 'bw-log' }));
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({
      code: 'BAD_NUMBER',
      line: 2,
      column: 13,
    });
  });

  it('names the bad field of a log whose first line detection does not take', () => {
    const error = catchParseError(() => parseFioLog('500, 8365x, 0, 0, 0\n', { name: 'x_bw.1.log' }));
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({
      code: 'BAD_NUMBER',
      line: 1,
      column: 10,
    });
  });

  it('rejects white space as EMPTY_INPUT', () => {
    expect(catchParseError(() => parseFioLog('\n \n', { format: 'bw-log' })).code).toBe('EMPTY_INPUT');
  });
});

describe('fio log streaming', () => {
  async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
    for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
  }

  it.each([7, 100, 4096])('gives the rows and summary of the whole parse in chunks of %i characters', async (size) => {
    const name = 'fio-3.33--perio-offset-prio_clat.1.log';
    const text = read(name);
    const whole = parse(text, { name });
    const values: number[] = [];
    const measurements: unknown[] = [];
    let last: FioSampleLog | undefined;
    for await (const piece of parseStream(chunksOf(text, size), { name })) {
      const result = piece.result as FioSampleLog;
      values.push(...result.rows.values);
      measurements.push(...piece.measurements);
      last = result;
    }
    expect(values).toEqual((whole.result as FioSampleLog).rows.values);
    expect(last?.summary).toEqual((whole.result as FioSampleLog).summary);
    expect(measurements).toEqual(whole.measurements);
  });

  it('names the line of an error in a later chunk', async () => {
    const text = `${read('fio-3.33--perio-offset-prio_clat.1.log')}12, 3, 9, 4096, 0, 0x0000\n`;
    const lines = text.trimEnd().split('\n').length;
    const run = async () => {
      for await (const _ of parseStream(chunksOf(text, 64), { tool: 'fio-log', format: 'clat-log' })) {
        // read to the end
      }
    };
    await expect(run()).rejects.toMatchObject({ code: 'BAD_NUMBER', line: lines, column: 8 });
  });
});
