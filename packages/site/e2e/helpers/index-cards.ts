import type { Page } from 'playwright-core';

/**
 * Waits for the index to show what its controls ask for: a filter, a search or an order is
 * answered by Pagefind, and the index is `aria-busy` until the cards are there.
 */
export async function indexSettled(page: Page): Promise<void> {
  await page.locator('experiment-index:not([aria-busy])').waitFor();
}

/** The folder names of the cards shown, top to bottom. */
export function shownCardIds(page: Page): Promise<string[]> {
  return page.getByRole('article').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.id ?? ''));
}
