import type { Page, Response } from 'playwright-core';

// When a page of the site is ready to be looked at, said by the page itself rather than guessed
// from a quiet network (Playwright's "networkidle" waits out 500 ms of silence each time). The
// one request it leaves out is the favicon, which Chromium asks for after the load event: the
// index and base-path tests, which wait for "networkidle", see that it is served.

/**
 * Waits until the page has done what its scripts do on their own: the load event (the pages'
 * module scripts have run by then, and the experiment and run pages draw synchronously), then
 * no element busy: `aria-busy="true"` marks /compare while it fetches and draws the runs of its
 * URL, and the index while Pagefind searches for its `?q=`.
 */
export async function waitForReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

/** `page.goto(url)`, then `waitForReady`. */
export async function gotoReady(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForReady(page);
  return response;
}

/** `page.reload()`, then `waitForReady`. */
export async function reloadReady(page: Page): Promise<void> {
  await page.reload();
  await waitForReady(page);
}
