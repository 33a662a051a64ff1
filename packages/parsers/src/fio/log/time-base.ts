/**
 * What a log's time column counts from: `job-start`, fio's default (ms since the job started),
 * or `unix-epoch` with `log_unix_epoch=1` (ms since 1970-01-01 UTC; fio adds the wall-clock time
 * at the job's start to each time, stat.c __add_log_sample). The log does not say which: the
 * values do. Milliseconds since the epoch are above 10^12 since September 2001, and a job's own
 * clock would have to run 31.7 years to get there, so a first time above 10^12 is the epoch's.
 */
export const FIO_LOG_TIME_BASES = ['job-start', 'unix-epoch'] as const;
export type FioLogTimeBase = (typeof FIO_LOG_TIME_BASES)[number];

/** 10^12 ms: 2001-09-09 on the epoch's clock, 31.7 years on a job's. */
const EPOCH_MS_FLOOR = 1e12;

/** The time base of a log whose first line's time is `firstTimeMs`. */
export function _fioLogTimeBase(firstTimeMs: number): FioLogTimeBase {
  return firstTimeMs > EPOCH_MS_FLOOR ? 'unix-epoch' : 'job-start';
}
