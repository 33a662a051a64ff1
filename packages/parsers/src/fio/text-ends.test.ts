import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { readPublishedOutput } from '../../test/seeds.ts';
import { parseFio } from './index.ts';

/**
 * Issue 34 on fio's text formats: a cut output is an error or a TRUNCATED warning naming the line,
 * never a shorter result that looks whole; a number with junk after it, too large to be printed,
 * or negative where fio prints none, is BAD_NUMBER at its column. Each case is a real output
 * with one cut or one field changed.
 */

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const errorOf = (run: () => unknown) => {
  const error = catchParseError(run);
  return { code: error.code, line: error.line, column: error.column };
};
const truncatedAt = (text: string) =>
  parseFio(text)
    .warnings.filter((w) => w.code === 'TRUNCATED')
    .map((w) => w.line);

/** fio's HOWTO example of fio 3 (29 lines: one job, `Run status group 0` at line 24, `Disk stats` at 28). */
const howto3 = corpus('fio__howto-fio3-normal-job-example.txt');
/** The text up to the end of line `line` (1-based), with its line end. */
const upToLine = (text: string, line: number) => `${text.split('\n').slice(0, line).join('\n')}\n`;

describe('fio normal text that stops short', () => {
  it('reads the whole HOWTO example with no TRUNCATED warning', () => {
    expect(truncatedAt(howto3)).toEqual([]);
  });

  it('warns TRUNCATED at the last line of a job block cut before its group summary', () => {
    // Cut after line 13, `iops        : min=   76, ...`: the job's bw and iops are read, no group.
    expect(truncatedAt(upToLine(howto3, 13))).toEqual([13]);
    // Cut after the job's last line (22, `latency   : target=0, ...`), before `Run status group 0`.
    expect(truncatedAt(upToLine(howto3, 22))).toEqual([22]);
  });

  it('warns TRUNCATED at a group summary cut after its heading or before a direction its job ran', () => {
    expect(truncatedAt(upToLine(howto3, 24))).toEqual([24]);
    // Line 25 is the READ line; the job wrote: the WRITE line (26) is missing.
    expect(truncatedAt(upToLine(howto3, 25))).toEqual([25]);
  });

  it('warns TRUNCATED after a `Disk stats` heading with no device line', () => {
    expect(truncatedAt(upToLine(howto3, 28))).toEqual([28]);
  });

  it('refuses a device line cut before its util= figure', () => {
    const cut = howto3.slice(0, howto3.indexOf(', util=100.00%'));
    expect(errorOf(() => parseFio(cut))).toMatchObject({ code: 'TRUNCATED', line: 29 });
  });

  it('warns TRUNCATED for the fio 1.57 MSA70 ext3 output cut at byte 2,787 (20 of 112 measurements before)', () => {
    const text = readPublishedOutput('2011-07-ext3-ext4-xfs-fio-msa70/runs/ext3/fio--ext3.txt');
    const output = parseFio(text.slice(0, 2787));
    // The cut is inside line 44, the first job's `submit` line.
    expect(output.warnings.filter((w) => w.code === 'TRUNCATED').map((w) => w.line)).toEqual([44]);
  });

  it('warns TRUNCATED at a cut `Disk stats` heading (`Disk sta`)', () => {
    expect(truncatedAt(`${upToLine(howto3, 27)}Disk sta`)).toEqual([28]);
  });

  it('warns TRUNCATED when the input ends with the preamble of a second run', () => {
    const preamble =
      'Client1: (g=0): rw=write, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=sync, iodepth=8\nfio-3.0\n';
    // Named at the preamble's last line (32): a blank line 30, the job line 31, the version.
    expect(truncatedAt(`${howto3}\n${preamble}`)).toEqual([32]);
  });
});

describe('fio terse lines that stop short', () => {
  /** One fio 3.1 terse v3 line (line 5), 130 fields, ending with the disk vdc's 9 fields. */
  const terse = corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt');
  const lines = terse.split('\n');
  const line5 = lines[4] as string;

  it('refuses a v3 line cut after field 14 (accepted as no run before issue 34)', () => {
    const cut = [...lines.slice(0, 4), line5.split(';').slice(0, 14).join(';')].join('\n');
    expect(errorOf(() => parseFio(cut))).toMatchObject({ code: 'COLUMN_COUNT', line: 5 });
  });

  it('refuses a line cut inside its disk fields (read as a description before)', () => {
    const cut = [...lines.slice(0, 4), line5.slice(0, line5.lastIndexOf(';1;243008;89.18%'))].join('\n');
    expect(errorOf(() => parseFio(cut))).toMatchObject({ code: 'TRUNCATED', line: 5 });
    // And one cut after the `;` that opens the disk fields.
    const atName = [...lines.slice(0, 4), line5.slice(0, line5.lastIndexOf('vdc;'))].join('\n');
    expect(errorOf(() => parseFio(atName))).toMatchObject({ code: 'TRUNCATED', line: 5 });
  });
});

describe('fio normal numbers read strictly', () => {
  it('refuses an exponent after a latency: `stdev=8293.31e3`, BAD_NUMBER at the `e` (line 4, column 64)', () => {
    const broken = howto3.replace('stdev=8293.31', 'stdev=8293.31e3');
    expect(errorOf(() => parseFio(broken))).toEqual({ code: 'BAD_NUMBER', line: 4, column: 64 });
  });

  it('refuses `samples=1e309`, BAD_NUMBER at the `e` (line 12, column 85)', () => {
    const broken = howto3.replace('samples=  100', 'samples=1e309');
    expect(errorOf(() => parseFio(broken))).toEqual({ code: 'BAD_NUMBER', line: 12, column: 85 });
  });

  it('refuses a letter after a number that takes no unit (`avg=4019.02x`)', () => {
    const broken = howto3.replace('avg=4019.02', 'avg=4019.02x');
    expect(errorOf(() => parseFio(broken))).toEqual({ code: 'BAD_NUMBER', line: 4, column: 49 });
  });

  it('refuses a number too large to be a double, BAD_NUMBER at its first digit (line 4, column 42)', () => {
    const broken = howto3.replace('avg=4019.02', `avg=4${'0'.repeat(400)}`);
    expect(errorOf(() => parseFio(broken))).toEqual({ code: 'BAD_NUMBER', line: 4, column: 42 });
  });

  it.each([
    ['IOPS', 'IOPS=88', 'IOPS=-88', 2, 15],
    ['bandwidth', 'BW=623', 'BW=-623', 2, 22],
    ['io size', '(30.4MiB', '(-30.4MiB', 2, 41],
    ['runtime', '/50032msec', '/-50032msec', 2, 49],
    ['latency', 'min=500', 'min=-500', 3, 22],
  ])('refuses a negative %s, which fio cannot print, at its minus sign', (_what, from, to, line, column) => {
    expect(errorOf(() => parseFio(howto3.replace(from, to)))).toEqual({ code: 'BAD_NUMBER', line, column });
  });
});

describe('fio terse numbers read strictly', () => {
  const terse = corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt');
  const fields = (terse.split('\n')[4] as string).split(';');
  const withField = (index: number, value: string) => {
    const changed = [...fields];
    changed[index] = value;
    return terse.replace(fields.join(';'), changed.join(';'));
  };

  it('refuses an exponent (field 12, the read slat mean `8.432369e3`) at its field (line 5, column 82)', () => {
    expect(errorOf(() => parseFio(withField(11, '8.432369e3')))).toEqual({ code: 'BAD_NUMBER', line: 5, column: 82 });
  });

  it('refuses a negative bandwidth (field 7, `-14790` KiB/s) at its field (line 5, column 58)', () => {
    expect(errorOf(() => parseFio(withField(6, '-14790')))).toEqual({ code: 'BAD_NUMBER', line: 5, column: 58 });
  });
});
