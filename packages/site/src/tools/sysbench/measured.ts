import type { Measurement } from '@benchfolio/parsers';
import { measuredRuns } from '../../sections/measured.ts';

/** One sysbench run of an output, as its measurements give it. */
export interface SysbenchMeasuredRun {
  /** The run's labels: `test`, `mode`, `threads`, and `command` for a prepare or cleanup run. */
  labels: Readonly<Record<string, string>>;
  /** The run's own figures (events per second, latency, ...), by metric. */
  values: ReadonlyMap<string, Measurement>;
  /** Its --report-interval lines in order, each line's figures by metric (`elapsed` among them). */
  intervals: ReadonlyArray<ReadonlyMap<string, Measurement>>;
}

interface Building {
  labels: Readonly<Record<string, string>>;
  values: ReadonlyMap<string, Measurement>;
  intervals: Array<ReadonlyMap<string, Measurement>>;
  lastSample: number;
}

/**
 * An output's sysbench measurements, run by run. Labels do not number the runs (repeats have the
 * same), and the library lists a run's measurements together: its own figures, its histogram
 * buckets (label `bucket_ns`; left out here, the site reads bins from the typed result), then its
 * interval lines (label `sample`). So a run begins with figures of its own where the labels change
 * or a metric comes again (measuredRuns), or with an interval line that does not go on from the
 * run's last one: its `sample` does not go up, or its labels differ (but for `threads`, which an
 * interval line gives as it ran). A run that measured nothing has no entry.
 */
export function sysbenchMeasuredRuns(measurements: readonly Measurement[]): SysbenchMeasuredRun[] {
  const runs: Building[] = [];
  let current: Building | undefined;
  for (const { labels, values } of measuredRuns(measurements.filter((m) => m.labels.bucket_ns === undefined))) {
    const sample = labels.sample === undefined ? undefined : Number(labels.sample);
    if (sample === undefined) {
      current = { labels, values, intervals: [], lastSample: -1 };
      runs.push(current);
      continue;
    }
    const { sample: _sample, ...lineLabels } = labels;
    if (current === undefined || sample <= current.lastSample || !isSameRun(current.labels, lineLabels)) {
      current = { labels: lineLabels, values: new Map(), intervals: [], lastSample: -1 };
      runs.push(current);
    }
    current.intervals.push(values);
    current.lastSample = sample;
  }
  return runs.map(({ labels, values, intervals }) => ({ labels, values, intervals }));
}

/** Whether an interval line's labels (without `sample`) are those of the run: `threads` aside. */
function isSameRun(run: Readonly<Record<string, string>>, line: Readonly<Record<string, string>>): boolean {
  const keys = new Set([...Object.keys(run), ...Object.keys(line)]);
  keys.delete('threads');
  return [...keys].every((key) => run[key] === line[key]);
}
