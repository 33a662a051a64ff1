import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { parseDd } from './index.ts';

/**
 * A cut dd output is an error or a TRUNCATED warning, never a shorter report that looks whole
 * (issue 34), and a number dd cannot have printed is BAD_NUMBER at its column. Each case is a
 * real output (fixtures/dd, made by make-fixtures.sh; fixtures/corpus/dd) cut or with one field
 * changed.
 */

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/dd/${name}`, import.meta.url), 'utf8');
const corpus = (name: string) => readCorpusFile(corpusDir(), `dd/${name}`).text;
// 8+0 records in / 8+0 records out / 8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0161144 s, 521 MB/s
const DIRECT = fixture('dd-9.1--direct.input.txt');
const [RECORDS_IN = '', RECORDS_OUT = '', TRANSFER = ''] = DIRECT.split('\n');
// \r1056768 bytes (...) copied, 1 s, 809 kB/s\r2105344 bytes (...) copied, 3 s, 834 kB/s / 63+235 records in ...
const PROGRESS = fixture('dd-9.1--progress.input.txt');
// 1+0 records in / 1+0 records out / 1024 bytes transferred in 0.000063 secs (16268816 bytes/sec) ...
const MACOS = corpus('systembenchmark-jl-issue-11__dd-macos-bsd-2runs-time.txt');
const MACOS_SUMMARY = MACOS.split('\n')[2] as string;
//   4013948928 bytes (4014 MB, 3828 MiB) transferred 415.226s, 9667 kB/s / 957+1 records in ...
const FREEBSD = corpus('unidentified-opnsense-freebsd-notes__dd-freebsd-progress.txt');

const twoLines = `${RECORDS_IN}\n${RECORDS_OUT}\n`;

describe('a cut dd output', () => {
  it('is an error when the transfer line stops inside the rate ("521 MB/s" cut to "52")', () => {
    const cut = `${twoLines}${TRANSFER.slice(0, TRANSFER.indexOf('521') + 2)}`;
    expect(catchParseError(() => parseDd(cut))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: TRANSFER.indexOf('521') + 1,
    });
  });

  it('is an error when the transfer line stops inside the seconds', () => {
    const cut = `${twoLines}${TRANSFER.slice(0, TRANSFER.indexOf(' s, '))}`;
    expect(catchParseError(() => parseDd(cut))).toMatchObject({ code: 'UNKNOWN_UNIT', line: 3 });
  });

  it('warns TRUNCATED when the records lines end the input without their transfer line', () => {
    const output = parseDd(twoLines);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', line: 2 })]);
    // And when the transfer line is cut before it can be told for one ("8388608 by").
    const fragment = parseDd(`${twoLines}${TRANSFER.slice(0, 10)}`);
    expect(fragment.warnings).toContainEqual(expect.objectContaining({ code: 'TRUNCATED' }));
  });

  it('is TRUNCATED when the output stops after its status=progress statements', () => {
    // The first line of the fixture: two statements, each after a carriage return (a line end).
    const lines = PROGRESS.split('\n');
    expect(catchParseError(() => parseDd(`${lines[0]}\n`))).toMatchObject({ code: 'TRUNCATED', line: 3 });
    const freebsdProgress = `${FREEBSD.split('\n')[0]}\n`;
    expect(catchParseError(() => parseDd(freebsdProgress))).toMatchObject({ code: 'TRUNCATED', line: 1 });
  });

  it('is TRUNCATED at its end when the BSD summary stops inside its rate', () => {
    const cut = MACOS.slice(0, MACOS.indexOf('16268816') + 4);
    expect(catchParseError(() => parseDd(cut))).toMatchObject({
      code: 'TRUNCATED',
      line: 3,
      column: MACOS_SUMMARY.indexOf('16268816') + 5,
    });
  });
});

describe('numbers in a dd output', () => {
  const withTransfer = (transfer: string) => `${twoLines}${transfer}\n`;

  it('reports text stuck to the seconds, the byte count or a records count as BAD_NUMBER at that text', () => {
    const seconds = TRANSFER.replace('0.0161144 s', '0.0161144x s');
    expect(catchParseError(() => parseDd(withTransfer(seconds)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: seconds.indexOf('x') + 1,
    });
    const bytes = TRANSFER.replace('8388608 bytes', '8388608x bytes');
    expect(catchParseError(() => parseDd(withTransfer(bytes)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: 8,
    });
    const records = DIRECT.replace('8+0 records out', '8+0x records out');
    expect(catchParseError(() => parseDd(records))).toMatchObject({ code: 'BAD_NUMBER', line: 2, column: 4 });
  });

  it('reports a non-finite number as BAD_NUMBER', () => {
    const seconds = TRANSFER.replace('0.0161144 s', '1e309 s');
    expect(catchParseError(() => parseDd(withTransfer(seconds)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: seconds.indexOf('1e309') + 1,
    });
    const bytes = TRANSFER.replace('8388608 bytes', '1e309 bytes');
    expect(catchParseError(() => parseDd(withTransfer(bytes)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: 2,
    });
  });

  it('reports a sign before a count, the seconds or the rate as BAD_NUMBER at the sign', () => {
    expect(catchParseError(() => parseDd(DIRECT.replace('8+0 records in', '-8+0 records in')))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 1,
      column: 1,
    });
    expect(catchParseError(() => parseDd(withTransfer(`-${TRANSFER}`)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: 1,
    });
    const seconds = TRANSFER.replace('0.0161144 s', '-0.0161144 s');
    expect(catchParseError(() => parseDd(withTransfer(seconds)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: seconds.indexOf('-') + 1,
    });
    const rate = TRANSFER.replace('521 MB/s', '-521 MB/s');
    expect(catchParseError(() => parseDd(withTransfer(rate)))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: rate.indexOf('-521') + 1,
    });
  });

  it('reports text stuck to a number of the BSD summary as BAD_NUMBER at that text', () => {
    const changed = MACOS.replace('0.000063 secs', '0.000063x secs');
    expect(catchParseError(() => parseDd(changed))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 3,
      column: MACOS_SUMMARY.indexOf(' secs') + 1,
    });
  });
});
