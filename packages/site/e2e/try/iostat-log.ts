import { open } from 'node:fs/promises';

/**
 * A long iostat log built from a real `iostat -x -t` output made in the test: its banner once,
 * then its interval reports (not the first, which counts since boot) repeated in order until the
 * target size, each copy's timestamp one interval after the previous one, as iostat would have
 * printed them had it run for a day or so. Real reports repeated, unchanged apart from their
 * timestamps; packages/parsers/bench/build-input.ts builds its large inputs from real outputs
 * the same way (there with varied digits, for timing; here the numbers are kept as printed).
 */

/** sysstat's `-t` timestamp in the C locale: `11/21/26 18:05:36` (month/day/year). */
const C_TIMESTAMP = /^(\d\d)\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d)$/;
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

interface SplitLog {
  banner: string;
  /** Each report from its timestamp line to the blank lines that close it. */
  reports: string[];
  timestamps: Date[];
}

function splitLog(text: string): SplitLog {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, index) => (C_TIMESTAMP.test(line) ? [index] : []));
  if (starts.length < 2) throw new Error('the iostat output needs -t and at least two reports');
  const reports = starts.map((start, index) => `${lines.slice(start, starts[index + 1]).join('\n')}\n`);
  const timestamps = starts.map((start) => parseTimestamp(lines[start] as string));
  return { banner: `${lines.slice(0, starts[0]).join('\n')}\n`, reports, timestamps };
}

function parseTimestamp(line: string): Date {
  const [, month, day, year, hours, minutes, seconds] = (C_TIMESTAMP.exec(line) as RegExpExecArray).map(Number);
  return new Date(Date.UTC(2000 + (year as number), (month as number) - 1, day, hours, minutes, seconds));
}

function formatTimestamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${two(date.getUTCFullYear() % 100)} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  );
}

export interface IostatLog {
  path: string;
  sizeBytes: number;
  /** Reports in the log, the since-boot one included. */
  reportCount: number;
  /** The last report's timestamp line, as written. */
  lastTimestamp: string;
}

/** Writes the log to `path`, at least `targetBytes` long, ending with a whole report. */
export async function buildIostatLog(realOutput: string, targetBytes: number, path: string): Promise<IostatLog> {
  const { banner, reports, timestamps } = splitLog(realOutput);
  const intervalMs = (timestamps[1] as Date).getTime() - (timestamps[0] as Date).getTime();
  const repeated = reports.slice(1).map((report) => report.slice(report.indexOf('\n')));
  const file = await open(path, 'w');
  let pending = banner + (reports[0] as string);
  let sizeBytes = Buffer.byteLength(pending);
  let reportCount = 1;
  let time = (timestamps[0] as Date).getTime();
  let lastTimestamp = formatTimestamp(timestamps[0] as Date);
  try {
    while (sizeBytes < targetBytes) {
      time += intervalMs;
      lastTimestamp = formatTimestamp(new Date(time));
      const report = lastTimestamp + (repeated[(reportCount - 1) % repeated.length] as string);
      pending += report;
      sizeBytes += Buffer.byteLength(report);
      reportCount++;
      if (pending.length >= WRITE_CHUNK_BYTES) {
        await file.write(pending);
        pending = '';
      }
    }
    await file.write(pending);
  } finally {
    await file.close();
  }
  return { path, sizeBytes, reportCount, lastTimestamp };
}
