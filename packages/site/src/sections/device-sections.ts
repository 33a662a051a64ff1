// Sections of devices over time, for every tool that logs device figures beside a benchmark
// (iostat's logs, sadf -j of sar files): the grouping by workload, the choice among repeats, the
// per-device summary and the downsampling, in one place. Each tool brings its series.

import type { ToolName } from '@benchfolio/parsers';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { downsample } from '../charts/downsample.ts';
import type { AnyDeviceFigure, DeviceSeries, DeviceSummary, DeviceValues, RunRef, ToolSection } from '../view/model.ts';
import { slug, UniqueKeys } from './keys.ts';

/** A series is cut down to this many points (min/max per bucket) to keep the page light. */
export const MAX_SERIES_POINTS = 600;

/** What a tool's device sections are made of. */
export interface DeviceTool {
  tool: ToolName;
  /**
   * One log's device series at full resolution, given the command that took it (the output's
   * own, else the first of the run's commands that `isCommand` recognises).
   */
  seriesOf(run: string, output: LoadedOutput, command: string | undefined): DeviceSeries[];
  /** Whether a command of the run is the tool's (where an output names no command of its own). */
  isCommand(command: string): boolean;
  /** The figures its sections offer, where they are not iostat's (ToolSection.deviceFigures). */
  figures?: AnyDeviceFigure[];
  /** What its sections' figures are made of, said under their title (ToolSection.notes). */
  notes?: string[];
}

/**
 * The tool's sections: one per workload the logs were taken during (one when they name none),
 * with each run's devices over time and their summary. A run with several logs for one workload
 * (repeats) shows its first, and the title says so.
 */
export function deviceSections(
  runs: readonly LoadedRun[],
  runRefs: readonly RunRef[],
  deviceTool: DeviceTool,
): ToolSection[] {
  const { tool } = deviceTool;
  const byWorkload = new Map<string, Array<{ run: string; output: LoadedOutput }>>();
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== tool) continue;
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
        first.output.declared.command ??
        runs.find((run) => run.id === ref.id)?.run.commands.find((candidate) => deviceTool.isCommand(candidate));
      for (const full of deviceTool.seriesOf(ref.id, first.output, command)) {
        deviceSummaries.push(summarize(full));
        // The summary is of every report; the series drawn keeps each bucket's extremes.
        devices.push(downsample(full, MAX_SERIES_POINTS));
      }
    }
    sections.push({
      // One log per run (the runner's "iostat during the run") is the plain `iostat` section.
      key: keys.make(byWorkload.size === 1 ? tool : `${tool}-${slug(workload)}`),
      tool,
      title: `${sectionTitle(tool, workload)}${hasRepeats ? ' (the first of its repeats)' : ''}`,
      origin: 'raw',
      metrics: [],
      devices,
      deviceSummaries,
      ...(deviceTool.figures === undefined ? {} : { deviceFigures: deviceTool.figures }),
      ...(deviceTool.notes === undefined ? {} : { notes: deviceTool.notes }),
    });
  }
  return sections;
}

/** "iostat", "iostat during the run" (a workload naming the tool itself), "sadf during fio-seed". */
function sectionTitle(tool: string, workload: string): string {
  if (workload === '') return tool;
  return workload.startsWith(tool) ? workload : `${tool} during ${workload}`;
}

/** Mean and max of each figure the series has over the full series (nulls left out). */
export function summarize(series: DeviceSeries): DeviceSummary {
  const mean = {} as DeviceValues<number | null>;
  const max = {} as DeviceValues<number | null>;
  for (const [figure, values] of Object.entries(series.values) as Array<[AnyDeviceFigure, Array<number | null>]>) {
    // A loop, not Math.max(...values): a long log has more values than a call takes arguments.
    let sum = 0;
    let count = 0;
    let largest = Number.NEGATIVE_INFINITY;
    for (const value of values) {
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
