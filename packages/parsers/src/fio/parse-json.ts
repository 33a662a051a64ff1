import { _errorAt, type ParseError } from '../errors.ts';
import { _duplicateJsonKeys, _keepsEveryJsonMember, _offsetOfJsonPath } from '../json-check.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { findJsonError } from './json-error.ts';
import {
  _emptyDiskStats,
  _emptyJob,
  _percentileKey,
  type BandwidthSamples,
  type DirectionStats,
  type DiskStats,
  type FioJob,
  type FioRun,
  type IopsSamples,
  type JobParameters,
  type LatencyStats,
  type PriorityLatency,
  type SteadyState,
  type SyncStats,
} from './schema.ts';
import { _readCriterion, _readSteadyStateSpec } from './steady-state.ts';

/**
 * fio's JSON and json+ output (`--output-format=json|json+`), fio 2.1 to 3.x, and the
 * client/server form (`client_stats` instead of `jobs`, a `hostname` per entry).
 *
 * What changed across versions, read off fio's stat.c history:
 * - fio 2.x prints `slat`, `clat`, `lat` in usec; fio 3.x `slat_ns`, `clat_ns`, `lat_ns` in ns.
 * - `io_bytes` is KiB in fio 2.x (stat.c printed `io_bytes >> 10`); fio 3.x prints bytes in
 *   `io_bytes` and KiB in the added `io_kbytes`, which is how the two are told apart.
 * - `bw` is KiB/s everywhere; fio >= 3.2 adds `bw_bytes` in B/s, preferred when present.
 * - `bw_agg` is the percent of the group's bandwidth, capped at 100 by fio.
 * - fio before 3.4 prints empty percentile slots as duplicate `"0.00" : 0` keys (axboe/fio#511,
 *   fixed by commit 702bd977): JSON.parse keeps one of them, and percentile 0 is dropped as
 *   padding; fio 2.0 to 2.1.3 print `first_error` under a second `"total_err"` key; an option
 *   given twice is printed twice under `global options`/`job options`.
 *   These repeats are fio's own and pass quietly; any other repeated key is a DUPLICATE_KEY warning.
 * - json+ adds `bins` (latency value in ns → count) under each latency with percentiles.
 *
 * Numbers: fio prints integers with `%lld` and floats with `%f`, so a number JSON.parse makes
 * Infinity (`1e309`) is never fio's, and is BAD_NUMBER at its line and column, as is a negative
 * number where fio prints a count, a size, a rate, a time or a percentage (everything read here
 * but the steady-state `slope` and the job's `error`), and a percentile key that is not a
 * percentile (digits and a fraction, 0 to 100, as fio's percentile_list allows).
 */

type JsonObject = Record<string, unknown>;

const FORMAT = 'json';

/** Where in the input the document is, for errors that point at a key. */
interface DocumentContext {
  source: TextSource;
  start: number;
  end: number;
  format: 'json' | 'json+';
  hasBins: boolean;
  /** Whether every `"bins"` object of the document holds only numbers, read off the text once. */
  areBinsNumbers?: boolean;
  /** The parsed document, to find the path (and so the position) of a value found wrong. */
  root: unknown;
}

/**
 * Parses one JSON document, source.text[start, end), into a run. Throws BAD_JSON for text that
 * is not JSON, BAD_NUMBER for a number fio cannot print, and SCHEMA_MISMATCH for JSON that is
 * not a fio result; a key repeated in an object is a DUPLICATE_KEY warning in `warnings`. `line`
 * is the 1-based line of `start`, when the caller keeps count.
 */
export function parseJsonDocument(
  source: TextSource,
  start: number,
  end: number,
  line?: number,
  warnings: ParseWarning[] = [],
): FioRun {
  const text = source.text.slice(start, end);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson(source, start, text, error);
  }
  // A json (not json+) document is shown whole by a count of its colons, which costs less than the
  // walk for duplicates; json+ bins, thousands of integer keys, cost more to count than to walk.
  const hasBins = text.includes('"bins"');
  if (hasBins || !_keepsEveryJsonMember(source.text, start, end, value)) {
    warnings.push(...duplicateKeyWarnings(source, start, end));
  }
  return jsonValueToRun(source, start, end, value, line);
}

/**
 * fio prints each option as it was given (json_add_job_opts walks the job's option list), so one
 * given twice is printed twice: most options then take the last value, as read here, and
 * `filename` adds a file per value (VirtualClient's job with two disks; PerfKitBenchmarker's
 * repeated one). fio 3.7's client/server output prints its global options twice over.
 */
const OPTION_OBJECTS: ReadonlySet<string> = new Set(['global options', 'job options']);

/**
 * DUPLICATE_KEY at each key an object repeats (JSON.parse kept the last), except fio's own
 * repeats (see the top of this file): the `"0.00" : 0` padding of a percentile object, fio
 * 2.0-2.1.3's second `"total_err"`, and options (above).
 */
function duplicateKeyWarnings(source: TextSource, start: number, end: number): ParseWarning[] {
  const text = source.text;
  const warnings: ParseWarning[] = [];
  for (const duplicate of _duplicateJsonKeys(text, start, end)) {
    const { key, parentKey, valueOffset } = duplicate;
    const isPadding =
      parentKey === 'percentile' && key === '0.00' && /^0(?![\d.eE])/.test(text.slice(valueOffset, valueOffset + 2));
    if (isPadding || key === 'total_err' || OPTION_OBJECTS.has(parentKey ?? '')) continue;
    const { line, column } = source.locate(duplicate.offset);
    warnings.push({
      code: 'DUPLICATE_KEY',
      message: `the key ${JSON.stringify(key)} appears again in this object; its last value is the one read`,
      line,
      column,
    });
  }
  return warnings;
}

/** Builds the run from an already parsed document (the splitter may have parsed it). */
export function jsonValueToRun(source: TextSource, start: number, end: number, value: unknown, line?: number): FioRun {
  const context: DocumentContext = { source, start, end, format: 'json', hasBins: false, root: value };
  if (!isObject(value)) {
    throw mismatch(context, null, 'expected a fio JSON object with "jobs" or "client_stats", found something else');
  }
  const jobsValue = value.jobs ?? value.client_stats;
  if (!Array.isArray(jobsValue)) {
    throw mismatch(context, null, 'expected a fio JSON result with a "jobs" or "client_stats" array');
  }
  const globalOptions = readOptions(context, value, 'global options');
  const jobs = jobsValue.map((job, index) => readJob(context, job, index, globalOptions));
  const diskValue = value.disk_util;
  const disks: DiskStats[] = Array.isArray(diskValue) ? diskValue.map((disk) => readDisk(context, disk)) : [];
  return {
    format: context.hasBins ? 'json+' : 'json',
    fioVersion: readString(context, value, 'fio version'),
    terseVersion: null,
    timestamp: readNumber(context, value, 'timestamp'),
    time: readString(context, value, 'time'),
    globalOptions,
    jobs,
    groups: [],
    disks,
    errors: [],
    line: line ?? source.locate(start).line,
    timestampMs: readNumber(context, value, 'timestamp_ms'),
    statusReports: [],
  };
}

function readJob(
  context: DocumentContext,
  value: unknown,
  index: number,
  globalOptions: Record<string, string> | null,
): FioJob {
  if (!isObject(value)) throw mismatch(context, '"jobs"', `expected job ${index + 1} to be an object`);
  const name = readString(context, value, 'jobname');
  if (name === null) throw mismatch(context, '"jobs"', `job ${index + 1} has no "jobname"`);
  const job = _emptyJob(name);
  job.groupId = readNumber(context, value, 'groupid');
  job.hostname = readString(context, value, 'hostname');
  job.description = readString(context, value, 'desc');
  const errorCode = readNumber(context, value, 'error', true);
  if (errorCode !== null && errorCode !== 0) {
    job.hasFailed = true;
    job.error = { code: errorCode, location: null, function: null, message: null };
  }
  const jobOptions = readOptions(context, value, 'job options');
  job.parameters = readParameters({ ...(globalOptions ?? {}), ...(jobOptions ?? {}) });
  job.read = readDirection(context, value.read);
  job.write = readDirection(context, value.write);
  job.trim = readDirection(context, value.trim);
  // unified_rw_reporting: "mixed" instead of read/write/trim (=1), or beside them (=both).
  job.mixed = readDirection(context, value.mixed);
  job.steadyState = readSteadyState(context, value.steadystate);
  job.startTimeMs = readNumber(context, value, 'job_start');
  job.sync = readSync(context, value.sync);
  const userPercent = readNumber(context, value, 'usr_cpu');
  const systemPercent = readNumber(context, value, 'sys_cpu');
  if (userPercent !== null || systemPercent !== null) {
    job.cpu = {
      userPercent,
      systemPercent,
      contextSwitches: readNumber(context, value, 'ctx'),
      majorFaults: readNumber(context, value, 'majf'),
      minorFaults: readNumber(context, value, 'minf'),
    };
  }
  const level = readNumberRecord(context, value, 'iodepth_level');
  const submit = readNumberRecord(context, value, 'iodepth_submit');
  const complete = readNumberRecord(context, value, 'iodepth_complete');
  if (level !== null || submit !== null || complete !== null) job.ioDepths = { level, submit, complete };
  const ns = readNumberRecord(context, value, 'latency_ns');
  const us = readNumberRecord(context, value, 'latency_us');
  const ms = readNumberRecord(context, value, 'latency_ms');
  if (ns !== null || us !== null || ms !== null) job.latencyDistribution = { ns, us, ms };
  const depth = readNumber(context, value, 'latency_depth');
  if (depth !== null) {
    // The options latency_target and latency_window are in usec (fio HOWTO).
    const targetUs = readNumber(context, value, 'latency_target');
    const windowUs = readNumber(context, value, 'latency_window');
    job.latencyTarget = {
      targetNs: targetUs === null ? null : targetUs * 1000,
      windowNs: windowUs === null ? null : windowUs * 1000,
      percentile: readNumber(context, value, 'latency_percentile'),
      depth,
    };
  }
  job.jobRuntimeMs = readNumber(context, value, 'job_runtime');
  return job;
}

/** The job parameters the issue names, from the merged option strings. */
export function readParameters(options: Record<string, string>): JobParameters {
  const integer = (key: string): number | null => {
    const text = options[key];
    if (text === undefined || !/^\d+$/.test(text.trim())) return null;
    return Number(text);
  };
  const direct = options.direct;
  return {
    rw: options.rw ?? options.readwrite ?? null,
    blockSize: options.bs ?? options.blocksize ?? null,
    ioengine: options.ioengine ?? null,
    iodepth: integer('iodepth'),
    numjobs: integer('numjobs'),
    direct: direct === undefined ? null : !/^(?:0|false|no|off)$/i.test(direct.trim()),
    options,
  };
}

/** Latency units by key suffix: fio 2.x has none (usec); fio 3.x `_ns`; hand-edited copies `_us`, `_ms`. */
const LATENCY_KEYS: readonly (readonly [suffix: string, nsPerUnit: number])[] = [
  ['_ns', 1],
  ['', 1000],
  ['_us', 1000],
  ['_ms', 1e6],
];

function readDirection(context: DocumentContext, value: unknown): DirectionStats | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw mismatch(context, null, 'expected a direction ("read", "write", "trim") object');
  const ioKbytes = readNumber(context, value, 'io_kbytes');
  const ioBytesField = readNumber(context, value, 'io_bytes');
  // Without io_kbytes (fio 2.x) io_bytes is KiB; with it (fio 3.x) io_bytes is bytes.
  const ioBytes = ioKbytes === null ? (ioBytesField === null ? null : ioBytesField * 1024) : ioBytesField;
  const bwBytes = readNumber(context, value, 'bw_bytes');
  const bwKiB = readNumber(context, value, 'bw');
  return {
    ioBytes,
    bandwidthBytesPerSec: bwBytes ?? (bwKiB === null ? null : bwKiB * 1024),
    iops: readNumber(context, value, 'iops'),
    runtimeMs: readNumber(context, value, 'runtime'),
    totalIos: readNumber(context, value, 'total_ios'),
    shortIos: readNumber(context, value, 'short_ios'),
    droppedIos: readNumber(context, value, 'drop_ios'),
    slat: readLatency(context, value, 'slat'),
    clat: readLatency(context, value, 'clat'),
    lat: readLatency(context, value, 'lat'),
    bandwidthSamples: readBandwidthSamples(context, value),
    iopsSamples: readIopsSamples(context, value),
    prios: readPrios(context, value),
  };
}

/**
 * Per-priority latencies. fio >= 3.30: `prios: [{ prioclass, prio, clat_ns | lat_ns }]`;
 * fio 3.1x-3.29: `clat_high_prio` and `clat_low_prio` (`lat_*` with lat_percentiles), in usec
 * before 3.0 never happened (the split came with fio 3.x, in ns like `clat_ns`).
 */
function readPrios(context: DocumentContext, value: JsonObject): PriorityLatency[] | null {
  const array = value.prios;
  if (array !== undefined && array !== null) {
    if (!Array.isArray(array)) throw mismatch(context, '"prios"', 'expected "prios" to be an array');
    return array.map((entry, index) => {
      if (!isObject(entry)) throw mismatch(context, '"prios"', `expected "prios" entry ${index + 1} to be an object`);
      const isTotalLatency = entry.lat_ns !== undefined;
      const lat = readLatency(context, entry, isTotalLatency ? 'lat' : 'clat');
      if (lat === null) throw mismatch(context, '"prios"', `"prios" entry ${index + 1} has no "clat_ns" or "lat_ns"`);
      return {
        prioClass: readNumber(context, entry, 'prioclass'),
        prioLevel: readNumber(context, entry, 'prio'),
        prioHint: readNumber(context, entry, 'priohint'),
        highOrLow: null,
        percentOfIos: null,
        isTotalLatency,
        lat,
      };
    });
  }
  const prios: PriorityLatency[] = [];
  for (const base of ['clat', 'lat'] as const) {
    for (const level of ['high', 'low'] as const) {
      const key = `${base}_${level}_prio`;
      if (value[key] === undefined) continue;
      // The objects are in ns, under a key without the `_ns` suffix.
      const lat = readLatency(context, { [key]: value[key] }, key, 1);
      if (lat === null) continue;
      prios.push({
        prioClass: null,
        prioLevel: null,
        prioHint: null,
        highOrLow: level,
        percentOfIos: null,
        isTotalLatency: base === 'lat',
        lat,
      });
    }
  }
  return prios.length > 0 ? prios : null;
}

/**
 * `"steadystate" : { "ss", "duration", "attained", "criterion", "max_deviation", "slope",
 * "data" : { "bw_mean", "iops_mean", "iops" : [...], "bw" : [...] } }` (fio >= 3.0). The window
 * arrays are one value a second, oldest first (stat.c starts them at the ring buffer's head);
 * bandwidth in B/s. fio >= 3.42 adds `lat_mean` and `lat_ns` (ns) with the `lat` criterion.
 */
function readSteadyState(context: DocumentContext, value: unknown): SteadyState | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw mismatch(context, '"steadystate"', 'expected "steadystate" to be an object');
  const specText = readString(context, value, 'ss');
  const spec = specText === null ? null : _readSteadyStateSpec(specText);
  if (spec === null) {
    throw mismatch(
      context,
      '"ss"',
      `expected "ss" to name the criterion like "iops:20.000000%", found ${describe(specText)}`,
    );
  }
  const criterionText = readString(context, value, 'criterion');
  const data = value.data;
  if (data !== undefined && !isObject(data)) throw mismatch(context, '"data"', 'expected "data" to be an object');
  const attained = readNumber(context, value, 'attained');
  return {
    ...spec,
    isAttained: attained !== null && attained !== 0,
    criterion: criterionText === null ? null : _readCriterion(criterionText),
    durationSec: readNumber(context, value, 'duration'),
    maxDeviation: readNumber(context, value, 'max_deviation'),
    // A slope falls as well as rises.
    slope: readNumber(context, value, 'slope', true),
    bwMeanBytesPerSec: data === undefined ? null : readNumber(context, data, 'bw_mean'),
    iopsMean: data === undefined ? null : readNumber(context, data, 'iops_mean'),
    bwBytesPerSec: data === undefined ? null : readNumberArray(context, data, 'bw'),
    iops: data === undefined ? null : readNumberArray(context, data, 'iops'),
    latMeanNs: data === undefined ? null : readNumber(context, data, 'lat_mean'),
    latNs: data === undefined ? null : readNumberArray(context, data, 'lat_ns'),
  };
}

function readNumberArray(context: DocumentContext, parent: JsonObject, key: string): number[] | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((n) => typeof n === 'number')) {
    throw mismatch(context, `"${key}"`, `expected "${key}" to be an array of numbers`);
  }
  value.forEach((n: number, index) => {
    if (!isCount(n)) checkNumber(context, value, index, n, `"${key}" value ${index + 1}`, false);
  });
  return value as number[];
}

function readSync(context: DocumentContext, value: unknown): SyncStats | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw mismatch(context, '"sync"', 'expected "sync" to be an object');
  return { totalIos: readNumber(context, value, 'total_ios'), lat: readLatency(context, value, 'lat') };
}

function readLatency(
  context: DocumentContext,
  parent: JsonObject,
  base: string,
  nsPerUnit?: number,
): LatencyStats | null {
  const keys = nsPerUnit === undefined ? LATENCY_KEYS : ([['', nsPerUnit]] as const);
  for (const [suffix, factor] of keys) {
    const key = base + suffix;
    const value = parent[key];
    if (value === undefined) continue;
    if (!isObject(value)) throw mismatch(context, `"${key}"`, `expected "${key}" to be an object`);
    const scaled = (field: string): number | null => {
      const number = readNumber(context, value, field);
      return number === null ? null : number * factor;
    };
    return {
      minNs: scaled('min'),
      maxNs: scaled('max'),
      meanNs: scaled('mean'),
      stddevNs: scaled('stddev'),
      samples: readNumber(context, value, 'N'),
      percentilesNs: readPercentiles(context, value.percentile, factor),
      binsNs: readBins(context, value.bins, factor),
    };
  }
  return null;
}

function readPercentiles(context: DocumentContext, value: unknown, factor: number): Record<string, number> | null {
  if (value === undefined) return null;
  if (!isObject(value)) throw mismatch(context, '"percentile"', 'expected "percentile" to be an object');
  const result: Record<string, number> = {};
  for (const key in value) {
    const latency = value[key];
    if (typeof latency !== 'number') throw mismatch(context, `"${key}"`, `expected percentile "${key}" to be a number`);
    if (!isCount(latency))
      checkNumber(context, value, key, latency, `percentile ${JSON.stringify(key)}'s latency`, false);
    // fio prints each percentile with %f (`"99.900000"`): digits, a dot, digits.
    const percentile = PERCENTILE_KEY.test(key) ? Number(key) : Number.NaN;
    // Percentile 0 is the padding fio before 3.4 prints for unused slots (`"0.00" : 0`); a job
    // may list 0 in percentile_list (fio allows 0 to 100), which is the minimum, read elsewhere.
    if (percentile === 0) continue;
    if (!(percentile > 0 && percentile <= 100)) {
      throw badNumber(
        context,
        value,
        key,
        `expected a percentile from 0 to 100 as this key (fio prints "99.900000"), found ${JSON.stringify(key)}`,
        true,
      );
    }
    result[percentileKeyOf(key, percentile)] = latency * factor;
  }
  return result;
}

const PERCENTILE_KEY = /^\d{1,3}(?:\.\d+)?$/;

/** fio prints the same few percentile keys everywhere: each is normalized once. */
const PERCENTILE_KEYS = new Map<string, string>();

function percentileKeyOf(printed: string, percentile: number): string {
  let key = PERCENTILE_KEYS.get(printed);
  if (key === undefined) {
    key = _percentileKey(percentile);
    if (PERCENTILE_KEYS.size < 1000) PERCENTILE_KEYS.set(printed, key);
  }
  return key;
}

/** fio 2.x json+ bins are keyed by bucket index, with the layout constants among the keys. */
const PLAT_BITS_KEY = 'FIO_IO_U_PLAT_BITS';
const PLAT_VAL_KEY = 'FIO_IO_U_PLAT_VAL';

function readBins(context: DocumentContext, value: unknown, factor: number): Record<string, number> | null {
  if (value === undefined) return null;
  if (!isObject(value)) throw mismatch(context, '"bins"', 'expected "bins" to be an object');
  context.hasBins = true;
  const bits = value[PLAT_BITS_KEY];
  const val = value[PLAT_VAL_KEY];
  const isIndexed = typeof bits === 'number' && typeof val === 'number';
  // fio 3.x: keys are already ns values, the object is kept as it is once checked.
  if (factor === 1 && !isIndexed) {
    // The bins are most of a json+ document; walking their integer-like keys (V8 keeps them as
    // sorted dictionary elements) costs almost as much as JSON.parse. The text is checked
    // instead: after each bins key's colon comes a digit. Only when that fails are the values
    // walked, to name the offending key.
    context.areBinsNumbers ??= _binsTextHasOnlyNumbers(context.source.text, context.start, context.end);
    if (!context.areBinsNumbers) {
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const count = value[key];
        if (typeof count !== 'number') throw mismatch(context, `"${key}"`, `expected bin "${key}" to be a number`);
        if (!isCount(count)) checkNumber(context, value, key, count, `bin ${JSON.stringify(key)}'s count`, false);
      }
    }
    return value as Record<string, number>;
  }
  const result: Record<string, number> = {};
  for (const key in value) {
    if (key === PLAT_BITS_KEY || key === PLAT_VAL_KEY) continue;
    const count = value[key];
    if (typeof count !== 'number') throw mismatch(context, `"${key}"`, `expected bin "${key}" to be a number`);
    if (!isCount(count)) checkNumber(context, value, key, count, `bin ${JSON.stringify(key)}'s count`, false);
    const number = Number(key);
    if (!Number.isFinite(number) || number < 0) throw mismatch(context, `"${key}"`, `"${key}" is not a bin`);
    const latency = isIndexed ? platIndexToValue(number, bits, val) : number;
    const ns = String(Math.round(latency * factor));
    result[ns] = (result[ns] ?? 0) + count;
  }
  return result;
}

/**
 * True when every `"bins" : { ... }` object in text[start, end) has a count fio could print
 * after each of its colons: digits, at most 20 (a 64-bit count), then no fraction or exponent.
 * The text is valid JSON (JSON.parse took it), so a bins object without nested values ends at
 * its first `}`; anything else (a string, object, array, literal, a negative or non-finite number)
 * sends the caller to walk the values, which names the offending one.
 */
export function _binsTextHasOnlyNumbers(text: string, start: number, end: number): boolean {
  for (let at = text.indexOf('"bins"', start); at !== -1 && at < end; at = text.indexOf('"bins"', at + 6)) {
    let i = skipBlanks(text, at + 6);
    if (text.charCodeAt(i) !== 58 /* : */) continue;
    i = skipBlanks(text, i + 1);
    if (text.charCodeAt(i) !== 123 /* { */) continue;
    const close = text.indexOf('}', i);
    if (close === -1 || close > end) return false;
    for (let colon = text.indexOf(':', i); colon !== -1 && colon < close; colon = text.indexOf(':', colon + 1)) {
      const digits = skipBlanks(text, colon + 1);
      let after = digits;
      for (let code = text.charCodeAt(after); code >= 48 && code <= 57; code = text.charCodeAt(++after));
      const next = text.charCodeAt(after);
      if (after === digits || after - digits > 20 || next === 46 /* . */ || (next | 32) === 101 /* e */) return false;
    }
  }
  return true;
}

function skipBlanks(text: string, from: number): number {
  let i = from;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return i;
    i++;
  }
}

/**
 * The latency a histogram bucket stands for (fio's log-linear histogram: the first 2*VAL
 * buckets are exact, then each group of VAL buckets doubles the step). Used for fio 2.x json+,
 * whose bins are keyed by bucket index.
 */
export function platIndexToValue(index: number, bits: number, val: number): number {
  if (index < val * 2) return index;
  const errorBits = Math.floor(index / val) - 1;
  const base = 2 ** (errorBits + bits);
  const offset = index % val;
  return Math.floor(base + (offset + 0.5) * 2 ** errorBits);
}

function readBandwidthSamples(context: DocumentContext, value: JsonObject): BandwidthSamples | null {
  const min = readNumber(context, value, 'bw_min');
  const max = readNumber(context, value, 'bw_max');
  const mean = readNumber(context, value, 'bw_mean');
  if (min === null && max === null && mean === null) return null;
  const agg = readNumber(context, value, 'bw_agg');
  const dev = readNumber(context, value, 'bw_dev');
  const kib = (n: number | null) => (n === null ? null : n * 1024);
  return {
    minBytesPerSec: kib(min),
    maxBytesPerSec: kib(max),
    // fio caps the share at 100%; a larger figure is not a share (an edited copy), so it is dropped.
    percentOfGroup: agg !== null && agg <= 100 ? agg : null,
    meanBytesPerSec: kib(mean),
    stddevBytesPerSec: kib(dev),
    samples: readNumber(context, value, 'bw_samples'),
  };
}

function readIopsSamples(context: DocumentContext, value: JsonObject): IopsSamples | null {
  const min = readNumber(context, value, 'iops_min');
  const mean = readNumber(context, value, 'iops_mean');
  if (min === null && mean === null) return null;
  return {
    min,
    max: readNumber(context, value, 'iops_max'),
    mean,
    stddev: readNumber(context, value, 'iops_stddev'),
    samples: readNumber(context, value, 'iops_samples'),
  };
}

function readDisk(context: DocumentContext, value: unknown): DiskStats {
  if (!isObject(value)) throw mismatch(context, '"disk_util"', 'expected each "disk_util" entry to be an object');
  const name = readString(context, value, 'name');
  if (name === null) throw mismatch(context, '"disk_util"', 'a "disk_util" entry has no "name"');
  const disk = _emptyDiskStats(name);
  disk.hostname = readString(context, value, 'hostname');
  disk.readIos = readNumber(context, value, 'read_ios');
  disk.writeIos = readNumber(context, value, 'write_ios');
  disk.readMerges = readNumber(context, value, 'read_merges');
  disk.writeMerges = readNumber(context, value, 'write_merges');
  disk.readTicksMs = readNumber(context, value, 'read_ticks');
  disk.writeTicksMs = readNumber(context, value, 'write_ticks');
  disk.inQueueMs = readNumber(context, value, 'in_queue');
  disk.utilPercent = readNumber(context, value, 'util');
  disk.readSectors = readNumber(context, value, 'read_sectors');
  disk.writeSectors = readNumber(context, value, 'write_sectors');
  const aggregateUtil = readNumber(context, value, 'aggr_util');
  if (aggregateUtil !== null) {
    disk.aggregate = {
      readIos: readNumber(context, value, 'aggr_read_ios'),
      writeIos: readNumber(context, value, 'aggr_write_ios'),
      readMerges: readNumber(context, value, 'aggr_read_merges'),
      writeMerges: readNumber(context, value, 'aggr_write_merge'),
      readTicksMs: readNumber(context, value, 'aggr_read_ticks'),
      writeTicksMs: readNumber(context, value, 'aggr_write_ticks'),
      inQueueMs: readNumber(context, value, 'aggr_in_queue'),
      utilPercent: aggregateUtil,
      readSectors: null,
      writeSectors: null,
    };
  }
  return disk;
}

function readOptions(context: DocumentContext, parent: JsonObject, key: string): Record<string, string> | null {
  const value = parent[key];
  if (value === undefined) return null;
  if (!isObject(value)) throw mismatch(context, `"${key}"`, `expected "${key}" to be an object`);
  const result: Record<string, string> = {};
  for (const name in value) {
    const option = value[name];
    // fio prints every option as a string; numbers are accepted from hand-made copies.
    if (typeof option === 'string') result[name] = option;
    else if (typeof option === 'number' || typeof option === 'boolean') result[name] = String(option);
    else throw mismatch(context, `"${name}"`, `expected option "${name}" to be a string`);
  }
  return result;
}

/** A number fio prints; `canBeNegative` for the few that are signed (a slope, an errno). */
function readNumber(context: DocumentContext, parent: JsonObject, key: string, canBeNegative = false): number | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number') {
    throw mismatch(context, `"${key}"`, `expected "${key}" to be a number, found ${describe(value)}`);
  }
  if (!(isCount(value) || (canBeNegative && Number.isFinite(value)))) {
    checkNumber(context, parent, key, value, `"${key}"`, canBeNegative);
  }
  return value;
}

/** A finite number of at least 0: what fio prints for almost every field (checked inline, cheaply). */
const isCount = (value: number) => value >= 0 && value !== Number.POSITIVE_INFINITY;

/**
 * BAD_NUMBER at `parent[key]` when `value` is not finite (JSON.parse reads `1e309` as Infinity;
 * fio prints no exponent), or negative where fio prints none (see the top of this file).
 */
function checkNumber(
  context: DocumentContext,
  parent: object,
  key: string | number,
  value: number,
  name: string,
  canBeNegative: boolean,
): void {
  if (Number.isFinite(value) && (canBeNegative || value >= 0)) return;
  const found = Number.isFinite(value) ? String(value) : 'a number too large for a double';
  const expected = canBeNegative
    ? 'a finite number'
    : 'a finite number of at least 0 (fio prints no negative one here)';
  throw badNumber(context, parent, key, `expected ${name} to be ${expected}, found ${found}`);
}

/** BAD_NUMBER at the value (or, with `isKey`, the key) `key` of `parent`, an object or array of the document. */
function badNumber(
  context: DocumentContext,
  parent: object,
  key: string | number,
  message: string,
  isKey = false,
): ParseError {
  const path = pathOf(context.root, parent);
  const offset =
    path === null ? context.start : _offsetOfJsonPath(context.source.text, context.start, [...path, key], isKey);
  return _errorAt(context.source, offset, { tool: 'fio', format: context.format, code: 'BAD_NUMBER', message });
}

/** The keys and indices from `root` to the object or array `target` (by identity), or null. */
function pathOf(root: unknown, target: object): (string | number)[] | null {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (value === target) return path;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'object' && item !== null) pending.push({ value: item, path: [...path, index] });
      });
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'object' && item !== null) pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

function readString(context: DocumentContext, parent: JsonObject, key: string): string | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw mismatch(context, `"${key}"`, `expected "${key}" to be a string, found ${describe(value)}`);
  }
  return value;
}

function readNumberRecord(context: DocumentContext, parent: JsonObject, key: string): Record<string, number> | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw mismatch(context, `"${key}"`, `expected "${key}" to be an object`);
  for (const name in value) {
    const number = value[name];
    if (typeof number !== 'number') {
      throw mismatch(context, `"${key}"`, `expected "${key}" → "${name}" to be a number`);
    }
    if (!isCount(number)) checkNumber(context, value, name, number, `"${key}" → "${name}"`, false);
  }
  return value as Record<string, number>;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === 'object' ? 'an object' : String(value);
}

/** A SCHEMA_MISMATCH at the first place the quoted key appears in the document (its start otherwise). */
function mismatch(context: DocumentContext, quotedKey: string | null, message: string): ParseError {
  let offset = context.start;
  if (quotedKey !== null) {
    const found = context.source.text.indexOf(quotedKey, context.start);
    if (found !== -1 && found < context.end) offset = found;
  }
  return _errorAt(context.source, offset, { tool: 'fio', format: context.format, code: 'SCHEMA_MISMATCH', message });
}

/**
 * TRUNCATED when the JSON document source.text[start, end) stops before its end (the input was
 * cut inside it), whoever's document it is; nothing for a whole one or one broken otherwise.
 */
export function _throwIfCutJson(source: TextSource, start: number, end: number): void {
  const text = source.text.slice(start, end);
  if (!findJsonError(text).isCut) return;
  throw badJson(source, start, text, null);
}

/** BAD_JSON at the first character that is not JSON, or TRUNCATED when the document stops early. */
function badJson(source: TextSource, start: number, text: string, error: unknown): ParseError {
  const { offset, isCut } = findJsonError(text);
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return _errorAt(source, start + offset, {
    tool: 'fio',
    format: FORMAT,
    code: isCut ? 'TRUNCATED' : 'BAD_JSON',
    message: isCut
      ? 'the fio JSON document stops before its end: the output is cut'
      : `the fio JSON document is not valid JSON here (${detail})`,
  });
}
