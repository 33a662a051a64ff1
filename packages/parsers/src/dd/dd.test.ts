import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { MeasurementSchema } from '../measurement.ts';
import type { ParseOutput } from '../parser.ts';
import { readText } from '../text.ts';
import {
  type DdResult,
  DdResultSchema,
  type DdRun,
  type DdTransfer,
  ddParser,
  detectDd,
  parseDd,
  safeParseDd,
} from './index.ts';

/**
 * Behaviours of the dd parser, one edge case per test, on lines copied from real outputs: the
 * dd 9.1 fixtures (fixtures/dd) and the corpus (fixtures/corpus/dd, MANIFEST.md).
 */

// A measurement of dd, until dd is one of TOOL_NAMES (then MeasurementSchema itself applies).
const DdMeasurementSchema = MeasurementSchema.extend({ tool: z.literal('dd') });

// fixtures/dd/dd-9.1--direct.input.txt
const DIRECT = '8+0 records in\n8+0 records out\n8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0161144 s, 521 MB/s\n';
const DIRECT_TRANSFER = '8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0161144 s, 521 MB/s';

const onlyRun = (text: string): DdRun => {
  const runs = parseDd(text).result.runs;
  expect(runs).toHaveLength(1);
  return runs[0] as DdRun;
};
const transferOf = (text: string): DdTransfer => onlyRun(text).transfer as DdTransfer;

describe('parseDd', () => {
  it('parseDd(text) reads the records lines and the transfer line of a report', () => {
    const output = parseDd(DIRECT);
    expect(output).toMatchObject({ tool: 'dd', format: 'text', toolVersion: null, warnings: [] });
    expect(output.result.runs[0]).toMatchObject({
      index: 0,
      line: 1,
      language: 'en',
      recordsIn: { full: 8, partial: 0 },
      recordsOut: { full: 8, partial: 0 },
      truncatedRecords: 0,
      progress: [],
      errors: [],
    });
  });

  it('keeps the byte count exact and the seconds to the digits printed', () => {
    const transfer = transferOf(DIRECT);
    expect(transfer.bytesCopied).toBe(8388608);
    expect(transfer.elapsedText).toBe('0.0161144');
    expect(transfer.elapsedNs).toBe(16_114_400);
    expect(transfer.line).toBe(3);
  });

  it("keeps dd's rounded rate and the exact rate beside it", () => {
    const transfer = transferOf(DIRECT);
    expect(transfer.printedRate).toBe('521 MB/s');
    expect(transfer.printedBytesPerSec).toBe(521e6);
    expect(transfer.bytesPerSec).toBe(8388608 / 0.0161144);
  });

  it('reads the SI size and the IEC size dd prints in parentheses', () => {
    expect(transferOf(DIRECT)).toMatchObject({ sizeSi: '8.4 MB', sizeIec: '8.0 MiB', style: 'coreutils' });
  });

  it('reads seconds printed with an exponent (%g)', () => {
    // fixtures/dd/dd-9.1--small-counts.input.txt
    const transfer = transferOf('0+0 records in\n0+0 records out\n0 bytes copied, 6.397e-05 s, 0.0 kB/s\n');
    expect(transfer).toMatchObject({ bytesCopied: 0, elapsedNs: 63_970, sizeSi: null, printedBytesPerSec: 0 });
  });

  it('reads "1 byte copied", which has no sizes', () => {
    const transfer = transferOf('1+0 records in\n1+0 records out\n1 byte copied, 9.2673e-05 s, 10.8 kB/s\n');
    expect(transfer).toMatchObject({ bytesCopied: 1, sizeSi: null, sizeIec: null, printedBytesPerSec: 10_800 });
  });

  it('reads the SI size alone that dd prints between 1000 and 1023 bytes', () => {
    const transfer = transferOf(
      '1000+0 records in\n1000+0 records out\n1000 bytes (1.0 kB) copied, 0.00422513 s, 237 kB/s\n',
    );
    expect(transfer).toMatchObject({ sizeSi: '1.0 kB', sizeIec: null });
  });

  it('reads the layout of coreutils 6.1 to 8.24: one SI size', () => {
    // corpus/dd/nersc-compactcori__dd-coreutils-si-only-partial-record-time.txt
    const run = onlyRun('0+1 records in\n0+1 records out\n2147479552 bytes (2.1 GB) copied, 11.6774 s, 184 MB/s\n');
    expect(run.recordsIn).toEqual({ full: 0, partial: 1 });
    expect(run.transfer).toMatchObject({ bytesCopied: 2147479552, sizeSi: '2.1 GB', sizeIec: null, timeUnit: 's' });
  });

  it('reads the "seconds" of coreutils 5.3 to 6.0', () => {
    // corpus/dd/coreutils-manual__dd-6.0-siginfo-seconds.txt
    const transfer = transferOf(
      '10000000+0 records in\n10000000+0 records out\n5120000000 bytes (5.1 GB) copied, 18.913 seconds, 271 MB/s\n',
    );
    expect(transfer).toMatchObject({ bytesCopied: 5120000000, elapsedNs: 18_913_000_000, timeUnit: 'seconds' });
  });

  it('reads "0 s, Infinity B/s" as an infinite rate: no rate, no bw measurement', () => {
    // corpus/dd/ccckmit__dd-coreutils-cygwin-infinity-make.txt
    const output = parseDd('1+0 records in\n1+0 records out\n512 bytes (512 B) copied, 0 s, Infinity B/s\n');
    const transfer = output.result.runs[0]?.transfer;
    expect(transfer).toMatchObject({
      bytesCopied: 512,
      elapsedNs: 0,
      isRateInfinite: true,
      bytesPerSec: null,
      printedBytesPerSec: null,
      printedRate: 'Infinity B/s',
    });
    expect(output.measurements.map((m) => m.metric)).not.toContain('bw');
  });

  it('reads BusyBox sizes and rates in powers of 1024', () => {
    // corpus/dd/unidentified-pt-docker-course__dd-busybox-alpine-enospc.txt
    const transfer = transferOf(
      '17+0 records in\n16+0 records out\n16777216 bytes (16.0MB) copied, 0.006519 seconds, 2.4GB/s\n',
    );
    expect(transfer).toMatchObject({ style: 'busybox', sizeSi: '16.0MB', timeUnit: 'seconds', elapsedNs: 6_519_000 });
    expect(transfer.printedBytesPerSec).toBe(2.4 * 1024 ** 3);
  });

  it('reads decimal commas of the de and fr locales', () => {
    // corpus/dd/unidentified-fr-sdcard-notes__dd-coreutils-fr-records-en-transfer.txt
    const transfer = transferOf(
      '30228480+0 enregistrements lus\n30228480+0 enregistrements écrits\n15476981760 bytes (15 GB, 14 GiB) copied, 836,52 s, 18,5 MB/s\n',
    );
    expect(transfer).toMatchObject({ elapsedNs: 836_520_000_000, printedBytesPerSec: 18.5e6 });
    expect(transfer.bytesPerSec).toBe(15476981760 / 836.52);
  });

  it('takes the language of the records lines when the transfer line was left untranslated', () => {
    const run = onlyRun(
      '30228480+0 enregistrements lus\n30228480+0 enregistrements écrits\n15476981760 bytes (15 GB, 14 GiB) copied, 836,52 s, 18,5 MB/s\n',
    );
    expect(run.language).toBe('fr');
  });

  it('reads German records lines and the German count of one truncated record, which is a word', () => {
    // fixtures/dd/dd-9.1--de_DE.input.txt
    const run = onlyRun(
      '0+1 Datensätze ein\n0+1 Datensätze aus\nein abgeschnittener Datensatz\n8 Bytes kopiert, 5,2308e-05 s, 153 kB/s\n',
    );
    expect(run).toMatchObject({ language: 'de', recordsIn: { full: 0, partial: 1 }, truncatedRecords: 1 });
    expect(run.transfer).toMatchObject({ bytesCopied: 8, elapsedNs: 52_308, printedBytesPerSec: 153e3 });
  });

  it('reads the no-break space French puts after the counts', () => {
    // fixtures/dd/dd-9.1--fr_FR.input.txt
    const run = onlyRun(
      '8+0\u00a0enregistrements lus\n8+0\u00a0enregistrements écrits\n8388608\u00a0octets (8,4 MB, 8,0 MiB) copiés, 0,00365968 s, 2,3 GB/s\n',
    );
    expect(run).toMatchObject({ language: 'fr', recordsIn: { full: 8, partial: 0 } });
    expect(run.transfer).toMatchObject({ bytesCopied: 8388608, sizeSi: '8,4 MB', printedBytesPerSec: 2.3e9 });
  });

  it('reads records lines of another language by their shape, with no language', () => {
    // The dd 9.1 English report with the words of some other translation.
    const run = onlyRun(`8+0 registros leídos\n8+0 registros escritos\n${DIRECT_TRANSFER}`);
    expect(run.recordsIn).toEqual({ full: 8, partial: 0 });
    expect(run.language).toBe('en');
  });

  it('counts English truncated records (conv=block)', () => {
    // fixtures/dd/dd-9.1--conv-block-truncated.input.txt
    const run = onlyRun(
      '0+1 records in\n0+1 records out\n2 truncated records\n12 bytes copied, 4.8772e-05 s, 246 kB/s\n',
    );
    expect(run.truncatedRecords).toBe(2);
  });

  it('reads status=progress lines (each after a carriage return) as the progress of the report after them', () => {
    // fixtures/dd/dd-9.1--progress.input.txt
    const run = onlyRun(
      '\r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 809 kB/s\r2105344 bytes (2.1 MB, 2.0 MiB) copied, 3 s, 834 kB/s\n' +
        '63+235 records in\n63+235 records out\n5242880 bytes (5.2 MB, 5.0 MiB) copied, 2.5297 s, 2.1 MB/s\n',
    );
    expect(run.progress.map((point) => [point.bytesCopied, point.elapsedNs, point.line])).toEqual([
      [1056768, 1e9, 2],
      [2105344, 3e9, 3],
    ]);
    expect(run.line).toBe(2);
    expect(run.transfer?.bytesCopied).toBe(5242880);
  });

  it('gives progress points the printed rate as their bw, with a sample label', () => {
    const output = parseDd(
      '\r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 809 kB/s\n63+235 records in\n63+235 records out\n5242880 bytes (5.2 MB, 5.0 MiB) copied, 2.5297 s, 2.1 MB/s\n',
    );
    const bw = output.measurements.filter((m) => m.metric === 'bw');
    expect(bw).toEqual([
      { tool: 'dd', metric: 'bw', unit: 'B/s', value: 5242880 / 2.5297, labels: { run: '0' } },
      { tool: 'dd', metric: 'bw', unit: 'B/s', value: 809e3, labels: { run: '0', sample: '0' } },
    ]);
  });

  it('splits two statements written on one line (the last one before fdatasync)', () => {
    // fixtures/dd/dd-9.1--progress-fdatasync.input.txt
    const run = onlyRun(
      '\r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 802 kB/s3145728 bytes (3.1 MB, 3.0 MiB) copied, 1.32229 s, 2.4 MB/s\n\n' +
        '38+15 records in\n38+15 records out\n3145728 bytes (3.1 MB, 3.0 MiB) copied, 1.32953 s, 2.4 MB/s\n',
    );
    expect(run.progress.map((point) => point.printedRate)).toEqual(['802 kB/s', '2.4 MB/s']);
  });

  it('warns about text of another program written after a statement on the same line', () => {
    // A status=progress line followed by cmp's message on the same terminal line (a published copy).
    const text = `${DIRECT_TRANSFER}cmp: EOF on /dev/sdc after byte 4000752599040, in line 15627921233\n`;
    const output = parseDd(text);
    expect(output.warnings).toContainEqual(expect.objectContaining({ code: 'TRAILING_TEXT', line: 1, column: 62 }));
  });

  it('reads status=noxfer: records lines and no transfer line', () => {
    const run = onlyRun('3+0 records in\n3+0 records out\n');
    expect(run.transfer).toBeNull();
  });

  it('warns about a report without a transfer line when the others have one', () => {
    const output = parseDd(`3+0 records in\n3+0 records out\n${DIRECT}`);
    expect(output.result.runs).toHaveLength(2);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'NO_TRANSFER_LINE', line: 1 })]);
  });

  it('warns TRUNCATED when the last report stops after its records lines (a cut copy, or status=noxfer)', () => {
    // A whole report, then one cut before its transfer line: the cut one is the last.
    const output = parseDd(`${DIRECT}3+0 records in\n3+0 records out\n`);
    expect(output.result.runs).toHaveLength(2);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', line: 5, column: 16 })]);
  });

  it('reads a transfer line quoted without its records lines as a run of its own, with a warning', () => {
    const output = parseDd(`${DIRECT_TRANSFER}\n`);
    expect(output.result.runs[0]).toMatchObject({
      recordsIn: null,
      recordsOut: null,
      transfer: { bytesCopied: 8388608 },
    });
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'NO_RECORDS_LINES', line: 1 })]);
    expect(output.measurements.map((m) => m.metric)).toEqual(['bytes', 'elapsed', 'bw']);
  });

  it('gives each report of a script that loops dd its own run, 0-based', () => {
    // fixtures/dd/dd-9.1--loop-with-version.input.txt
    const output = parseDd(
      'dd (coreutils) 9.1\n1+0 records in\n1+0 records out\n65536 bytes (66 kB, 64 KiB) copied, 0.00403691 s, 16.2 MB/s\n' +
        '4+0 records in\n4+0 records out\n262144 bytes (262 kB, 256 KiB) copied, 0.00498465 s, 52.6 MB/s\n',
    );
    expect(output.toolVersion).toBe('9.1');
    expect(output.result.runs.map((run) => [run.index, run.line, run.toolVersion])).toEqual([
      [0, 2, '9.1'],
      [1, 5, '9.1'],
    ]);
    expect(new Set(output.measurements.map((m) => m.labels.run))).toEqual(new Set(['0', '1']));
  });

  it('reads the version line of older coreutils, which say "GNU coreutils"', () => {
    expect(parseDd(`dd (GNU coreutils) 8.4\n${DIRECT}`).toolVersion).toBe('8.4');
  });

  it("keeps dd's error before a report with the run, and the report after it", () => {
    // fixtures/dd/dd-9.1--enospc.input.txt
    const run = onlyRun(
      "dd: error writing '/dev/full': No space left on device\n1+0 records in\n0+0 records out\n0 bytes copied, 8.1483e-05 s, 0.0 kB/s\n",
    );
    expect(run.errors).toEqual([
      { message: "error writing '/dev/full': No space left on device", severity: 'error', line: 1 },
    ]);
    expect(run.line).toBe(1);
    expect(run.recordsOut).toEqual({ full: 0, partial: 0 });
  });

  it('reads warnings of dd in French as warnings', () => {
    // fixtures/dd/dd-9.1--fr_FR.input.txt
    const run = onlyRun(
      "dd: avertissement : « 0x » est un multiplicateur nul, utilisez « 00x » si c'est voulu\n0+0\u00a0enregistrements lus\n0+0\u00a0enregistrements écrits\n0\u00a0octet copié, 1,2053e-05 s, 0,0 kB/s\n",
    );
    expect(run.errors[0]?.severity).toBe('warning');
  });

  it('keeps messages of a dd that printed no statistics in the result errors', () => {
    // LC_ALL=fr_FR.UTF-8 dd if=/nonexistent of=/dev/null (dd 9.1)
    const output = parseDd("dd: impossible d'ouvrir '/nonexistent': Aucun fichier ou dossier de ce type\n");
    expect(output.result).toEqual({
      runs: [],
      errors: [
        {
          message: "impossible d'ouvrir '/nonexistent': Aucun fichier ou dossier de ce type",
          severity: 'error',
          line: 1,
        },
      ],
    });
  });

  it('skips lines dd does not print (a prompt, the output of time), with one warning per stretch', () => {
    const output = parseDd(
      `$ time dd if=/dev/zero of=f bs=1M count=8 oflag=direct\n${DIRECT}\nreal    0m0.022s\nuser    0m0.000s\n`,
    );
    expect(output.result.runs).toHaveLength(1);
    expect(output.warnings).toEqual([
      expect.objectContaining({ code: 'SKIPPED_LINES', line: 1 }),
      expect.objectContaining({ code: 'SKIPPED_LINES', line: 6, message: '2 lines that dd does not print, skipped' }),
    ]);
  });

  it('reads a copy quoted with "> " and CRLF line ends', () => {
    const run = onlyRun(DIRECT.replace(/^/gm, '> ').replace(/\n/g, '\r\n'));
    expect(run.transfer?.bytesCopied).toBe(8388608);
  });

  it('reads an HTML-escaped copy from a web page', () => {
    const run = onlyRun(
      'dd: error writing &#8216;/dev/full&#8217;: No space left on device\n1+0 records in\n0+0 records out\n0 bytes copied, 8.1483e-05 s, 0.0 kB/s\n',
    );
    expect(run.errors[0]?.message).toBe('error writing ‘/dev/full’: No space left on device');
  });

  it('yields the tidy measurements of a run in the units of DESIGN.md', () => {
    const output = parseDd(DIRECT);
    expect(output.measurements).toEqual([
      { tool: 'dd', metric: 'bytes', unit: 'B', value: 8388608, labels: { run: '0' } },
      { tool: 'dd', metric: 'elapsed', unit: 's', value: 0.0161144, labels: { run: '0' } },
      { tool: 'dd', metric: 'bw', unit: 'B/s', value: 8388608 / 0.0161144, labels: { run: '0' } },
      { tool: 'dd', metric: 'records.in.full', unit: 'count', value: 8, labels: { run: '0' } },
      { tool: 'dd', metric: 'records.in.partial', unit: 'count', value: 0, labels: { run: '0' } },
      { tool: 'dd', metric: 'records.out.full', unit: 'count', value: 8, labels: { run: '0' } },
      { tool: 'dd', metric: 'records.out.partial', unit: 'count', value: 0, labels: { run: '0' } },
      { tool: 'dd', metric: 'records.truncated', unit: 'count', value: 0, labels: { run: '0' } },
    ]);
    for (const measurement of output.measurements) DdMeasurementSchema.parse(measurement);
  });

  it('returns a result that its zod schema accepts unchanged', () => {
    const result = parseDd(`dd (coreutils) 9.1\n${DIRECT}`).result;
    expect(DdResultSchema.parse(result)).toEqual(result);
  });

  it('has types that follow the schema', () => {
    expectTypeOf(parseDd).returns.toEqualTypeOf<ParseOutput<'dd'>>();
    expectTypeOf<ParseOutput<'dd'>['result']>().toEqualTypeOf<DdResult>();
    expectTypeOf<DdRun['transfer']>().toEqualTypeOf<DdTransfer | null>();
    expectTypeOf<DdTransfer['bytesPerSec']>().toEqualTypeOf<number | null>();
    expectTypeOf<DdRun['language']>().toEqualTypeOf<'en' | 'de' | 'fr' | null>();
  });
});

describe('parseDd errors', () => {
  it('rejects an empty input', () => {
    expect(catchParseError(() => parseDd(''))).toMatchObject({ code: 'EMPTY_INPUT', tool: 'dd', line: 1, column: 1 });
  });

  it('rejects an input of blank lines as empty', () => {
    expect(catchParseError(() => parseDd('\n  \n')).code).toBe('EMPTY_INPUT');
  });

  it('rejects an input without dd statistics', () => {
    const error = catchParseError(() =>
      parseDd('dd (coreutils) 9.1\nCopyright (C) 2022 Free Software Foundation, Inc.\n'),
    );
    expect(error).toMatchObject({ code: 'MISSING_SECTION', line: 1, column: 1 });
  });

  it('points at the number that is not one in a transfer line', () => {
    const error = catchParseError(() => parseDd(DIRECT.replace('0.0161144 s', 'x.0161144 s')));
    expect(error.toJSON()).toMatchInlineSnapshot(`
      {
        "code": "BAD_NUMBER",
        "column": 41,
        "file": undefined,
        "format": "text",
        "line": 3,
        "message": "expected the elapsed seconds, such as "2.34" in this transfer line",
        "name": "ParseError",
        "snippet": "8388608 bytes (8.4 MB, 8.0 MiB) copied, x.0161144 s, 521 MB/s
                                              ^",
        "tool": "dd",
      }
    `);
  });

  it('points at an unknown time unit', () => {
    const error = catchParseError(() => parseDd(DIRECT.replace('0.0161144 s', '0.0161144 ms')));
    expect(error).toMatchObject({ code: 'UNKNOWN_UNIT', line: 3, column: 50 });
  });

  it('points at a size in parentheses that is not one', () => {
    const error = catchParseError(() => parseDd(DIRECT.replace('8.0 MiB', '8.0 MiX')));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: 3, column: 24 });
  });

  it('rejects a word for the rate when time has passed', () => {
    const error = catchParseError(() => parseDd(DIRECT.replace('521 MB/s', 'Infinity B/s')));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: 3, column: 54 });
  });

  it('reports an output cut after the records-in line as truncated', () => {
    const error = catchParseError(() => parseDd('8+0 records in\n'));
    expect(error).toMatchObject({ code: 'TRUNCATED', line: 1, column: 15 });
  });

  it('reports an output cut after status=progress lines as truncated', () => {
    const error = catchParseError(() => parseDd('\r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 809 kB/s\n'));
    expect(error).toMatchObject({ code: 'TRUNCATED', line: 2, column: 54 });
  });

  it('reports a progress report cut before its transfer line as truncated', () => {
    const error = catchParseError(() =>
      parseDd('\r1056768 bytes (1.1 MB, 1.0 MiB) copied, 1 s, 809 kB/s\n63+235 records in\n63+235 records out\n'),
    );
    expect(error.code).toBe('TRUNCATED');
  });

  it('rejects a records-out line with no records-in line before it', () => {
    const error = catchParseError(() => parseDd(`8+0 records out\n${DIRECT_TRANSFER}`));
    expect(error).toMatchObject({ code: 'UNEXPECTED_LINE', line: 1, column: 1 });
  });

  it('rejects a records-in line followed by something else', () => {
    const error = catchParseError(() => parseDd(`8+0 records in\n${DIRECT_TRANSFER}\n`));
    expect(error).toMatchObject({ code: 'MISSING_SECTION', line: 2, column: 1 });
  });

  it('rejects a count larger than dd can hold', () => {
    const error = catchParseError(() => parseDd(DIRECT.replace('8388608 bytes', '99999999999999999999 bytes')));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: 3, column: 1 });
  });

  it('rejects a format dd does not have', () => {
    const error = catchParseError(() => ddParser.parse(readText(DIRECT), 'json'));
    expect(error).toMatchObject({ code: 'UNSUPPORTED', tool: 'dd', format: 'json' });
  });

  it('safeParseDd returns the ParseError instead of throwing it', () => {
    const result = safeParseDd('8+0 records in\n');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('TRUNCATED');
    expect(safeParseDd(DIRECT).success).toBe(true);
  });
});

describe('detectDd', () => {
  it('recognises a dd report and names no version without a version line', () => {
    expect(detectDd(DIRECT)).toEqual({ tool: 'dd', format: 'text', version: null, confidence: 0.9 });
  });

  it('names the version of a dd --version line', () => {
    expect(detectDd(`dd (coreutils) 9.1\n${DIRECT}`)).toMatchObject({ version: '9.1', confidence: 0.95 });
  });

  it('recognises a lone transfer line', () => {
    expect(detectDd(`${DIRECT_TRANSFER}\n`)?.confidence).toBe(0.9);
  });

  it('recognises German and French reports', () => {
    expect(detectDd('1890+1 Datensätze ein\n1890+1 Datensätze aus\n')?.tool).toBe('dd');
    expect(detectDd('500+0 enregistrements lus\n500+0 enregistrements écrits\n')?.tool).toBe('dd');
  });

  it('gives words of another language a lower confidence', () => {
    const text = DIRECT_TRANSFER.replace('bytes', 'bajtów').replace('copied', 'skopiowano');
    expect(detectDd(text)?.confidence).toBe(0.6);
  });

  it('reads only the head of the input', () => {
    expect(detectDd(`${'x'.repeat(70 * 1024)}\n${DIRECT}`)).toBeNull();
  });

  it('does not take prose for a dd output', () => {
    expect(detectDd('1+1 makes 2\n512 bytes of data are copied to the disk\n')).toBeNull();
  });
});
