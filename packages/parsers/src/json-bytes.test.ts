import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonBytesWriter, writeDecimal, writeHundredths } from './json-bytes.ts';

const decoder = new TextDecoder();

/** The text the writer makes for a value. */
function textOf(value: unknown): string {
  const writer = new JsonBytesWriter();
  writer.value(value);
  return decoder.decode(writer.takeBytes());
}

/** Decimals as iostat's columns make them: printed digits, times a unit's factor, over 10^decimals. */
const iostatDecimal = (maxDecimals: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 2 ** 31 }),
      fc.integer({ min: 0, max: maxDecimals }),
      fc.constantFrom(1, 512, 1024, 1e6),
    )
    .map(([digits, decimals, factor]) => (digits * factor) / 10 ** decimals);

describe('JsonBytesWriter.number', () => {
  const writer = new JsonBytesWriter();
  const text = (value: number | null) => {
    writer.number(value);
    return writer.take();
  };

  it.each([
    0,
    -0,
    1,
    0.05,
    51.2,
    70000,
    0.07 * 1e6,
    1e-6,
    1e-7,
    123456789012345,
    1e15,
    1e21,
    -3.25,
    2 ** 40 + 0.5,
    2 ** 53 - 1,
    -(2 ** 53 - 1),
    2 ** 53,
  ])('writes %d as JSON.stringify does', (value) => {
    expect(text(value)).toBe(JSON.stringify(value));
  });

  it('writes NaN and infinities as null', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, null].map(text)).toEqual(['null', 'null', 'null']);
  });

  it('writes every decimal times an iostat factor, and any double, as JSON.stringify does', () => {
    const decimal = iostatDecimal(9);
    fc.assert(
      fc.property(
        fc.oneof(
          decimal,
          decimal.map((v) => -v),
          fc.double(),
          fc.maxSafeInteger(),
        ),
        (value) => text(value) === JSON.stringify(value),
      ),
      { numRuns: 20000 },
    );
  });
});

describe('JsonBytesWriter.string and takeBytes', () => {
  const writer = new JsonBytesWriter();

  it.each(['sda', '2026-11-21T14:11:58+0000', '', 'a "b"', 'back\\slash', 'tab\there', 'sdé', 'x'.repeat(100)])(
    'writes %j as JSON.stringify does, as bytes',
    (text) => {
      writer.string(text);
      expect(decoder.decode(writer.takeBytes())).toBe(JSON.stringify(text));
    },
  );
});

describe('JsonBytesWriter.numbers', () => {
  const writer = new JsonBytesWriter();

  it('writes a row of decimals times iostat factors as JSON.stringify writes the list', () => {
    const row = fc.array(fc.oneof(iostatDecimal(4), fc.constant(null), fc.double()), { maxLength: 30 });
    fc.assert(
      fc.property(row, (values) => {
        writer.numbers(values);
        return `[${writer.take()}]` === JSON.stringify(values);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('JsonBytesWriter.value', () => {
  it('writes any JSON value as JSON.stringify does', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.array(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double(), fc.constant(-0))),
      fc.dictionary(fc.string(), fc.oneof(fc.constant(undefined), fc.double(), fc.string())),
    );
    fc.assert(
      fc.property(value, (item) => {
        expect(textOf(item)).toBe(JSON.stringify(item));
      }),
    );
  });

  it('writes integers of every length, signs, 2^53 and the edges of 32 bits', () => {
    const numbers = [
      0,
      -0,
      1,
      9,
      10,
      99,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      1e21,
      0.5,
    ];
    for (let digits = 1; digits <= 16; digits++) numbers.push(10 ** digits - 1, 10 ** digits, 10 ** digits + 1);
    expect(textOf(numbers)).toBe(JSON.stringify(numbers));
  });

  it('writes members JSON.stringify leaves out or makes null, toJSON, and text beyond ASCII', () => {
    const value = {
      skipped: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol('s'), 1, 'é', '😀'],
      date: new Date(0),
      custom: { toJSON: () => 'ünïcode' },
    };
    expect(textOf(value)).toBe(JSON.stringify(value));
  });

  it('grows its buffer for an output larger than it', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => i * 1e5 + 0.25);
    expect(textOf(big)).toBe(JSON.stringify(big));
  });
});

describe('writeDecimal', () => {
  it('writes digits / 10^decimals as JavaScript prints the number, without trailing zeros', () => {
    const bytes = new Uint8Array(32);
    const text = (digits: number, decimals: number) =>
      decoder.decode(bytes.subarray(0, writeDecimal(bytes, 0, digits, decimals)));
    expect([text(153600, 2), text(250, 2), text(5, 2), text(0, 2), text(2 ** 31 + 5, 2), text(7, 0)]).toEqual([
      '1536',
      '2.5',
      '0.05',
      '0',
      '21474836.53',
      '7',
    ]);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 6 })
          .chain((decimals) =>
            fc.tuple(fc.integer({ min: decimals === 0 ? 0 : 1, max: 1e15 - 1 }), fc.constant(decimals)),
          ),
        ([digits, decimals]) => {
          // At least 10^-6: JavaScript prints smaller numbers with an exponent, which JSON callers avoid.
          const value = digits / 10 ** decimals;
          return value < 1e-6 || text(digits, decimals) === String(value);
        },
      ),
      { numRuns: 20000 },
    );
  });
});

describe('writeHundredths', () => {
  it('writes hundredths / 100 as JavaScript prints it, for every fraction and up to 2^31 - 1', () => {
    const bytes = new Uint8Array(32);
    const text = (hundredths: number) => decoder.decode(bytes.subarray(0, writeHundredths(bytes, 0, hundredths)));
    const values = [0, 7, 1234567].flatMap((whole) => Array.from({ length: 100 }, (_, k) => whole * 100 + k));
    values.push(2 ** 31 - 1);
    expect(values.map(text)).toEqual(values.map((hundredths) => String(hundredths / 100)));
  });
});
