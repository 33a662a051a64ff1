import { describe, expect, it } from 'vitest';
import { formatValue } from './format-value.ts';

describe('formatValue', () => {
  it('scales to three significant digits in decimal units', () => {
    // fio 1.57's "bw=56946KB/s" is 58,312,704 B/s (KB = 1024 B there).
    expect(formatValue(58_312_704, 'B/s')).toBe('58.3 MB/s');
    // fio 1.57's "clat (usec): ... avg=645.32".
    expect(formatValue(645_320, 'ns')).toBe('645 µs');
    expect(formatValue(7118, 'op/s')).toBe('7.12 k op/s');
    expect(formatValue(99.5, '%')).toBe('99.5%');
    expect(formatValue(0, 'ns')).toBe('0 ns');
  });

  it('keeps four digits and more whole rather than switching to exponents', () => {
    expect(formatValue(1234.5, 's')).toBe('1235 s');
    expect(formatValue(4_600_000_000_000, 'ns')).toBe('4600 s');
  });
});
