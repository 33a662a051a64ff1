import type { FioJob } from '../schema.ts';
import type { _LineCursor } from './cursor.ts';
import { _readCount, _readRate } from './units.ts';

/**
 * `steadystate  : attained=yes, bw=148MiB/s (152MB/s), iops=37.9k, iops mean dev=0.110%`
 * (stat.c show_ss_normal, fio >= 3.0): whether steady state was reached, the window's mean
 * bandwidth and IOPS, and the criterion the last window reached: `iops mean dev=`,
 * `bw mean dev=`, `iops slope=` or `bw slope=`, with `%` when the limit was a percentage.
 * fio >= 3.42 adds a latency criterion: `iops=20.7k, lat=123usec, lat mean dev=1.2%` (the mean
 * latency in nsec, usec or msec, num2str's multiplier before the unit).
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
  let latMeanNs: number | null = null;
  if (cursor.accept('lat=')) {
    latMeanNs = readLatency(cursor);
    cursor.expectKey(',');
  }
  const metricAt = cursor.pos;
  const metric = cursor.accept('iops') ? 'iops' : cursor.accept('bw') ? 'bw' : cursor.accept('lat') ? 'lat' : null;
  if (metric === null) {
    throw cursor.error('UNEXPECTED_LINE', 'expected "iops", "bw" or "lat" naming the criterion', metricAt);
  }
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
    latMeanNs,
    latNs: null,
  };
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, M: 1e6, G: 1e9 };

/** `123usec`, `1.2kusec`, `45msec`, `980nsec`: num2str's number with its multiplier, then the unit, in ns. */
function readLatency(cursor: _LineCursor): number {
  const value = cursor.number();
  const at = cursor.pos;
  const spelling = cursor.word();
  const match = /^([kMG]?)(nsec|usec|msec)$/.exec(spelling);
  if (match === null) throw cursor.error('UNKNOWN_UNIT', `expected nsec, usec or msec, found "${spelling}"`, at);
  const unit = match[2] === 'nsec' ? 1 : match[2] === 'usec' ? 1e3 : 1e6;
  return value * (MULTIPLIERS[match[1] as string] ?? 1) * unit;
}
