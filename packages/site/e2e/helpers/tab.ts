import type { Browser, Page, Response } from 'playwright-core';
import { watchPageProblems } from './page-problems.ts';
import { gotoReady } from './page-ready.ts';

// One browser tab for a test file that visits many pages: a context is made once, not per visit
// (on a busy machine, making one costs about as much as loading an experiment page).

export interface TabVisit {
  page: Page;
  response: Response | null;
  /** What went wrong from this visit's start on (page-problems.ts). */
  problems: string[];
}

export interface Tab {
  /**
   * Sizes the tab and sets its colour scheme, then opens `url` in it, ready (page-ready.ts). The
   * site keeps no state but its URL (no cookies, no storage), so a page opened here is the page a
   * fresh context would open; only the HTTP cache is shared, as a reader's browser shares it.
   */
  visit(
    url: string,
    options?: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' },
  ): Promise<TabVisit>;
  close(): Promise<void>;
}

export async function openTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let problems: string[] = [];
  watchPageProblems(page, (problem) => problems.push(problem));
  return {
    async visit(url, { viewport = { width: 1280, height: 900 }, colorScheme = 'light' } = {}) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      problems = [];
      const visitProblems = problems;
      const response = await gotoReady(page, url);
      return { page, response, problems: visitProblems };
    },
    close: () => context.close(),
  };
}
