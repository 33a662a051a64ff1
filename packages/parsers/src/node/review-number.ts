import { PUBLISHED_UNITS } from '../content/published-units.ts';
import type { Unit } from '../units.ts';

/**
 * The spellings a reviewer reads a number in, largest first: those published tables use
 * (content/published-units.ts), decimal ones only, so that "MB/s" means what a table's "MB/s" does.
 */
const SPELLINGS: Readonly<Record<Unit, readonly string[]>> = {
  B: ['GB', 'MB', 'kB', 'B'],
  'B/s': ['GB/s', 'MB/s', 'kB/s', 'B/s'],
  ns: ['ms', 'µs', 'ns'],
  s: ['s'],
  'op/s': ['op/s'],
  '%': ['%'],
  count: ['count'],
};

// Four significant digits: a pull request summary is read to check numbers against the raw
// outputs, which print three to six; the site rounds further for readers.
const digits = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

/** `58312704, 'B/s'` → "58.31 MB/s"; `645320, 'ns'` → "645.3 µs"; `7118, 'op/s'` → "7,118 op/s". */
export function reviewNumber(value: number, unit: Unit): string {
  const spellings = SPELLINGS[unit];
  const spelling =
    spellings.find((name) => Math.abs(value) >= (PUBLISHED_UNITS[name]?.factor ?? 1)) ?? (spellings.at(-1) as string);
  const text = digits.format(value / (PUBLISHED_UNITS[spelling]?.factor ?? 1));
  if (unit === 'count') return text;
  return unit === '%' ? `${text}%` : `${text} ${spelling}`;
}
