import { JsonBytesWriter, jsonBytes } from '../json-bytes.ts';
import type { Measurement } from '../measurement.ts';
import type { ToolOutput } from '../parser.ts';
import { CPU_METRICS } from './measurements.ts';
import type { IostatColumn, IostatCpu, IostatDevice, IostatReport, IostatResult } from './schema.ts';
import { unreadReport } from './stream.ts';

/**
 * The `--ndjson` text of one streamed iostat output: exactly what `JSON.stringify` gives for
 * `{ file, tool, format, toolVersion, result, warnings }` (or, with `tidy`, for each
 * measurement), one line each, each ending in a line end. The typed piece comes as UTF-8 bytes,
 * a view of the writer's buffer valid until the next call (the CLI copies them into its output
 * buffer: no string is made and encoded again); the tidy lines as a string. A streamed log is a million device
 * rows of twenty-odd numbers: JSON.stringify walks every object and looks up every key, where
 * here the parts that repeat from report to report (the keys, the column list, the host, a
 * device name, a measurement's `{"tool":...,"metric":...,"unit":...,"value":` start) are written
 * once and reused, and each value is formatted once. Strings go through JSON.stringify, so
 * escaping is its own; a test compares the text with JSON.stringify's on every corpus log.
 */
export function iostatNdjson(
  output: ToolOutput<'iostat', IostatResult>,
  file: string,
  tidy: boolean,
): string | Uint8Array {
  if (tidy) return tidyText(output);
  const result = output.result;
  writeOutputLine(writer, file, output, result.reports, null);
  return writer.takeBytes();
}

/**
 * Writes the `--ndjson` line of one output (see iostatNdjson) to `out`. `rows`: the text of the
 * device rows of the output's one report when they were written as they were read
 * (ndjson-stream.ts: that report's `devices` are then empty), else null.
 */
export function writeOutputLine(
  out: JsonBytesWriter,
  file: string,
  output: Pick<ToolOutput<'iostat', IostatResult>, 'tool' | 'format' | 'toolVersion' | 'warnings'> & {
    result: Omit<IostatResult, 'reports'>;
  },
  reports: readonly IostatReport[],
  rows: Uint8Array | null,
): void {
  const result = output.result;
  out.put(outputStart(file, output));
  for (let r = 0; r < reports.length; r++) {
    if (r > 0) out.byte(COMMA);
    writeReport(out, reports[r] as IostatReport, rows);
  }
  // The usual end, no summary and no warnings, is bytes made once.
  if (!result.isTruncated && result.summary.length === 0 && output.warnings.length === 0) {
    out.put(PLAIN_END);
    return;
  }
  out.put(result.isTruncated ? TRUNCATED_SUMMARY : NOT_TRUNCATED_SUMMARY);
  if (result.summary.length === 0) out.put(EMPTY_LIST);
  else out.raw(JSON.stringify(result.summary));
  out.put(WARNINGS);
  if (output.warnings.length === 0) out.put(EMPTY_LIST);
  else out.raw(JSON.stringify(output.warnings));
  out.put(END_LINE);
}

/** The fields of an output that its line's start (up to its reports) is made from. */
type OutputStartFields = Parameters<typeof writeOutputLine>[2];

/**
 * The start of an output's line, `{"file":...,"result":{...,"host":{...},"reports":[`, as bytes:
 * made again only when a field differs from the last output's (every output of a streamed log
 * has the same), so that a report's line does not write its file name, tool, formats and host
 * anew. The host compares by identity, as hostBytes does.
 */
function outputStart(file: string, output: OutputStartFields): Uint8Array {
  const last = lastStart;
  if (
    last !== null &&
    last.file === file &&
    last.tool === output.tool &&
    last.format === output.format &&
    last.toolVersion === output.toolVersion &&
    last.resultFormat === output.result.format &&
    last.host === output.result.host
  ) {
    return last.bytes;
  }
  const start = new JsonBytesWriter();
  start.put(FILE);
  start.string(file);
  start.put(TOOL);
  start.string(output.tool);
  start.put(FORMAT);
  start.string(output.format);
  start.put(TOOL_VERSION);
  if (output.toolVersion === null) start.put(NULL);
  else start.string(output.toolVersion);
  start.put(RESULT_FORMAT);
  start.string(output.result.format);
  start.put(HOST);
  start.put(hostBytes(output.result.host));
  start.put(REPORTS);
  const bytes = start.written().slice();
  lastStart = {
    file,
    tool: output.tool,
    format: output.format,
    toolVersion: output.toolVersion,
    resultFormat: output.result.format,
    host: output.result.host,
    bytes,
  };
  return bytes;
}

let lastStart: {
  file: string;
  tool: string;
  format: string;
  toolVersion: string | null;
  resultFormat: string;
  host: IostatResult['host'];
  bytes: Uint8Array;
} | null = null;

/** One writer for every output: its buffer grows to the largest report and is reused. */
const writer = new JsonBytesWriter();

/** A number as JSON writes it: non-finite numbers (never made by the parser) become null. */
function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : 'null';
}

/**
 * Strings that recur (device names) quoted once: JSON.stringify of a short string costs more
 * than a lookup. Bounded, so a log of ever new names cannot grow it for ever.
 */
const quotedCache = new Map<string, string>();
const QUOTED_CACHE_MAX = 4096;

function quoted(text: string): string {
  let json = quotedCache.get(text);
  if (json === undefined) {
    if (quotedCache.size >= QUOTED_CACHE_MAX) quotedCache.clear();
    json = JSON.stringify(text);
    quotedCache.set(text, json);
  }
  return json;
}

/**
 * `,"columns":[...],"devices":[` of a report's column list, as bytes: reports of one layout share
 * its list (the same array), whose text is then made once, keys around it included.
 */
const tableStarts = new WeakMap<readonly IostatColumn[], Uint8Array>();
let lastHost: unknown = null;
let lastHostBytes = jsonBytes('null');

function tableStart(columns: readonly IostatColumn[]): Uint8Array {
  // A log of appended runs alternates between layouts: each layout's text is kept, not only the last.
  let bytes = tableStarts.get(columns);
  if (bytes === undefined) {
    bytes = jsonBytes(`,"columns":${JSON.stringify(columns)},"devices":[`);
    tableStarts.set(columns, bytes);
  }
  return bytes;
}

function hostBytes(host: IostatResult['host']): Uint8Array {
  if (host !== lastHost) {
    lastHost = host;
    lastHostBytes = jsonBytes(JSON.stringify(host));
  }
  return lastHostBytes;
}

const FILE = jsonBytes('{"file":');
const TOOL = jsonBytes(',"tool":');
const FORMAT = jsonBytes(',"format":');
const TOOL_VERSION = jsonBytes(',"toolVersion":');
const RESULT_FORMAT = jsonBytes(',"result":{"format":');
const HOST = jsonBytes(',"host":');
const REPORTS = jsonBytes(',"reports":[');
const TRUNCATED_SUMMARY = jsonBytes('],"isTruncated":true,"summary":');
const NOT_TRUNCATED_SUMMARY = jsonBytes('],"isTruncated":false,"summary":');
const EMPTY_LIST = jsonBytes('[]');
const WARNINGS = jsonBytes('},"warnings":');
const END_LINE = jsonBytes('}\n');
/** NOT_TRUNCATED_SUMMARY, EMPTY_LIST, WARNINGS, EMPTY_LIST and END_LINE in one. */
const PLAIN_END = jsonBytes('],"isTruncated":false,"summary":[]},"warnings":[]}\n');

const SAMPLE = jsonBytes('{"sample":');
const TIMESTAMP = jsonBytes(',"timestamp":');
const TIMESTAMP_TEXT = jsonBytes(',"timestampText":');
const SINCE_BOOT = jsonBytes(',"isSinceBoot":true,"cpu":');
const NOT_SINCE_BOOT = jsonBytes(',"isSinceBoot":false,"cpu":');

/**
 * `{"device":"sda","isGroup":false,"values":[` by device name, as bytes: a log names the same
 * few devices in every report. Bounded, so that a log of ever new names cannot grow it for ever.
 */
const deviceStarts = new Map<string, Uint8Array>();
const groupStarts = new Map<string, Uint8Array>();
const DEVICE_STARTS_MAX = 4096;

function deviceStart(device: IostatDevice): Uint8Array {
  const starts = device.isGroup ? groupStarts : deviceStarts;
  let bytes = starts.get(device.device);
  if (bytes === undefined) {
    if (starts.size >= DEVICE_STARTS_MAX) starts.clear();
    bytes = jsonBytes(`{"device":${JSON.stringify(device.device)},"isGroup":${device.isGroup},"values":[`);
    starts.set(device.device, bytes);
  }
  return bytes;
}
const NULL = jsonBytes('null');
const COMMA = 44;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;

function writeReport(out: JsonBytesWriter, report: IostatReport, rows: Uint8Array | null): void {
  out.put(SAMPLE);
  out.number(report.sample);
  out.put(TIMESTAMP);
  if (report.timestamp === null) out.put(NULL);
  else out.string(report.timestamp);
  out.put(TIMESTAMP_TEXT);
  if (report.timestampText === null) out.put(NULL);
  else out.string(report.timestampText);
  out.put(report.isSinceBoot ? SINCE_BOOT : NOT_SINCE_BOOT);
  writeCpu(out, report.cpu);
  out.put(tableStart(report.columns));
  const devices = report.devices;
  if (rows !== null && devices.length === 0) out.put(rows);
  for (let d = 0; d < devices.length; d++) {
    const device = devices[d] as IostatDevice;
    if (d > 0) out.byte(COMMA);
    out.put(deviceStart(device));
    out.numbers(device.values);
    out.byte(CLOSE_BRACKET);
    out.byte(CLOSE_BRACE);
  }
  out.byte(CLOSE_BRACKET);
  out.byte(CLOSE_BRACE);
}

/**
 * `{"userPercent":...}` in the key order every iostat cpu object is made in (machine.ts,
 * parse-json.ts): each value read by its name. Read through a key held in a variable
 * (`cpu[key]` over CPU_METRICS), each was a generic lookup: 4% of the CLI's time on a long log.
 */
function writeCpu(out: JsonBytesWriter, cpu: IostatCpu | null): void {
  if (cpu === null) {
    out.put(NULL);
    return;
  }
  out.put(USER_KEY);
  out.number(cpu.userPercent);
  out.put(NICE_KEY);
  out.number(cpu.nicePercent);
  out.put(SYSTEM_KEY);
  out.number(cpu.systemPercent);
  out.put(IOWAIT_KEY);
  out.number(cpu.iowaitPercent);
  out.put(STEAL_KEY);
  out.number(cpu.stealPercent);
  out.put(IDLE_KEY);
  out.number(cpu.idlePercent);
  out.byte(CLOSE_BRACE);
}

const USER_KEY = jsonBytes('{"userPercent":');
const NICE_KEY = jsonBytes(',"nicePercent":');
const SYSTEM_KEY = jsonBytes(',"systemPercent":');
const IOWAIT_KEY = jsonBytes(',"iowaitPercent":');
const STEAL_KEY = jsonBytes(',"stealPercent":');
const IDLE_KEY = jsonBytes(',"idlePercent":');

/** With `--tidy`: one line per measurement of the output. */
function tidyText(output: ToolOutput<'iostat', IostatResult>): string {
  // Measurements never read need no objects: their text comes from the report (measurements.ts
  // makes them from it the same way), saving a few objects per value of the log.
  const unread = unreadReport(output);
  if (unread === null) return '';
  if (unread !== undefined) return reportMeasurementTexts(unread);
  let text = '';
  for (const measurement of output.measurements) text += measurementText(measurement);
  return text;
}

interface MeasurementStart {
  tool: string;
  unit: string;
  text: string;
}

/**
 * `{"tool":"iostat","metric":"r/s","unit":"op/s","value":` by metric. Keyed by the metric alone:
 * its string is the column's own, whose hash V8 keeps, where a key made of three would be hashed
 * anew each time.
 */
const measurementStarts = new Map<string, MeasurementStart>();

function measurementStart(measurement: Pick<Measurement, 'tool' | 'metric' | 'unit'>): string {
  let start = measurementStarts.get(measurement.metric);
  if (start === undefined || start.unit !== measurement.unit || start.tool !== measurement.tool) {
    start = {
      tool: measurement.tool,
      unit: measurement.unit,
      text:
        `{"tool":${JSON.stringify(measurement.tool)},"metric":${JSON.stringify(measurement.metric)}` +
        `,"unit":${JSON.stringify(measurement.unit)},"value":`,
    };
    measurementStarts.set(measurement.metric, start);
  }
  return start.text;
}

/** One measurement made some other way (its object was read): the labels are stringified as they are. */
function measurementText(measurement: Measurement): string {
  return `${measurementStart(measurement)}${numberText(measurement.value)},"labels":${JSON.stringify(measurement.labels)}}\n`;
}

/**
 * The text of reportMeasurements(report), made from the report: the avg-cpu values, then each
 * device's values column by column, nulls left out, with the labels in the same key order.
 */
function reportMeasurementTexts(report: IostatReport): string {
  let text = '';
  const sample = String(report.sample);
  const time = report.timestamp;
  const labelsTail =
    `"sample":${JSON.stringify(sample)}` +
    (time === null ? '' : `,"time":${JSON.stringify(time)}`) +
    (report.isSinceBoot ? ',"since_boot":"true"}}\n' : '}}\n');
  if (report.cpu !== null) {
    for (const [key, metric] of CPU_METRICS) {
      const value = report.cpu[key];
      if (value === null) continue;
      text += `${measurementStart({ tool: 'iostat', metric, unit: '%' })}${numberText(value)},"labels":{${labelsTail}`;
    }
  }
  const starts = report.columns.map((column) => measurementStart({ tool: 'iostat', ...column }));
  for (const device of report.devices) {
    const labels = `,"labels":{${device.isGroup ? '"group"' : '"device"'}:${quoted(device.device)},${labelsTail}`;
    const values = device.values;
    for (let i = 0; i < starts.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      text += `${starts[i]}${numberText(value)}${labels}`;
    }
  }
  return text;
}
