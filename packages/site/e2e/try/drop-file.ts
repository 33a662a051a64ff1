import type { Page } from 'playwright-core';

// Dropping a large file on the /try page as a reader's drag and drop does: the File is made in
// the page from a fetch of the log (served by the test's static server, so nothing leaves the
// origin), put in a DataTransfer, and dragenter/dragover/drop are dispatched on the drop zone.
// Playwright's setInputFiles would send the 100 MB over the DevTools protocol instead.

/** Makes `window.__tryDropFile` from the served file. */
export async function fetchFileIntoPage(page: Page, href: string, name: string): Promise<number> {
  return page.evaluate(
    async ({ href, name }) => {
      const blob = await (await fetch(href)).blob();
      const file = new File([blob], name, { type: 'text/plain' });
      (window as unknown as { __tryDropFile: File }).__tryDropFile = file;
      return file.size;
    },
    { href, name },
  );
}

/**
 * Starts a timer in the page that notes the longest gap between its ticks (every 16 ms when the
 * main thread is free) and between animation frames, until stopMonitor. Used by
 * bench/try-responsiveness.ts; the tests assert no durations.
 */
export async function startMonitor(page: Page): Promise<void> {
  await page.evaluate(() => {
    const monitor = { maxTimerGapMs: 0, maxFrameGapMs: 0, ticks: 0, frames: 0, isStopped: false };
    (window as unknown as { __tryMonitor: typeof monitor }).__tryMonitor = monitor;
    let lastTick = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      monitor.maxTimerGapMs = Math.max(monitor.maxTimerGapMs, now - lastTick);
      lastTick = now;
      monitor.ticks++;
      if (monitor.isStopped) clearInterval(timer);
    }, 16);
    let lastFrame = performance.now();
    const frame = (now: number) => {
      monitor.maxFrameGapMs = Math.max(monitor.maxFrameGapMs, now - lastFrame);
      lastFrame = now;
      monitor.frames++;
      if (!monitor.isStopped) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Drops the file made by fetchFileIntoPage on [data-try-drop]. */
export async function dropFetchedFile(page: Page): Promise<void> {
  await page.evaluate(() => {
    const file = (window as unknown as { __tryDropFile: File }).__tryDropFile;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    const zone = document.querySelector('[data-try-drop]');
    if (zone === null) throw new Error('no [data-try-drop] on the page');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  });
}

export interface Responsiveness {
  maxTimerGapMs: number;
  maxFrameGapMs: number;
  ticks: number;
  frames: number;
}

/** Stops the timer started by startMonitor and returns what it saw. */
export async function stopMonitor(page: Page): Promise<Responsiveness> {
  return page.evaluate(() => {
    const monitor = (window as unknown as { __tryMonitor: Responsiveness & { isStopped: boolean } }).__tryMonitor;
    monitor.isStopped = true;
    const { maxTimerGapMs, maxFrameGapMs, ticks, frames } = monitor;
    return { maxTimerGapMs, maxFrameGapMs, ticks, frames };
  });
}

export interface ProgressSample {
  /** How long page.evaluate took to answer, in ms: a frozen page answers late. The bench reads it; tests don't. */
  roundTripMs: number;
  state: string | null;
  progress: number | null;
  isProgressShown: boolean;
  status: string;
}

/** One look at the page while it parses. */
export async function sampleProgress(page: Page): Promise<ProgressSample> {
  const started = performance.now();
  const sample = await page.evaluate(() => {
    const progress = document.querySelector<HTMLProgressElement>('progress[data-try-progress]');
    return {
      state: document.querySelector<HTMLElement>('[data-try-results]')?.dataset.state ?? null,
      progress: progress?.value ?? null,
      isProgressShown: progress !== null && !progress.hidden,
      status: document.querySelector('[data-try-status]')?.textContent ?? '',
    };
  });
  return { ...sample, roundTripMs: performance.now() - started };
}
