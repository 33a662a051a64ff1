import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonWriter } from './json-writer.ts';

describe('JsonWriter.number', () => {
  const writer = new JsonWriter();
  const text = (value: number | null) => {
    writer.number(value);
    return writer.take();
  };

  it.each([0, -0, 1, 0.05, 51.2, 70000, 0.07 * 1e6, 1e-6, 1e-7, 123456789012345, 1e15, 1e21, -3.25, 2 ** 40 + 0.5])(
    'writes %d as JSON.stringify does',
    (value) => {
      expect(text(value)).toBe(JSON.stringify(value));
    },
  );

  it('writes NaN and infinities as null', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, null].map(text)).toEqual(['null', 'null', 'null']);
  });

  it('writes every decimal times an iostat factor as JSON.stringify does', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom(1, 512, 1024, 1e6))
      .map(([digits, decimals, factor]) => (digits * factor) / 10 ** decimals);
    fc.assert(
      fc.property(
        fc.oneof(
          decimal,
          decimal.map((v) => -v),
          fc.double(),
        ),
        (value) => text(value) === JSON.stringify(value),
      ),
      { numRuns: 20000 },
    );
  });
});

describe('JsonWriter.string and takeBytes', () => {
  const writer = new JsonWriter();
  const decoder = new TextDecoder();

  it.each(['sda', '2026-11-21T14:11:58+0000', '', 'a "b"', 'back\\slash', 'tab\there', 'sdé', 'x'.repeat(100)])(
    'writes %j as JSON.stringify does, as bytes',
    (text) => {
      writer.string(text);
      expect(decoder.decode(writer.takeBytes())).toBe(JSON.stringify(text));
    },
  );
});

describe('JsonWriter.numbers', () => {
  const writer = new JsonWriter();

  it('writes a row of decimals times iostat factors as JSON.stringify writes the list', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 4 }), fc.constantFrom(1, 512, 1024, 1e6))
      .map(([digits, decimals, factor]) => (digits * factor) / 10 ** decimals);
    const row = fc.array(fc.oneof(decimal, fc.constant(null), fc.double()), { maxLength: 30 });
    fc.assert(
      fc.property(row, (values) => {
        writer.numbers(values);
        return `[${writer.take()}]` === JSON.stringify(values);
      }),
      { numRuns: 5000 },
    );
  });
});
