import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnSpec } from './columns.ts';
import { DeviceRowWriter } from './ndjson-rows.ts';
import { scanRowFastBytes } from './scan.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const DOT = 46;
const COMMA = 44;

/** The factors of real columns (columns.ts): counts and percentages, kB, MB, sectors, ms. */
const FACTORS = [...new Set(['r/s', 'rkB/s', 'rMB/s', 'rsec/s', 'r_await', '%util'].map((n) => columnSpec(n).factor))];

/** The row `name values...` written by rowBytes, or null when it leaves it to the careful path. */
function written(row: string, factors: number[], mark = DOT): string | null {
  const bytes = encoder.encode(`${row}\n`);
  const rows = new DeviceRowWriter();
  if (!rows.rowBytes(bytes, 0, bytes.length - 1, false, Float64Array.from(factors), mark)) return null;
  rows.seal();
  return decoder.decode(rows.sealed());
}

/** The same row the typed way: the values scanRowFastBytes reads, through JSON.stringify. */
function typed(row: string, factors: number[]): string | null {
  const bytes = encoder.encode(`${row}\n`);
  const nameEnd = row.indexOf(' ');
  const values: number[] = [];
  const end = scanRowFastBytes(bytes, nameEnd + 1, bytes.length - 1, Float64Array.from(factors), values);
  if (end === -1) return null;
  return JSON.stringify({ device: row.slice(0, nameEnd), isGroup: false, values });
}

describe('DeviceRowWriter.rowBytes', () => {
  it.each([
    ['sda 0.07 7410.77 0.00 0.00 12 5.', [1e6, 1024, 1, 1, 512, 1], '[70000,7588628.48,0,0,6144,5]'],
    ['vda 271.45 0.50 100.00', [1, 1, 1], '[271.45,0.5,100]'],
    ['dm-0 0.01 1.5', [1024, 1024 ** 2], '[10.24,1572864]'],
    // 2^31 - 1 hundredths and one more (the usual form's loop, then a value by itself).
    [
      'sdb 20971.51 20971.52 21474836.47 21474836.48',
      [1024, 1024, 1, 1],
      '[21474826.24,21474836.48,21474836.47,21474836.48]',
    ],
    ['sdc 0.05\t1.00 \t0.10', [1, 1e6, 1], '[0.05,1000000,0.1]'],
    ['sdd 0.5 12 1.25 0.10 0.00', [1, 1, 1024, 512, 1024], '[0.5,12,1280,51.2,0]'],
  ])('writes %s as JSON.stringify writes its values', (row, factors, values) => {
    const json = written(row, factors);
    expect(json).toBe(`{"device":"${row.slice(0, row.indexOf(' '))}","isGroup":false,"values":${values}}`);
    expect(json).toBe(typed(row, factors));
  });

  it.each([
    ['a leading zero', 'sda 007'],
    ['no digit before the point', 'sda .5'],
    ['a --human suffix', 'sda 1.5k'],
    ['seven decimals', 'sda 0.0000001'],
    ['sixteen digits', 'sda 1234567890123456'],
    ['too few values', 'sda'],
    ['too many values', 'sda 1 2'],
    ['a quote in the name', 'a"b 1'],
    ['a backslash in the name', 'a\\b 1'],
    ['blanks and no value after the name', 'sda   '],
    // iostat prints no value below zero: the careful path refuses it (BAD_NUMBER).
    ['a sign', 'sda -1.25'],
    ['a negative zero', 'sda -0.00'],
  ])('leaves a row with %s to the careful path', (_what, row) => {
    expect(written(`${row}`, [1])).toBeNull();
  });

  it('reads the device name up to a tab', () => {
    expect(written('sda\t0.50', [1])).toBe('{"device":"sda","isGroup":false,"values":[0.5]}');
  });

  it('leaves rows of a decimal-comma output to the careful path', () => {
    expect(written('sda 1,5', [1], COMMA)).toBeNull();
  });

  it('writes every plain decimal under every factor as the typed path does', () => {
    const decimal = fc
      .tuple(
        fc.boolean(),
        fc.oneof(fc.nat({ max: 99999 }), fc.nat({ max: 2 ** 31 }), fc.constant(0)),
        fc.nat({ max: 6 }),
        fc.nat({ max: 999999 }),
      )
      .map(([isNegative, whole, places, fraction]) => {
        const decimals = places === 0 ? '' : `.${String(fraction).padStart(6, '0').slice(0, places)}`;
        return `${isNegative ? '-' : ''}${whole}${decimals}`;
      });
    fc.assert(
      fc.property(fc.array(fc.tuple(decimal, fc.constantFrom(...FACTORS)), { minLength: 1, maxLength: 8 }), (cells) => {
        const row = `sda ${cells.map(([text]) => text).join('   ')}`;
        const factors = cells.map(([, factor]) => factor);
        const json = written(row, factors);
        // Products beyond 10^15, and signs, are left to the careful path; any other row is written here.
        if (json === null) {
          return cells.some(
            ([text, factor]) => text.startsWith('-') || Math.abs(Number(text.replace('.', ''))) * factor >= 1e15,
          );
        }
        return json === typed(row, factors);
      }),
      { numRuns: 20000 },
    );
  });

  it('writes rows of two-decimal values, on either side of 2^31 hundredths, as the typed path does', () => {
    // iostat's own form (`%.2f`), which one loop writes while each value's base units stay below
    // 2^31 hundredths; the others, each by itself.
    const hundredths = fc.oneof(fc.nat({ max: 9999 }), fc.nat({ max: 2 ** 31 + 2 ** 20 }), fc.nat({ max: 2 ** 40 }));
    const twoDecimals = hundredths.map((value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`);
    const blanks = fc.constantFrom(' ', '   ', '\t', ' \t ');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(blanks, twoDecimals, fc.constantFrom(...FACTORS)), { minLength: 1, maxLength: 12 }),
        (cells) => {
          const row = `sda ${cells.map(([blank, text]) => `${blank}${text}`).join('')}`;
          const factors = cells.map(([, , factor]) => factor);
          const json = written(row, factors);
          // Products beyond 10^15 are left to the careful path, as above.
          if (json === null) return cells.some(([, text, factor]) => Number(text.replace('.', '')) * factor >= 1e15);
          return json === typed(row, factors);
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('gives back the rows it wrote as typed devices', () => {
    const rows = new DeviceRowWriter();
    const bytes = encoder.encode('sda 0.07 1.5\n');
    rows.rowBytes(bytes, 0, bytes.length - 1, false, Float64Array.from([1e6, 1024]), DOT);
    rows.device('md0', true, [0.25, null]);
    expect(rows.takeDevices()).toEqual([
      { device: 'sda', isGroup: false, values: [70000, 1536] },
      { device: 'md0', isGroup: true, values: [0.25, null] },
    ]);
  });
});
