import { _errorAt, type ParseError, type ParseErrorCode } from '../errors.ts';
import { _duplicateKeyWarnings } from '../json-keys.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { _isCutShort, _offsetOfJsonPath, type JsonPath } from './json-position.ts';
import { CPU_KEYS, CPU_SECTIONS, DISK_KEYS, DISK_SECTION, IO_KEYS, IO_SECTION, type KeySpec } from './keys.ts';
import type {
  SadfComment,
  SadfCpu,
  SadfDisk,
  SadfHost,
  SadfHostData,
  SadfIo,
  SadfRestart,
  SadfResult,
  SadfSample,
  SadfTime,
} from './schema.ts';

type Json = Record<string, unknown>;

/**
 * `sadf -j` (sysstat 10.1+): {"sysstat": {["sysdata-version": 2.15,] "hosts": [{nodename, sysname,
 * release, machine, number-of-cpus, file-date, [file-utc-time,] [timezone,] statistics: [{timestamp:
 * {date, time, utc | tz, interval}, cpu-load: [...], disk: [...], io: {...}, memory: {...}, ...}],
 * restarts: [{boot: {...}}], [comments: [{comment: {...}}]]}]}}.
 *
 * The document is read whole with JSON.parse; a value of the wrong type is a ParseError at its
 * line and column, found again in the text along the value's path (json-position.ts).
 */
export function _parseSadfJson(source: TextSource): { result: SadfResult; warnings: ParseWarning[] } {
  const reader = new DocumentReader(source);
  const document = reader.parse();
  const top = reader.object(document, [], 'MISSING_SECTION', 'expected {"sysstat": {...}} as sadf -j prints it');
  const sysstat = reader.object(
    top.sysstat,
    ['sysstat'],
    'MISSING_SECTION',
    'expected {"sysstat": {...}} as sadf -j prints it',
  );
  const hosts = reader.array(
    sysstat.hosts,
    ['sysstat', 'hosts'],
    'MISSING_SECTION',
    'expected "hosts": [...] in "sysstat"',
  );
  if (hosts.length === 0) {
    reader.fail(['sysstat', 'hosts'], 'MISSING_SECTION', 'expected at least one host in "hosts"');
  }
  const version = sysstat['sysdata-version'];
  return {
    result: {
      format: 'json',
      sysdataVersion: typeof version === 'number' || typeof version === 'string' ? String(version) : null,
      hosts: hosts.map((entry, index) => readHost(reader, entry, ['sysstat', 'hosts', index])),
    },
    warnings: _duplicateKeyWarnings(source, document, source.text.length),
  };
}

function readHost(reader: DocumentReader, entry: unknown, path: JsonPath): SadfHostData {
  const host = reader.object(entry, path, 'SCHEMA_MISMATCH', 'expected a host object in "hosts"');
  const statisticsPath = [...path, 'statistics'];
  const statistics = reader.array(
    host.statistics,
    statisticsPath,
    'MISSING_SECTION',
    `expected "statistics": [...] in host "${String(host.nodename ?? '')}"`,
  );
  const unread = new Set<string>();
  const samples = statistics.map((item, index) => readSample(reader, item, index, [...statisticsPath, index], unread));
  const restarts = readEvents(reader, host.restarts, [...path, 'restarts'], 'boot', (record, at) => ({
    time: readTime(reader, record, at),
    cpuCount: reader.optionalInteger(record.cpu_count, [...at, 'cpu_count']),
  })) satisfies SadfRestart[];
  const comments = readEvents(reader, host.comments, [...path, 'comments'], 'comment', (record, at) => ({
    time: readTime(reader, record, at),
    text: reader.string(record.com, [...at, 'com']),
  })) satisfies SadfComment[];
  return { host: readHeader(reader, host, path), samples, restarts, comments, unreadSections: [...unread] };
}

function readHeader(reader: DocumentReader, host: Json, path: JsonPath): SadfHost {
  const optional = (key: string) => reader.optionalString(host[key], [...path, key]);
  return {
    host: optional('nodename') ?? '',
    system: optional('sysname') ?? '',
    release: optional('release') ?? '',
    arch: optional('machine'),
    cpuCount: reader.optionalInteger(host['number-of-cpus'], [...path, 'number-of-cpus']),
    fileDate: optional('file-date'),
    fileUtcTime: optional('file-utc-time'),
    timezone: optional('timezone'),
  };
}

function readSample(
  reader: DocumentReader,
  item: unknown,
  sample: number,
  path: JsonPath,
  unread: Set<string>,
): SadfSample {
  const entry = reader.object(item, path, 'SCHEMA_MISMATCH', `expected an object for statistics entry ${sample}`);
  let timestamp: SadfTime | null = null;
  let intervalSec: number | null = null;
  let cpus: SadfCpu[] = [];
  let disks: SadfDisk[] = [];
  let io: SadfIo | null = null;
  for (const [name, value] of Object.entries(entry)) {
    const at = [...path, name];
    if (name === 'timestamp') {
      const stamp = reader.object(value, at, 'SCHEMA_MISMATCH', 'expected "timestamp": {"date", "time", ...}');
      timestamp = readTime(reader, stamp, at);
      intervalSec = reader.optionalNumber(stamp.interval, [...at, 'interval']);
    } else if ((CPU_SECTIONS as readonly string[]).includes(name)) {
      cpus = reader.array(value, at, 'SCHEMA_MISMATCH', `expected "${name}": [...]`).map((cpu, index) => {
        const cpuPath = [...at, index];
        const record = reader.object(cpu, cpuPath, 'SCHEMA_MISMATCH', `expected a CPU object in "${name}"`);
        const id = record.cpu;
        if (typeof id !== 'string' && typeof id !== 'number') {
          reader.fail([...cpuPath, 'cpu'], 'SCHEMA_MISMATCH', `expected "cpu": "all" or a CPU number in "${name}"`);
        }
        const values = readValues(reader, record, cpuPath, CPU_KEYS, ['cpu'], name, unread);
        return { cpu: String(id), ...emptyCpu(), ...values };
      });
    } else if (name === DISK_SECTION) {
      disks = reader.array(value, at, 'SCHEMA_MISMATCH', 'expected "disk": [...]').map((disk, index) => {
        const diskPath = [...at, index];
        const record = reader.object(disk, diskPath, 'SCHEMA_MISMATCH', 'expected a device object in "disk"');
        const device = reader.string(record['disk-device'], [...diskPath, 'disk-device']);
        const values = readValues(reader, record, diskPath, DISK_KEYS, ['disk-device'], name, unread);
        return { device, ...emptyDisk(), ...values };
      });
    } else if (name === IO_SECTION) {
      const record = reader.object(value, at, 'SCHEMA_MISMATCH', 'expected "io": {...}');
      io = { ...emptyIo(), ...readValues(reader, flattenOnce(record), at, IO_KEYS, [], name, unread) };
    } else {
      unread.add(name);
    }
  }
  return { sample, timestamp, intervalSec, cpus, disks, io };
}

/**
 * The known keys of a record, each times its factor, the better-ranked spelling of a quantity
 * printed twice winning; an unknown key is listed as `section.key` among the unread.
 */
function readValues<T>(
  reader: DocumentReader,
  record: Json,
  path: JsonPath,
  keys: ReadonlyMap<string, KeySpec<T>>,
  skip: readonly string[],
  section: string,
  unread: Set<string>,
): Partial<T> {
  const values: Partial<Record<keyof T, number>> = {};
  const ranks = new Map<keyof T, number>();
  for (const [key, raw] of Object.entries(record)) {
    if (skip.includes(key)) continue;
    const spec = keys.get(key);
    if (spec === undefined) {
      unread.add(`${section}.${key}`);
      continue;
    }
    const at = [...path, ...key.split('.')];
    const value = typeof raw === 'number' ? raw * spec.factor : Number.NaN;
    // JSON.parse reads 1e400 as Infinity: no tool prints it, and no unit holds it. Every value read
    // here (percentages, rates, sizes, times, queue lengths) is zero or more as sadf prints it.
    if (!Number.isFinite(value) || value < 0) {
      const note = value < 0 ? ' (sadf prints none below zero)' : '';
      reader.fail(at, 'BAD_NUMBER', `expected a number for "${key}" in "${section}", found ${describe(raw)}${note}`);
    }
    const rank = ranks.get(spec.field);
    if (rank !== undefined && rank <= spec.rank) continue;
    ranks.set(spec.field, spec.rank);
    values[spec.field] = value;
  }
  return values as Partial<T>;
}

/** `{"io-reads": {"rtps": 1}}` as `{"io-reads.rtps": 1}`, so that one key table reads both levels. */
function flattenOnce(record: Json): Json {
  const flat: Json = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) flat[`${key}.${inner}`] = innerValue;
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

function readEvents<T>(
  reader: DocumentReader,
  value: unknown,
  path: JsonPath,
  key: 'boot' | 'comment',
  read: (record: Json, path: JsonPath) => T,
): T[] {
  if (value === undefined) return [];
  return reader.array(value, path, 'SCHEMA_MISMATCH', `expected a list of {"${key}": {...}}`).map((item, index) => {
    const at = [...path, index, key];
    const wrapper = reader.object(item, [...path, index], 'SCHEMA_MISMATCH', `expected {"${key}": {...}}`);
    return read(reader.object(wrapper[key], at, 'SCHEMA_MISMATCH', `expected {"${key}": {...}}`), at);
  });
}

/**
 * `{"date": "2026-11-24", "time": "08:29:05", "utc": 1}` (10.x to 12.6) or `"tz": "UTC"` (12.7+).
 * sadf prints UTC unless told -T (local time) or -t (the collecting host's time); only UTC has a
 * known offset.
 */
function readTime(reader: DocumentReader, record: Json, path: JsonPath): SadfTime {
  const date = reader.string(record.date, [...path, 'date']);
  const time = reader.string(record.time, [...path, 'time']);
  const zone = reader.optionalString(record.tz, [...path, 'tz']);
  const utc = reader.optionalNumber(record.utc, [...path, 'utc']);
  const isUtc = zone === null ? utc === 1 : zone === 'UTC';
  const isoDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  const isoTime = /^\d{2}:\d{2}:\d{2}$/.test(time) ? time : null;
  if (isoDate === null || isoTime === null) {
    reader.fail(
      [...path, isoDate === null ? 'date' : 'time'],
      'SCHEMA_MISMATCH',
      `expected a date YYYY-MM-DD and a time HH:MM:SS, found "${date}" "${time}"`,
    );
  }
  return { date, time, isUtc, zone, iso: `${isoDate}T${isoTime}${isUtc ? 'Z' : ''}` };
}

const emptyCpu = (): Omit<SadfCpu, 'cpu'> => ({
  userPercent: null,
  usrPercent: null,
  nicePercent: null,
  systemPercent: null,
  sysPercent: null,
  iowaitPercent: null,
  stealPercent: null,
  irqPercent: null,
  softPercent: null,
  guestPercent: null,
  gnicePercent: null,
  idlePercent: null,
});

const emptyDisk = (): Omit<SadfDisk, 'device'> => ({
  tps: null,
  readBytesPerSec: null,
  writeBytesPerSec: null,
  discardBytesPerSec: null,
  requestSizeBytes: null,
  queueLength: null,
  awaitNs: null,
  svctmNs: null,
  utilPercent: null,
});

const emptyIo = (): SadfIo => ({
  tps: null,
  readTps: null,
  writeTps: null,
  discardTps: null,
  readBytesPerSec: null,
  writeBytesPerSec: null,
  discardBytesPerSec: null,
});

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** The document and its checks: each failure is a ParseError at the line and column of its value. */
class DocumentReader {
  readonly #source: TextSource;

  constructor(source: TextSource) {
    this.#source = source;
  }

  parse(): unknown {
    const text = this.#source.text;
    try {
      return JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const position = /position (\d+)/.exec(message)?.[1];
      const isCut = _isCutShort(text);
      throw this.#error(
        isCut || position === undefined ? text.trimEnd().length : Number(position),
        isCut ? 'TRUNCATED' : 'BAD_JSON',
        isCut ? 'the JSON output stops before its end (a copy cut short)' : `not valid JSON: ${message}`,
      );
    }
  }

  fail(path: JsonPath, code: ParseErrorCode, message: string): never {
    throw this.#error(_offsetOfJsonPath(this.#source.text, path), code, message);
  }

  object(value: unknown, path: JsonPath, code: ParseErrorCode, message: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(path, code, message);
    return value as Json;
  }

  array(value: unknown, path: JsonPath, code: ParseErrorCode, message: string): unknown[] {
    if (!Array.isArray(value)) this.fail(path, code, message);
    return value;
  }

  string(value: unknown, path: JsonPath): string {
    if (typeof value !== 'string') this.fail(path, 'SCHEMA_MISMATCH', `expected a string, found ${describe(value)}`);
    return value;
  }

  optionalString(value: unknown, path: JsonPath): string | null {
    return value === undefined ? null : this.string(value, path);
  }

  optionalNumber(value: unknown, path: JsonPath): number | null {
    if (value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(path, 'BAD_NUMBER', `expected a number, found ${describe(value)}`);
    }
    return value;
  }

  optionalInteger(value: unknown, path: JsonPath): number | null {
    const number = this.optionalNumber(value, path);
    if (number !== null && !Number.isSafeInteger(number)) {
      this.fail(path, 'BAD_NUMBER', `expected a whole number, found ${number}`);
    }
    return number;
  }

  #error(offset: number, code: ParseErrorCode, message: string): ParseError {
    return _errorAt(this.#source, offset, { code, tool: 'sadf', format: 'json', message });
  }
}
