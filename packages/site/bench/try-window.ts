import type { Page } from 'playwright-core';
import { dropFetchedFile, sampleProgress, startMonitor, stopMonitor } from '../e2e/try/drop-file.ts';

// One measured window of the /try page for bench/try-responsiveness.ts: the main-thread monitor
// of e2e/try/drop-file.ts runs while the bench looks at the page every LOOK_INTERVAL_MS, as the
// e2e test does, either while a dropped file parses or while the page sits idle.

/** Between two looks at the page, as the e2e test waits. */
const LOOK_INTERVAL_MS = 200;
/**
 * Kept watching after the page says "done": the series are drawn before it says so, but the
 * monitor's timer may only tick after the look that saw "done", so a long drawing task is
 * counted only if the monitor outlives that look.
 */
export const SETTLE_MS = 500;

export interface WindowFigures {
  /** How long the monitor ran, in ms. */
  windowMs: number;
  /** The longest gap between two ticks of a 16 ms timer: the main thread busy at once. */
  maxTimerGapMs: number;
  /** The longest gap between two animation frames. */
  maxFrameGapMs: number;
  /** The slowest round trip of a look (page.evaluate) at the page, in ms. */
  slowestAnswerMs: number;
  /** How many looks were taken. */
  looks: number;
}

export interface ParseFigures extends WindowFigures {
  /** From the page's "parsing" to its "done", read in the page (the drawing included). */
  parseMs: number;
  /** Whether the page read the file as an output of a known tool (data-ok="true"). */
  isParsed: boolean;
  /** Web workers the page started. */
  workers: number;
}

/**
 * Drops the file made by fetchFileIntoPage and watches until the page has drawn it, or until
 * `timeoutMs` (then throws).
 */
export async function watchParse(page: Page, timeoutMs: number): Promise<ParseFigures> {
  let workers = 0;
  page.on('worker', () => workers++);
  await notePageStates(page);
  await startMonitor(page);
  const started = performance.now();
  await dropFetchedFile(page);
  const roundTripsMs: number[] = [];
  for (;;) {
    const sample = await sampleProgress(page);
    roundTripsMs.push(sample.roundTripMs);
    if (sample.state === 'done') break;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the page had not parsed the file after ${timeoutMs} ms`);
    await page.waitForTimeout(LOOK_INTERVAL_MS);
  }
  await page.waitForTimeout(SETTLE_MS);
  const monitor = await stopMonitor(page);
  const windowMs = performance.now() - started;
  const { parseMs, isParsed } = await page.evaluate(() => {
    const states = (window as unknown as { __tryStatesAtMs: Record<string, number> }).__tryStatesAtMs;
    return {
      parseMs: (states.done ?? Number.NaN) - (states.parsing ?? Number.NaN),
      isParsed: document.querySelector('section[data-try-output][data-ok="true"]') !== null,
    };
  });
  return { ...figures(monitor, roundTripsMs, windowMs), parseMs, isParsed, workers };
}

/** Watches the page, given nothing to do, for `durationMs`: what the monitor sees of an idle page. */
export async function watchIdle(page: Page, durationMs: number): Promise<WindowFigures> {
  await startMonitor(page);
  const started = performance.now();
  const roundTripsMs: number[] = [];
  while (performance.now() - started < durationMs) {
    roundTripsMs.push((await sampleProgress(page)).roundTripMs);
    await page.waitForTimeout(LOOK_INTERVAL_MS);
  }
  const monitor = await stopMonitor(page);
  return figures(monitor, roundTripsMs, performance.now() - started);
}

function figures(
  monitor: { maxTimerGapMs: number; maxFrameGapMs: number },
  roundTripsMs: readonly number[],
  windowMs: number,
): WindowFigures {
  return {
    windowMs,
    maxTimerGapMs: monitor.maxTimerGapMs,
    maxFrameGapMs: monitor.maxFrameGapMs,
    slowestAnswerMs: Math.max(0, ...roundTripsMs),
    looks: roundTripsMs.length,
  };
}

/**
 * Notes, in the page's clock, when [data-try-results] first takes each data-state: the parse
 * time is then the page's own, not rounded up to the bench's next look.
 */
async function notePageStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const results = document.querySelector<HTMLElement>('[data-try-results]');
    if (results === null) throw new Error('no [data-try-results] on the page');
    const states: Record<string, number> = {};
    (window as unknown as { __tryStatesAtMs: Record<string, number> }).__tryStatesAtMs = states;
    new MutationObserver(() => {
      const state = results.dataset.state;
      if (state !== undefined && states[state] === undefined) states[state] = performance.now();
    }).observe(results, { attributes: true, attributeFilter: ['data-state'] });
  });
}
