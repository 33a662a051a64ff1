import {
  _emptyDiskStats,
  _emptyJob,
  type DiskStats,
  type FioJob,
  type GroupDirection,
  type JobError,
  type JobParameters,
} from '../schema.ts';
import type { _LineCursor } from './cursor.ts';
import { _isRoundedDown, type GroupRounding, type PrintedSize } from './io-rounding.ts';
import { _readRate, _readSize } from './units.ts';

/**
 * Readers for the lines around the job blocks of fio's normal output: the job header, the
 * preamble's job line, `fio: pid=..., err=...` lines, the `Run status group` lines and the
 * `Disk stats` lines (stat.c show_group_stats, diskutil.c/stat.c print_disk_util).
 */

/**
 * A job header, in each of its forms:
 * `random-write-direct: (groupid=0, jobs=5): err= 0: pid=2447` (1.x),
 * `name: (groupid=0, jobs=1): err= 0: pid=16109: Sat Jun 24 12:07:54 2017` (2.x, 3.x),
 * `e: (groupid=0, jobs=1): err=28 (file:io_u.c:1876, func=io_u error, error=No space left on device): pid=5050: ...`,
 * `Client1 (g=0): err= 0:` (the fio 2.0 HOWTO's abridged form).
 * `line` is the line's text, `lineStart` its offset; `errAt` is where "): err=" starts in it.
 * Returns the job and the date it names (or null).
 */
export function _readJobHeader(
  cursor: _LineCursor,
  line: string,
  lineStart: number,
  errAt: number,
): { job: FioJob; date: string | null } {
  let open = line.lastIndexOf('(groupid=', errAt);
  let nameEnd: number;
  const isShortForm = open === -1;
  if (isShortForm) open = line.lastIndexOf('(g=', errAt);
  if (open === -1) throw cursor.error('UNEXPECTED_LINE', 'expected "(groupid=" in the job header', lineStart + errAt);
  nameEnd = open;
  while (nameEnd > 0 && line.charCodeAt(nameEnd - 1) === 32) nameEnd--;
  if (nameEnd > 0 && line.charCodeAt(nameEnd - 1) === 58) nameEnd--;
  const indent = line.length - line.trimStart().length;
  const job = _emptyJob(line.slice(indent, nameEnd));

  cursor.setLine(lineStart + open + (isShortForm ? 3 : 9), lineStart + line.length);
  job.groupId = cursor.integer();
  if (!isShortForm) {
    cursor.expectKey(',');
    cursor.expect('jobs=');
    job.jobCount = cursor.integer();
  }
  cursor.expect('): err=');
  const code = cursor.integer();
  if (code !== 0) {
    job.hasFailed = true;
    job.error = { code, location: null, function: null, message: null };
  }
  cursor.skipSpaces();
  if (cursor.peek() === 40 /* ( */) {
    // The error text may hold ":" and parentheses: it ends at the last "): pid=" (or ")").
    const close = line.lastIndexOf('): pid=');
    const closeAt = close === -1 ? line.lastIndexOf(')') : close;
    const from = cursor.pos - lineStart + 1;
    if (closeAt < from) throw cursor.error('UNEXPECTED_LINE', 'expected ")" after the error text');
    if (job.error !== null) Object.assign(job.error, _splitVerror(line.slice(from, closeAt)));
    cursor.pos = lineStart + closeAt + 1;
  }
  let date: string | null = null;
  if (cursor.accept(':')) {
    cursor.skipSpaces();
    if (cursor.accept('pid=')) {
      job.pid = cursor.integer();
      if (cursor.accept(':')) {
        const text = cursor.until(-1).trim();
        date = text === '' ? null : text;
      }
    }
  }
  return { job, date };
}

/**
 * fio's verror text: "file:io_u.c:1876, func=io_u error, error=No space left on device"
 * (td_verror's layout); anything else is kept whole as the message.
 */
export function _splitVerror(text: string): Omit<JobError, 'code'> {
  const func = text.indexOf(', func=');
  const error = text.indexOf(', error=', func === -1 ? 0 : func);
  if (func === -1 || error === -1) return { location: null, function: null, message: text.trim() || null };
  const location = text.slice(0, func).trim();
  return {
    location: location === '' ? null : location,
    function: text.slice(func + 7, error).trim() || null,
    message: text.slice(error + 8).trim() || null,
  };
}

/**
 * `fio: pid=8281, err=84/file:io_u.c:2141, func=io_u_queued_complete, error=Invalid ...`.
 * Returns null for other `fio:` lines (warnings fio prints on the way).
 */
export function _readErrorLine(line: string): (JobError & { pid: number | null }) | null {
  const match = /^\s*fio: pid=(\d+), err=(\d+)\/?(.*)$/.exec(line);
  if (match === null) return null;
  const rest = match[3] ?? '';
  return { pid: Number(match[1]), code: Number(match[2]), ..._splitVerror(rest) };
}

/** Keys fio prints on a preamble line, in order; a value runs to the next ", key=". */
const PREAMBLE_KEYS = ['rw', 'bs', 'ioengine', 'iodepth'];
const PREAMBLE_MARKERS = PREAMBLE_KEYS.map((key) => `, ${key}=`);

/**
 * The preamble's job line: `name: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync,
 * iodepth=1` (1.x, 2.x) or `name: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T)
 * 4096B-4096B, ioengine=psync, iodepth=1` (3.x, commas inside the bs value). Returns the name,
 * the group and the parameters, or null when the line is not one.
 */
export function _readPreambleLine(
  line: string,
): { name: string; groupId: number; parameters: JobParameters; text: string } | null {
  const marker = line.indexOf(': (g=');
  if (marker === -1) return null;
  const close = line.indexOf('): ', marker);
  if (close === -1) return null;
  const groupId = Number(line.slice(marker + 5, close));
  if (!Number.isInteger(groupId)) return null;
  const body = line.slice(close + 3);
  const options: Record<string, string> = {};
  for (let i = 0; i < PREAMBLE_KEYS.length; i++) {
    const key = PREAMBLE_KEYS[i] as string;
    const start = i === 0 ? (body.startsWith('rw=') ? 0 : -1) : body.indexOf(PREAMBLE_MARKERS[i] as string);
    if (start === -1) continue;
    const valueStart = start + (i === 0 ? 0 : 2) + key.length + 1;
    let valueEnd = body.length;
    for (let j = i + 1; j < PREAMBLE_KEYS.length; j++) {
      const next = body.indexOf(PREAMBLE_MARKERS[j] as string, valueStart);
      if (next !== -1) {
        valueEnd = next;
        break;
      }
    }
    options[key] = body.slice(valueStart, valueEnd).trim();
  }
  const iodepth = options.iodepth === undefined ? Number.NaN : Number(options.iodepth);
  return {
    name: line.slice(0, marker).trim(),
    groupId,
    text: body,
    parameters: {
      rw: options.rw ?? null,
      blockSize: options.bs ?? null,
      ioengine: options.ioengine ?? null,
      iodepth: Number.isFinite(iodepth) ? iodepth : null,
      numjobs: null,
      direct: null,
      options,
    },
  };
}

function emptyGroupDirection(): GroupDirection {
  return {
    ioBytes: null,
    bandwidthBytesPerSec: null,
    minBandwidthBytesPerSec: null,
    maxBandwidthBytesPerSec: null,
    minRuntimeMs: null,
    maxRuntimeMs: null,
  };
}

/**
 * A `Run status group` direction line; the cursor is after "READ:"/"WRITE:"/"TRIM:"/"MIXED:".
 * fio 3.x: `bw=20.9MiB/s (21.9MB/s), 10.4MiB/s-10.8MiB/s (10.9MB/s-11.3MB/s), io=64.0MiB
 * (67.1MB), run=2973-3069msec`; fio 1.x/2.x: `io=596856KB, aggrb=56946KB/s, minb=58313KB/s,
 * maxb=58313KB/s, mint=10481msec, maxt=10481msec`.
 */
export function _readGroupLine(cursor: _LineCursor, rounding?: GroupRounding): GroupDirection {
  const group = emptyGroupDirection();
  cursor.skipSpaces();
  if (cursor.accept('bw=')) {
    group.bandwidthBytesPerSec = _readRate(cursor, true);
    skipParenthesized(cursor);
    cursor.expectKey(',');
    group.minBandwidthBytesPerSec = _readRate(cursor, true);
    cursor.expect('-');
    group.maxBandwidthBytesPerSec = _readRate(cursor, true);
    skipParenthesized(cursor);
    cursor.expectKey(',');
    cursor.expect('io=');
    const ioAt = cursor.pos;
    const printed: PrintedSize = rounding?.printed ?? { mantissa: 0, scale: 1, unitBytes: 1 };
    group.ioBytes = _readSize(cursor, true, printed);
    cursor.skipSpaces();
    if (cursor.accept('(')) {
      // The other base's spelling: `io=24.0GiB (26.8GB)`. It is the exact figure where fio
      // 2.20-3.25 printed the first one a unit low (io-rounding.ts).
      const other: PrintedSize = { mantissa: 0, scale: 1, unitBytes: 1 };
      const otherBytes = _readSize(cursor, true, other);
      cursor.expect(')');
      if (_isRoundedDown(printed, otherBytes, other.unitBytes / other.scale)) {
        group.ioBytes = otherBytes;
        if (rounding !== undefined) rounding.roundedAt = ioAt;
      }
    }
    cursor.expectKey(',');
    cursor.expect('run=');
    group.minRuntimeMs = cursor.integer();
    cursor.expect('-');
    group.maxRuntimeMs = cursor.integer();
    cursor.expect('msec');
    return group;
  }
  cursor.expect('io=', '"bw=" or "io="');
  group.ioBytes = _readSize(cursor, false);
  cursor.expectKey(',');
  cursor.expect('aggrb=');
  group.bandwidthBytesPerSec = _readRate(cursor, false, 'KB/s');
  cursor.expectKey(',');
  cursor.expect('minb=');
  group.minBandwidthBytesPerSec = _readRate(cursor, false, 'KB/s');
  cursor.expectKey(',');
  cursor.expect('maxb=');
  group.maxBandwidthBytesPerSec = _readRate(cursor, false, 'KB/s');
  cursor.expectKey(',');
  cursor.expect('mint=');
  group.minRuntimeMs = cursor.integer();
  cursor.expect('msec');
  cursor.expectKey(',');
  cursor.expect('maxt=');
  group.maxRuntimeMs = cursor.integer();
  cursor.expect('msec');
  return group;
}

/** The alternate spelling fio 3.x adds in parentheses: "(21.9MB/s)", "(10.9MB/s-11.3MB/s)". */
function skipParenthesized(cursor: _LineCursor): void {
  cursor.skipSpaces();
  if (!cursor.accept('(')) return;
  cursor.until(41);
  cursor.expect(')');
}

/**
 * A `Disk stats (read/write):` line: `sda: ios=16398/16511, sectors=32321/65472,
 * merge=30/162, ticks=6853/819634, in_queue=826487, util=100.00%`, optionally followed by
 * the slaves' averages of an md/dm device (`, aggrios=.../..., aggrmerge=..., aggrticks=...,
 * aggrin_queue=..., aggrutil=...%`). `colon` is the offset of the ": ios=" after the name.
 */
export function _readDiskLine(cursor: _LineCursor, lineStart: number, colon: number): DiskStats {
  const name = cursor.text.slice(lineStart, colon).trim();
  const disk = _emptyDiskStats(name);
  cursor.pos = colon + 1;
  for (;;) {
    cursor.skipSpaces();
    if (cursor.atEnd()) break;
    const keyAt = cursor.pos;
    const key = cursor.until(61);
    if (!cursor.accept('=')) throw cursor.error('UNEXPECTED_LINE', 'expected "key=value"', keyAt);
    const isAggregate = key.startsWith('agg');
    if (isAggregate) disk.aggregate ??= countsOnly(_emptyDiskStats(''));
    const target = isAggregate && disk.aggregate !== null ? disk.aggregate : disk;
    switch (isAggregate ? key.replace(/^aggr?/, '') : key) {
      case 'ios':
        target.readIos = cursor.integer();
        cursor.expect('/');
        target.writeIos = cursor.integer();
        break;
      case 'sectors':
        target.readSectors = cursor.integer();
        cursor.expect('/');
        target.writeSectors = cursor.integer();
        break;
      case 'merge':
        target.readMerges = cursor.integer();
        cursor.expect('/');
        target.writeMerges = cursor.integer();
        break;
      case 'ticks':
        target.readTicksMs = cursor.integer();
        cursor.expect('/');
        target.writeTicksMs = cursor.integer();
        break;
      case 'in_queue':
        target.inQueueMs = cursor.integer();
        break;
      case 'util':
        target.utilPercent = cursor.number();
        cursor.expect('%');
        break;
      default:
        throw cursor.error('UNEXPECTED_LINE', `unknown disk stat "${key}"`, keyAt);
    }
    cursor.skipSpaces();
    if (!cursor.accept(',')) break;
  }
  cursor.skipSpaces();
  if (!cursor.atEnd()) throw cursor.error('UNEXPECTED_LINE', 'expected "," or the end of the disk line');
  // fio ends every disk line with `util=N%` (and an md/dm device's with `aggrutil=N%`):
  // a line without it was cut short.
  if (disk.utilPercent === null || (disk.aggregate !== null && disk.aggregate.utilPercent === null)) {
    throw cursor.error('TRUNCATED', `the line of disk "${name}" stops before its "util=" figure`);
  }
  return disk;
}

function countsOnly(disk: DiskStats): NonNullable<DiskStats['aggregate']> {
  const { name: _name, hostname: _hostname, aggregate: _aggregate, ...counts } = disk;
  return counts;
}
