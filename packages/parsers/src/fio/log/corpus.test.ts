import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../../test/corpus.ts';
import { MeasurementSchema } from '../../measurement.ts';
import type { FioHistogramLog, FioSampleLog } from './schema.ts';
import { type ParseFioLogOptions, parseFioLog } from './tool.ts';

/**
 * fio logs written by others (fixtures/corpus/fio-log, provenance in MANIFEST.md there): fio 2.1,
 * 2.17, 2.18, 2.20, 3.1, 3.6, 3.7 and 3.16, windowed and per I/O, bw, iops, lat, clat, slat and
 * histogram logs, job and client (`*.log.<host>`) file names. Every expected value is read here
 * from the raw text with a plain split (quoted above the checks), or from the peer's own numbers:
 * fio's JSON of the same run, pbench's and PerfKitBenchmarker's expected results.
 */
const read = (name: string) => readCorpusFile(corpusDir(), `fio-log/${name}`).text;
const readFio = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const samples = (name: string, options: Omit<ParseFioLogOptions, 'name'> = {}): FioSampleLog =>
  parseFioLog(read(name), { name, ...options }).result as FioSampleLog;
const histogram = (name: string): FioHistogramLog => parseFioLog(read(name), { name }).result as FioHistogramLog;

/** The fields of each non-blank line, by a plain split on commas (not the parser's scanner). */
function rawRows(text: string): number[][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',').map((field) => Number(field.trim())));
}
const column = (rows: number[][], index: number) => rows.map((row) => row[index] as number);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const summaryOf = (log: FioSampleLog, direction: 'read' | 'write' | 'trim') => {
  const found = log.summary.find((entry) => entry.direction === direction);
  if (found === undefined) throw new Error(`no ${direction} summary`);
  return found;
};
/** A JSON output's text from its first `{` (a preamble of client lines may come before). */
const jsonOf = (text: string) => JSON.parse(text.slice(text.indexOf('{')));

describe('fio 2.18 logs of fio-plot (log_avg_msec=500, latencies in usec) and the JSON of the same run', () => {
  const PREFIX = 'fio-plot__fio-2.18-randread-4k-01-01';
  const json = jsonOf(readFio('fio-plot__fio-2.18-json-randread-4k-qd1-logs-500ms.json'));
  const jsonRead = json.jobs[0].read;

  it('names the run the logs belong to: the JSON says fio-2.18 and the logs prefix', () => {
    expect(json['fio version']).toBe('fio-2.18-59-g618e');
    expect(json.jobs[0]['job options'].write_bw_log).toBe('randread-4k-01-01');
    expect(json.jobs[0]['job options'].log_avg_msec).toBe('500');
  });

  it('reads the bw log in KiB/s, its mean and extremes equal to the bw_mean, bw_min and bw_max fio printed', () => {
    // 500, 288, 0, 0 ... 10000, 304, 0, 0 (20 lines)
    const name = `${PREFIX}_bw.1.log`;
    const raw = rawRows(read(name));
    const log = samples(name);
    expect(log.kind).toBe('bw');
    expect(log.fileName).toEqual({ prefix: PREFIX, kind: 'bw', job: 1, host: null });
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize']);
    expect(log.isWindowed).toBe(true);
    expect(log.rows.timeMs).toEqual(column(raw, 0));
    expect(log.rows.values).toEqual(column(raw, 1).map((kib) => kib * 1024));
    expect([log.rows.timeMs[0], log.rows.values[0]]).toEqual([500, 288 * 1024]);
    expect([log.rows.timeMs.at(-1), log.rows.values.at(-1)]).toEqual([10000, 304 * 1024]);
    const reads = summaryOf(log, 'read');
    expect(reads.count).toBe(20);
    expect(reads.mean).toBeCloseTo(mean(column(raw, 1)) * 1024, 6);
    // "bw_min" : 264, "bw_max" : 328, "bw_mean" : 292.800000 (KiB/s)
    expect(reads.mean).toBeCloseTo(jsonRead.bw_mean * 1024, 3);
    expect([reads.min, reads.max]).toEqual([jsonRead.bw_min * 1024, jsonRead.bw_max * 1024]);
  });

  it('reads the latency logs in usec when told the version, into ns', () => {
    for (const kind of ['clat', 'lat', 'slat'] as const) {
      const name = `${PREFIX}_${kind}.1.log`;
      const raw = rawRows(read(name));
      const log = samples(name, { fioVersion: json['fio version'] });
      expect(log.kind, name).toBe(kind);
      expect(log.printedUnit, name).toBe('usec');
      expect(log.rows.values, name).toEqual(column(raw, 1).map((usec) => usec * 1000));
      expect(summaryOf(log, 'read').mean, name).toBeCloseTo(mean(column(raw, 1)) * 1000, 6);
      // Windows of 500 ms: no percentiles of single I/Os.
      expect(summaryOf(log, 'read').percentilesNs, name).toBeNull();
    }
    // 507, 13694, 0, 0: the first clat window, 13.694 ms
    expect(samples(`${PREFIX}_clat.1.log`, { fioVersion: '2.18' }).rows.values[0]).toBe(13_694_000);
  });

  it('keeps the JSON clat mean within the range of the windowed clat log', () => {
    // "clat" : { "min" : 3982, "max" : 25305, "mean" : 13643.395634 } (usec)
    const log = samples(`${PREFIX}_clat.1.log`, { fioVersion: '2.18' });
    const reads = summaryOf(log, 'read');
    expect(jsonRead.clat.mean * 1000).toBeGreaterThan(reads.min);
    expect(jsonRead.clat.mean * 1000).toBeLessThan(reads.max);
  });

  it('reads the iops log, its mean equal to the iops fio printed within a window of rounding', () => {
    // 500, 72, 0, 0 ... 10000, 76, 0, 0; "iops" : 73.182907
    const name = `${PREFIX}_iops.1.log`;
    const raw = rawRows(read(name));
    const reads = summaryOf(samples(name), 'read');
    expect(reads.mean).toBeCloseTo(mean(column(raw, 1)), 9);
    // The log's mean is of 20 windows; fio's iops is total_ios / runtime: the two differ by
    // less than one I/O over the run.
    expect(Math.abs(reads.mean - jsonRead.iops)).toBeLessThan(1 / (jsonRead.runtime / 1000));
  });
});

describe('fio 3.16 logs of fio-plot (log_avg_msec=250, no priority column) and the JSON of the same run', () => {
  const PREFIX = 'fio-plot__fio-3.16-randread-iodepth-1-numjobs-1';
  const json = jsonOf(readFio('fio-plot__fio-3.16-json-randread-qd1-logs-250ms.json'));
  const jsonRead = json.jobs[0].read;

  it('reads the clat log of fio before 3.18 as four columns, in ns', () => {
    // 426, 85099131, 0, 0 (240 lines)
    expect(json['fio version']).toBe('fio-3.16');
    const name = `${PREFIX}_clat.1.log`;
    const raw = rawRows(read(name));
    const log = samples(name, { fioVersion: json['fio version'] });
    expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize']);
    expect(log.priorityEncoding).toBeNull();
    expect(log.printedUnit).toBe('ns');
    expect(log.rows.timeMs.length).toBe(raw.length);
    expect([log.rows.timeMs[0], log.rows.values[0]]).toEqual([426, 85_099_131]);
    expect(summaryOf(log, 'read').mean).toBeCloseTo(mean(column(raw, 1)), 3);
    // The same columns are chosen without the version: the first line fits no later layout.
    expect(samples(name).columns).toEqual(log.columns);
  });

  it('gives the bw and iops means, minimum and maximum fio printed as bw_mean, bw_min, bw_max and iops_mean', () => {
    // "bw_min" : 32, "bw_max" : 560, "bw_mean" : 455.812500, "iops_mean" : 113.941667
    const bw = summaryOf(samples(`${PREFIX}_bw.1.log`), 'read');
    expect(bw.mean).toBeCloseTo(jsonRead.bw_mean * 1024, 3);
    expect([bw.min, bw.max]).toEqual([jsonRead.bw_min * 1024, jsonRead.bw_max * 1024]);
    const iops = summaryOf(samples(`${PREFIX}_iops.1.log`), 'read');
    expect(iops.mean).toBeCloseTo(jsonRead.iops_mean, 6);
  });
});

describe("fio 2.1 logs of fio's own tools/plot samples (a sample every 500 ms, no job number in the name)", () => {
  const RANDWRITE = 'fio__fio-2.1-plot-sample-m2sw1-128k-sdb-randwrite-para.results';
  const READ = 'fio__fio-2.1-plot-sample-m2sw1-128k-sdb-read-para.results';

  it('reads a bw log whose lines carry the block size (fio 2.1 logged bw samples with the I/O size)', () => {
    // 0, 24, 1, 131072 / 747, 16449, 1, 131072 ... 60451, 17715, 1, 131072 (130 lines)
    const name = `${RANDWRITE}_bw.log`;
    const raw = rawRows(read(name));
    const log = samples(name);
    expect(log.fileName).toEqual({ prefix: RANDWRITE, kind: 'bw', job: null, host: null });
    expect(log.isWindowed).toBe(false);
    expect(log.rows.blockSizeBytes.every((bs) => bs === 131072)).toBe(true);
    expect(log.rows.timeMs.slice(0, 2)).toEqual([0, 747]);
    expect(log.rows.values.slice(0, 2)).toEqual([24 * 1024, 16449 * 1024]);
    expect([log.rows.timeMs.at(-1), log.rows.values.at(-1)]).toEqual([60451, 17715 * 1024]);
    const write = summaryOf(log, 'write');
    expect(write.count).toBe(130);
    expect(write.mean).toBeCloseTo(mean(column(raw, 1)) * 1024, 6);
    expect(log.summary.map((entry) => entry.direction)).toEqual(['write']);
  });

  it('reads the iops log of the same run at the same sample times, with a block size of 0', () => {
    // 0, 0, 1, 0 / 747, 128, 1, 0 ... 60451, 138, 1, 0
    const bw = samples(`${RANDWRITE}_bw.log`);
    const iops = samples(`${RANDWRITE}_iops.log`);
    expect(iops.rows.timeMs).toEqual(bw.rows.timeMs);
    expect(iops.rows.values.slice(0, 3)).toEqual([0, 128, 142]);
    expect(iops.rows.blockSizeBytes.every((bs) => bs === 0)).toBe(true);
  });

  it('reads the read logs: 121 samples in direction 0', () => {
    // 0, 25, 0, 131072 ... 60294, 58805, 0, 131072; 0, 0, 0, 0 ... 60294, 459, 0, 0
    for (const kind of ['bw', 'iops'] as const) {
      const name = `${READ}_${kind}.log`;
      const raw = rawRows(read(name));
      const log = samples(name);
      expect(summaryOf(log, 'read').count, name).toBe(raw.length);
      expect(raw.length, name).toBe(121);
      expect(log.rows.timeMs.at(-1), name).toBe(60294);
    }
    expect(samples(`${READ}_bw.log`).rows.values.at(-1)).toBe(58805 * 1024);
  });
});

describe('fio 2.17 histogram logs of PerfKitBenchmarker (1216 bins in usec) and its expected histograms', () => {
  const PREFIX = 'pkb__fio-2.17-pkb_fio_avg_1506559526.49';
  const logName = (job: number) => `${PREFIX}_clat_hist.${job}.log`;

  it('reads 1216 usec bins per line, time, direction and block size first', () => {
    // 1001, 0, 16384, <1216 bins> (9 lines); job 3: 1006, 1, 16384, ...
    for (const job of [1, 2, 3, 4]) {
      const raw = rawRows(read(logName(job)));
      const log = histogram(logName(job));
      expect(log.binCount, logName(job)).toBe(1216);
      expect(
        raw.every((row) => row.length === 3 + 1216),
        logName(job),
      ).toBe(true);
      expect(log.binUnit).toBe('usec');
      expect(log.coarseness).toBe(0);
      expect(log.intervals.timeMs).toEqual(column(raw, 0));
      expect(log.intervals.directions).toEqual(column(raw, 1));
      expect(log.intervals.blockSizeBytes.every((bs) => bs === 16384)).toBe(true);
      expect(log.intervals.sampleCounts).toEqual(raw.map((row) => row.slice(3).reduce((a, b) => a + b, 0)));
      expect(log.fileName).toEqual({ prefix: PREFIX, kind: 'clat_hist', job, host: null });
    }
    expect(histogram(logName(1)).intervals.timeMs[0]).toBe(1001);
    expect(histogram(logName(3)).intervals.directions[0]).toBe(1);
  });

  it("adds up to PKB's expected histograms: per bin, the I/Os of both jobs of each direction", () => {
    // PKB keys each bin by fio's tools/hist/fiologparser_hist.py bin value / 1000, in ms:
    // {"0.0015": 1, ... "0.0505": 541, ..., "1.312": ...}. That value (plat_idx_to_val_coarse,
    // edge 0.5) is halfway from the bin's lower bound to `_plat_idx_to_val(idx + 1, edge=1.0)`,
    // which is the next bin's lower bound below index 128 (bins of 1 usec, returned as is) and
    // the next bin's upper bound from 128 on: the middle of bins 0-126, half a bin above the
    // middle from bin 127 on (bin 127, [127, 128) usec: 128.5).
    const cases = [
      { jobs: [1, 2], expected: 'pkb__fio-2.17-clat_hist-read-jobs-1-2.expected.pkb.json' },
      { jobs: [3, 4], expected: 'pkb__fio-2.17-clat_hist-write-jobs-3-4.expected.pkb.json' },
    ];
    for (const { jobs, expected } of cases) {
      const peer = Object.entries(JSON.parse(read(expected)) as Record<string, number>);
      const logs = jobs.map((job) => histogram(logName(job)));
      const first = logs[0] as FioHistogramLog;
      const totals = first.binLowerNs.map((_, bin) =>
        logs.reduce((sum, log) => sum + log.intervals.counts.reduce((s, counts) => s + (counts[bin] as number), 0), 0),
      );
      const upper = first.binUpperNs;
      const middleMs = first.binLowerNs.map(
        (lower, bin) => (lower + ((bin + 1 < 128 ? upper[bin] : (upper[bin + 1] ?? upper[bin])) as number)) / 2 / 1e6,
      );
      const found: Record<string, number> = {};
      totals.forEach((count, bin) => {
        if (count === 0) return;
        const key = peer.find(([ms]) => Math.abs(Number(ms) - (middleMs[bin] as number)) < 1e-9)?.[0];
        found[key ?? `unmatched bin ${bin} (${middleMs[bin]} ms)`] = count;
      });
      expect(found, expected).toEqual(Object.fromEntries(peer));
    }
  });

  it('logs fewer I/Os than the JSON of the run counts: the last partial second is not logged', () => {
    // "total_ios" : 80891 (read, both jobs: group_reporting); the logs hold 39663 + 40461
    const json = jsonOf(readFio('pkb__fio-2.17-json-randread-hist.json'));
    const totalIos = json.jobs[0].read.total_ios as number;
    const logged = [1, 2].reduce((sum, job) => sum + (histogram(logName(job)).summary[0]?.count ?? 0), 0);
    expect(logged).toBe(39663 + 40461);
    expect(logged).toBeLessThan(totalIos);
    expect(logged).toBeGreaterThan(totalIos * 0.98);
  });
});

describe('fio 3.7 client logs of pbench (fio --client, `*.log.<host>`), its expected means and the JSON', () => {
  const PREFIX = 'pbench__fio-3.7-fio';
  const gold = Object.fromEntries(
    read('pbench__fio-3.7-client-logs.expected.pbench.txt')
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );

  it('reads the host fio --client appended to the name', () => {
    const log = samples(`${PREFIX}_clat.1.log.perf36`);
    expect(log.fileName).toEqual({ prefix: PREFIX, kind: 'clat', job: 1, host: 'perf36' });
    const measurement = parseFioLog(read(`${PREFIX}_clat.1.log.perf36`), { name: `${PREFIX}_clat.1.log.perf36` })
      .measurements[0];
    expect(MeasurementSchema.parse(measurement).labels).toMatchObject({ host: 'perf36', job: '1', sample: '0' });
  });

  it("gives the means pbench's postprocessing computed from the same logs", () => {
    // clat-client_hostname:perf36-1=5209090.937500, iops_sec-client_hostname:perf36-1=7953.666667, ...
    const cases: Array<[string, string]> = [
      ['clat.1.log.perf36', 'clat-client_hostname:perf36-1'],
      ['lat.1.log.perf36', 'lat-client_hostname:perf36-1'],
      ['slat.1.log.perf36', 'slat-client_hostname:perf36-1'],
      ['iops.1.log.perf36', 'iops_sec-client_hostname:perf36-1'],
      ['clat.1.log.perf84', 'clat-client_hostname:perf84-1'],
    ];
    for (const [suffix, key] of cases) {
      const name = `${PREFIX}_${suffix}`;
      const raw = rawRows(read(name));
      const reads = summaryOf(samples(name, { fioVersion: '3.7' }), 'read');
      expect(reads.count, name).toBe(raw.length);
      expect(reads.mean, name).toBeCloseTo(Number(gold[key]), 5);
    }
  });

  it("agrees with the run's JSON: the bw and iops means and sample count of perf36's first job", () => {
    // client_stats[0]: "hostname" : "perf36", "bw_mean" : 31814.666667, "iops_mean" : 7953.666667, "bw_samples" : 15
    const json = jsonOf(readFio('pbench__fio-3.7-client-server-json-with-preamble.txt'));
    const first = json.client_stats.find((entry: { hostname: string }) => entry.hostname === 'perf36');
    const bw = summaryOf(samples(`${PREFIX}_bw.1.log.perf36`), 'read');
    expect(bw.mean).toBeCloseTo(first.read.bw_mean * 1024, 2);
    expect(bw.count).toBe(first.read.bw_samples);
    expect(summaryOf(samples(`${PREFIX}_iops.1.log.perf36`), 'read').mean).toBeCloseTo(first.read.iops_mean, 5);
  });

  it('rejects the histogram log fio 3.7 sent its client, whose bins are not counts, at the first number past 2^53', () => {
    // 10002, 0, 4096, 0, ... 36321, 8, 32768, 216, 216, 2147483647, ..., 288230376923725848, ...
    // (pbench's own fio-histo-log-pctiles.py run printed "samples 6081894951938301051" for it)
    // Kept in fio-log/invalid/: the corpus helpers list a folder's files, and every one of those
    // parses.
    const text = read(`invalid/${PREFIX}_clat_hist.1.log.perf36`);
    const fields = text.split('\n')[0]?.split(', ') ?? [];
    const tooLarge = fields.findIndex((field) => BigInt(field) > BigInt(Number.MAX_SAFE_INTEGER));
    const column = fields.slice(0, tooLarge).reduce((offset, field) => offset + field.length + 2, 0) + 1;
    expect(fields.length).toBe(3 + 1856);
    const error = catchParseError(() =>
      parseFioLog(text, { name: `${PREFIX}_clat_hist.1.log.perf36`, format: 'hist-log' }),
    );
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({
      code: 'BAD_NUMBER',
      line: 1,
      column,
    });
  });
});

describe('fio logs pasted in axboe/fio issues', () => {
  it('#385, fio 2.20: per-I/O iops and bw logs of a randrw job, both directions, bs 8192', () => {
    // 1, 1, 1, 8192 / 1, 1, 1, 8192 / 51, 1, 0, 8192 ... (22 lines); bw: 1, 10666, 1, 8192 ... (21 lines)
    const iopsName = 'fio-issue-385__fio-2.20-fio_cpg01_8k_iops.1.log';
    const iopsRaw = rawRows(read(iopsName));
    const iops = samples(iopsName, { fioVersion: '2.20' });
    expect(iops.isWindowed).toBe(false);
    expect(iops.rows.values.every((value) => value === 1)).toBe(true);
    expect(summaryOf(iops, 'read').count).toBe(iopsRaw.filter((row) => row[2] === 0).length);
    expect(summaryOf(iops, 'write').count).toBe(iopsRaw.filter((row) => row[2] === 1).length);
    const bwName = 'fio-issue-385__fio-2.20-fio_cpg01_8k_bw.1.log';
    const bwRaw = rawRows(read(bwName));
    const bw = samples(bwName, { fioVersion: '2.20' });
    const writes = bwRaw.filter((row) => row[2] === 1).map((row) => row[1] as number);
    expect(summaryOf(bw, 'write').mean).toBeCloseTo(mean(writes) * 1024, 6);
    expect(summaryOf(bw, 'read').max).toBe(162 * 1024);
  });

  it('#594, fio 3.6: a per-I/O iops log of reads, one line per 4 KiB read', () => {
    // 100, 1, 0, 4096 ... 180, 1, 0, 4096 (13 lines)
    const log = samples('fio-issue-594__fio-3.6-per-io-read_iops.log', { fioVersion: '3.6' });
    expect(log.isWindowed).toBe(false);
    expect(log.rows.timeMs.length).toBe(13);
    expect([log.rows.timeMs[0], log.rows.timeMs.at(-1)]).toEqual([100, 180]);
    expect(log.rows.blockSizeBytes.every((bs) => bs === 4096)).toBe(true);
  });

  it("#928, fio 3.18: a per-I/O bw log's fifth column is the priority flag fio 3.18 added, not an offset", () => {
    // 0, 82732, 1, 4096, 0 ... 0, 83694, 1, 4096, 0 (16 lines; the reporter took it for log_offset)
    const name = 'fio-issue-928__fio-3.18-fio-test_bw.log';
    const raw = rawRows(read(name));
    for (const log of [samples(name), samples(name, { fioVersion: 'fio-3.18' })]) {
      expect(log.columns).toEqual(['time', 'value', 'direction', 'blockSize', 'priority']);
      expect(log.priorityEncoding).toBe('flag');
      expect(log.rows.priorities).toEqual(column(raw, 4));
    }
    const log = samples(name);
    expect(log.fileName).toEqual({ prefix: 'fio-issue-928__fio-3.18-fio-test', kind: 'bw', job: null, host: null });
    expect(log.isWindowed).toBe(false);
    expect(log.rows.timeMs.every((time) => time === 0)).toBe(true);
    expect(summaryOf(log, 'write').mean).toBeCloseTo(mean(column(raw, 1)) * 1024, 6);
  });

  it('#239, fio 2.13 on Windows: a windowed slat log in usec that turns into time-0 lines after ramp_time', () => {
    // 1000, 15, 0, 0 ... 10000, 13, 0, 0 / 0, 16, 0, 0 ... 0, 13, 0, 0 (17 lines)
    const name = 'fio-issue-239__fio-2.13-windows-2KB_BurstSeqRd_QD=128_slat.1.log';
    const raw = rawRows(read(name));
    const log = samples(name, { fioVersion: '2.13' });
    expect(log.fileName).toMatchObject({ prefix: 'fio-issue-239__fio-2.13-windows-2KB_BurstSeqRd_QD=128', job: 1 });
    expect(log.printedUnit).toBe('usec');
    expect(log.rows.timeMs).toEqual(column(raw, 0));
    expect(log.rows.timeMs.filter((time) => time === 0)).toHaveLength(7);
    expect(log.rows.values.slice(0, 2)).toEqual([15_000, 13_000]);
    expect(summaryOf(log, 'read')).toMatchObject({ count: 17, min: 13_000, max: 16_000 });
  });

  it('#410, fio 2.x of July 2017: a windowed randrw iops log, the writes one window late (fixed by PR #443)', () => {
    // 1000, 5089, 0, 0 / 2000, 5305, 0, 0 / 2000, 5182, 1, 0 ... 10028, 5144, 1, 0 (18 lines)
    const name = 'fio-issue-410__fio-2.x-RW-Job_iops.1.log';
    const raw = rawRows(read(name));
    const log = samples(name);
    expect(log.isWindowed).toBe(true);
    expect(log.rows.directions).toEqual(column(raw, 2));
    expect(summaryOf(log, 'read').count).toBe(9);
    expect(summaryOf(log, 'write').count).toBe(9);
    expect(log.rows.timeMs.slice(1, 3)).toEqual([2000, 2000]);
    const writes = raw.filter((row) => row[2] === 1).map((row) => row[1] as number);
    expect(summaryOf(log, 'write').mean).toBeCloseTo(mean(writes), 9);
  });

  it('#687: a 60 s windowed iops log of per_job_logs=0 (no job number), fio 3 of 2018', () => {
    // 60000, 79617, 0, 0 ... 1320000, 58853, 0, 0 ... 1560000, 79879, 0, 0 (26 lines)
    const name = 'fio-issue-687__fio-3.x-fioinst_iops.log';
    const raw = rawRows(read(name));
    const log = samples(name);
    expect(log.fileName).toEqual({ prefix: 'fio-issue-687__fio-3.x-fioinst', kind: 'iops', job: null, host: null });
    expect(log.isWindowed).toBe(true);
    const reads = summaryOf(log, 'read');
    expect(reads.count).toBe(26);
    expect([reads.min, reads.max]).toEqual([58853, 79879]);
    expect(reads.mean).toBeCloseTo(mean(column(raw, 1)), 9);
  });
});
