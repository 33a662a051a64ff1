import { describe, expect, test } from 'vitest';
import { listCountText, runsSummaryText } from './list-text.ts';

describe('listCountText(count)', () => {
  test('says how many of the found experiments are shown, and what they were found by', () => {
    expect(listCountText({ found: 140, shown: 20, hasChips: true, isSharedOnly: false })).toBe(
      '20 of 140 experiments with runs with the chosen chips, newest first.',
    );
    expect(listCountText({ found: 1, shown: 1, hasChips: false, isSharedOnly: true })).toBe(
      '1 experiment with runs sharing a tool and workload with the chosen runs, newest first.',
    );
    expect(listCountText({ found: 20_000, shown: 20, hasChips: false, isSharedOnly: false })).toBe(
      '20 of 20,000 experiments with runs, newest first.',
    );
  });

  test('says when none is found', () => {
    expect(listCountText({ found: 0, shown: 0, hasChips: false, isSharedOnly: false })).toBe(
      'No experiment has runs yet.',
    );
    expect(listCountText({ found: 0, shown: 0, hasChips: true, isSharedOnly: true })).toBe(
      'No experiment has runs with the chosen chips and sharing a tool and workload with the chosen runs.',
    );
  });
});

describe('runsSummaryText(chosen, found)', () => {
  test('names the chosen runs and counts the experiments listed, once known', () => {
    expect(runsSummaryText(['ext4 · msa70', 'xfs · loopback'], 14)).toBe(
      'Runs: 2 chosen (ext4 · msa70, xfs · loopback) · 14 experiments listed',
    );
    expect(runsSummaryText([], undefined)).toBe('Runs: 0 chosen');
  });
});
