import {
  _emptyDirectionStats,
  _emptyLatencyStats,
  type DirectionStats,
  type FioJob,
  type LatencyStats,
} from '../schema.ts';
import type { _LineCursor } from './cursor.ts';
import type { PrintedSize } from './io-rounding.ts';
import { _rateFactor, _readCount, _readRate, _readSize, _timeFactor } from './units.ts';

/**
 * Readers for the lines of one job's block in fio's normal output (stat.c
 * show_thread_status_normal / show_ddir_status of fio 1.x, 2.x and 3.x). Each starts with the
 * cursor just after the line's leading word and fills the job; a malformed value is a
 * ParseError at that value.
 */

const US_TO_NS = 1e3;
const MS_TO_NS = 1e6;

/**
 * The direction line. fio 3.x: `read: IOPS=36.9k, BW=144MiB/s (151MB/s)(433MiB/3001msec)`
 * with an optional `; 0 zone resets`; fio 1.x/2.x: `write: io=596856KB, bw=56946KB/s,
 * iops=7118 , runt= 10481msec`. The cursor is after the colon. Returns true for the 3.x
 * layout.
 */
export function _readDirectionLine(
  cursor: _LineCursor,
  stats: DirectionStats,
  isAllClients = false,
  printedIo?: PrintedSize,
): boolean {
  cursor.skipSpaces();
  if (cursor.accept('IOPS=')) {
    stats.iops = _readCount(cursor);
    cursor.expectKey(',');
    cursor.expect('BW=');
    const readRate = isAllClients ? readUnitlessRate : readRateOrBareZero;
    stats.bandwidthBytesPerSec = readRate(cursor);
    // The alternate spelling in parentheses ("(151MB/s)") is the same value, rounded to the
    // other base: the first one is kept.
    cursor.expectKey('(');
    readRate(cursor);
    cursor.expect(')');
    cursor.expectKey('(');
    stats.ioBytes = _readSize(cursor, true, printedIo);
    cursor.expect('/');
    stats.runtimeMs = cursor.integer();
    cursor.expect('msec');
    cursor.expect(')');
    return true;
  }
  cursor.expect('io=', '"IOPS=" or "io="');
  stats.ioBytes = _readSize(cursor, false, printedIo);
  cursor.expectKey(',');
  cursor.expect('bw=');
  stats.bandwidthBytesPerSec = _readRate(cursor, false);
  cursor.expectKey(',');
  cursor.expect('iops=');
  stats.iops = _readCount(cursor);
  cursor.expectKey(',');
  cursor.expect('runt=');
  stats.runtimeMs = cursor.integer();
  cursor.expect('msec');
  return false;
}

/**
 * A rate, or a bare `0`: fio 3.27 to 3.33 print the mixed line of unified_rw_reporting=both as
 * `mixed: IOPS=0, BW=0 (0)(0B/1001msec)` (its mixed stats lack a unit base; fixed in fio by
 * "stat: fix unified_rw_reporting=both BW and IOPS", after 3.33). Only zero is read bare: any
 * other number needs its unit.
 */
function readRateOrBareZero(cursor: _LineCursor): number {
  const at = cursor.pos;
  const value = cursor.number();
  const next = cursor.peek();
  if (value === 0 && (next === 32 /* space */ || next === 40 /* ( */ || next === 41) /* ) */) return 0;
  cursor.pos = at;
  return _readRate(cursor, true);
}

/**
 * The rates of the `All clients` block of `fio --client` with two or more servers: `BW=121Mi
 * (127M)`, bytes per second with num2str's prefix and no unit. client.c (handle_ts) sums the
 * servers' stats into `client_ts` and copies its groupid, unified_rw_rep and sig_figs, never its
 * unit_base; stat.c show_ddir_status prints BW with `num2str(bw, ..., ts->unit_base)`, and
 * unit_base 0 is N2S_NONE: no "B/s" (fio 3.x to 3.42 at least). The prefix says the base: "Mi"
 * 2^20, "M" 10^6. A unit, if a later fio prints one, is read as usual.
 */
function readUnitlessRate(cursor: _LineCursor): number {
  const at = cursor.pos;
  cursor.number();
  const prefixStart = cursor.pos;
  const prefix = cursor.word(false);
  if (cursor.peek() === 47 /* / */ || !/^(?:[kMGTPE]i?|Ki)?$/.test(prefix)) {
    cursor.pos = at;
    return readRateOrBareZero(cursor);
  }
  const factor = _rateFactor(`${prefix}B/s`, true);
  if (factor === undefined) throw cursor.error('UNKNOWN_UNIT', `unknown rate prefix "${prefix}"`, prefixStart);
  return cursor.scaled(factor);
}

/** The unit in `(usec)`, `(nsec)`, `(msec)` at the cursor, as ns per unit. */
export function _readParenUnit(cursor: _LineCursor): number {
  cursor.skipSpaces();
  cursor.expect('(');
  // The three spellings fio prints, matched in place (several per job of a long input).
  if (cursor.accept('usec)')) return US_TO_NS;
  if (cursor.accept('nsec)')) return 1;
  if (cursor.accept('msec)')) return MS_TO_NS;
  const at = cursor.pos;
  const spelling = cursor.word();
  cursor.expect(')');
  return _timeFactor(cursor, spelling, at);
}

/**
 * `min=67 , max=944937 , avg=645.32, stdev=4647.69` (fio 1.x pads num2str's blank postfix),
 * `min=792, max=5376.9k, avg=92205.51, stdev=90944.25` (fio 3.x, num2str multiplier on min
 * and max). The cursor is after the colon; `factor` turns the printed unit into ns.
 */
export function _readLatencyStats(cursor: _LineCursor, factor: number, stats: LatencyStats): void {
  cursor.expectKey('min=');
  stats.minNs = _readCount(cursor, factor);
  cursor.expectKey(',');
  cursor.expect('max=');
  stats.maxNs = _readCount(cursor, factor);
  cursor.expectKey(',');
  cursor.expect('avg=');
  cursor.plain();
  stats.meanNs = cursor.scaled(factor);
  cursor.expectKey(',');
  cursor.expect('stdev=');
  cursor.plain();
  stats.stddevNs = cursor.scaled(factor);
  // fio prints no sample count on these lines.
}

/**
 * `bw (KB/s) : min=  144, max=47152, per=22.71%, avg=12933.03, stdev=4985.93` (1.x),
 * `bw (KB  /s): ...` (2.x), `bw (  KiB/s): ..., samples=  100` (3.x). The cursor is after
 * "bw". Sample statistics are integers for min/max (fio's %5llu) and two decimals for the rest.
 */
export function _readBandwidthSamples(cursor: _LineCursor, stats: DirectionStats, isModern: boolean): void {
  cursor.skipSpaces();
  cursor.expect('(');
  cursor.skipSpaces();
  const at = cursor.pos;
  const prefix = cursor.word();
  cursor.skipSpaces();
  const spelling = prefix.endsWith('/s') ? prefix : `${prefix}/s`;
  if (!prefix.endsWith('/s')) cursor.expect('/s');
  cursor.expect(')');
  // "KB" without an "i" is 1024 in fio 1.x/2.x; fio 3.x spells "kB" for 1000 and "KiB".
  const factor = _rateFactor(spelling, isModern && prefix !== 'KB');
  if (factor === undefined) throw cursor.error('UNKNOWN_UNIT', `unknown bandwidth unit "${prefix}/s"`, at);
  cursor.expectKey(':');
  const samples = {
    minBytesPerSec: null as number | null,
    maxBytesPerSec: null as number | null,
    percentOfGroup: null as number | null,
    meanBytesPerSec: null as number | null,
    stddevBytesPerSec: null as number | null,
    samples: null as number | null,
  };
  cursor.expect('min=');
  cursor.plain();
  samples.minBytesPerSec = cursor.scaled(factor);
  cursor.expectKey(',');
  cursor.expect('max=');
  cursor.plain();
  samples.maxBytesPerSec = cursor.scaled(factor);
  cursor.expectKey(',');
  cursor.expect('per=');
  samples.percentOfGroup = cursor.plain();
  cursor.expect('%');
  cursor.expectKey(',');
  cursor.expect('avg=');
  cursor.plain();
  samples.meanBytesPerSec = cursor.scaled(factor);
  cursor.expectKey(',');
  cursor.expect('stdev=');
  cursor.plain();
  samples.stddevBytesPerSec = cursor.scaled(factor);
  if (cursor.acceptKey(',')) {
    cursor.expect('samples=');
    samples.samples = cursor.plainInteger();
  }
  stats.bandwidthSamples = samples;
}

/** `iops        : min= 9094, max= 9094, avg=9094.00, stdev= 0.00, samples=1` (fio 3.x). */
export function _readIopsSamples(cursor: _LineCursor, stats: DirectionStats): void {
  cursor.expectKey(':');
  cursor.expect('min=');
  const min = cursor.plain();
  cursor.expectKey(',');
  cursor.expect('max=');
  const max = cursor.plain();
  cursor.expectKey(',');
  cursor.expect('avg=');
  const mean = cursor.plain();
  cursor.expectKey(',');
  cursor.expect('stdev=');
  const stddev = cursor.plain();
  let samples: number | null = null;
  if (cursor.acceptKey(',')) {
    cursor.expect('samples=');
    samples = cursor.plainInteger();
  }
  stats.iopsSamples = { min, max, mean, stddev, samples };
}

/**
 * The pairs of the last line `_readPercentPairs` read, by position: a plain bucket's key as a
 * number ("250" → 250, an array index either way), any other key as printed (">=64"), and its
 * value. Reused from line to line: the caller turns them into its record (buckets.ts)
 * before the next line is read, so a line costs no array, no object and no key string.
 */
export const _pairKeys: (number | string)[] = [];
export const _pairValues: number[] = [];

/**
 * `key=value%` pairs separated by commas, as in `lat (usec): 100=12.22%, 250=80.24%`,
 * `IO depths    : 1=100.0%, ..., >=64=0.0%` and `submit    : 0=0.0%, 4=100.0%`, into
 * `_pairKeys`/`_pairValues`. Keys are kept as printed. The cursor is after the colon. Returns
 * the number of pairs.
 */
export function _readPercentPairs(cursor: _LineCursor): number {
  const { text } = cursor;
  let count = 0;
  for (;;) {
    cursor.skipSpaces();
    if (cursor.atEnd()) return count;
    const keyStart = cursor.pos;
    // The last bucket is ">=64" (or ">=2000"): its "=" belongs to the key.
    let isIndex = true;
    if (cursor.accept('>=') || cursor.accept('>')) isIndex = false;
    const digitsStart = cursor.pos;
    // A plain number without a leading zero ("250", "0") is the same key as its value.
    let value = 0;
    while (cursor.pos < cursor.end) {
      const char = text.charCodeAt(cursor.pos);
      if (char === 61) break;
      if (char >= 48 && char <= 57 && value < 1e9) value = value * 10 + (char - 48);
      else isIndex = false;
      cursor.pos++;
    }
    if (cursor.pos === keyStart || cursor.atEnd()) throw cursor.error('UNEXPECTED_LINE', 'expected "bucket=percent%"');
    if (cursor.pos - digitsStart > 1 && text.charCodeAt(digitsStart) === 48) isIndex = false;
    _pairKeys[count] = isIndex ? value : knownKey(text, keyStart, cursor.pos);
    cursor.pos++;
    _pairValues[count] = cursor.number();
    count++;
    cursor.expect('%');
    cursor.skipSpaces();
    // fio 2.x/3.x end a full line of five buckets with "," before the line break.
    if (!cursor.accept(',')) {
      if (!cursor.atEnd()) throw cursor.error('UNEXPECTED_LINE', 'expected "," between buckets');
      return count;
    }
  }
}

/** The last buckets fio prints, as constants: a key sliced from the text costs a lookup per store. */
const KNOWN_KEYS = ['>=64', '>=2000'];

/** The key text[start, end): one of KNOWN_KEYS when it is one, else a slice. */
function knownKey(text: string, start: number, end: number): string {
  for (const key of KNOWN_KEYS) if (key.length === end - start && text.startsWith(key, start)) return key;
  return text.slice(start, end);
}

/** `cpu          : usr=0.26%, sys=1.48%, ctx=74614, majf=0, minf=134`. */
export function _readCpu(cursor: _LineCursor, job: FioJob): void {
  cursor.expectKey(':');
  cursor.expect('usr=');
  const userPercent = cursor.number();
  cursor.expect('%');
  cursor.expectKey(',');
  cursor.expect('sys=');
  const systemPercent = cursor.number();
  cursor.expect('%');
  cursor.expectKey(',');
  cursor.expect('ctx=');
  const contextSwitches = cursor.plainInteger();
  cursor.expectKey(',');
  cursor.expect('majf=');
  const majorFaults = cursor.plainInteger();
  cursor.expectKey(',');
  cursor.expect('minf=');
  const minorFaults = cursor.plainInteger();
  job.cpu = { userPercent, systemPercent, contextSwitches, majorFaults, minorFaults };
}

/**
 * The issued counts, in every layout fio printed them:
 * `issued r/w/d: total=0/74607/0, short=0/0/0` (1.x), `issued r/w: total=0/32768, short=0/0`,
 * `issued    : total=r=262144/w=0/d=0, short=r=0/w=0/d=0, drop=r=0/w=0/d=0` (2.x),
 * `issued rwt: total=524288,0,0, short=0,0,0, dropped=0,0,0` (3.0-3.4),
 * `issued rwts: total=0,5632,0,0 short=5631,0,0,0 dropped=0,0,0,0` (3.5+, 4th = sync).
 * The cursor is after "issued". Fills the directions the job printed and the sync count.
 */
export function _readIssued(cursor: _LineCursor, job: FioJob): void {
  const { text } = cursor;
  // Skip the direction letters ("r/w/d", "rwts") up to the colon.
  while (cursor.pos < cursor.end && text.charCodeAt(cursor.pos) !== 58) cursor.pos++;
  cursor.expect(':');
  for (;;) {
    cursor.skipSpaces();
    if (cursor.atEnd()) return;
    const keyStart = cursor.pos;
    const key = cursor.word();
    if (key === '' || !cursor.accept('=')) {
      throw cursor.error('UNEXPECTED_LINE', 'expected "total=", "short=" or "dropped="', keyStart);
    }
    for (let index = 0; ; index++) {
      // 2.x names each count: "r=262144/w=0/d=0".
      const letter = cursor.peek();
      if (letter >= 97 && letter <= 122 && cursor.pos + 1 < cursor.end && text.charCodeAt(cursor.pos + 1) === 61) {
        cursor.pos += 2;
      }
      const count = cursor.integer();
      assignIssued(job, key, index, count);
      const separator = cursor.peek();
      // "/" always continues the list; "," only when a digit follows (3.0-3.4 put ", " between keys).
      const next = cursor.pos + 1 < cursor.end ? text.charCodeAt(cursor.pos + 1) : -1;
      if (separator === 47 || (separator === 44 && next >= 48 && next <= 57)) {
        cursor.pos++;
        continue;
      }
      break;
    }
    cursor.skipSpaces();
    cursor.accept(',');
  }
}

function assignIssued(job: FioJob, key: string, index: number, count: number): void {
  if (index === 3) {
    if (key === 'total' && (count > 0 || job.sync !== null)) {
      job.sync ??= { totalIos: null, lat: null };
      job.sync.totalIos = count;
    }
    return;
  }
  // unified_rw_reporting=1 counts every I/O in the first slot, under the one mixed direction.
  const stats = index === 0 ? (job.read ?? job.mixed) : index === 1 ? job.write : index === 2 ? job.trim : null;
  if (stats === null) return;
  if (key === 'total') stats.totalIos = count;
  else if (key === 'short') stats.shortIos = count;
  else if (key === 'drop' || key === 'dropped') stats.droppedIos = count;
}

/**
 * `latency   : target=0, window=0, percentile=100.00%, depth=1`. fio 3.x prints the target
 * in ns and the window in usec (fio 3.33 prints target=10000000 for 10ms and window=100000 for
 * 100ms); fio 2.x keeps both in usec; fio after 3.36 prints units ("target=10.00ms").
 */
export function _readLatencyTarget(cursor: _LineCursor, job: FioJob, isModern: boolean): void {
  cursor.expectKey(':');
  cursor.expect('target=');
  const targetNs = readTargetTime(cursor, isModern ? 1 : US_TO_NS);
  cursor.expectKey(',');
  cursor.expect('window=');
  const windowNs = readTargetTime(cursor, US_TO_NS);
  cursor.expectKey(',');
  cursor.expect('percentile=');
  const percentile = cursor.number();
  cursor.expect('%');
  cursor.expectKey(',');
  cursor.expect('depth=');
  const depth = cursor.plainInteger();
  job.latencyTarget = { targetNs, windowNs, percentile, depth };
}

function readTargetTime(cursor: _LineCursor, bareFactor: number): number {
  cursor.number();
  const at = cursor.pos;
  const spelling = cursor.word();
  if (spelling === '') return cursor.scaled(bareFactor);
  return cursor.scaled(_timeFactor(cursor, spelling, at));
}

/** A new, empty direction record, or the one the job already has. */
export function _direction(job: FioJob, name: 'read' | 'write' | 'trim' | 'mixed'): DirectionStats {
  const existing = job[name];
  if (existing !== null) return existing;
  const stats = _emptyDirectionStats();
  job[name] = stats;
  return stats;
}

/** The latency record of a direction, created on first use. */
export function _latency(stats: DirectionStats, which: 'slat' | 'clat' | 'lat'): LatencyStats {
  const existing = stats[which];
  if (existing !== null) return existing;
  const created = _emptyLatencyStats();
  stats[which] = created;
  return created;
}
