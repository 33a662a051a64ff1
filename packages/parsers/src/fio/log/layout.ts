import type { SampleLogColumn } from './schema.ts';

/**
 * Which columns a sample log's lines hold. fio wrote (iolog.c flush_samples, by version):
 * - up to 3.17: `time, value, direction, bs[, offset]` (offset with log_offset=1);
 * - 3.18 to 3.27: a priority flag appended: `..., bs[, offset], prio` (1 for cmdprio's high
 *   priority I/Os);
 * - 3.28+: the same column is 1 for the RT class, or with log_prio=1 the whole ioprio value in
 *   hex (`0x2004`);
 * - 3.37+: with log_avg_msec and log_window_value=both, the window maximum after the average:
 *   `time, value, value1, direction, ...`;
 * - 3.38+: with log_issue_time=1, the issue time (ns) last.
 * The column count does not always tell these apart (`t, v, d, bs, X` is an offset before 3.18
 * and a priority since), so the first line's values choose among the layouts of its count
 * (a direction is 0 to 2, a priority flag 0 or 1, a hex value is a priority, a window maximum is
 * at least the average), preferring, among those that fit, the one of fewer options and then
 * the newer fio; the caller settles the rest with the options.
 */
export interface LogLayoutOptions {
  /** The fio version that wrote the log (`3.33`, `fio-2.2.10`): latencies in usec before 3.0, and the layouts it could write. */
  fioVersion?: string | undefined;
  /** The job's log_offset. */
  logOffset?: boolean | undefined;
  /** The job's log_window_value (log_max_value): `both` adds a column. */
  logWindowValue?: 'avg' | 'max' | 'both' | undefined;
  /** The job's log_issue_time. */
  logIssueTime?: boolean | undefined;
}

interface Candidate {
  hasValue1: boolean;
  hasOffset: boolean;
  hasPriority: boolean;
  hasIssueTime: boolean;
  /** fio's first version that writes it, as major * 100 + minor. */
  since: number;
}

const CANDIDATES: Candidate[] = [];
for (const hasPriority of [true, false]) {
  for (const hasOffset of [false, true]) {
    for (const hasValue1 of [false, true]) {
      for (const hasIssueTime of [false, true]) {
        if (!hasPriority && (hasValue1 || hasIssueTime)) continue;
        const since = hasIssueTime ? 338 : hasValue1 ? 337 : hasPriority ? 318 : 0;
        CANDIDATES.push({ hasValue1, hasOffset, hasPriority, hasIssueTime, since });
      }
    }
  }
}
const optionCount = (c: Candidate) => Number(c.hasValue1) + Number(c.hasOffset) + Number(c.hasIssueTime);
// Fewer options first; among equals, the layouts of newer fio first, then offset before the
// others (log_offset is the oldest and most used option).
CANDIDATES.sort(
  (a, b) =>
    optionCount(a) - optionCount(b) ||
    Number(b.hasPriority) - Number(a.hasPriority) ||
    Number(b.hasOffset) - Number(a.hasOffset) ||
    a.since - b.since,
);

export function columnsOf(candidate: Candidate): SampleLogColumn[] {
  const columns: SampleLogColumn[] = ['time', 'value'];
  if (candidate.hasValue1) columns.push('value1');
  columns.push('direction', 'blockSize');
  if (candidate.hasOffset) columns.push('offset');
  if (candidate.hasPriority) columns.push('priority');
  if (candidate.hasIssueTime) columns.push('issueTime');
  return columns;
}

/** major * 100 + minor of a version text (`fio-3.33`, `3.8`), or null. */
export function versionNumber(version: string | undefined): number | null {
  if (version === undefined) return null;
  const match = /(\d+)\.(\d+)/.exec(version);
  return match === null ? null : Number(match[1]) * 100 + Number(match[2]);
}

/**
 * The columns of a log whose first line has these fields (`isHex[i]`: field i was printed in
 * hex), or null when no layout fits.
 */
export function chooseLayout(
  fields: ArrayLike<number>,
  isHex: readonly boolean[],
  count: number,
  options: LogLayoutOptions,
): SampleLogColumn[] | null {
  const version = versionNumber(options.fioVersion);
  for (const candidate of CANDIDATES) {
    const columns = columnsOf(candidate);
    if (columns.length !== count) continue;
    if (version !== null && candidate.since > version) continue;
    if (options.logOffset !== undefined && options.logOffset !== candidate.hasOffset) continue;
    if (options.logIssueTime !== undefined && options.logIssueTime !== candidate.hasIssueTime) continue;
    if (options.logWindowValue !== undefined && (options.logWindowValue === 'both') !== candidate.hasValue1) continue;
    if (fits(columns, fields, isHex)) return columns;
  }
  return null;
}

function fits(columns: readonly SampleLogColumn[], fields: ArrayLike<number>, isHex: readonly boolean[]): boolean {
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    const value = fields[i] as number;
    if (isHex[i] === true && column !== 'priority') return false;
    if (column === 'direction' && value > 2) return false;
    if (column === 'priority' && isHex[i] !== true && value > 1) return false;
    if (column === 'value1' && value < (fields[i - 1] as number)) return false;
  }
  return true;
}
