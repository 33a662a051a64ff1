import type { Measurement, MeasurementUnit } from '../../measurement.ts';
import type { FioHistogramLog, FioLogResult, FioSampleLog } from './schema.ts';

/**
 * The tidy view of a fio log (documented in the package README, "fio logs"):
 * - a sample log: one `<kind>` per line (`bw` B/s, `iops` op/s, `lat`/`clat`/`slat` ns), and
 *   `<kind>.window_max` with log_window_value=both; labels `direction` (read, write, trim),
 *   `sample` (0-based line of the log), `time_ms` (the log's time column); then per direction
 *   `<kind>.count`, `<kind>.mean`, `<kind>.min`, `<kind>.max`, and for a per-I/O latency log
 *   `<kind>.p<N>` (ns);
 * - a histogram log: per line (interval and direction) `clat.count` and `clat.p<N>` (ns), with
 *   the same labels; then per direction the same over the whole log.
 * Every measurement also has `job` and `host` when the file name gives them. A log of unknown
 * kind has none (its values have no unit).
 */
export function fioLogMeasurements(result: FioLogResult): Measurement[] {
  return result.type === 'samples' ? sampleMeasurements(result) : histogramMeasurements(result);
}

const DIRECTION_NAMES = ['read', 'write', 'trim'];

function baseLabels(result: FioLogResult): Record<string, string> {
  const labels: Record<string, string> = {};
  const name = result.fileName;
  if (name?.job != null) labels.job = String(name.job);
  if (name?.host != null) labels.host = name.host;
  return labels;
}

/** "99.9" → "p99.9", as fio's own measurements name percentiles. */
const percentileName = (percentile: number) => `p${Number(percentile)}`;

function sampleMeasurements(result: FioSampleLog): Measurement[] {
  const out: Measurement[] = [];
  if (result.kind === 'unknown' || result.kind === 'clat_hist' || result.unit === null) return out;
  const metric = result.kind;
  const unit: MeasurementUnit = result.unit;
  const base = baseLabels(result);
  const { timeMs, values, values1, directions } = result.rows;
  for (let i = 0; i < values.length; i++) {
    const labels = {
      ...base,
      direction: DIRECTION_NAMES[directions[i] as number] as string,
      sample: String(result.firstSample + i),
      time_ms: String(timeMs[i]),
    };
    out.push({ tool: 'fio-log', metric, unit, value: values[i] as number, labels });
    if (values1 !== null) {
      out.push({ tool: 'fio-log', metric: `${metric}.window_max`, unit, value: values1[i] as number, labels });
    }
  }
  for (const summary of result.summary) {
    const labels = { ...base, direction: summary.direction };
    out.push({ tool: 'fio-log', metric: `${metric}.count`, unit: 'count', value: summary.count, labels });
    out.push({ tool: 'fio-log', metric: `${metric}.mean`, unit, value: summary.mean, labels });
    out.push({ tool: 'fio-log', metric: `${metric}.min`, unit, value: summary.min, labels });
    out.push({ tool: 'fio-log', metric: `${metric}.max`, unit, value: summary.max, labels });
    summary.percentilesNs?.forEach((value, index) => {
      if (value === null) return;
      const name = percentileName(result.percentiles[index] as number);
      out.push({ tool: 'fio-log', metric: `${metric}.${name}`, unit: 'ns', value, labels });
    });
  }
  return out;
}

function histogramMeasurements(result: FioHistogramLog): Measurement[] {
  const out: Measurement[] = [];
  const base = baseLabels(result);
  const names = result.percentiles.map((percentile) => `clat.${percentileName(percentile)}`);
  const { timeMs, directions, sampleCounts } = result.intervals;
  const push = (labels: Record<string, string>, count: number, percentiles: readonly (number | null)[]) => {
    out.push({ tool: 'fio-log', metric: 'clat.count', unit: 'count', value: count, labels });
    percentiles.forEach((value, index) => {
      if (value !== null) out.push({ tool: 'fio-log', metric: names[index] as string, unit: 'ns', value, labels });
    });
  };
  for (let i = 0; i < timeMs.length; i++) {
    const labels = {
      ...base,
      direction: DIRECTION_NAMES[directions[i] as number] as string,
      sample: String(result.firstSample + i),
      time_ms: String(timeMs[i]),
    };
    push(labels, sampleCounts[i] as number, result.intervalPercentilesNs[i] ?? []);
  }
  for (const summary of result.summary)
    push({ ...base, direction: summary.direction }, summary.count, summary.percentilesNs);
  return out;
}
