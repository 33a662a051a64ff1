import type { Browser, Locator, Page } from 'playwright-core';
import { watchPageProblems } from '../helpers/page-problems.ts';
import { gotoReady } from '../helpers/page-ready.ts';

// Drives the /try page through its DOM contract (the data-try-* attributes of
// src/pages/try.astro and src/try/render-outputs.ts), as a reader would: paste, choose or drop
// files, read what the page detected and printed.

/** A page of its own context, and what it did that it should not. */
export interface TrySession {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests, HTTP errors. */
  problems: string[];
  /** Requests to anywhere but the site's own origin: the page promises there are none. */
  foreignRequests: string[];
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Schemes that never leave the browser: an object URL, inline data. */
const LOCAL_SCHEMES = new Set(['blob:', 'data:', 'about:']);

export async function openTryPage(
  browser: Browser,
  siteUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<TrySession> {
  const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true });
  const page = await context.newPage();
  const origin = new URL(siteUrl).origin;
  const problems: string[] = [];
  watchPageProblems(page, (problem) => {
    if (!isFolderNameCheck(problem, origin)) problems.push(problem);
  });
  const foreignRequests: string[] = [];
  // Workers' requests are the context's too: listen there, not only on the page.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!LOCAL_SCHEMES.has(url.protocol) && url.origin !== origin) foreignRequests.push(request.url());
  });
  await gotoReady(page, new URL('try/', siteUrl).href);
  return { page, problems, foreignRequests };
}

/**
 * Whether a problem is the submission form asking whether an experiment folder name is taken
 * (src/try/submission/published-experiments.ts): it asks for the experiment's page, and a 404,
 * which the browser logs, is the answer "not published", not a fault of the site.
 */
function isFolderNameCheck(problem: string, origin: string): boolean {
  const page = `${origin}/experiments/[a-z0-9-]+/`;
  return (
    new RegExp(`^HTTP 404: ${page}$`).test(problem) ||
    new RegExp(`^console error: Failed to load resource: .*404.* \\(${page}\\)$`).test(problem)
  );
}

export function results(page: Page): Locator {
  return page.locator('[data-try-results]');
}

/** Waits until the page has drawn what it was given (`data-state="done"`). */
export async function waitForDone(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.locator('[data-try-results][data-state="done"]').waitFor({ state: 'attached', timeout: timeoutMs });
}

/** Clears the page (button[data-try-clear]) so that the next parse is seen from idle, not from a previous "done". */
export async function clear(page: Page): Promise<void> {
  await page.locator('button[data-try-clear]').click();
  await page.locator('[data-try-results][data-state="idle"]').waitFor({ state: 'attached', timeout: 5_000 });
}

/** Clears, types the text into the paste box (no paste event: the Parse button is clicked) and parses. */
export async function pasteAndParse(page: Page, text: string, timeoutMs?: number): Promise<void> {
  await clear(page);
  await page.locator('textarea[data-try-paste]').fill(text);
  await page.locator('button[data-try-parse]').click();
  await waitForDone(page, timeoutMs);
}

/** Clears, then gives the files through input[data-try-files], as choosing them does. */
export async function chooseFiles(
  page: Page,
  files: ReadonlyArray<{ name: string; text: string }>,
  timeoutMs?: number,
): Promise<void> {
  await clear(page);
  await page
    .locator('input[data-try-files]')
    .setInputFiles(files.map((file) => ({ name: file.name, mimeType: 'text/plain', buffer: Buffer.from(file.text) })));
  await waitForDone(page, timeoutMs);
}

export function outputSections(page: Page): Locator {
  return page.locator('section[data-try-output]');
}

export interface OutputAttributes {
  name: string | null;
  ok: string | null;
  tool: string | null;
  format: string | null;
  version: string | null;
}

export async function outputAttributes(section: Locator): Promise<OutputAttributes> {
  return section.evaluate((node) => {
    const data = (node as HTMLElement).dataset;
    return {
      name: data.name ?? null,
      ok: data.ok ?? null,
      tool: data.tool ?? null,
      format: data.format ?? null,
      version: data.version ?? null,
    };
  });
}

/**
 * The numbers of the section's tables printed in `unit` (the exact-value columns print
 * `7118 op/s`, `1243136 B/s`, `6.13%`), folded tables included.
 */
export async function exactValues(section: Locator, unit: string): Promise<number[]> {
  const cells = await section
    .locator('table[data-try-table] td')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));
  const suffix = unit === '%' ? '%' : ` ${unit}`;
  return cells.flatMap((cell) => {
    if (!cell.endsWith(suffix)) return [];
    const value = Number(cell.slice(0, -suffix.length));
    return Number.isFinite(value) ? [value] : [];
  });
}

/** Whether `values` hold `expected` (the same number up to rounding in its last digits). */
export function holdsValue(values: readonly number[], expected: number): boolean {
  return values.some((value) => value === expected || Math.abs(value - expected) <= Math.abs(expected) * 1e-9);
}

/** The charts drawn in [data-try-sections]. */
export function charts(page: Page): Locator {
  return page.locator('[data-try-sections] svg');
}
