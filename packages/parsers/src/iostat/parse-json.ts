import { _errorAt, type ParseError } from '../errors.ts';
import { _offsetOfJsonPath } from '../json-check.ts';
import { _duplicateKeyWarnings } from '../json-keys.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { columnSpec, jsonKeyColumn } from './columns.ts';
import { chooseDateOrder } from './locale.ts';
import type { TextParse } from './parse-text.ts';
import type { IostatColumn, IostatCpu, IostatDevice, IostatHost, IostatReport } from './schema.ts';
import { type DateOrder, dateToIso, parseTimestamp } from './time.ts';

/**
 * `iostat -o JSON` (sysstat 11+): {"sysstat": {"hosts": [{nodename, sysname, release, machine,
 * number-of-cpus, date, statistics: [{timestamp?, avg-cpu?, disk?: [...]}]}]}}. The keys of a
 * disk entry are the plain columns, with the exceptions jsonKeyColumn lists. An output cut
 * short (iostat killed) keeps every complete statistics entry and says it is truncated.
 */
export function parseIostatJson(source: TextSource, options: { sinceBoot?: boolean | undefined } = {}): TextParse {
  const text = source.text;
  const warnings: ParseWarning[] = [];
  let document: unknown;
  let isTruncated = false;
  // Where the document read ends: the whole text, or the complete reports of a cut one.
  let documentEnd = text.length;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const recovered = recoverTruncated(text);
    if (recovered === null) {
      const position = /position (\d+)/.exec(String(error))?.[1];
      throw _errorAt(source, position === undefined ? text.length : Number(position), {
        code: 'BAD_JSON',
        tool: 'iostat',
        format: 'json',
        message: `not valid JSON: ${(error as Error).message}`,
      });
    }
    document = recovered.document;
    documentEnd = recovered.cutOffset;
    isTruncated = true;
    const where = source.locate(recovered.cutOffset);
    warnings.push({
      code: 'TRUNCATED',
      message: 'the JSON output stops inside a report (iostat was killed); the complete reports are kept',
      line: where.line,
      column: where.column,
    });
  }
  warnings.push(..._duplicateKeyWarnings(source, document, documentEnd));
  const hosts = asArray(asRecord(asRecord(document)?.sysstat)?.hosts);
  const hostEntry = asRecord(hosts?.[0]);
  if (hostEntry === undefined) {
    throw _errorAt(source, 0, {
      code: 'MISSING_SECTION',
      tool: 'iostat',
      format: 'json',
      message: 'expected {"sysstat": {"hosts": [...]}} as iostat -o JSON prints it',
    });
  }
  const entries = (asArray(hostEntry.statistics) ?? []).map(asRecord);
  // The date and timestamps are `%x` in the run's LC_TIME locale (the numbers are always C's):
  // their order is read from the date and the first timestamp, as for the text (locale.ts).
  const firstStamp = entries.find((entry) => typeof entry?.timestamp === 'string')?.timestamp;
  const dates = [typeof hostEntry.date === 'string' ? hostEntry.date : '', String(firstStamp ?? '')];
  const { order, warning } = chooseDateOrder(dates, 0);
  if (warning !== null) warnings.push({ ...warning, ...source.locate(text.indexOf('"date"') + 1) });
  const host = readHost(hostEntry, order);
  const reports: IostatReport[] = [];
  const sinceBoot = options.sinceBoot ?? true;
  for (const [index, statistics] of entries.entries()) {
    if (statistics === undefined) continue;
    const at: JsonPath = ['sysstat', 'hosts', 0, 'statistics', index];
    reports.push(readReport(statistics, reports.length, sinceBoot && reports.length === 0, source, order, at));
  }
  return { host, reports, isTruncated, warnings };
}

function readHost(entry: Record<string, unknown>, order: DateOrder): IostatHost {
  const date = typeof entry.date === 'string' ? entry.date : '';
  const cpus = entry['number-of-cpus'];
  return {
    system: String(entry.sysname ?? ''),
    release: String(entry.release ?? ''),
    host: String(entry.nodename ?? ''),
    date,
    dateIso: dateToIso(date, order),
    arch: typeof entry.machine === 'string' ? entry.machine : null,
    cpuCount: typeof cpus === 'number' ? cpus : null,
  };
}

const CPU_KEYS: readonly [string, keyof IostatCpu][] = [
  ['user', 'userPercent'],
  ['nice', 'nicePercent'],
  ['system', 'systemPercent'],
  ['iowait', 'iowaitPercent'],
  ['steal', 'stealPercent'],
  ['idle', 'idlePercent'],
];

type JsonPath = readonly (string | number)[];

/**
 * A value iostat prints as a number: `%.2f` of a rate, size, time or percentage, never below zero
 * and never beyond a double (JSON.parse reads `1e309` as Infinity). Anything else is BAD_NUMBER
 * at the value's line and column.
 */
function numberAt(source: TextSource, raw: unknown, path: JsonPath, what: string): number {
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) return raw;
  const found =
    typeof raw !== 'number'
      ? `found ${JSON.stringify(raw)?.slice(0, 40) ?? 'nothing'}`
      : raw < 0
        ? `found ${raw} (iostat prints none below zero)`
        : 'found a number beyond any iostat prints';
  throw jsonErrorAt(source, path, `expected a number for ${what}, ${found}`);
}

function jsonErrorAt(source: TextSource, path: JsonPath, message: string): ParseError {
  return _errorAt(source, _offsetOfJsonPath(source.text, 0, path), {
    code: 'BAD_NUMBER',
    tool: 'iostat',
    format: 'json',
    message,
  });
}

function readReport(
  statistics: Record<string, unknown>,
  sample: number,
  isSinceBoot: boolean,
  source: TextSource,
  order: DateOrder,
  path: JsonPath,
): IostatReport {
  const stamp = typeof statistics.timestamp === 'string' ? parseTimestamp(statistics.timestamp, order) : null;
  const cpuEntry = asRecord(statistics['avg-cpu']);
  let cpu: IostatCpu | null = null;
  if (cpuEntry !== undefined) {
    cpu = {
      userPercent: null,
      nicePercent: null,
      systemPercent: null,
      iowaitPercent: null,
      stealPercent: null,
      idlePercent: null,
    };
    for (const [key, field] of CPU_KEYS) {
      const value = cpuEntry[key];
      if (value !== undefined) cpu[field] = numberAt(source, value, [...path, 'avg-cpu', key], `avg-cpu "${key}"`);
    }
  }
  // Each disk entry names its keys; the report's columns are every key any disk has, in the
  // order first seen, and a disk without one of them has null under it.
  const columns: IostatColumn[] = [];
  const columnIndex = new Map<string, number>();
  const rows: { name: string; entries: [number, number][] }[] = [];
  for (const [diskIndex, item] of (asArray(statistics.disk) ?? []).entries()) {
    const disk = asRecord(item);
    if (disk === undefined) continue;
    const name = typeof disk.disk_device === 'string' ? disk.disk_device : '';
    const hasRateMergeKey = 'rrqm/s' in disk;
    const entries: [number, number][] = [];
    for (const key in disk) {
      if (key === 'disk_device') continue;
      const raw = numberAt(source, disk[key], [...path, 'disk', diskIndex, key], `"${key}" of device "${name}"`);
      const spec = columnSpec(jsonKeyColumn(key, hasRateMergeKey));
      let index = columnIndex.get(key);
      if (index === undefined) {
        index = columns.length;
        columnIndex.set(key, index);
        columns.push({ name: key, metric: spec.metric, unit: spec.unit });
      }
      entries.push([index, raw * spec.factor]);
    }
    rows.push({ name, entries });
  }
  const devices: IostatDevice[] = rows.map(({ name, entries }) => {
    const values: (number | null)[] = columns.map(() => null);
    for (const [index, value] of entries) values[index] = value;
    // A -g group total is named with a leading space (" disks").
    return { device: name.trimStart(), isGroup: name.startsWith(' '), values };
  });
  return {
    sample,
    timestamp: stamp?.iso ?? null,
    timestampText: typeof statistics.timestamp === 'string' ? statistics.timestamp : null,
    isSinceBoot,
    cpu,
    columns,
    devices,
  };
}

/**
 * A JSON output cut inside `statistics`: the complete entries, closed so JSON.parse reads them,
 * and where the cut is; null when the text is not such an output.
 */
function recoverTruncated(text: string): { document: unknown; cutOffset: number } | null {
  const marker = /"statistics"\s*:\s*\[/.exec(text);
  if (marker === null) return null;
  const listStart = marker.index + marker[0].length;
  let depth = 0;
  let inString = false;
  let lastComplete = listStart;
  for (let i = listStart; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // backslash escape
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 123 || code === 91) {
      depth++;
    } else if (code === 125 || code === 93) {
      depth--;
      if (depth === 0) lastComplete = i + 1;
      if (depth < 0) return null; // the list closed: the damage is elsewhere
    }
  }
  try {
    return { document: JSON.parse(`${text.slice(0, lastComplete)}]}]}}`), cutOffset: lastComplete };
  } catch {
    return null;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}
