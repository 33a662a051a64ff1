import type { Measurement } from '@benchfolio/parsers';

/** The measurements of one run of a tool inside an output: one labels set, each metric once. */
export interface MeasuredRun {
  labels: Readonly<Record<string, string>>;
  values: ReadonlyMap<string, Measurement>;
}

/**
 * An output's measurements, run by run, for tools whose labels do not number their runs (bonnie++
 * prints the same name and size for each repeat): the library lists a run's measurements together,
 * so a run ends where the labels change or a metric comes again. A run that measured nothing
 * (every test `+++++`) has no measurements and so no entry.
 */
export function measuredRuns(measurements: readonly Measurement[]): MeasuredRun[] {
  const runs: MeasuredRun[] = [];
  let labels: Readonly<Record<string, string>> | undefined;
  let values = new Map<string, Measurement>();
  for (const measurement of measurements) {
    if (labels === undefined || values.has(measurement.metric) || !sameLabels(labels, measurement.labels)) {
      labels = measurement.labels;
      values = new Map();
      runs.push({ labels, values });
    }
    values.set(measurement.metric, measurement);
  }
  return runs;
}

function sameLabels(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
