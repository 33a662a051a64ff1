import { describe, expect, it } from 'vitest';
import { roundNumbers } from './axes.ts';
import { linePath } from './plot-parts.ts';

describe('plot parts', () => {
  it('rounds the numbers of an attribute to two decimals', () => {
    expect(roundNumbers('M10.123456,5.5L1.005e-7,3')).toBe('M10.12,5.5L0,3');
    expect(roundNumbers('translate(16.857647058823,0)')).toBe('translate(16.86,0)');
  });

  it('draws a line with gaps at nulls, a lone point as a dot', () => {
    expect(linePath([[0, 1], [2.345, 3], null, [5, 6], [7, 8]])).toBe('M0,1L2.35,3M5,6L7,8');
    expect(linePath([null, [1, 2], null])).toBe('M1,2L1,2');
    expect(linePath([null, null])).toBe('');
  });
});
