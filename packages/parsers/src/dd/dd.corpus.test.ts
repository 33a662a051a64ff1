import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { BUILTIN_PARSERS } from '../builtin.ts';
import { MeasurementSchema } from '../measurement.ts';
import { createRegistry } from '../registry.ts';
import { TOOL_NAMES } from '../tools.ts';
import { DdResultSchema, type DdRun, ddParser, detectDd, parseDd } from './index.ts';

/**
 * Every dd output of the corpus (fixtures/corpus/dd, MANIFEST.md there) with the numbers the
 * manifest lists, read off the text (quoted above each check). The corpus helpers take the tools
 * of TOOL_NAMES, which does not list dd yet: its folder is read directly here.
 */
const files = readdirSync(join(corpusDir(), 'dd')).sort();
const read = (name: string) => readCorpusFile(corpusDir(), `dd/${name}`).text;
const runsOf = (name: string): DdRun[] => parseDd(read(name), { name }).result.runs;
// A measurement of dd, until dd is one of TOOL_NAMES (then MeasurementSchema itself applies).
const DdMeasurementSchema = MeasurementSchema.extend({ tool: z.literal('dd') });

describe('parseDd on the corpus', () => {
  it('reads every dd file of the corpus into runs with their records and transfer lines', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const name of files) {
      const output = parseDd(read(name), { name });
      const runs = output.result.runs;
      expect(DdResultSchema.parse(output.result), name).toEqual(output.result);
      for (const measurement of output.measurements) DdMeasurementSchema.parse(measurement);
      expect(runs.length, name).toBeGreaterThan(0);
      for (const run of runs) {
        expect(run.recordsIn, name).not.toBeNull();
        expect(run.transfer, name).not.toBeNull();
      }
    }
  });

  it('reads the SI-only layout (coreutils 6.1 to 8.24) and a partial record, past the lines of time', () => {
    // 0+1 records in / 0+1 records out / 2147479552 bytes (2.1 GB) copied, 11.6774 s, 184 MB/s
    const output = parseDd(read('nersc-compactcori__dd-coreutils-si-only-partial-record-time.txt'));
    expect(output.result.runs[0]).toMatchObject({
      recordsIn: { full: 0, partial: 1 },
      transfer: { bytesCopied: 2147479552, elapsedNs: 11_677_400_000, printedBytesPerSec: 184e6, sizeSi: '2.1 GB' },
    });
    // real    0m11.734s / user ... / sys ...
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'SKIPPED_LINES', line: 6 })]);
  });

  it('reads "0 s, Infinity B/s" of a Cygwin dd between make lines', () => {
    // 512 bytes (512 B) copied, 0 s, Infinity B/s ... 1474048 bytes (1.5 MB) copied, 0.085 s, 17.3 MB/s
    const [boot, image] = runsOf('ccckmit__dd-coreutils-cygwin-infinity-make.txt');
    expect(boot?.transfer).toMatchObject({ bytesCopied: 512, elapsedNs: 0, isRateInfinite: true, bytesPerSec: null });
    expect(image?.recordsIn).toEqual({ full: 2879, partial: 0 });
    expect(image?.transfer).toMatchObject({ bytesCopied: 1474048, elapsedNs: 85_000_000, printedBytesPerSec: 17.3e6 });
  });

  it('keeps the "No space left on device" error of each run with its report', () => {
    // dd: error writing '/home/antna/bigfile': No space left on device / 2166+0 records in / 2165+0 records out
    // 15892086784 bytes (16 GB, 15 GiB) copied, 17.6371 s, 901 MB/s
    const [first, second] = runsOf('b3e-linux-2024__dd-coreutils-enospc-2runs.txt');
    expect(first?.errors.map((error) => error.message)).toEqual([
      "error writing '/home/antna/bigfile': No space left on device",
    ]);
    expect(first).toMatchObject({ recordsIn: { full: 2166 }, recordsOut: { full: 2165 } });
    expect(first?.transfer).toMatchObject({ bytesCopied: 15892086784, sizeIec: '15 GiB', printedBytesPerSec: 901e6 });
    // 1065549824 bytes (1.1 GB, 1016 MiB) copied, 1.29712 s, 821 MB/s
    expect(second?.transfer).toMatchObject({ bytesCopied: 1065549824, elapsedNs: 1_297_120_000 });
  });

  it('reads the "seconds" of coreutils 5.3 to 6.0 and the interim SIGINFO report as a run', () => {
    // 1733234176 bytes (1.7 GB) copied, 6.42173 seconds, 270 MB/s
    // 5120000000 bytes (5.1 GB) copied, 18.913 seconds, 271 MB/s
    const runs = runsOf('coreutils-manual__dd-6.0-siginfo-seconds.txt');
    expect(runs.map((run) => [run.recordsIn?.full, run.transfer?.bytesCopied, run.transfer?.elapsedNs])).toEqual([
      [3385223, 1733234176, 6_421_730_000],
      [10000000, 5120000000, 18_913_000_000],
    ]);
    expect(runs.every((run) => run.transfer?.timeUnit === 'seconds')).toBe(true);
  });

  it('reads a published German report with a decimal comma', () => {
    // 1890+1 Datensätze ein / 967789 Bytes (968 kB) kopiert, 0,00913792 s, 106 MB/s
    const [run] = runsOf('archlinux-de-wiki__dd-coreutils-de-si-only.txt');
    expect(run).toMatchObject({ language: 'de', recordsIn: { full: 1890, partial: 1 } });
    expect(run?.transfer).toMatchObject({ bytesCopied: 967789, elapsedNs: 9_137_920, printedBytesPerSec: 106e6 });
  });

  it('reads three published French status=progress runs', () => {
    // 421527552 octets (422 MB, 402 MiB) copiés, 1 s, 421 MB/s / 500+0 enregistrements lus / ...
    // 524288000 octets (524 MB, 500 MiB) copiés, 1,24566 s, 421 MB/s
    const runs = runsOf('unidentified-fr-lvm-notes__dd-coreutils-fr-progress-3runs.txt');
    expect(runs.map((run) => [run.progress[0]?.bytesCopied, run.recordsIn?.full, run.transfer?.elapsedText])).toEqual([
      [421527552, 500, '1,24566'],
      [844103680, 1000, '2,48142'],
      [1284505600, 1500, '3,67833'],
    ]);
    expect(runs[2]?.transfer).toMatchObject({ bytesCopied: 1572864000, sizeSi: '1,6 GB', sizeIec: '1,5 GiB' });
  });

  it('reads French records lines with an English transfer line and decimal commas', () => {
    // 15476981760 bytes (15 GB, 14 GiB) copied, 836,52 s, 18,5 MB/s
    const [run] = runsOf('unidentified-fr-sdcard-notes__dd-coreutils-fr-records-en-transfer.txt');
    expect(run).toMatchObject({ language: 'fr', recordsIn: { full: 30228480 } });
    expect(run?.transfer).toMatchObject({ bytesCopied: 15476981760, elapsedNs: 836_520_000_000 });
  });

  it('reads the BusyBox layout, in powers of 1024', () => {
    // 16777216 bytes (16.0MB) copied, 0.006519 seconds, 2.4GB/s
    const [run] = runsOf('unidentified-pt-docker-course__dd-busybox-alpine-enospc.txt');
    expect(run).toMatchObject({ recordsIn: { full: 17 }, recordsOut: { full: 16 } });
    expect(run?.errors[0]?.message).toBe("error writing '/scratch/big': No space left on device");
    expect(run?.transfer).toMatchObject({ style: 'busybox', bytesCopied: 16777216, elapsedNs: 6_519_000 });
    expect(run?.transfer?.printedBytesPerSec).toBe(2.4 * 1024 ** 3);
  });

  it('reads the BSD summary of macOS dd: bytes, seconds and bytes/sec, two runs past the lines of time', () => {
    // 1+0 records in / 1+0 records out / 1024 bytes transferred in 0.000063 secs (16268816 bytes/sec)
    // 1048576 bytes transferred in 0.000707 secs (1483320914 bytes/sec)
    const name = 'systembenchmark-jl-issue-11__dd-macos-bsd-2runs-time.txt';
    const output = parseDd(read(name));
    const [small, large] = output.result.runs;
    expect(small).toMatchObject({ recordsIn: { full: 1, partial: 0 }, recordsOut: { full: 1, partial: 0 } });
    expect(small?.transfer).toMatchObject({
      style: 'bsd',
      bytesCopied: 1024,
      elapsedNs: 63_000,
      elapsedText: '0.000063',
      timeUnit: 'secs',
      printedBytesPerSec: 16268816,
    });
    expect(small?.transfer?.bytesPerSec).toBeCloseTo(1024 / 0.000063, 3);
    expect(large?.transfer).toMatchObject({ bytesCopied: 1048576, elapsedNs: 707_000, printedBytesPerSec: 1483320914 });
    // The same measurements as a GNU dd report: bytes, elapsed, bw (bytes over the printed seconds).
    const firstRun = output.measurements.filter((m) => m.labels.run === '0');
    expect(firstRun.map((m) => [m.metric, m.unit])).toEqual([
      ['bytes', 'B'],
      ['elapsed', 's'],
      ['bw', 'B/s'],
      ['records.in.full', 'count'],
      ['records.in.partial', 'count'],
      ['records.out.full', 'count'],
      ['records.out.partial', 'count'],
      ['records.truncated', 'count'],
    ]);
    expect(firstRun[1]?.value).toBe(0.000063);
    // real\t0m0.007s / user ... / sys ...: the lines of `time`, skipped; no line called dd's own.
    expect(output.warnings.map((w) => [w.code, w.line])).toEqual([
      ['SKIPPED_LINES', 5],
      ['SKIPPED_LINES', 12],
    ]);
  });

  it('reads the status=progress statement of FreeBSD dd before its summary', () => {
    //   4013948928 bytes (4014 MB, 3828 MiB) transferred 415.226s, 9667 kB/s
    // 957+1 records in / 957+1 records out / 4017807360 bytes transferred in 415.634273 secs (9666689 bytes/sec)
    const output = parseDd(read('unidentified-opnsense-freebsd-notes__dd-freebsd-progress.txt'));
    const [run] = output.result.runs;
    expect(run?.progress).toEqual([
      expect.objectContaining({
        style: 'bsd',
        bytesCopied: 4013948928,
        elapsedNs: 415_226_000_000,
        sizeSi: '4014 MB',
        sizeIec: '3828 MiB',
        printedBytesPerSec: 9667e3,
      }),
    ]);
    expect(run).toMatchObject({ recordsIn: { full: 957, partial: 1 }, recordsOut: { full: 957, partial: 1 } });
    expect(run?.transfer).toMatchObject({
      bytesCopied: 4017807360,
      elapsedNs: 415_634_273_000,
      printedBytesPerSec: 9666689,
    });
    expect(output.warnings).toEqual([]);
  });
});

describe('detecting dd', () => {
  // The package's registry, with dd, against one of the other four tools alone.
  const registry = createRegistry(BUILTIN_PARSERS);
  const withoutDd = createRegistry(BUILTIN_PARSERS.filter((parser) => parser !== ddParser));
  const others = TOOL_NAMES.filter((tool) => tool !== 'dd').flatMap((tool) => corpusFiles(tool));

  it('detects every dd output of the corpus as dd', () => {
    for (const name of files) expect(detectDd(read(name))?.tool, name).toBe('dd');
  });

  it("detects no other tool's output of the corpus as dd", () => {
    for (const file of others) expect(detectDd(file.text), file.name).toBeNull();
  });

  it('leaves the other tools detected as they are without dd', () => {
    for (const file of others) {
      expect(registry.detect(file.text)?.tool, file.name).toBe(withoutDd.detect(file.text)?.tool);
    }
  });

  it('is the parser a registry with dd chooses for the dd outputs of the corpus', () => {
    for (const name of files) expect(registry.parse(read(name)).tool, name).toBe('dd');
  });
});
