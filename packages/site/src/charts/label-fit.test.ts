import { describe, expect, test } from 'vitest';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';

describe('estimateTextWidth(text, fontSizePx)', () => {
  test('grows with the text and the font size', () => {
    expect(estimateTextWidth('', 12)).toBe(0);
    expect(estimateTextWidth('random-write-direct', 12)).toBeGreaterThan(estimateTextWidth('random-write', 12));
    expect(estimateTextWidth('ext4', 24)).toBeCloseTo(2 * estimateTextWidth('ext4', 12), 9);
  });

  test('counts narrow letters narrower than wide ones', () => {
    expect(estimateTextWidth('iiii', 12)).toBeLessThan(estimateTextWidth('mmmm', 12));
  });
});

describe('wrapLabel(text, maxWidthPx, fontSizePx)', () => {
  test('keeps a label that fits on one line', () => {
    expect(wrapLabel('random-write-buf', 200, 12)).toEqual(['random-write-buf']);
  });

  test('breaks fio job names after their hyphens', () => {
    // The msa70 experiment's longest job name.
    const lines = wrapLabel('sequential-write-buffered', 80, 12);
    expect(lines).toEqual(['sequential-', 'write-', 'buffered']);
    for (const line of lines) expect(estimateTextWidth(line, 12)).toBeLessThanOrEqual(80);
  });

  test('breaks at spaces, dropping them at line ends', () => {
    expect(wrapLabel('Host2, performance', 90, 12)).toEqual(['Host2,', 'performance']);
  });

  test('moves a word that fits a line of its own whole, rather than at its underscore', () => {
    // A caption naming fio's option on a phone: not "(group_" over "reporting)".
    const text = 'combined over the 5 jobs of each bar (group_reporting), which';
    const lines = wrapLabel(text, estimateTextWidth('combined over the 5 jobs of each bar (group_', 12), 12);
    expect(lines).toEqual(['combined over the 5 jobs of each bar', '(group_reporting), which']);
  });

  test('cuts a word wider than a line by character', () => {
    const lines = wrapLabel('xfs-mkfs-and-mount-options', 30, 12, 10);
    expect(lines.join('')).toBe('xfs-mkfs-and-mount-options');
    for (const line of lines) expect(estimateTextWidth(line, 12)).toBeLessThanOrEqual(30);
  });

  test('ends with an ellipsis past the last line', () => {
    const lines = wrapLabel('sequential-write-buffered', 40, 12, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    expect(estimateTextWidth(lines[1] ?? '', 12)).toBeLessThanOrEqual(40);
  });
});
