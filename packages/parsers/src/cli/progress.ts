import type { ReadProgress } from '../node/read-file.ts';

/** Inputs over 50 MB get a progress bar, when standard error is a terminal. */
export const PROGRESS_MIN_BYTES = 50_000_000;
const BAR_WIDTH = 30;
const REDRAW_INTERVAL_MS = 100;
const MiB = 1024 * 1024;

export function shouldShowProgress(totalBytes: number | undefined, isTTY: boolean | undefined): boolean {
  return isTTY === true && totalBytes !== undefined && totalBytes > PROGRESS_MIN_BYTES;
}

/** One frame of the bar: `name [#######.......]  45%  230/512 MiB`. */
export function renderProgress(name: string, bytesRead: number, totalBytes: number): string {
  const fraction = totalBytes === 0 ? 1 : Math.min(1, bytesRead / totalBytes);
  const filled = Math.round(fraction * BAR_WIDTH);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const sizes = `${Math.round(bytesRead / MiB)}/${Math.round(totalBytes / MiB)} MiB`;
  return `${name} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${sizes}`;
}

/** A progress callback that redraws one line of `stream` at most every 100 ms. */
export function progressBar(
  name: string,
  stream: { write(text: string): unknown },
): { onProgress: (progress: ReadProgress) => void; finish: () => void } {
  let lastDrawMs = 0;
  let isDrawn = false;
  return {
    onProgress({ bytesRead, totalBytes }) {
      const now = performance.now();
      if (totalBytes === undefined || now - lastDrawMs < REDRAW_INTERVAL_MS) return;
      lastDrawMs = now;
      isDrawn = true;
      stream.write(`\r${renderProgress(name, bytesRead, totalBytes)}`);
    },
    finish() {
      // Clear the bar so the next line (an error, a prompt) starts clean.
      if (isDrawn) stream.write('\r\u001b[2K');
    },
  };
}
