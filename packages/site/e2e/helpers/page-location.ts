// The page's own URL, read in the page. Playwright's `page.url()` follows the URL through
// protocol events that can arrive after an input action returns, so right after a click or a
// drag that calls history.replaceState it may still give the URL before it.

import type { Page } from 'playwright-core';

/** The query of the page's current URL, as the page itself sees it. */
export async function pageSearchParams(page: Page): Promise<URLSearchParams> {
  return new URLSearchParams(await page.evaluate(() => window.location.search));
}
