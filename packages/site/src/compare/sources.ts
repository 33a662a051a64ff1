// Where a compared number comes from: the raw files of its run that hold its workload, by the
// fingerprints of its experiment's compare-runs.json; or the experiment's measurements for a
// published table.

import type { CompareFingerprint, CompareRun } from './compare-index.ts';

export interface SourceFile {
  file: string;
  href: string;
}

/** `sysbench:fileio` → sysbench; `fio:published` → fio. */
function toolOfSection(sectionKey: string): string {
  return sectionKey.split(':')[0] ?? sectionKey;
}

/**
 * Whether a fingerprint is the workload of a bar group: fio's job name is the group, or
 * `<run.yaml workload> · <job>` where the job name comes under several workloads; sysbench's
 * group is `<mode>/<threads>` and its workload `<test> <mode>` with a threads field.
 */
function isGroupWorkload(entry: CompareFingerprint, group: string): boolean {
  const { workload, fields } = entry.fingerprint;
  if (workload === group || (entry.workload !== undefined && group === `${entry.workload} · ${workload}`)) return true;
  const [mode, threads] = group.split('/');
  if (mode === undefined || threads === undefined || !workload.endsWith(` ${mode}`)) return false;
  const field = fields.find((candidate) => candidate.key === 'threads');
  return field !== undefined && String(field.value) === threads;
}

/**
 * The fingerprints of the workload a run's number in a group of a compared section was read
 * from: those whose workload is the group's, else every one of the section's tool (a bonnie++
 * size, dd). None for a published table.
 */
export function groupFingerprints(
  run: { fingerprints: readonly CompareFingerprint[] },
  sectionKey: string,
  group: string,
): CompareFingerprint[] {
  if (sectionKey.endsWith(':published')) return [];
  const ofTool = run.fingerprints.filter((entry) => entry.fingerprint.tool === toolOfSection(sectionKey));
  const ofGroup = ofTool.filter((entry) => isGroupWorkload(entry, group));
  return ofGroup.length > 0 ? ofGroup : ofTool;
}

/**
 * The raw files a run's number in a group of a compared section was read from: the files of its
 * workload's fingerprints (groupFingerprints); for a published table, the experiment's
 * measurements (`measurementsHref`).
 */
export function cellSources(
  run: Pick<CompareRun, 'fingerprints' | 'measurementsHref'>,
  sectionKey: string,
  group: string,
): SourceFile[] {
  if (sectionKey.endsWith(':published'))
    return run.measurementsHref === undefined ? [] : [{ file: 'measurements.csv', href: run.measurementsHref }];
  const files = new Map(groupFingerprints(run, sectionKey, group).map((entry) => [entry.file, entry.fileHref]));
  return [...files].map(([file, href]) => ({ file, href }));
}
