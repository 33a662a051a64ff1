import type { Page } from 'playwright-core';

/**
 * Starts recording what goes wrong on a page: console errors, uncaught exceptions, failed
 * requests (not those the browser itself cancelled) and HTTP error responses. Returns the list, which fills as the page runs.
 */
export function recordPageProblems(page: Page): string[] {
  const problems: string[] = [];
  watchPageProblems(page, (problem) => problems.push(problem));
  return problems;
}

/** Calls `report` with each problem of the page, as `recordPageProblems` lists them. */
export function watchPageProblems(page: Page, report: (problem: string) => void): void {
  page.on('console', (message) => {
    if (message.type() === 'error') {
      report(`console error: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => report(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // The browser cancels what is still loading when the page reloads or navigates (the
    // favicon, most often): not a failure of the site. A missing file is an HTTP 404 below.
    if (reason === 'net::ERR_ABORTED') return;
    report(`request failed: ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) report(`HTTP ${response.status()}: ${response.url()}`);
  });
}
