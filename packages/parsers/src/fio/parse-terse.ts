import { _errorAt, type ParseError } from '../errors.ts';
import type { TextSource } from '../text.ts';
import { _percentileRecord } from './percentile-record.ts';
import {
  _emptyDiskStats,
  _emptyJob,
  type DirectionStats,
  type DiskStats,
  type FioJob,
  type FioRun,
  type LatencyStats,
} from './schema.ts';

/**
 * fio's terse ("minimal") output: one `;`-separated line per job, versions 2 to 5, as fio's
 * HOWTO ("Terse output") and stat.c (show_thread_status_terse_all, show_ddir_status_terse)
 * lay them out:
 *
 *   v2: 2;name;groupid;error  v3-v5: V;fio-version;name;groupid;error
 *   per direction (read, write; trim in v4, v5 and late v2):
 *     io_kb;bw_kib;iops;runtime_ms; slat min;max;mean;dev; clat min;max;mean;dev;
 *     20 percentiles `P%=usec` (padding `0%=0`); lat min;max;mean;dev;
 *     bw min;max;agg%;mean;dev  (+ v5: bw_samples; iops min;max;mean;dev;samples)
 *   cpu usr%;sys%;ctx;majf;minf; 7 IO depths; 10 usec buckets; 12 msec buckets
 *   v3+: disk util, per device name;r_ios;w_ios;r_merge;w_merge;r_ticks;w_ticks;in_queue;util%
 *        (a device-mapper device adds `slaves` and the same 8 figures averaged over its slaves)
 *   with continue_on_error: total_err;first_error; with a description: ;description
 *   (v2 prints the description on a line of its own).
 *
 * Early v2 (fio 1.5x and 2.0) had neither IOPS nor percentiles per direction (20 fields, the
 * HOWTO example); the layout is told from the field count. Latencies are usec, sizes KiB.
 */

const FORMAT = 'terse';
const HEADER_FIELDS_V2 = 4;
const HEADER_FIELDS_V3 = 5;
const PERCENTILE_SLOTS = 20;
/** Per-direction fields: early v2, v2-v4, v5. */
const DIRECTION_FIELDS_OLD = 20;
const DIRECTION_FIELDS = 41;
const DIRECTION_FIELDS_V5 = 47;
/** cpu (5) + IO depths (7) + usec buckets (10) + msec buckets (12). */
const TAIL_FIELDS = 34;
const DISK_FIELDS = 9;

/** IO depths 1 to >=64; usec buckets 2 to 1000; msec buckets 2 to >=2000. */
const DEPTH_COUNT = 7;
const USEC_BUCKET_COUNT = 10;
const MSEC_BUCKET_COUNT = 12;

/**
 * A terse line as offsets: field i runs from `starts[i]` to `starts[i + 1] - 1` (the last to
 * `lineEnd`). Numbers are read from the text in place; a field is sliced only where its text
 * is kept (names, versions, descriptions). A line has some 130 fields: slicing each of them
 * made millions of short strings on a large input.
 */
interface Fields {
  source: TextSource;
  text: string;
  starts: number[];
  count: number;
  lineEnd: number;
}

/** One line of the segment, as the splitter hands it over. */
export interface TerseLine {
  start: number;
  end: number;
  /** For v2, the description line printed under it, if any. */
  description?: string | undefined;
}

/** True when the line looks like a terse line of a version this parser reads (a cheap check). */
export function isTerseLine(line: string): boolean {
  return _isTerseLineAt(line, 0, line.length);
}

/** isTerseLine on the line [start, end) of a text, without slicing it. */
export function _isTerseLineAt(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (start + 1 >= end || code < 50 || code > 53 || text.charCodeAt(start + 1) !== 59) return false; // "2;" to "5;"
  let count = 0;
  for (let i = text.indexOf(';', start); i !== -1 && i < end && count < 60; i = text.indexOf(';', i + 1)) count++;
  if (count < 60) return false;
  return code === 50 || text.startsWith('fio-', start + 2);
}

/**
 * A terse line cut short: the head of a terse line (`3;fio-3.33;name;0;0;...`, or v2's
 * `2;name;0;0;...`) with fewer fields than any layout has. The splitter takes it as terse only
 * as the input's last line, where a copy or a killed run stops; parsing it is then a
 * COLUMN_COUNT error at its end instead of a shorter run that drops the job silently.
 */
export function _isCutTerseLineAt(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (start + 2 >= end || code < 50 || code > 53 || text.charCodeAt(start + 1) !== 59) return false;
  if (code !== 50) return text.startsWith('fio-', start + 2);
  // v2: name;groupid;error, both whole numbers.
  return /^2;[^;]*;\d+;\d+(?:;|$)/.test(text.slice(start, Math.min(end, start + 300)));
}

/** Parses terse lines (all of one run) into a run. */
export function parseTerseLines(source: TextSource, lines: readonly TerseLine[], line?: number): FioRun {
  let fioVersion: string | null = null;
  let terseVersion: number | null = null;
  const jobs: FioJob[] = [];
  let disks: DiskStats[] = [];
  for (const line of lines) {
    const fields = splitFields(source, line.start, line.end);
    const parsed = parseLine(fields);
    if (line.description !== undefined && parsed.job.description === null) parsed.job.description = line.description;
    fioVersion ??= parsed.fioVersion;
    terseVersion ??= parsed.version;
    jobs.push(parsed.job);
    // Every line repeats the disk stats of the whole run; the last line's are kept. A line
    // with fewer of them than the line before was cut inside them.
    if (parsed.disks.length < disks.length) {
      throw cutError(
        fields,
        `the terse line stops inside its disk stats (${parsed.disks.length} of ${disks.length} devices)`,
      );
    }
    if (parsed.disks.length > 0) disks = parsed.disks;
  }
  const first = lines[0];
  return {
    format: 'terse',
    fioVersion,
    terseVersion,
    timestamp: null,
    time: null,
    globalOptions: null,
    jobs,
    groups: [],
    disks,
    errors: [],
    line: line ?? (first === undefined ? 1 : source.locate(first.start).line),
    timestampMs: null,
    statusReports: [],
  };
}

function splitFields(source: TextSource, start: number, end: number): Fields {
  const starts: number[] = [start];
  const text = source.text;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 59 /* ; */) starts.push(i + 1);
  return { source, text, starts, count: starts.length, lineEnd: end };
}

function fieldStart(fields: Fields, index: number): number {
  return fields.starts[index] as number;
}

/** One past the field's last character. */
function fieldEnd(fields: Fields, index: number): number {
  return index + 1 < fields.count ? (fields.starts[index + 1] as number) - 1 : fields.lineEnd;
}

/** The text of a field (undefined past the last one), for the few fields read as text. */
function valueAt(fields: Fields, index: number): string | undefined {
  if (index >= fields.count) return undefined;
  return fields.text.slice(fieldStart(fields, index), fieldEnd(fields, index));
}

interface ParsedLine {
  version: number;
  fioVersion: string | null;
  job: FioJob;
  disks: DiskStats[];
}

function parseLine(fields: Fields): ParsedLine {
  const version = integerAt(fields, 0);
  if (version < 2 || version > 5) {
    throw errorAt(fields, 0, 'UNSUPPORTED', `terse version ${version} is not one fio prints (2 to 5)`);
  }
  const headerCount = version === 2 ? HEADER_FIELDS_V2 : HEADER_FIELDS_V3;
  const layout = directionLayout(fields, version, headerCount);
  let index = headerCount - 3;
  const job = _emptyJob(stringAt(fields, index));
  job.groupId = integerAt(fields, index + 1);
  const errorCode = integerAt(fields, index + 2);
  if (errorCode !== 0) {
    job.hasFailed = true;
    job.error = { code: errorCode, location: null, function: null, message: null };
  }
  index = headerCount;
  const directions: DirectionStats[] = [];
  for (let d = 0; d < layout.count; d++) {
    directions.push(readDirection(fields, index, layout.fields));
    index += layout.fields;
  }
  if (layout.isMixedOnly) job.mixed = directions[0] ?? null;
  else {
    job.read = directions[0] ?? null;
    job.write = directions[1] ?? null;
    job.trim = layout.count > (layout.hasMixed ? 3 : 2) ? (directions[2] ?? null) : null;
    if (layout.hasMixed) job.mixed = directions[layout.count - 1] ?? null;
  }
  job.cpu = {
    userPercent: percentAt(fields, index),
    systemPercent: percentAt(fields, index + 1),
    contextSwitches: numberAt(fields, index + 2),
    majorFaults: numberAt(fields, index + 3),
    minorFaults: numberAt(fields, index + 4),
  };
  index += 5;
  job.ioDepths = { level: depthsAt(fields, index), submit: null, complete: null };
  index += DEPTH_COUNT;
  const us = usecBucketsAt(fields, index);
  index += USEC_BUCKET_COUNT;
  const ms = msecBucketsAt(fields, index);
  index += MSEC_BUCKET_COUNT;
  job.latencyDistribution = { ns: null, us, ms };
  const disks: DiskStats[] = [];
  index = readDisks(fields, index, version, disks);
  readTrailer(fields, index, job, version);
  const fioVersion = version === 2 ? null : stringAt(fields, 1);
  return { version, fioVersion, job, disks };
}

/**
 * How many directions and how many fields each: fixed by the version from v3 on, told from
 * the field count for v2 (whose layout grew twice without a version bump).
 */
interface DirectionLayout {
  count: number;
  fields: number;
  /** unified_rw_reporting=1: the one direction block is the mixed one. */
  isMixedOnly: boolean;
  /** unified_rw_reporting=both: a mixed block follows the others. */
  hasMixed: boolean;
}

function directionLayout(fields: Fields, version: number, headerCount: number): DirectionLayout {
  if (version >= 3) {
    const perDirection = version === 5 ? DIRECTION_FIELDS_V5 : DIRECTION_FIELDS;
    const usual = version === 3 ? 2 : 3;
    // unified_rw_reporting changes the number of direction blocks and nothing says so but the
    // layout: `=1` prints one (mixed) block, `=both` one more after the usual ones
    // (show_thread_status_terse_all). The block count is the one after which the cpu fields begin.
    for (const count of [usual, 1, usual + 1]) {
      if (isTailAt(fields, headerCount + count * perDirection)) {
        return { count, fields: perDirection, isMixedOnly: count === 1, hasMixed: count === usual + 1 };
      }
    }
    return { count: usual, fields: perDirection, isMixedOnly: false, hasMixed: false };
  }
  // v2: with percentiles, the 13th field of the first direction is "P%=value".
  const hasPercentiles = (valueAt(fields, headerCount + 12) ?? '').includes('%=');
  const perDirection = hasPercentiles ? DIRECTION_FIELDS : DIRECTION_FIELDS_OLD;
  const rest = fields.count - headerCount - TAIL_FIELDS;
  // Three directions when the fields of a third one are there (its first field numeric).
  const count = rest >= perDirection * 3 && /^\d+$/.test(valueAt(fields, headerCount + perDirection * 2) ?? '') ? 3 : 2;
  return { count, fields: perDirection, isMixedOnly: false, hasMixed: false };
}

/**
 * True when the cpu fields start at `index`: `usr%;sys%;ctx;majf;minf;` then the first IO
 * depth `x%`. Inside a direction block no two percentages are followed by three whole numbers.
 */
function isTailAt(fields: Fields, index: number): boolean {
  if (index + 6 > fields.count) return false;
  const isPercent = (i: number) => /^[\d.]+%$/.test(valueAt(fields, i) ?? '');
  return (
    isPercent(index) &&
    isPercent(index + 1) &&
    isDigitsAt(fields, index + 2) &&
    isDigitsAt(fields, index + 3) &&
    isDigitsAt(fields, index + 4) &&
    isPercent(index + 5)
  );
}

function readDirection(fields: Fields, start: number, count: number): DirectionStats {
  const hasIops = count !== DIRECTION_FIELDS_OLD;
  let index = start;
  const ioKiB = amountAt(fields, index++);
  const bwKiB = amountAt(fields, index++);
  const iops = hasIops ? amountAt(fields, index++) : null;
  const runtimeMs = amountAt(fields, index++);
  const slat = latencyAt(fields, index);
  index += 4;
  const clat = latencyAt(fields, index);
  index += 4;
  if (hasIops) {
    clat.percentilesNs = percentilesAt(fields, index);
    index += PERCENTILE_SLOTS;
  }
  const lat = latencyAt(fields, index);
  index += 4;
  const bw = {
    minBytesPerSec: times(amountAt(fields, index), 1024),
    maxBytesPerSec: times(amountAt(fields, index + 1), 1024),
    percentOfGroup: percentAt(fields, index + 2),
    meanBytesPerSec: times(amountAt(fields, index + 3), 1024),
    stddevBytesPerSec: times(amountAt(fields, index + 4), 1024),
    samples: count === DIRECTION_FIELDS_V5 ? amountAt(fields, index + 5) : null,
  };
  index += count === DIRECTION_FIELDS_V5 ? 6 : 5;
  const iopsSamples =
    count === DIRECTION_FIELDS_V5
      ? {
          min: amountAt(fields, index),
          max: amountAt(fields, index + 1),
          mean: amountAt(fields, index + 2),
          stddev: amountAt(fields, index + 3),
          samples: amountAt(fields, index + 4),
        }
      : null;
  return {
    ioBytes: times(ioKiB, 1024),
    // Terse prints whole KiB/s: the B/s figure is exact only to 1 KiB/s.
    bandwidthBytesPerSec: times(bwKiB, 1024),
    iops,
    runtimeMs,
    totalIos: null,
    shortIos: null,
    droppedIos: null,
    slat,
    clat,
    lat,
    bandwidthSamples: bw,
    iopsSamples,
    prios: null,
  };
}

/** A value in another unit, or null when not measured. */
function times(value: number | null, factor: number): number | null {
  return value === null ? null : value * factor;
}

/** min;max;mean;dev in usec. */
function latencyAt(fields: Fields, index: number): LatencyStats {
  return {
    minNs: times(amountAt(fields, index), 1000),
    maxNs: times(amountAt(fields, index + 1), 1000),
    meanNs: times(amountAt(fields, index + 2), 1000),
    stddevNs: times(amountAt(fields, index + 3), 1000),
    samples: null,
    percentilesNs: null,
    binsNs: null,
  };
}

/**
 * 20 slots of `P%=usec`; the `0%=0` padding is left out. The record is built like the normal
 * text's (percentile-record.ts), so that both formats give the same keys in the same order.
 */
function percentilesAt(fields: Fields, index: number): Record<string, number> {
  const percentiles: number[] = [];
  const values: number[] = [];
  const { text } = fields;
  for (let i = index; i < index + PERCENTILE_SLOTS; i++) {
    checkField(fields, i);
    const start = fieldStart(fields, i);
    const end = fieldEnd(fields, i);
    let equals = -1;
    for (let at = start; at + 1 < end; at++) {
      if (text.charCodeAt(at) === 37 /* % */ && text.charCodeAt(at + 1) === 61 /* = */) {
        equals = at;
        break;
      }
    }
    if (equals === -1) {
      throw errorAt(fields, i, 'UNEXPECTED_LINE', `expected a percentile "P%=usec", found "${valueAt(fields, i)}"`);
    }
    const percentile = numberIn(fields, i, start, equals);
    const usec = numberIn(fields, i, equals + 2, end);
    if (percentile === null || percentile === 0 || usec === null) continue;
    percentiles.push(percentile);
    values.push(usec * 1000);
  }
  return _percentileRecord(percentiles, values, null);
}

/**
 * The bucket records are built as object literals: keys like "2" and "1000" are array indices
 * to V8, and adding them one by one makes a slow dictionary-mode object per job.
 */
function depthsAt(fields: Fields, i: number): Record<string, number> | null {
  const v = percentsAt(fields, i, 7);
  return v && { '1': v[0], '2': v[1], '4': v[2], '8': v[3], '16': v[4], '32': v[5], '>=64': v[6] };
}

function usecBucketsAt(fields: Fields, i: number): Record<string, number> | null {
  const v = percentsAt(fields, i, 10);
  return (
    v && {
      '2': v[0],
      '4': v[1],
      '10': v[2],
      '20': v[3],
      '50': v[4],
      '100': v[5],
      '250': v[6],
      '500': v[7],
      '750': v[8],
      '1000': v[9],
    }
  );
}

function msecBucketsAt(fields: Fields, i: number): Record<string, number> | null {
  const v = percentsAt(fields, i, 12);
  return (
    v && {
      '2': v[0],
      '4': v[1],
      '10': v[2],
      '20': v[3],
      '50': v[4],
      '100': v[5],
      '250': v[6],
      '500': v[7],
      '750': v[8],
      '1000': v[9],
      '2000': v[10],
      '>=2000': v[11],
    }
  );
}

/** Up to 12 percentages (the longest bucket list); the builders read only as many as they asked for. */
type Percents = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** `count` percentages from `index`, or null when one was not measured (`-nan%`). */
function percentsAt(fields: Fields, index: number, count: number): Percents | null {
  const values: number[] = [];
  for (let i = index; i < index + count; i++) {
    const percent = percentAt(fields, i);
    if (percent === null) return null;
    values.push(percent);
  }
  return values as unknown as Percents;
}

/** Disk util groups after the fixed fields (v3+); returns the index after them. */
function readDisks(fields: Fields, start: number, version: number, disks: DiskStats[]): number {
  if (version < 3) return start;
  let index = start;
  while (index + DISK_FIELDS <= fields.count && isDiskGroup(fields, index)) {
    const name = valueAt(fields, index) as string;
    if (name === 'slaves' && disks.length > 0) {
      const last = disks[disks.length - 1] as DiskStats;
      const counts = diskCounts(fields, index + 1);
      last.aggregate = { ...counts, readSectors: null, writeSectors: null };
    } else {
      const disk = _emptyDiskStats(name);
      Object.assign(disk, diskCounts(fields, index + 1));
      disks.push(disk);
    }
    index += DISK_FIELDS;
  }
  return index;
}

/** A name, seven whole numbers and a percentage. */
function isDiskGroup(fields: Fields, index: number): boolean {
  const name = valueAt(fields, index) ?? '';
  if (name === '' || /^[\d.]+%?$/.test(name)) return false;
  for (let i = index + 1; i < index + 8; i++) if (!isDigitsAt(fields, i)) return false;
  return /^[\d.]+%$/.test(valueAt(fields, index + 8) ?? '');
}

/** True when the field is one or more digits and nothing else (`/^\d+$/`). */
function isDigitsAt(fields: Fields, index: number): boolean {
  if (index >= fields.count) return false;
  const start = fieldStart(fields, index);
  const end = fieldEnd(fields, index);
  if (start === end) return false;
  for (let i = start; i < end; i++) {
    const code = fields.text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function diskCounts(fields: Fields, index: number) {
  return {
    readIos: numberAt(fields, index),
    writeIos: numberAt(fields, index + 1),
    readMerges: numberAt(fields, index + 2),
    writeMerges: numberAt(fields, index + 3),
    readTicksMs: numberAt(fields, index + 4),
    writeTicksMs: numberAt(fields, index + 5),
    inQueueMs: numberAt(fields, index + 6),
    utilPercent: percentAt(fields, index + 7),
  };
}

/** continue_on_error's `total_err;first_error`, then the description (the rest of the line). */
function readTrailer(fields: Fields, start: number, job: FioJob, version: number): void {
  let index = start;
  if (version >= 3 && isCutDiskGroup(fields, index)) {
    throw cutError(fields, 'the terse line stops inside the stats of a disk');
  }
  // A trailing ";" leaves one empty field: nothing follows.
  if (index === fields.count - 1 && valueAt(fields, index) === '') return;
  if (
    index + 1 < fields.count &&
    /^\d+$/.test(valueAt(fields, index) ?? '') &&
    /^-?\d+$/.test(valueAt(fields, index + 1) ?? '')
  ) {
    const firstError = Number(valueAt(fields, index + 1));
    if (firstError !== 0 && job.error === null) {
      job.hasFailed = true;
      job.error = { code: firstError, location: null, function: null, message: null };
    }
    index += 2;
  }
  if (index < fields.count) job.description = fields.text.slice(fieldStart(fields, index), fields.lineEnd);
}

/**
 * True when the fields from `index` to the end of the line are the head of a disk group cut
 * short: nothing (a line ending in the `;` before a device's name: fio ends a line with its
 * last bucket's `%`), or a name followed only by whole numbers and at most a last number
 * without its `%` (`vdc;523946;3;0;1;243086;1;24`). A description (`;text`) never looks
 * like one; continue_on_error's two counts end a line that has no name before them.
 */
function isCutDiskGroup(fields: Fields, index: number): boolean {
  const rest = fields.count - index;
  if (rest === 1) return valueAt(fields, index) === '';
  if (rest < 2 || rest > DISK_FIELDS) return false;
  const name = valueAt(fields, index) ?? '';
  if (name === '' || /^[\d.]+%?$/.test(name)) return false;
  for (let i = index + 1; i < fields.count - 1; i++) if (!isDigitsAt(fields, i)) return false;
  return /^[\d.]*$/.test(valueAt(fields, fields.count - 1) ?? '');
}

/** A TRUNCATED error at the end of the line: where the line stops. */
function cutError(fields: Fields, message: string): ParseError {
  return _errorAt(fields.source, fields.lineEnd, { tool: 'fio', format: FORMAT, code: 'TRUNCATED', message });
}

/** A ParseError unless the line has a field `index`. */
function checkField(fields: Fields, index: number): void {
  if (index >= fields.count) {
    throw _errorAt(fields.source, fields.lineEnd, {
      tool: 'fio',
      format: FORMAT,
      code: 'COLUMN_COUNT',
      message: `the terse line ends after ${fields.count} fields; its layout needs at least ${index + 1}`,
    });
  }
}

function stringAt(fields: Fields, index: number): string {
  checkField(fields, index);
  return valueAt(fields, index) as string;
}

function numberAt(fields: Fields, index: number): number | null {
  checkField(fields, index);
  return numberIn(fields, index, fieldStart(fields, index), fieldEnd(fields, index));
}

/**
 * A size, rate, count, runtime or latency: never negative in fio's output (unsigned counters,
 * `%llu`, or means of them). A minus sign there is BAD_NUMBER, not a value.
 */
function amountAt(fields: Fields, index: number): number | null {
  const value = numberAt(fields, index);
  if (value !== null && value < 0) {
    throw errorAt(fields, index, 'BAD_NUMBER', `expected a number of 0 or more, found "${valueAt(fields, index)}"`);
  }
  return value;
}

function integerAt(fields: Fields, index: number): number {
  const value = stringAt(fields, index);
  if (!/^-?\d+$/.test(value)) throw errorAt(fields, index, 'BAD_NUMBER', `expected a whole number, found "${value}"`);
  return Number(value);
}

function percentAt(fields: Fields, index: number): number | null {
  checkField(fields, index);
  const start = fieldStart(fields, index);
  let end = fieldEnd(fields, index);
  if (end > start && fields.text.charCodeAt(end - 1) === 37 /* % */) end--;
  return numberIn(fields, index, start, end);
}

/** fio's `%llu`, `%f`, `%d`: no exponent (`8293.31e3` is BAD_NUMBER, not 8293310). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Digits a mantissa may have and still be exact in a double (10^15 < 2^53). */
const MAX_EXACT_DIGITS = 15;
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The number in [start, end) of a field: `123`, `-4.5`, `0.000000`, what fio prints in nearly
 * every field, is read from the text in place. Its digits as an integer over a power of ten
 * is the same double as `Number(text)`: both operands are exact (at most 15 digits) and an
 * IEEE division rounds correctly. Anything else goes the slow way: `Number`, `-nan`/`inf` as
 * not measured, a ParseError for what is not a number.
 */
function numberIn(fields: Fields, index: number, start: number, end: number): number | null {
  const { text } = fields;
  let i = start;
  const isNegative = text.charCodeAt(i) === 45; /* - */
  if (isNegative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (code === 46 /* . */ && decimals < 0) decimals = 0;
    else break;
  }
  if (i === end && digits > 0 && digits <= MAX_EXACT_DIGITS) {
    const value = decimals > 0 ? mantissa / (POWERS_OF_TEN[decimals] as number) : mantissa;
    return isNegative ? -value : value;
  }
  return parseNumberText(fields, index, text.slice(start, end), start - fieldStart(fields, index));
}

/** The slow path of numberIn, on the field's text. */
function parseNumberText(fields: Fields, index: number, text: string, column: number): number | null {
  // fio prints "-nan" or "inf" for a statistic of nothing in some versions: not measured.
  if (!DECIMAL.test(text)) {
    if (/^-?(?:nan|inf)$/i.test(text)) return null;
    throw errorAt(fields, index, 'BAD_NUMBER', `expected a number, found "${text}"`, column);
  }
  const value = Number(text);
  if (!Number.isFinite(value))
    throw errorAt(fields, index, 'BAD_NUMBER', 'a number too large to be one fio printed', column);
  return value;
}

function errorAt(
  fields: Fields,
  index: number,
  code: 'BAD_NUMBER' | 'UNEXPECTED_LINE' | 'UNSUPPORTED',
  message: string,
  column = 0,
): ParseError {
  const offset = (fields.starts[index] ?? fields.lineEnd) + column;
  return _errorAt(fields.source, offset, {
    tool: 'fio',
    format: FORMAT,
    code,
    message: `field ${index + 1}: ${message}`,
  });
}
