import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.ts';
import { parseSadf } from './index.ts';

/**
 * Issue 34: sadf -j's numbers are read strictly and its repeated keys said. Each case is a real
 * output (made here by sysstat 12.6.1) with one field changed, and the code, line and column it
 * must be reported at.
 */

const TEXT = readFileSync(new URL('../../fixtures/sadf/sysstat-12.6.1--d-p-u-b-C.input.json', import.meta.url), 'utf8');

function positionOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const offset = text.indexOf(needle) + shift;
  expect(offset - shift, `"${needle}" in the text`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

function errorOf(text: string): ParseError {
  try {
    parseSadf(text);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

// {"disk-device": "vda", "tps": 794.06, ... "await": 1.13, "util-percent": 53.47}
describe('sadf -j numbers and keys', () => {
  it('1e309 (Infinity to JSON.parse) is BAD_NUMBER at the value', () => {
    const text = TEXT.replace('"util-percent": 53.47', '"util-percent": 1e309');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '1e309') });
  });

  it('a negative await is BAD_NUMBER at the value', () => {
    const text = TEXT.replace('"await": 1.13', '"await": -1.13');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-1.13') });
  });

  it('a repeated key is a DUPLICATE_KEY warning at the second key; its last value is read', () => {
    const text = TEXT.replace('"util-percent": 53.47', '"util-percent": 53.47, "util-percent": 54.47');
    const output = parseSadf(text);
    expect(output.warnings).toContainEqual(
      expect.objectContaining({ code: 'DUPLICATE_KEY', ...positionOf(text, '"util-percent": 54.47') }),
    );
    const vda = output.result.hosts[0]?.samples.flatMap((sample) => sample.disks).find((d) => d.device === 'vda');
    expect(vda?.utilPercent).toBe(54.47);
  });

  it('the real output has no repeated key', () => {
    expect(parseSadf(TEXT).warnings.map((warning) => warning.code)).not.toContain('DUPLICATE_KEY');
  });
});
