import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFio } from '../index.ts';
import { _fixedBlockBytes, _isRoundedDown } from './io-rounding.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/fio/${name}`, import.meta.url), 'utf8');

/**
 * fio 3.25 (a build of axboe/fio's tag fio-3.25, made here) writing 25560 KiB = 24.96 MiB in
 * 4 KiB blocks prints `(24.0MiB/98msec)` and `io=24.0MiB (26.2MB)`; fio 3.33 prints 25.0MiB for
 * the same job (fixtures/fio/make-fixtures.sh fio-3.25).
 */
describe('fio 3.25 sizes printed a unit low (num2str, fixed in fio 3.26)', () => {
  const output = parseFio(fixture('fio-3.25--io-rounded.normal.txt'));
  const run = output.result.runs[0];

  it("takes the job's io as issued × block size: `issued rwts: total=0,6390,...` × 4096 B, not 24.0 MiB", () => {
    expect(run?.jobs[0]?.write?.ioBytes).toBe(6390 * 4096);
    expect(6390 * 4096).toBe(25_560 * 1024);
  });

  it("takes the group's io as the sum of its jobs' issued × block size (26.2MB in the parentheses agrees)", () => {
    expect(run?.groups[0]?.write?.ioBytes).toBe(26_173_440);
  });

  it('says so in an IO_SIZE_ROUNDED warning at each size (lines 7 and 27)', () => {
    expect(output.warnings.map((w) => [w.code, w.line, w.column])).toEqual([
      ['IO_SIZE_ROUNDED', 7, 44],
      ['IO_SIZE_ROUNDED', 27, 73],
    ]);
  });

  it('keeps the decimal spelling when the jobs give no exact figure (a block size range)', () => {
    const text = fixture('fio-3.25--io-rounded.normal.txt').replace(
      'bs=(R) 4096B-4096B, (W) 4096B-4096B',
      'bs=(R) 4096B-4096B, (W) 4096B-8192B',
    );
    const ranged = parseFio(text);
    expect(ranged.result.runs[0]?.groups[0]?.write?.ioBytes).toBe(26.2e6);
    // The job's own figure has nothing exact to take: it stays as printed, without a warning.
    expect(ranged.result.runs[0]?.jobs[0]?.write?.ioBytes).toBe(24 * 2 ** 20);
    expect(ranged.warnings.map((w) => w.line)).toEqual([27]);
  });

  it('reads a size printed right (fio 3.33, the HOWTO) with no warning', () => {
    const text = fixture('fio-3.33--same-pid-2runs.normal.txt');
    expect(parseFio(text).warnings.filter((w) => w.code === 'IO_SIZE_ROUNDED')).toEqual([]);
  });
});

describe('_isRoundedDown', () => {
  const printed24MiB = { mantissa: 240, scale: 10, unitBytes: 2 ** 20 };

  it('is true when the other figure lies in [N + 0.95, N + 1) units', () => {
    expect(_isRoundedDown(printed24MiB, 24.96 * 2 ** 20, 0)).toBe(true);
  });

  it('is false when the other figure agrees with N.0', () => {
    expect(_isRoundedDown(printed24MiB, 24.01 * 2 ** 20, 0)).toBe(false);
  });

  it('is false for a figure num2str could not have lost a carry on (three digits, decimals)', () => {
    expect(_isRoundedDown({ mantissa: 433, scale: 1, unitBytes: 2 ** 20 }, 433.97 * 2 ** 20, 0)).toBe(false);
    expect(_isRoundedDown({ mantissa: 241, scale: 10, unitBytes: 2 ** 20 }, 24.97 * 2 ** 20, 0)).toBe(false);
  });
});

describe('_fixedBlockBytes', () => {
  it('reads fio 3.x and 2.x preamble block sizes, per direction, and refuses ranges', () => {
    const modern = '(R) 4096B-4096B, (W) 128KiB-128KiB, (T) 4096B-8192B';
    expect([
      _fixedBlockBytes(modern, 'read'),
      _fixedBlockBytes(modern, 'write'),
      _fixedBlockBytes(modern, 'trim'),
    ]).toEqual([4096, 131_072, null]);
    expect([_fixedBlockBytes('8K-8K/8K-8K', 'write'), _fixedBlockBytes('4K-64K/4K-4K', 'read')]).toEqual([8192, null]);
  });
});
