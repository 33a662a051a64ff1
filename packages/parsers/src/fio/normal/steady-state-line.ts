import type { FioJob } from '../schema.ts';
import type { _LineCursor } from './cursor.ts';
import { _readCount, _readRate } from './units.ts';

/**
 * `steadystate  : attained=yes, bw=148MiB/s (152MB/s), iops=37.9k, iops mean dev=0.110%`
 * (stat.c show_ss_normal, fio >= 3.0): whether steady state was reached, the window's mean
 * bandwidth and IOPS, and the criterion the last window reached: `iops mean dev=`,
 * `bw mean dev=`, `iops slope=` or `bw slope=`, with `%` when the limit was a percentage.
 * The limit itself, the window length and the window's samples are printed by JSON only.
 * The cursor is after "steadystate".
 */
export function _readSteadyStateLine(cursor: _LineCursor, job: FioJob): void {
  cursor.expectKey(':');
  cursor.expect('attained=');
  const wordAt = cursor.pos;
  const attained = cursor.word();
  if (attained !== 'yes' && attained !== 'no') {
    throw cursor.error('UNEXPECTED_LINE', `expected "attained=yes" or "attained=no", found "${attained}"`, wordAt);
  }
  cursor.expectKey(',');
  cursor.expect('bw=');
  const bwMeanBytesPerSec = _readRate(cursor, true);
  cursor.expectKey('(');
  _readRate(cursor, true);
  cursor.expect(')');
  cursor.expectKey(',');
  cursor.expect('iops=');
  const iopsMean = _readCount(cursor);
  cursor.expectKey(',');
  const metricAt = cursor.pos;
  const metric = cursor.accept('iops') ? 'iops' : cursor.accept('bw') ? 'bw' : null;
  if (metric === null) throw cursor.error('UNEXPECTED_LINE', 'expected "iops" or "bw" naming the criterion', metricAt);
  cursor.skipSpaces();
  const isSlope = cursor.accept('slope=');
  if (!isSlope) cursor.expect('mean dev=', '"mean dev=" or "slope="');
  const criterion = cursor.number();
  const isPercent = cursor.accept('%');
  job.steadyState = {
    metric,
    isSlope,
    limit: null,
    isPercent,
    isAttained: attained === 'yes',
    criterion,
    durationSec: null,
    maxDeviation: null,
    slope: null,
    bwMeanBytesPerSec,
    iopsMean,
    bwBytesPerSec: null,
    iops: null,
  };
}
