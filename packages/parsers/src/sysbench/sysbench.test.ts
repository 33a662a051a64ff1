import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { escapeHtml } from '../../test/mutations.ts';
import { checkParserProperty } from '../../test/properties.ts';
import type { ParseError } from '../errors.ts';
import type { ParseOutput } from '../parser.ts';
import { TOOL_NAMES } from '../tools.ts';
import { detectSysbench, parseSysbench, SysbenchResultSchema, safeParseSysbench } from './index.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/sysbench/', import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const corpus = (name: string) => readCorpusFile(corpusDir(), `sysbench/${name}`).text;
const errorOf = (text: string): ParseError => {
  const result = safeParseSysbench(text);
  if (result.success) throw new Error('expected a ParseError');
  return result.error;
};

describe('parseSysbench: input shapes', () => {
  it('rejects an empty input with EMPTY_INPUT', () => {
    expect(errorOf('')).toMatchObject({ code: 'EMPTY_INPUT', line: 1, column: 1 });
    expect(errorOf(' \n\n')).toMatchObject({ code: 'EMPTY_INPUT' });
  });

  it('gives typed results that the schema accepts', () => {
    const output = parseSysbench(corpus('pkb__v1.0.12-oltp-report-interval-2s.txt'));
    expectTypeOf(output).toEqualTypeOf<ParseOutput<'sysbench'>>();
    expect(SysbenchResultSchema.safeParse(output.result).success).toBe(true);
  });

  it('reads an HTML-escaped copy with CRLF line ends to the same numbers', () => {
    const text = corpus('vps-comparison__v0.4.12-oltp.txt');
    const copy = escapeHtml(text).replaceAll('\n', '\r\n');
    expect(parseSysbench(copy).measurements).toEqual(parseSysbench(text).measurements);
  });

  it('reads a copy that starts at the statistics (no header line) as one run of unknown version', () => {
    const text = corpus('virtualclient__v1.1.0-oltp-point-select.txt');
    const statistics = text.slice(text.indexOf('SQL statistics:'));
    const output = parseSysbench(`$ sysbench oltp_point_select run\n${statistics}`);
    expect(output.toolVersion).toBeNull();
    expect(output.result.runs).toHaveLength(1);
    // "transactions: 9720106 (32400.24 per sec.)"
    expect(output.result.runs[0]?.sql?.transactions?.perSec).toBe(32400.24);
    expect(output.result.runs[0]?.test).toBe('oltp');
  });

  it('reads the 1.1 fileio layout "read:  IOPS=... MiB/s (... MB/s)", which ends at the latency sum', () => {
    // The layout of sb_fileio.c file_report_cumulative at 1.1 (tests/t/test_fileio.t at HEAD has only
    // globs), filled with the numbers of the real 1.1.0-dev run e6118__v1.1.0-dev-fileio-rndrw.txt.
    const text = [
      'sysbench 1.1.0-4e0e44c (using bundled LuaJIT 2.1.0-beta2)',
      '',
      'Throughput:',
      '         read:  IOPS=270.00 4.22 MiB/s (4.42 MB/s)',
      '         write: IOPS=180.00 2.81 MiB/s (2.95 MB/s)',
      '         fsync: IOPS=287.83',
      '',
      'Latency (ms):',
      '         min:                                  0.01',
      '         avg:                                  1.35',
      '         max:                               2143.52',
      '         95th percentile:                      6.67',
      '         sum:                              59697.25',
      '',
    ].join('\n');
    const run = parseSysbench(text).result.runs[0];
    expect(run?.isComplete).toBe(true);
    expect(run?.fileio).toMatchObject({ readsPerSec: 270, writesPerSec: 180, fsyncsPerSec: 287.83 });
    expect(run?.fileio?.readBytesPerSec).toBeCloseTo(4.22 * 1024 * 1024, 3);
    expect(run?.test).toBe('fileio');
  });

  it('keeps a run cut short among complete ones, marked incomplete, with a TRUNCATED warning', () => {
    const text = corpus('gvisor__v1.0.11-cpu.txt');
    const cut = text.slice(0, text.indexOf('Threads fairness:'));
    const output = parseSysbench(`${text}\n${cut}`);
    expect(output.result.runs.map((r) => r.isComplete)).toEqual([true, false]);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', line: 32 })]);
  });

  it('rejects an output that stops before any statistics with TRUNCATED', () => {
    const text = corpus('gvisor__v1.0.11-cpu.txt');
    const header = text.slice(0, text.indexOf('CPU speed:'));
    expect(errorOf(header)).toMatchObject({ code: 'TRUNCATED', tool: 'sysbench', format: 'text' });
  });

  it('rejects text with no sysbench run with MISSING_SECTION', () => {
    expect(errorOf('hello\nworld\n')).toMatchObject({ code: 'MISSING_SECTION', line: 1 });
  });

  it('points a bad number at its line and column (BAD_NUMBER)', () => {
    const text = corpus('gvisor__v1.0.11-cpu.txt').replace('9093.38', '90x3.38');
    // line 15: "    events per second:  90x3.38"
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', line: 15, column: 25 });
  });

  it('rejects a line a statistics block does not print (UNEXPECTED_LINE)', () => {
    const text = corpus('gvisor__v1.0.11-cpu.txt').replace('         max:', '         maxx:');
    expect(errorOf(text)).toMatchObject({ code: 'UNEXPECTED_LINE', line: 24 });
  });

  it('rejects an unknown unit on a latency (UNKNOWN_UNIT)', () => {
    const text = corpus('vps-comparison__v0.4.12-cpu.txt').replace('3.92ms', '3.92parsecs');
    expect(errorOf(text)).toMatchObject({ code: 'UNKNOWN_UNIT', line: 20, column: 52 });
  });

  it('rejects a bad interval line with its position', () => {
    const text = corpus('pkb__v1.0.12-oltp-report-interval-2s.txt').replace('qps: 20333.18', 'qps: twenty');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', line: 13, column: 35 });
  });

  it('gives a result or a ParseError for mutated and truncated real outputs (fast-check)', () => {
    const texts = [
      ...corpusFiles('sysbench').map((f) => f.text),
      fixture('sysbench-1.0.20--report-interval.input.txt'),
    ].filter((t) => t.length < 20000);
    checkParserProperty((input) => parseSysbench(input), texts, { numRuns: 200 });
  });
});

describe('detectSysbench', () => {
  it('recognises every sysbench output of the corpus with its version', () => {
    for (const file of corpusFiles('sysbench')) {
      const detection = detectSysbench(file.text);
      expect(detection, file.name).toMatchObject({ tool: 'sysbench', format: 'text' });
      expect(detection?.version, file.name).toBe(parseSysbench(file.text).toolVersion);
    }
  });

  it("claims none of the other tools' corpus outputs", () => {
    for (const tool of TOOL_NAMES.filter((t) => t !== 'sysbench')) {
      for (const file of corpusFiles(tool)) expect(detectSysbench(file.text), file.name).toBeNull();
    }
  });
});

describe('several runs in one file (the "ext4 2x faster than XFS?" layout)', () => {
  // Real sysbench 1.0.20 fileio runs with O_DIRECT on 64 files at 1, 2 and 4 threads, one after
  // the other, as the seed describes them (fixtures/sysbench/README.md has the commands).
  const output = parseSysbench(fixture('sysbench-1.0.20--fileio-direct-threads.input.txt'));
  const runs = output.result.runs;

  it('parses prepare, fifteen runs and cleanup', () => {
    expect(runs.map((r) => r.command)).toEqual(['prepare', ...Array<string>(15).fill('run'), 'cleanup']);
    expect(runs.every((r) => r.isComplete)).toBe(true);
    const first = runs[1];
    // "Extra file open flags: directio", "64 files, 256KiB each", "16MiB total file size"
    expect(first?.parameters).toMatchObject({ fileExtraFlags: 'directio', fileNum: 64, fileSizeBytes: 256 * 1024 });
    expect(first?.parameters.fileTotalSizeBytes).toBe(16 * 1024 * 1024);
  });

  it('gives one series per test mode, with threads as a label', () => {
    const reads = output.measurements.filter((m) => m.metric === 'read' || m.metric === 'write');
    const series = new Map<string, string[]>();
    for (const m of reads) {
      const key = `${m.metric} ${m.labels.test} ${m.labels.mode}`;
      series.set(key, [...(series.get(key) ?? []), m.labels.threads as string]);
    }
    for (const mode of ['seqwr', 'seqrd', 'rndrd', 'rndwr', 'rndrw']) {
      expect(series.get(`read fileio ${mode}`), mode).toEqual(['1', '2', '4']);
      expect(series.get(`write fileio ${mode}`), mode).toEqual(['1', '2', '4']);
    }
    // Every measurement of a run carries the test, mode and threads labels (prepare has no mode or threads).
    for (const m of output.measurements.filter((x) => !x.metric.startsWith('prepare.'))) {
      expect(Object.keys(m.labels).sort()).toEqual(['mode', 'test', 'threads']);
    }
  });

  it("labels the prepare run's measurements with its command, and the runs' with none", () => {
    // "16777216 bytes written in 0.09 seconds (176.09 MiB/sec)."
    const prepare = output.measurements.filter((m) => m.labels.command !== undefined);
    expect(prepare.map((m) => [m.metric, m.value, m.labels])).toEqual([
      ['prepare.write.bw', 176.09 * 1024 * 1024, { test: 'fileio', command: 'prepare' }],
      ['prepare.write.bytes', 16777216, { test: 'fileio', command: 'prepare' }],
    ]);
  });

  it('matches the committed expected result', async () => {
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(
      join(FIXTURES, 'sysbench-1.0.20--fileio-direct-threads.expected.json'),
    );
  });
});

describe('report intervals, histogram-free runs and prepare/cleanup from a real 1.0.20 log', () => {
  const output = parseSysbench(fixture('sysbench-1.0.20--report-interval.input.txt'));
  const runs = output.result.runs;

  it('reads the interval lines of cpu, memory, threads and fileio', () => {
    expect(runs.map((r) => `${r.command} ${r.test}`)).toEqual([
      'run cpu',
      'run memory',
      'run null',
      'prepare fileio',
      'run fileio',
      'cleanup fileio',
    ]);
    for (const run of [runs[0], runs[1], runs[2], runs[4]]) expect(run?.intervals.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]?.intervals[0]?.eventsPerSec).toBeGreaterThan(0);
    expect(runs[1]?.intervals[0]?.transferBytesPerSec).toBeGreaterThan(0);
    expect(runs[2]?.intervals[0]?.latencyPercent).toBe(99);
    expect(runs[4]?.intervals[0]?.readBytesPerSec).not.toBeNull();
    const samples = output.measurements.filter((m) => m.labels.sample !== undefined);
    expect(samples.length).toBeGreaterThan(10);
  });

  it("gives each interval line's seconds since the start of its run as `elapsed`", () => {
    // "[ 1s ] thds: 2 eps: ..." to "[ 5s ] ..." in each of the four runs with intervals.
    const elapsed = output.measurements.filter((m) => m.metric === 'elapsed');
    expect(elapsed.map((m) => m.value)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
    expect(elapsed.every((m) => m.unit === 's')).toBe(true);
    expect(elapsed.slice(0, 5).map((m) => m.labels)).toEqual(
      [0, 1, 2, 3, 4].map((sample) => ({ test: 'cpu', threads: '2', sample: String(sample) })),
    );
    // The cleanup run measures nothing; the prepare run is labelled as such.
    expect(new Set(output.measurements.flatMap((m) => m.labels.command ?? []))).toEqual(new Set(['prepare']));
  });

  it('matches the committed expected result', async () => {
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(
      join(FIXTURES, 'sysbench-1.0.20--report-interval.expected.json'),
    );
  });
});
