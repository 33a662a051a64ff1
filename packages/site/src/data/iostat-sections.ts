import type { IostatResult, ParseOutput } from '@benchfolio/parsers';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { downsample } from '../charts/downsample.ts';
import type { DeviceFigure, DeviceSeries, DeviceSummary, RunRef, ToolSection } from '../view/model.ts';
import { withJobSpans } from './fio-log-spans.ts';
import { FIGURES, measuredDeviceSeries, streamedDeviceSeries } from './iostat-series.ts';
import { slug, UniqueKeys } from './keys.ts';

/** A series is cut down to this many points (min/max per bucket) to keep the page light. */
export const MAX_SERIES_POINTS = 600;

/** One log's device series at full resolution, given its interval (from the command), or none. */
type SeriesOf = (run: string, output: LoadedOutput, interval: number | undefined) => DeviceSeries[];

/** The typed result of an iostat output (its reports); undefined for another tool's. */
export function iostatResultOf(output: ParseOutput): IostatResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'iostat' ? output.result : undefined;
}

/**
 * The iostat sections: one per workload the logs were taken during (one when they name none),
 * with each run's devices over time and their summary. A run with several logs for one workload
 * (repeats) shows its first, and the title says so. Devices that did nothing in the whole log
 * (idle disks, loop devices of other runs) are left out.
 */
export function iostatSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const sections = sectionsWith(runs, runRefs, (run, output, interval) =>
    measuredDeviceSeries(run, output.parsed.measurements, interval),
  );
  // fio's jobs marked on the time axis where they share iostat's clock.
  return withJobSpans(sections, runs);
}

/**
 * The same sections for /try, whose iostat logs are streamed: their outputs carry the typed
 * reports and no measurements (tools/iostat.ts), so the series are read from the reports.
 */
export function streamedIostatSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const sections = sectionsWith(runs, runRefs, (run, output, interval) => {
    const result = iostatResultOf(output.parsed);
    return result === undefined ? [] : streamedDeviceSeries(run, result, interval);
  });
  return withJobSpans(sections, runs);
}

function sectionsWith(runs: readonly LoadedRun[], runRefs: readonly RunRef[], seriesOf: SeriesOf): ToolSection[] {
  const byWorkload = new Map<string, Array<{ run: string; output: LoadedOutput }>>();
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'iostat') continue;
      const workload = output.declared.workload ?? '';
      byWorkload.set(workload, [...(byWorkload.get(workload) ?? []), { run: run.id, output }]);
    }
  }
  const keys = new UniqueKeys();
  const sections: ToolSection[] = [];
  for (const [workload, logs] of byWorkload) {
    const devices: DeviceSeries[] = [];
    const deviceSummaries: DeviceSummary[] = [];
    let hasRepeats = false;
    for (const ref of runRefs) {
      const own = logs
        .filter((log) => log.run === ref.id)
        .sort((a, b) => (a.output.declared.repeat ?? 0) - (b.output.declared.repeat ?? 0));
      const first = own[0];
      if (first === undefined) continue;
      if (own.length > 1) hasRepeats = true;
      const command =
        first.output.declared.command ?? runs.find((run) => run.id === ref.id)?.run.commands.find(isIostat);
      for (const full of seriesOf(ref.id, first.output, iostatInterval(command))) {
        deviceSummaries.push(summarize(full));
        // The summary is of every report; the series drawn keeps each bucket's extremes.
        devices.push(downsample(full, MAX_SERIES_POINTS));
      }
    }
    sections.push({
      // One log per run (the runner's "iostat during the run") is the plain `iostat` section.
      key: keys.make(byWorkload.size === 1 ? 'iostat' : `iostat-${slug(workload)}`),
      tool: 'iostat',
      title: `${iostatTitle(workload)}${hasRepeats ? ' (the first of its repeats)' : ''}`,
      origin: 'raw',
      metrics: [],
      devices,
      deviceSummaries,
    });
  }
  return sections;
}

/** "iostat", "iostat during the run" (a workload naming iostat itself), "iostat during fio-seed". */
function iostatTitle(workload: string): string {
  if (workload === '') return 'iostat';
  return workload.startsWith('iostat') ? workload : `iostat during ${workload}`;
}

function isIostat(command: string): boolean {
  return /(?:^|[\s/])iostat\s/.test(command);
}

/**
 * The interval iostat was given, the first bare number after `iostat` in its command
 * (`iostat -x -t -k 5` → 5), or undefined.
 */
export function iostatInterval(command: string | undefined): number | undefined {
  if (command === undefined) return undefined;
  const after = /(?:^|[\s/])iostat\s+(.*)$/m.exec(command)?.[1];
  if (after === undefined) return undefined;
  for (const token of after.split(/\s+/)) {
    if (/^[;&|>]/.test(token)) break;
    if (/^\d+(?:\.\d+)?$/.test(token)) return Number(token);
  }
  return undefined;
}

/** Mean and max of each figure over the full series (nulls left out). */
export function summarize(series: DeviceSeries): DeviceSummary {
  const mean = {} as Record<DeviceFigure, number | null>;
  const max = {} as Record<DeviceFigure, number | null>;
  for (const figure of FIGURES) {
    // A loop, not Math.max(...values): a long log has more values than a call takes arguments.
    let sum = 0;
    let count = 0;
    let largest = Number.NEGATIVE_INFINITY;
    for (const value of series.values[figure]) {
      if (value === null) continue;
      sum += value;
      count++;
      if (value > largest) largest = value;
    }
    mean[figure] = count === 0 ? null : sum / count;
    max[figure] = count === 0 ? null : largest;
  }
  return { run: series.run, device: series.device, mean, max };
}
