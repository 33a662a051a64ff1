import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { parseSysbench } from './index.ts';
import type { SysbenchRun } from './schema.ts';

/**
 * Every sysbench output of the corpus (fixtures/corpus/sysbench, MANIFEST.md there), with the
 * values the manifest lists: the peer projects' own assertions where there are some, else the
 * numbers read off the text. Each value is quoted from its line.
 */
const read = (name: string) => readCorpusFile(corpusDir(), `sysbench/${name}`).text;
const only = (name: string): SysbenchRun => {
  const runs = parseSysbench(read(name)).result.runs;
  expect(runs).toHaveLength(1);
  return runs[0] as SysbenchRun;
};
const MIB = 1024 * 1024;
const ms = (value: number) => value * 1e6;
const p = (run: SysbenchRun, percent: number) => run.latency?.percentiles.find((x) => x.percent === percent)?.valueNs;

describe('parseSysbench on the corpus', () => {
  it('parses every sysbench file of the corpus into complete runs', () => {
    const files = corpusFiles('sysbench');
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const output = parseSysbench(file.text, { name: file.name });
      expect(output.tool, file.name).toBe('sysbench');
      // The quirks of sysbench.report_json are said in warnings (report-json.test.ts); nothing else.
      const others = output.warnings.filter((warning) => !warning.code.startsWith('REPORT_JSON_'));
      expect(others, file.name).toEqual([]);
      for (const run of output.result.runs) expect(run.isComplete, file.name).toBe(true);
    }
  });

  it('reads 1.0.12 oltp intervals and totals as PerfKitBenchmarker asserts them', () => {
    const output = parseSysbench(read('pkb__v1.0.12-oltp-report-interval-2s.txt'));
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.toolVersion).toBe('1.0.12');
    expect(run.test).toBe('oltp');
    expect(run.parameters.reportIntervalSec).toBe(2);
    // "[ 2s ] thds: 16 tps: 1012.86 qps: 20333.18 (r/w/o: 14240.02/4061.44/2031.72) lat (ms,100%): 28.67 ..."
    expect(run.intervals).toHaveLength(15);
    expect(run.intervals[0]).toMatchObject({
      offsetSec: 2,
      threads: 16,
      tps: 1012.86,
      qps: 20333.18,
      readsPerSec: 14240.02,
    });
    expect(run.intervals[0]?.latencyNs).toBe(ms(28.67));
    expect(run.intervals[0]?.latencyPercent).toBe(100);
    // "[ 10s ] ... err/s: 0.50 reconn/s: 0.00"
    expect(run.intervals[4]?.errorsPerSec).toBe(0.5);
    // "transactions: 29611  (986.49 per sec.)", "queries: 592237 (19730.45 per sec.)", "ignored errors: 1 (0.03 per sec.)"
    expect(run.sql?.transactions).toEqual({ count: 29611, perSec: 986.49 });
    expect(run.sql?.queries).toEqual({ count: 592237, perSec: 19730.45 });
    expect(run.sql?.ignoredErrors).toEqual({ count: 1, perSec: 0.03 });
    // "min: 12.38", "avg: 16.21", "max: 115.78", "100th percentile: 116.80"
    expect(run.latency).toMatchObject({ minNs: ms(12.38), avgNs: ms(16.21), maxNs: ms(115.78) });
    expect(p(run, 100)).toBe(ms(116.8));
    const tps = output.measurements.filter((m) => m.metric === 'tps');
    expect(tps.find((m) => m.labels.sample === undefined)?.value).toBe(986.49);
    expect(tps.find((m) => m.labels.sample === '0')).toMatchObject({ value: 1012.86, labels: { threads: '16' } });
  });

  it('reads the 0.5 oltp.lua run of 600 interval lines, matching PerfKitBenchmarker figures', () => {
    const output = parseSysbench(read('pkb__v0.5-oltp-mysql-report-interval-2s.txt'));
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.toolVersion).toBe('0.5');
    // "[   2s] threads: 2, tps: 144.13, reads: 2030.88, writes: 577.53, response time: 17.52ms (99%), ..."
    expect(run.intervals).toHaveLength(600);
    expect(run.intervals[0]).toMatchObject({
      offsetSec: 2,
      threads: 2,
      tps: 144.13,
      readsPerSec: 2030.88,
      writesPerSec: 577.53,
    });
    expect(run.intervals[0]?.latencyNs).toBe(ms(17.52));
    expect(run.intervals[0]?.latencyPercent).toBe(99);
    expect(run.intervals.at(-1)?.offsetSec).toBe(1200);
    // PKB: "tps average=151.847133" and "p50 tps=153.5" (the sample at rank n/2) over the interval lines.
    const tps = run.intervals.map((i) => i.tps as number);
    expect(tps.reduce((a, b) => a + b, 0) / tps.length).toBeCloseTo(151.847133, 5);
    const sorted = [...tps].sort((a, b) => a - b);
    expect(sorted[300]).toBe(153.5);
    // "transactions: 182218 (151.85 per sec.)", "read/write requests: 3279924 (2733.24 per sec.)"
    expect(run.sql?.transactions).toEqual({ count: 182218, perSec: 151.85 });
    expect(run.sql?.readWriteRequests).toEqual({ count: 3279924, perSec: 2733.24 });
    // "min: 10.49ms", "avg: 13.17ms", "max: 210.53ms", "approx.  99 percentile: 17.73ms"
    expect(run.latency).toMatchObject({ minNs: ms(10.49), avgNs: ms(13.17), maxNs: ms(210.53) });
    expect(p(run, 99)).toBe(ms(17.73));
    // "total time taken by event execution: 2399.5296s"
    expect(run.general.eventExecutionTimeNs).toBe(2399.5296e9);
  });

  // sysbench 0.5 as built 2011-2014 (db_driver.c before commit 289b1c5): "reads/s:", "writes/s:",
  // and in some 2011 builds no comma before "response time:".
  it.each([
    ['hgxl64-mariadb-benchmarks__v0.5-oltp-rw-reads-per-sec-response-time-99.txt', 120],
    ['hgxl64-mariadb-benchmarks__v0.5-oltp-reads-per-sec-no-comma-before-response-time.txt', 60],
  ])('reads the 2011-2014 0.5 interval layout (reads/s:, writes/s:, response time: ms) of %s', (name, count) => {
    const text = read(name);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.toolVersion).toBe('0.5');
    const LINE =
      /^\[ *(\d+)s\] threads: (\d+), tps: ([\d.]+), reads\/s: ([\d.]+), writes\/s: ([\d.]+),? response time: ([\d.]+)ms \((\d+)%\)$/;
    const lines = text
      .split('\n')
      .map((line) => LINE.exec(line))
      .filter((match) => match !== null);
    expect(run.intervals).toHaveLength(count);
    expect(lines).toHaveLength(count);
    for (const [index, match] of lines.entries()) {
      const [, offset, threads, tps, reads, writes, latency, percent] = match;
      expect(run.intervals[index]).toMatchObject({
        offsetSec: Number(offset),
        threads: Number(threads),
        tps: Number(tps),
        readsPerSec: Number(reads),
        writesPerSec: Number(writes),
        latencyPercent: Number(percent),
      });
      expect(run.intervals[index]?.latencyNs).toBeCloseTo(ms(Number(latency)), 3);
    }
    // The measurements: reads/s and writes/s are the interval's qps.read and qps.write, the
    // response time its latency percentile.
    const first = lines[0] as RegExpExecArray;
    const sample0 = output.measurements.filter((m) => m.labels.sample === '0');
    expect(sample0.find((m) => m.metric === 'qps.read')).toMatchObject({ value: Number(first[4]), unit: 'op/s' });
    expect(sample0.find((m) => m.metric === 'qps.write')).toMatchObject({ value: Number(first[5]), unit: 'op/s' });
    expect(sample0.find((m) => m.metric === `latency.p${first[7]}`)?.value).toBeCloseTo(ms(Number(first[6])), 3);
  });

  it('reads the totals of a 2011 0.5 run (no comma before response time) as printed', () => {
    const run = only('hgxl64-mariadb-benchmarks__v0.5-oltp-reads-per-sec-no-comma-before-response-time.txt');
    // "transactions: 3463458 (5772.41 per sec.)", "read/write requests: 62342244 (103903.34 per sec.)"
    expect(run.sql?.transactions).toEqual({ count: 3463458, perSec: 5772.41 });
    expect(run.sql?.readWriteRequests).toEqual({ count: 62342244, perSec: 103903.34 });
    // "max: 23072.93ms", "approx.  99 percentile: 3.86ms"
    expect(run.latency?.maxNs).toBeCloseTo(ms(23072.93), 0);
    expect(p(run, 99)).toBeCloseTo(ms(3.86), 3);
  });

  it('reads 1.0.11 memory MiB/sec as bytes per second (PKB: 3803.18 MiB/sec)', () => {
    const run = only('pkb__v1.0.11-memory-write-1k.txt');
    // "38034.01 MiB transferred (3803.18 MiB/sec)"
    expect(run.memory?.transferBytesPerSec).toBeCloseTo(3803.18 * MIB, 3);
    expect(run.memory?.transferredBytes).toBeCloseTo(38034.01 * MIB, 3);
    // "block size: 1KiB", "total size: 102400MiB"
    expect(run.parameters).toMatchObject({ memoryBlockSizeBytes: 1024, memoryTotalSizeBytes: 102400 * MIB });
    expect([run.test, run.mode]).toEqual(['memory', 'write']);
  });

  it('reads the 1.1.0 oltp output with a BOM (VirtualClient assertions)', () => {
    const output = parseSysbench(read('virtualclient__v1.1.0-oltp-bom.txt'));
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.toolVersion).toBe('1.1.0-df89d34');
    // "read: 5039772", "transactions: 257521 (143.01 per sec.)", "queries: 6584298 (3657.94 per sec.)"
    expect(run.sql?.reads).toBe(5039772);
    expect(run.sql?.transactions?.perSec).toBe(143.01);
    expect(run.sql?.queries?.perSec).toBe(3657.94);
    // "events/s (eps): 143.0086", "time elapsed: 1800.0319s", "95th percentile: 68.05", "sum: 7458385.25"
    expect(run.general.eventsPerSec).toBe(143.0086);
    expect(run.general.totalTimeNs).toBe(1800.0319e9);
    expect(p(run, 95)).toBe(ms(68.05));
    expect(run.latency?.sumNs).toBe(ms(7458385.25));
    // "Target transaction rate: 143/sec"
    expect(run.parameters.targetRatePerSec).toBe(143);
  });

  it('reads the 1.1.0 point-select output', () => {
    const output = parseSysbench(read('virtualclient__v1.1.0-oltp-point-select.txt'));
    const run = output.result.runs[0] as SysbenchRun;
    expect(output.toolVersion).toBe('1.1.0');
    // "transactions: 9720106 (32400.24 per sec.)", "95th percentile: 0.28", "write: 0"
    expect(run.sql?.transactions?.perSec).toBe(32400.24);
    expect(run.sql?.writes).toBe(0);
    expect(p(run, 95)).toBe(ms(0.28));
  });

  it('reads the gvisor 1.0.11 cpu, memory and mutex samples as gvisor asserts them', () => {
    // "events per second:  9093.38"
    expect(only('gvisor__v1.0.11-cpu.txt').general.eventsPerSec).toBe(9093.38);
    // "Total operations: 47999046 (9597428.64 per second)"
    expect(only('gvisor__v1.0.11-memory-write.txt').memory?.operationsPerSec).toBe(9597428.64);
    const mutex = only('gvisor__v1.0.11-mutex.txt');
    // "avg: 3754.03", "execution time (avg/stddev):   3.7540/0.03"
    expect(mutex.latency?.avgNs).toBe(ms(3754.03));
    expect(mutex.fairness?.executionTimeAvgNs).toBeCloseTo(3.754e9, 0);
    expect(mutex.fairness?.executionTimeStddevNs).toBeCloseTo(0.03e9, 0);
    // 1.0 mutex prints no line naming the test.
    expect(mutex.test).toBeNull();
  });

  it('reads 0.4.12 cpu and oltp summaries with ms suffixes', () => {
    const cpu = only('vps-comparison__v0.4.12-cpu.txt');
    // "total time: 39.1694s", "total number of events: 10000", "avg: 3.92ms", "approx.  95 percentile: 4.27ms"
    expect(cpu.general.totalTimeNs).toBe(39.1694e9);
    expect(cpu.general.eventsTotal).toBe(10000);
    expect(cpu.latency?.avgNs).toBe(ms(3.92));
    expect(p(cpu, 95)).toBe(ms(4.27));
    // "Maximum prime number checked in CPU test: 20000"
    expect([cpu.test, cpu.parameters.cpuMaxPrime]).toEqual(['cpu', 20000]);
    const oltp = only('vps-comparison__v0.4.12-oltp.txt');
    // "transactions: 712 (11.83 per sec.)", "deadlocks: 0 (0.00 per sec.)", "approx.  95 percentile: 224.40ms"
    expect(oltp.sql?.transactions).toEqual({ count: 712, perSec: 11.83 });
    expect(oltp.sql?.deadlocks).toEqual({ count: 0, perSec: 0 });
    expect(oltp.general.totalTimeNs).toBe(60.2066e9);
    expect(p(oltp, 95)).toBe(ms(224.4));
    // "Running mixed OLTP test"
    expect([oltp.test, oltp.mode]).toEqual(['oltp', 'mixed']);
  });

  it('reads 0.4.12 memory MB/sec as MiB/s and fileio Gb/Mb as powers of 1024', () => {
    const memory = only('vps-comparison__v0.4.12-ram-randrd.txt');
    // "Operations performed: 104857600 (1309869.52 ops/sec)", "102400.00 MB transferred (1279.17 MB/sec)"
    expect(memory.memory?.operationsPerSec).toBe(1309869.52);
    expect(memory.memory?.transferBytesPerSec).toBeCloseTo(1279.17 * MIB, 3);
    expect(memory.parameters).toMatchObject({ memoryBlockSizeBytes: 1024, memoryOperation: 'read' });
    const randrd = only('vps-comparison__v0.4.12-randrd.txt');
    // "Read 14.635Gb  Written 0b  Total transferred 14.635Gb  (49.954Mb/sec)", "12788.34 Requests/sec executed"
    expect(randrd.fileio?.requestsPerSec).toBe(12788.34);
    expect(randrd.fileio?.transferBytesPerSec).toBeCloseTo(49.954 * MIB, 3);
    expect(randrd.fileio?.readBytes).toBeCloseTo(14.635 * 1024 * MIB, 0);
    expect(randrd.fileio?.writtenBytes).toBe(0);
    expect(p(randrd, 95)).toBe(ms(0.12));
    // "128 files, 64Mb each", "8Gb total file size", "Block size 4Kb"
    expect(randrd.parameters).toMatchObject({
      fileNum: 128,
      fileSizeBytes: 64 * MIB,
      fileTotalSizeBytes: 8 * 1024 * MIB,
      fileBlockSizeBytes: 4096,
    });
    expect(randrd.mode).toBe('rndrd');
    const randrw = only('vps-comparison__v0.4.12-randrw.txt');
    // "Operations performed:  820665 Read, 547110 Write, 1750656 Other = 3118431 Total", "(17.81Mb/sec)"
    expect(randrw.fileio).toMatchObject({ reads: 820665, writes: 547110, other: 1750656, total: 3118431 });
    expect(randrw.fileio?.transferBytesPerSec).toBeCloseTo(17.81 * MIB, 3);
    // " 4559.24 Requests/sec executed" (leading space)
    expect(randrw.fileio?.requestsPerSec).toBe(4559.24);
  });

  it('reads the e6118 0.5 and 1.1.0-dev outputs', () => {
    const cpu05 = only('e6118__v0.5-cpu-aarch64.txt');
    // "total time: 1.3136s", "total number of events: 10000", "avg: 0.13ms"
    expect(cpu05.general).toMatchObject({ totalTimeNs: 1.3136e9, eventsTotal: 10000 });
    expect(cpu05.latency?.avgNs).toBe(ms(0.13));
    expect(cpu05.test).toBe('cpu');
    const warned = only('e6118__v1.1.0-dev-cpu-deprecated-test-warning.txt');
    // "WARNING: the --test option is deprecated. ...", "total number of events: 314", "avg: 31.86"
    expect(warned.warnings).toHaveLength(1);
    expect(warned.warnings[0]).toMatch(/^WARNING: the --test option is deprecated/);
    expect(warned.general.eventsTotal).toBe(314);
    expect(warned.latency?.avgNs).toBe(ms(31.86));
    const fileio = only('e6118__v1.1.0-dev-fileio-rndrw.txt');
    // "reads/s: 270.00", "writes/s: 180.00", "fsyncs/s: 287.83", "read, MiB/s: 4.22"
    expect(fileio.fileio).toMatchObject({ readsPerSec: 270, writesPerSec: 180, fsyncsPerSec: 287.83 });
    expect(fileio.fileio?.readBytesPerSec).toBeCloseTo(4.22 * MIB, 3);
    expect(fileio.warnings).toHaveLength(2);
    // "64 files, 2MiB each", "Block size 16KiB"
    expect(fileio.parameters).toMatchObject({ fileNum: 64, fileSizeBytes: 2 * MIB, fileBlockSizeBytes: 16384 });
    const memory = parseSysbench(read('e6118__v1.1.0-dev-memory-32M-block.txt')).result.runs;
    expect(memory).toHaveLength(3);
    // "6496.00 MiB transferred (647.78 MiB/sec)", "Total operations: 203 (   20.24 per second)"
    expect(memory[0]?.memory?.transferBytesPerSec).toBeCloseTo(647.78 * MIB, 3);
    expect(memory[0]?.memory?.operationsPerSec).toBe(20.24);
    expect(memory[0]?.parameters.memoryBlockSizeBytes).toBe(32768 * 1024);
    // second run: "4256.00 MiB transferred (425.09 MiB/sec)"
    expect(memory[1]?.memory?.transferBytesPerSec).toBeCloseTo(425.09 * MIB, 3);
  });
});
