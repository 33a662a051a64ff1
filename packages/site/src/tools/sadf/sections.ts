import type { LoadedRun } from '@benchfolio/parsers/node';
import { deviceSections } from '../../sections/device-sections.ts';
import type { RunRef, ToolSection } from '../../view/model.ts';
import { SADF_FIGURES, sadfDeviceSeries } from './series.ts';

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
    notes: SADF_NOTES,
  });
}

/** Why the figures are not quite iostat's (data/glossary.ts says the same at more length). */
const SADF_NOTES = [
  'A sar data file (written by sadc), printed by sadf -j: each disk’s figures at every statistics entry, over the seconds since the first; disks idle throughout are left out.',
  'Utilization and average wait come from the same kernel counters as iostat’s. sar counts requests both ways together, as transfers per second (tps), where iostat has reads and writes per second apart; r/s or w/s picked in an iostat section shows tps here.',
];
