import { describe, expect, it } from 'vitest';
import {
  _UnitError,
  durationFactor,
  isNotMeasured,
  parseDualRate,
  parseDuration,
  parseMeasured,
  parseNumber,
  parsePercent,
  parseRate,
  parseSize,
  parseSuffixedNumber,
  rateFactor,
} from './units.ts';

const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

// Every spelling below was printed by one of the tools; the comment names where it appears.
describe('parseRate converts every bandwidth spelling to bytes per second', () => {
  it.each([
    // fio 1.57 (seed "ext3 vs ext4 vs xfs"): KB is 1024 bytes unless kb_base=1000.
    ['56946KB/s', 1024, 56946 * KiB],
    // fio 2.2.10 (corpus shaojwa-tools): decimal KB and MB.
    ['1063.9KB/s', 1024, 1063.9 * KiB],
    ['2848.1MB/s', 1024, 2848.1 * MiB],
    // fio 2.x with kb_base=1000 in the job: the same spelling in powers of 1000.
    ['56946KB/s', 1000, 56946 * 1000],
    // A space between number and unit (sysbench, fio 1.x "bw=286105 B/s").
    ['286105 B/s', 1024, 286105],
    // fio 3.x: IEC first, SI in parentheses.
    ['144MiB/s', 1000, 144 * MiB],
    ['151MB/s', 1000, 151e6],
    ['623KiB/s', 1000, 623 * KiB],
    ['638kB/s', 1000, 638e3],
    // sysbench 1.x memory/fileio: "(647.78 MiB/sec)".
    ['647.78 MiB/sec', 1000, 647.78 * MiB],
    // sysbench 0.4 prints bytes with a lowercase b, powers of 1024: "(49.954Mb/sec)".
    ['49.954Mb/sec', 1024, 49.954 * MiB],
    // sysbench 0.4 memory: "(1279.17 MB/sec)" in powers of 1024.
    ['1279.17 MB/sec', 1024, 1279.17 * MiB],
    // bonnie++ 1.x header "K/sec": KiB/s.
    ['72853 K/sec', 1024, 72853 * KiB],
    // iostat column units: sysstat's kB is KiB, MB is MiB.
    ['222.14 kB/s', 1024, 222.14 * KiB],
    ['0.10 MB/s', 1024, 0.1 * MiB],
    // fio --unit_base=1: bits, 8 to a byte.
    ['1234Kibit/s', 1000, (1234 * KiB) / 8],
    ['1263kbit/s', 1000, 1263e3 / 8],
  ] as const)('%s (K = %d) is %d B/s', (token, kbBase, expected) => {
    expect(parseRate(token, { kbBase })).toBeCloseTo(expected, 6);
  });
});

describe('parseSize converts every size spelling to bytes', () => {
  it.each([
    // fio 1.x/2.x io= totals.
    ['596856KB', 1024, 596856 * KiB],
    ['6377.3MB', 1024, 6377.3 * MiB],
    ['2832.0KB', 1024, 2832 * KiB],
    ['1024.0MB', 1024, 1024 * MiB],
    // fio 3.x io= totals: "(433MiB/3001msec)", "io=64.0MiB (67.1MB)".
    ['433MiB', 1000, 433 * MiB],
    ['67.1MB', 1000, 67.1e6],
    // sysbench 0.4: "Total transferred 3.9062Gb" is GiB; "Written 0b" is zero bytes.
    ['3.9062Gb', 1024, 3.9062 * GiB],
    ['0b', 1024, 0],
    // sysbench 1.x: "6496.00 MiB transferred".
    ['6496.00 MiB', 1000, 6496 * MiB],
    // bonnie++ 2.x machine size "63G" and 1.9x "7423M": powers of 1024.
    ['63G', 1024, 63 * GiB],
    ['7423M', 1024, 7423 * MiB],
    // A bare number is bytes.
    ['4096', 1024, 4096],
  ] as const)('%s (K = %d) is %d B', (token, kbBase, expected) => {
    expect(parseSize(token, { kbBase })).toBeCloseTo(expected, 6);
  });
});

describe('parseSuffixedNumber reads numbers with a multiplier letter', () => {
  it.each([
    // fio 3.x "read: IOPS=36.9k": num2str with powers of 1000.
    ['36.9k', 1000, 36900],
    // fio 2.x "clat (usec): ... max=4490.8K" inside a usec block: 4490.8 thousand usec.
    ['4490.8K', 1000, 4490800],
    // bonnie++ 2.x table rates: 787k KiB/s, 198m MiB/s, 1.1g GiB/s (as bytes per second).
    ['787k', 1024, 787 * KiB],
    ['198m', 1024, 198 * MiB],
    ['1.1g', 1024, 1.1 * GiB],
    // No suffix: the number itself.
    ['7118', 1000, 7118],
  ] as const)('%s (base %d) is %d', (token, base, expected) => {
    expect(parseSuffixedNumber(token, base)).toBeCloseTo(expected, 6);
  });
});

describe('parseDuration converts every time spelling to nanoseconds', () => {
  it.each([
    // bonnie++ 1.9x/2.x latency cells.
    ['24224us', 24224e3],
    ['471ms', 471e6],
    ['5s', 5e9],
    // fio runt= and run= (1.x/2.x/3.x).
    ['10481msec', 10481e6],
    ['3001msec', 3001e6],
    // fio latency block units: "clat (nsec)", "(usec)", "(msec)".
    ['13462.14nsec', 13462.14],
    ['57.33usec', 57330],
    ['2sec', 2e9],
    // The micro sign, as some copies turn "us" into "µs".
    ['12µs', 12e3],
  ] as const)('%s is %d ns', (token, expected) => {
    expect(parseDuration(token)).toBeCloseTo(expected, 6);
  });

  it('durationFactor gives the factor of a unit printed apart from its numbers, as in "clat (usec):"', () => {
    expect(durationFactor('usec')).toBe(1000);
    expect(durationFactor('msec')).toBe(1e6);
    expect(durationFactor('nsec')).toBe(1);
    expect(durationFactor('fortnight')).toBeUndefined();
    expect(durationFactor('toString')).toBeUndefined();
  });
});

describe('parseDualRate reads fio 3.x "IEC (SI)" bandwidth pairs', () => {
  it('BW=144MiB/s (151MB/s) gives both readings', () => {
    expect(parseDualRate('144MiB/s (151MB/s)')).toEqual({ iec: 144 * MiB, si: 151e6 });
  });

  it('a bad second half is reported at its own column', () => {
    const error = catchUnitError(() => parseDualRate('144MiB/s (151XB/s)'));
    expect(error).toMatchObject({ code: 'UNKNOWN_UNIT', index: 13 });
  });
});

describe('values that were not measured', () => {
  it('bonnie++ "+++++" and "+++" are not measured, and read as null rather than 0', () => {
    expect(isNotMeasured('+++++')).toBe(true);
    expect(isNotMeasured(' +++ ')).toBe(true);
    expect(parseMeasured('+++++', parseNumber)).toBeNull();
    expect(parseMeasured('447.9', parseNumber)).toBe(447.9);
  });

  it('a single "+" is not the not-measured marker', () => {
    expect(isNotMeasured('+')).toBe(false);
  });
});

describe('parsePercent', () => {
  it('reads "99.91%" and bare "56.0" as percent', () => {
    expect(parsePercent('99.91%')).toBe(99.91);
    expect(parsePercent('56.0')).toBe(56);
  });
});

describe('rateFactor', () => {
  it('knows iostat column units and refuses sizes that are not rates', () => {
    expect(rateFactor('kB/s', { kbBase: 1024 })).toBe(1024);
    expect(rateFactor('MB/s', { kbBase: 1024 })).toBe(MiB);
    expect(rateFactor('kB', { kbBase: 1024 })).toBeUndefined();
  });
});

describe('errors name what was wrong and where in the token', () => {
  it('a word where a number belongs is BAD_NUMBER at index 0', () => {
    expect(catchUnitError(() => parseNumber('abc'))).toMatchObject({ code: 'BAD_NUMBER', index: 0 });
  });

  it('trailing text after a number is BAD_NUMBER at that text', () => {
    expect(catchUnitError(() => parseNumber('12x'))).toMatchObject({ code: 'BAD_NUMBER', index: 2 });
  });

  it('an unknown unit is UNKNOWN_UNIT at the unit', () => {
    expect(catchUnitError(() => parseRate('12QB/s', { kbBase: 1024 }))).toMatchObject({
      code: 'UNKNOWN_UNIT',
      index: 2,
    });
    expect(catchUnitError(() => parseDuration('12 weeks'))).toMatchObject({ code: 'UNKNOWN_UNIT', index: 3 });
  });

  it('"i" without a prefix is not a unit', () => {
    expect(catchUnitError(() => parseSize('12iB', { kbBase: 1024 }))).toMatchObject({ code: 'UNKNOWN_UNIT' });
  });

  it('a multiplier of more than one letter is refused', () => {
    expect(catchUnitError(() => parseSuffixedNumber('36.9kk', 1000))).toMatchObject({ code: 'UNKNOWN_UNIT' });
  });
});

function catchUnitError(read: () => unknown): _UnitError {
  try {
    read();
  } catch (error) {
    if (error instanceof _UnitError) return error;
    throw error;
  }
  throw new Error('expected a _UnitError');
}
