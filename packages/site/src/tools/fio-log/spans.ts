// When each fio job ran, marked on the iostat section's time axis: where a run's fio logs count
// from the epoch (tools/fio-log/clock.ts) and its iostat log's first report has a zoned time, each
// job's repeat becomes a span of that run's device time axis (seconds since its first report).

import type { LoadedRun } from '@benchfolio/parsers/node';
import type { DeviceSeries, TimeSpan, ToolSection } from '../../view/model.ts';
import { isZoned, jobClocks, REPORT_TIME_OFFSET_MS } from './clock.ts';

/** The sections with `spans` added to those with devices, where a run's clocks are shared. */
export function withJobSpans(sections: ToolSection[], runs: readonly LoadedRun[]): ToolSection[] {
  for (const section of sections) {
    const spans = jobSpans(section.devices ?? [], runs);
    if (spans.length > 0) section.spans = spans;
  }
  return sections;
}

/**
 * Each run's fio jobs on its device series' axis: from the job's start to its last log line,
 * seconds since the series' first report (`start`, which must carry its UTC offset), kept where
 * they overlap the series. A run of one repeat is labelled by its jobs alone.
 */
export function jobSpans(devices: readonly DeviceSeries[], runs: readonly LoadedRun[]): TimeSpan[] {
  const spans: TimeSpan[] = [];
  const seen = new Set<string>();
  for (const series of devices) {
    if (seen.has(series.run) || series.start === undefined || !isZoned(series.start)) continue;
    seen.add(series.run);
    const run = runs.find((candidate) => candidate.id === series.run);
    if (run === undefined) continue;
    // The axis counts from the first report's printed time; the job's clock is the wall clock,
    // on which that report came about half a second later (REPORT_TIME_OFFSET_MS).
    const startMs = Date.parse(series.start) + REPORT_TIME_OFFSET_MS;
    const lastSec = series.t.at(-1) ?? 0;
    const clocks = [...jobClocks(run).values()].sort((a, b) => a.startMs - b.startMs);
    const hasRepeats = clocks.some((clock) => clock.repeat !== 1);
    for (const clock of clocks) {
      const fromSec = (clock.startMs - startMs) / 1000;
      const toSec = (clock.endMs - startMs) / 1000;
      if (toSec < 0 || fromSec > lastSec) continue;
      spans.push({
        run: series.run,
        label: hasRepeats ? `${clock.job}, repeat ${clock.repeat}` : clock.job,
        shortLabel: hasRepeats ? `${clock.job} #${clock.repeat}` : clock.job,
        fromSec: round3(fromSec),
        toSec: round3(toSec),
      });
    }
  }
  return spans;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
