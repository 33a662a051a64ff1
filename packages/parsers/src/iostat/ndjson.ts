import type { Measurement } from '../measurement.ts';
import type { ParseOutput } from '../parser.ts';
import { CPU_METRICS } from './measurements.ts';
import type { IostatColumn, IostatDevice, IostatReport, IostatResult } from './schema.ts';
import { unreadReport } from './stream.ts';

/**
 * The `--ndjson` text of one streamed iostat output: exactly what `JSON.stringify` gives for
 * `{ file, ...output }` (or, with `tidy`, for each measurement), one line each, each ending in a
 * line end. A streamed log prints about eleven bytes of JSON per byte read, almost all of it the
 * device values twice (in the report and in the measurements); JSON.stringify walks every
 * object and formats every number twice, which made the CLI six times slower than the parse.
 * Here the parts that repeat from report to report (the column list, the host, a measurement's
 * `{"tool":...,"metric":...,"unit":...,"value":` start, a row's labels) are written once and
 * reused, and each value is formatted once for both places. Strings go through JSON.stringify,
 * so escaping is its own; a test compares the text with JSON.stringify's on every corpus log.
 */
export function iostatNdjson(output: ParseOutput<IostatResult>, file: string, tidy: boolean): string {
  // A streamed output holds one report; a short log streamed is parsed whole, with them all.
  const reports = output.result.reports;
  const rows = reports.length === 1 ? (reports[0] as IostatReport).devices : reports.flatMap((r) => r.devices);
  const valueTexts = rows.map((device) => device.values.map(numberText));
  // Measurements never read need no objects: their text comes from the report (measurements.ts
  // makes them from it the same way), saving a few objects per value of the log.
  const unread = unreadReport(output);
  const separator = tidy ? '\n' : ',';
  const measurements =
    unread === undefined
      ? measurementTexts(output.measurements, rows, valueTexts).join(separator)
      : unread === null
        ? ''
        : reportMeasurementTexts(unread, valueTexts, separator);
  if (tidy) return measurements === '' ? '' : `${measurements}\n`;
  const result = output.result;
  const parts = [
    `{"file":${JSON.stringify(file)},"tool":${JSON.stringify(output.tool)},"format":${JSON.stringify(output.format)}`,
    `,"toolVersion":${JSON.stringify(output.toolVersion)}`,
    `,"result":{"format":${JSON.stringify(result.format)},"host":${hostText(result.host)},"reports":[`,
    reportsText(reports, valueTexts),
    `],"isTruncated":${result.isTruncated},"summary":${JSON.stringify(result.summary)}}`,
    `,"measurements":[${measurements}]`,
    `,"warnings":${JSON.stringify(output.warnings)}}\n`,
  ];
  return parts.join('');
}

/** A number as JSON writes it: non-finite numbers (never made by the parser) become null. */
function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : 'null';
}

let lastColumns: readonly IostatColumn[] | null = null;
let lastColumnsText = '';
let lastHost: unknown = null;
let lastHostText = 'null';

function columnsText(columns: readonly IostatColumn[]): string {
  // Reports of one layout share its column list: the same array, written once.
  if (columns !== lastColumns) {
    lastColumns = columns;
    lastColumnsText = JSON.stringify(columns);
  }
  return lastColumnsText;
}

function hostText(host: IostatResult['host']): string {
  if (host !== lastHost) {
    lastHost = host;
    lastHostText = JSON.stringify(host);
  }
  return lastHostText;
}

/** The reports, given each device row's value texts in order over all of them. */
function reportsText(reports: readonly IostatReport[], valueTexts: readonly string[][]): string {
  let row = 0;
  return reports
    .map((report) => {
      const texts = valueTexts.slice(row, row + report.devices.length);
      row += report.devices.length;
      return reportText(report, texts);
    })
    .join(',');
}

function reportText(report: IostatReport, valueTexts: readonly string[][]): string {
  const devices = report.devices.map((device, index) => deviceText(device, valueTexts[index] as string[]));
  return (
    `{"sample":${numberText(report.sample)},"timestamp":${JSON.stringify(report.timestamp)}` +
    `,"timestampText":${JSON.stringify(report.timestampText)},"isSinceBoot":${report.isSinceBoot}` +
    `,"cpu":${JSON.stringify(report.cpu)},"columns":${columnsText(report.columns)},"devices":[${devices.join(',')}]}`
  );
}

function deviceText(device: IostatDevice, values: readonly string[]): string {
  return `{"device":${JSON.stringify(device.device)},"isGroup":${device.isGroup},"values":[${values.join(',')}]}`;
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

/**
 * The text of reportMeasurements(report), made from the report: the avg-cpu values, then each
 * device's values column by column, nulls left out, with the labels in the same key order.
 */
function reportMeasurementTexts(report: IostatReport, valueTexts: readonly string[][], separator: string): string {
  // One string grown piece by piece (V8 keeps it as a rope until it is written): cheaper than
  // an array of texts joined.
  let text = '';
  let isFirst = true;
  const sample = String(report.sample);
  const time = report.timestamp;
  const labelsTail =
    time === null
      ? `"sample":${JSON.stringify(sample)}}`
      : `"sample":${JSON.stringify(sample)},"time":${JSON.stringify(time)}}`;
  if (report.cpu !== null) {
    for (const [key, metric] of CPU_METRICS) {
      const value = report.cpu[key];
      if (value === null) continue;
      text += `${isFirst ? '' : separator}${measurementStart({ tool: 'iostat', metric, unit: '%' })}${numberText(value)},"labels":{${labelsTail}}`;
      isFirst = false;
    }
  }
  const starts = report.columns.map((column) => measurementStart({ tool: 'iostat', ...column }));
  for (let row = 0; row < report.devices.length; row++) {
    const device = report.devices[row] as IostatDevice;
    const labels = `,"labels":{${JSON.stringify(device.isGroup ? 'group' : 'device')}:${JSON.stringify(device.device)},${labelsTail}}`;
    const values = valueTexts[row] as string[];
    for (let i = 0; i < starts.length; i++) {
      if (device.values[i] === null || device.values[i] === undefined) continue;
      text += `${isFirst ? '' : separator}${starts[i]}${values[i]}${labels}`;
      isFirst = false;
    }
  }
  return text;
}

/**
 * Each measurement as JSON text. A device's measurements follow its values in order, nulls
 * left out (measurements.ts), so a cursor over the values finds each one's text already made.
 * Where the number differs (measurements made some other way) it is formatted again: the text
 * is right either way, the cursor only saves work.
 */
function measurementTexts(
  measurements: readonly Measurement[],
  devices: readonly IostatDevice[],
  valueTexts: readonly string[][],
): string[] {
  const texts: string[] = [];
  let labels: Measurement['labels'] | null = null;
  let labelsText = '';
  let row = 0;
  let column = 0;
  for (const measurement of measurements) {
    if (measurement.labels !== labels) {
      labels = measurement.labels;
      labelsText = JSON.stringify(labels);
    }
    let valueText: string | undefined;
    if (labels.device !== undefined || labels.group !== undefined) {
      // On to the next value that is not null.
      for (; row < devices.length; row++, column = 0) {
        const values = (devices[row] as IostatDevice).values;
        while (column < values.length && values[column] === null) column++;
        if (column < values.length) break;
      }
      if (devices[row]?.values[column] === measurement.value) {
        valueText = valueTexts[row]?.[column];
        column++;
      }
    }
    texts.push(`${measurementStart(measurement)}${valueText ?? numberText(measurement.value)},"labels":${labelsText}}`);
  }
  return texts;
}
