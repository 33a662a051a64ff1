import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSysbench } from './index.ts';
import type { SysbenchInterval, SysbenchRun } from './schema.ts';

/**
 * The parser against the real sysbench 1.0.20 (Debian), run here with tiny sizes and --time=1
 * so that the whole file stays under about 10 s. Values are checked against numbers read from
 * named lines of the same text with plain string operations, independent of the parser.
 */
const probe = spawnSync('sysbench', ['--version'], { encoding: 'utf8' });
const hasSysbench = probe.status === 0;
if (!hasSysbench && process.env.CI) throw new Error('sysbench is not installed, and CI must run the real-tool tests');
const describeReal = hasSysbench ? describe : describe.skip;
const title = hasSysbench
  ? `parseSysbench on real ${probe.stdout.trim()} runs`
  : 'parseSysbench on real sysbench runs (skipped: sysbench is not installed)';

// O_DIRECT (--file-extra-flags=direct) fails with EINVAL on tmpfs: when the system temporary
// folder is a tmpfs, the files go to /var/tmp, which is on a disk filesystem.
const TMPFS_MAGIC = 0x01021994;
const base = hasSysbench && statfsSync(tmpdir()).type === TMPFS_MAGIC ? '/var/tmp' : tmpdir();
const dir = hasSysbench ? mkdtempSync(join(base, 'benchfolio-sysbench-')) : '';

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function sysbench(...args: string[]): string {
  const run = spawnSync('sysbench', args, { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  if (run.status !== 0) throw new Error(`sysbench ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
  return run.stderr + run.stdout;
}

/** The text after `key:` on the first line that starts (after indentation) with it. */
function lineValue(text: string, key: string): string {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${key}:`));
  if (line === undefined) throw new Error(`no "${key}:" line in the output`);
  return line.slice(line.indexOf(':') + 1).trim();
}

const only = (text: string): SysbenchRun => {
  const output = parseSysbench(text);
  expect(output.warnings).toEqual([]);
  expect(output.result.runs).toHaveLength(1);
  return output.result.runs[0] as SysbenchRun;
};
const MIB = 1024 * 1024;

describeReal(title, () => {
  it('cpu: events per second, total events and the latency block', () => {
    const text = sysbench('cpu', '--time=1', '--cpu-max-prime=2000', 'run');
    const run = only(text);
    expect([run.test, run.command, run.version]).toEqual(['cpu', 'run', '1.0.20']);
    expect(run.parameters.cpuMaxPrime).toBe(2000);
    expect(run.general.eventsPerSec).toBe(Number(lineValue(text, 'events per second')));
    expect(run.general.eventsTotal).toBe(Number(lineValue(text, 'total number of events')));
    expect(run.latency?.avgNs).toBeCloseTo(Number(lineValue(text, 'avg')) * 1e6, 3);
    expect(run.fairness?.eventsAvg).toBe(Number(lineValue(text, 'events (avg/stddev)').split('/')[0]));
  });

  it('memory: MiB/sec to bytes per second, operations per second', () => {
    const text = sysbench('memory', '--time=1', '--memory-total-size=64M', 'run');
    const run = only(text);
    // "64.00 MiB transferred (6098.82 MiB/sec)"
    const transferred = text.split('\n').find((l) => l.includes(' MiB transferred ')) as string;
    const mibPerSec = Number(transferred.slice(transferred.indexOf('(') + 1, transferred.indexOf(' MiB/sec')));
    expect(run.memory?.transferBytesPerSec).toBeCloseTo(mibPerSec * MIB, 3);
    expect(run.memory?.transferredBytes).toBe(64 * MIB);
    expect(run.parameters).toMatchObject({ memoryBlockSizeBytes: 1024, memoryTotalSizeBytes: 64 * MIB });
    expect([run.test, run.mode]).toEqual(['memory', 'write']);
  });

  it('threads --histogram: one bucket per histogram line, counts summing to the events', () => {
    const text = sysbench('threads', '--time=1', '--histogram', 'run');
    const run = only(text);
    const lines = text.split('\n');
    const first = lines.indexOf('Latency histogram (values are in milliseconds)') + 2;
    const bucketLines = lines.slice(first, lines.indexOf(' ', first));
    expect(run.histogram).toHaveLength(bucketLines.length);
    expect(run.histogram[0]?.valueNs).toBeCloseTo(Number(bucketLines[0]?.split('|')[0]) * 1e6, 3);
    const total = run.histogram.reduce((sum, bucket) => sum + bucket.count, 0);
    expect(total).toBe(run.general.eventsTotal);
    // 1.0 threads prints no line naming the test.
    expect(run.test).toBeNull();
  });

  it('mutex: one event per thread', () => {
    const text = sysbench('mutex', '--threads=2', '--mutex-num=64', '--mutex-locks=1000', 'run');
    const run = only(text);
    expect(run.parameters.threads).toBe(2);
    expect(run.general.eventsTotal).toBe(2);
    expect(run.fairness?.eventsAvg).toBe(1);
  });

  it('fileio prepare, rndrw with O_DIRECT and --percentile=99, cleanup, in one file', () => {
    const args = ['fileio', '--file-num=4', '--file-total-size=8M'];
    const text = [
      sysbench(...args, 'prepare'),
      sysbench(...args, '--file-test-mode=rndrw', '--file-extra-flags=direct', '--percentile=99', '--time=1', 'run'),
      sysbench(...args, 'cleanup'),
    ].join('');
    const output = parseSysbench(text);
    const [prepare, run, cleanup] = output.result.runs;
    expect(output.result.runs.map((r) => r.command)).toEqual(['prepare', 'run', 'cleanup']);
    // "8388608 bytes written in 0.01 seconds (872.03 MiB/sec)."
    expect(prepare?.prepare?.writtenBytes).toBe(8 * MIB);
    expect(run?.parameters).toMatchObject({ fileExtraFlags: 'directio', fileNum: 4, fileTestMode: 'rndrw' });
    expect(run?.fileio?.readsPerSec).toBe(Number(lineValue(text, 'reads/s')));
    expect(run?.fileio?.writesPerSec).toBe(Number(lineValue(text, 'writes/s')));
    expect(run?.fileio?.fsyncsPerSec).toBe(Number(lineValue(text, 'fsyncs/s')));
    expect(run?.fileio?.readBytesPerSec).toBeCloseTo(Number(lineValue(text, 'read, MiB/s')) * MIB, 3);
    // "99th percentile:" replaces "95th percentile:".
    expect(run?.latency?.percentiles).toEqual([
      { percent: 99, name: '99', valueNs: expect.closeTo(Number(lineValue(text, '99th percentile')) * 1e6, 3) },
    ]);
    expect(output.measurements.some((m) => m.metric === 'latency.p99' && m.labels.mode === 'rndrw')).toBe(true);
    expect([cleanup?.command, cleanup?.isComplete]).toEqual(['cleanup', true]);
  });

  it('fileio seqwr: writes and written MiB/s', () => {
    const text = sysbench(
      'fileio',
      '--file-num=4',
      '--file-total-size=8M',
      '--file-test-mode=seqwr',
      '--time=1',
      'run',
    );
    sysbench('fileio', '--file-num=4', '--file-total-size=8M', 'cleanup');
    const run = only(text);
    expect(run.mode).toBe('seqwr');
    expect(run.fileio?.writesPerSec).toBe(Number(lineValue(text, 'writes/s')));
    expect(run.fileio?.writtenBytesPerSec).toBeCloseTo(Number(lineValue(text, 'written, MiB/s')) * MIB, 3);
    expect(run.fileio?.readsPerSec).toBe(0);
  });
});

const locales = (spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout ?? '').split('\n');
const hasFrench = locales.some((line) => line.toLowerCase() === 'fr_fr.utf8');

/** sysbench with its own environment (a locale), both streams. */
function sysbenchIn(env: Record<string, string>, ...args: string[]): string {
  const run = spawnSync('sysbench', args, {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`sysbench ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
  return run.stderr + run.stdout;
}

interface JsonReport {
  time: number;
  threads: number;
  tps: number;
}

/** A comma left after an array's last report, and the closing bracket on the line after the next. */
const CUT_ARRAY_END = /,\n\n\]$/m;

/** The arrays sysbench.report_json printed, each from a line `[` to the next line `]`, read with JSON.parse. */
function jsonArrays(text: string): JsonReport[][] {
  return [...text.matchAll(/^\[\n[\s\S]*?^\]$/gm)].map((match) => JSON.parse(match[0]) as JsonReport[]);
}

const timeThreadsTps = (i: SysbenchInterval) => [i.offsetSec, i.threads, i.tps];
const reportTimeThreadsTps = (r: JsonReport) => [r.time, r.threads, r.tps];

/** A Lua script of fixtures/sysbench/lua, copied into the run's folder; its name there. */
function script(name: string): string {
  copyFileSync(fileURLToPath(new URL(`../../fixtures/sysbench/lua/${name}`, import.meta.url)), join(dir, name));
  return name;
}

describeReal(`${title}: locales and Lua reporters`, () => {
  it.skipIf(!hasFrench)(
    `prints C numbers in fr_FR (sysbench never calls setlocale): the same --events run reads the same in both${hasFrench ? '' : ' (skipped: no fr_FR.UTF-8 locale)'}`,
    () => {
      const args = ['cpu', '--events=400', '--time=0', '--threads=1', '--rand-seed=7', 'run'];
      const c = sysbenchIn({ LC_ALL: 'C' }, ...args);
      const fr = sysbenchIn({ LC_ALL: 'fr_FR.UTF-8' }, ...args);
      for (const text of [c, fr]) {
        expect(lineValue(text, 'total time')).toMatch(/^\d+\.\d{4}s$/);
        expect(text).not.toMatch(/\d,\d/);
      }
      const [runC, runFr] = [only(c), only(fr)];
      expect(runFr.general.eventsTotal).toBe(400);
      expect(runFr.general.eventsTotal).toBe(runC.general.eventsTotal);
      expect(runFr.parameters).toEqual(runC.parameters);
    },
  );

  it('a script whose hooks are sysbench.report_json: every report as the JSON arrays print it', () => {
    const text = sysbench('--time=2', '--report-interval=1', '--threads=2', script('report-json.lua'), 'run');
    // On a loaded machine the last interval report may be cut (the next test makes it certain):
    // its comma is then left before the closing bracket, which JSON.parse would refuse.
    const isCut = CUT_ARRAY_END.test(text);
    const arrays = jsonArrays(text.replace(CUT_ARRAY_END, '\n]'));
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(arrays).toHaveLength(2);
    expect(run.intervals.map(timeThreadsTps)).toEqual(arrays[0]?.map(reportTimeThreadsTps));
    expect(run.cumulative?.tps).toBe(arrays[1]?.[0]?.tps);
    expect(run.isComplete).toBe(true);
    expect(output.warnings.map((w) => w.code)).toEqual([
      ...(isCut ? ['REPORT_JSON_REPORT_CUT'] : []),
      'REPORT_JSON_THREADS_ZERO',
    ]);
  });

  it('a reporting thread cancelled between the comma and its report: the reports printed, the cut named at the comma', () => {
    const text = sysbench('--time=4', '--report-interval=1', '--threads=2', script('report-json-cut.lua'), 'run');
    const lines = text.split('\n');
    const comma = lines.findIndex((line, i) => line === '  },' && lines[i + 1] === '' && lines[i + 2] === ']');
    expect(comma).toBeGreaterThan(0);
    const arrays = jsonArrays(text.replace(CUT_ARRAY_END, '\n]'));
    expect(arrays.map((array) => array.length)).toEqual([1, 1]);
    const output = parseSysbench(text);
    const run = output.result.runs[0] as SysbenchRun;
    expect(run.intervals.map(timeThreadsTps)).toEqual(arrays[0]?.map(reportTimeThreadsTps));
    expect(run.cumulative?.tps).toBe(arrays[1]?.[0]?.tps);
    expect(run.isComplete).toBe(true);
    expect(output.warnings[0]).toMatchObject({ code: 'REPORT_JSON_REPORT_CUT', line: comma + 1, column: 4 });
    expect(output.warnings[0]?.message).toContain(`the intervals read end at ${arrays[0]?.[0]?.time} s`);
    expect(output.warnings.map((w) => w.code)).toEqual(['REPORT_JSON_REPORT_CUT', 'REPORT_JSON_THREADS_ZERO']);
  });
});
