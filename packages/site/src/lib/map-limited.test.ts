import { describe, expect, test } from 'vitest';
import { mapLimited } from './map-limited.ts';

describe('mapLimited', () => {
  test('runs at most `limit` tasks at once and gives the outcomes in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const outcomes = await mapLimited([30, 10, 20, 0, 5], 2, async (delayMs, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      running -= 1;
      if (index === 3) throw new Error('the fourth fails');
      return delayMs * 2;
    });
    expect(most).toBe(2);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      60,
      20,
      40,
      'failed',
      10,
    ]);
    expect(outcomes[3]).toMatchObject({ status: 'rejected', reason: new Error('the fourth fails') });
  });

  test('gives nothing for no items', async () => {
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
  });
});
