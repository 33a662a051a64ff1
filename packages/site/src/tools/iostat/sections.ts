import type { IostatResult, ParseOutput } from '@benchfolio/parsers';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { deviceSections } from '../../sections/device-sections.ts';
import type { DeviceSeries, RunRef, ToolSection } from '../../view/model.ts';
import { withJobSpans } from '../fio-log/spans.ts';
import { measuredDeviceSeries, streamedDeviceSeries } from './series.ts';

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
 * reports and no measurements (tools/iostat/descriptor.ts), so the series are read from the reports.
 */
export function streamedIostatSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const sections = sectionsWith(runs, runRefs, (run, output, interval) => {
    const result = iostatResultOf(output.parsed);
    return result === undefined ? [] : streamedDeviceSeries(run, result, interval);
  });
  return withJobSpans(sections, runs);
}

/** The grouping is device-sections.ts'; iostat brings its series and the interval of its command. */
function sectionsWith(runs: readonly LoadedRun[], runRefs: readonly RunRef[], seriesOf: SeriesOf): ToolSection[] {
  return deviceSections(runs, runRefs, {
    tool: 'iostat',
    seriesOf: (run, output, command) => seriesOf(run, output, iostatInterval(command)),
    isCommand: isIostat,
  });
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
