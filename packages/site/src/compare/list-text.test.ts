import { describe, expect, test } from 'vitest';
import { hiddenRunsText, listCountText, runsSummaryText } from './list-text.ts';

describe('listCountText(count)', () => {
  test('says how many of the found experiments are shown, and what they were found by', () => {
    expect(listCountText({ found: 140, shown: 20, hasChips: true, isSharedOnly: false })).toBe(
      '20 of 140 experiments with runs matching the chosen chips, newest first.',
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
      'No experiment has runs matching the chosen chips and sharing a tool and workload with the chosen runs.',
    );
  });
});

describe('runsSummaryText(chosen, found)', () => {
  test('names the chosen runs and counts the experiments found, once known', () => {
    expect(runsSummaryText(['ext4 · msa70', 'xfs · loopback'], 14)).toBe(
      'Runs: 2 chosen (ext4 · msa70, xfs · loopback) · 14 experiments found',
    );
    expect(runsSummaryText([], undefined)).toBe('Runs: 0 chosen');
  });
});

describe('hiddenRunsText(shown, hidden)', () => {
  test('counts the runs the chips hide, and says when they hide every one', () => {
    expect(hiddenRunsText(3, 0)).toBe('');
    expect(hiddenRunsText(1, 2)).toBe('2 more runs without the chosen chips.');
    expect(hiddenRunsText(2, 1)).toBe('1 more run without the chosen chips.');
    expect(hiddenRunsText(0, 3)).toMatch(/^No one run of it has every chosen chip/);
  });
});
