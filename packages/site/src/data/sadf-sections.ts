import type { LoadedRun } from '@benchfolio/parsers/node';
import type { RunRef, ToolSection } from '../view/model.ts';
import { deviceSections } from './device-sections.ts';
import { SADF_FIGURES, sadfDeviceSeries } from './sadf-series.ts';

/**
 * The sadf sections, as iostat's (device-sections.ts): one per workload the sar files were
 * collected during, each run's disks over time and their summary, idle disks left out. The
 * figures are sar's: tps where iostat has r/s and w/s.
 */
export function sadfSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  return deviceSections(runs, runRefs, {
    tool: 'sadf',
    seriesOf: (run, output) => sadfDeviceSeries(run, output.parsed.measurements),
    isCommand: (command) => /(?:^|[\s/])sadf\s/.test(command),
    figures: SADF_FIGURES,
  });
}
