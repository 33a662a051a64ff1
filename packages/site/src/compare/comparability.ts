// Comparability first: /compare ranks together only runs whose workloads match in what changes the
// measurement (the library's fingerprints), and its first line says what else differs among the
// runs it ranks: the hardware's class (run.yaml `system`), the year and the tool's version.

import { compareFingerprints } from '@benchfolio/parsers';
import type { System } from '@benchfolio/parsers/content';
import { formatList } from '../lib/format.ts';
import { toolTitle } from '../tools/names.ts';
import type { CompareFingerprint, CompareRun } from './compare-index.ts';

/**
 * The fingerprint fields that change what is measured: the operation and its mode, block size,
 * queue depth, threads or jobs, direct and sync I/O, the read share, the engine, and bonnie++'s
 * file size against the memory. A file size or runtime that differs is said in the systems
 * section's workloads, but does not stop a ranking.
 */
export const MEASURED_FIELDS: ReadonlySet<string> = new Set([
  'rw',
  'mode',
  'test',
  'bs',
  'iodepth',
  'threads',
  'direct',
  'sync',
  'io-mode',
  'rwmixread',
  'rw-ratio',
  'ioengine',
  'size-to-ram',
]);

/**
 * What differs between two workloads in the fields that change the measurement (`numjobs 5 vs
 * 1`, `random writes vs sequential writes`), their most alike fingerprints compared; none when
 * either has no fingerprint (a published table) or they match.
 */
export function measuredDifferences(a: readonly CompareFingerprint[], b: readonly CompareFingerprint[]): string[] {
  let best: ReturnType<typeof compareFingerprints> | undefined;
  for (const x of a) {
    for (const y of b) {
      const similarity = compareFingerprints(x.fingerprint, y.fingerprint);
      if (best === undefined || similarity.score > best.score) best = similarity;
    }
  }
  if (best === undefined) return [];
  if (best.kindMatch === 'different' || best.kindMatch === 'unrelated')
    return [best.reasons[0] ?? 'another kind of work'];
  return best.differs
    .filter((difference) => MEASURED_FIELDS.has(difference.key))
    .map((difference) => `${difference.label} ${difference.a} vs ${difference.b}`);
}

/** systemd-detect-virt's names as readers write them. */
const VIRTUALIZATION_WORDS: Record<string, string> = { kvm: 'KVM', xen: 'Xen', vmware: 'VMware', qemu: 'QEMU' };

type DiskKind = 'NVMe SSD' | 'SSD' | 'rotational disk' | 'virtual disk' | 'disk';

function diskKind(disk: NonNullable<System['disks']>[number]): DiskKind {
  const words = `${disk.interface ?? ''} ${disk.model}`;
  if (/nvme/i.test(words)) return 'NVMe SSD';
  if (/virtio|xen|vmbus|hyper-v/i.test(words)) return 'virtual disk';
  if (disk.rotational === false) return 'SSD';
  if (disk.rotational === true) return 'rotational disk';
  return 'disk';
}

/** "4 SSDs", "one rotational disk". */
function diskCount(disks: NonNullable<System['disks']>): string {
  const kinds = [...new Set(disks.map(diskKind))];
  const count = disks.reduce((sum, disk) => sum + disk.count, 0);
  const kind = kinds.length === 1 ? (kinds[0] ?? 'disk') : 'disk';
  return count === 1 ? `one ${kind}` : `${count} ${kind}s`;
}

/**
 * The hardware's class in a few words, from run.yaml's `system`: a loop device (named in `lvm` or
 * the mkfs command), a RAID array and its disks, the disks by kind (NVMe, SSD, rotational,
 * virtual), a cloud instance; and the guest it ran in (`virtualization`). Nothing is guessed: a
 * system that states none of these is "hardware not stated".
 */
export function hardwareClass(system: System): string {
  const disks = system.disks ?? [];
  const isLoop = /\bloop(?:\d+|\s+device)\b/i.test(`${system.lvm ?? ''} ${system.filesystem?.mkfs ?? ''}`);
  let what: string;
  if (isLoop) what = 'loop device';
  else if (system.raid !== undefined)
    what = `${system.raid.level === undefined ? 'RAID' : `RAID ${system.raid.level}`} ${disks.length > 0 ? `of ${diskCount(disks)}` : 'array'}`;
  else if (disks.length > 0) what = disks.length === 1 && disks[0]?.count === 1 ? diskKind(disks[0]) : diskCount(disks);
  else if (system.instance_type !== undefined) what = `${system.instance_type} instance`;
  else what = 'hardware not stated';
  const virtualization = system.virtualization;
  if (virtualization === undefined || /^none$/i.test(virtualization)) return what;
  return `${what} in a ${VIRTUALIZATION_WORDS[virtualization.toLowerCase()] ?? virtualization} guest`;
}

/** The year of a run: its own date, else its experiment's. */
function yearOf(run: Pick<CompareRun, 'date' | 'runDate'>): string {
  return (run.runDate ?? run.date).slice(0, 4);
}

/** A tool's version as a run states it: `fio-3.33`, `bonnie++ 1.96` (a bare number gets the tool's name). */
function versionOf(run: Pick<CompareRun, 'tools'>, tool: string): string {
  const stated = run.tools[tool];
  if (stated === undefined) return `${toolTitle(tool)} version not stated`;
  return /[a-z]/i.test(stated) ? stated : `${toolTitle(tool)} ${stated}`;
}

/** The distinct values of `each`, in the order of the runs. */
function distinct<T>(runs: readonly T[], each: (run: T) => string): string[] {
  return [...new Set(runs.map(each))];
}

/**
 * The line above a ranking: what differs among the ranked runs besides their workload, each
 * run's hardware class with its year, and each compared tool's versions ("These runs differ in
 * more than the workload: a 2011 RAID 10 of 24 rotational disks and a 2026 loop device in a KVM guest; fio 1.57
 * and fio-3.33."), or that they share all three; `differs` when they do not. Undefined for
 * fewer than two runs.
 */
export function comparabilityLine(
  runs: ReadonlyArray<Pick<CompareRun, 'date' | 'runDate' | 'tools' | 'system'>>,
  tools: readonly string[],
): { text: string; differs: boolean } | undefined {
  if (runs.length < 2) return undefined;
  const hardware = distinct(runs, (run) => `a ${yearOf(run)} ${hardwareClass(run.system)}`);
  const versions = tools.map((tool) => distinct(runs, (run) => versionOf(run, tool)));
  const differing = [
    ...(hardware.length > 1 ? [formatList(hardware, 'and')] : []),
    ...versions.filter((list) => list.length > 1).map((list) => formatList(list, 'and')),
  ];
  if (differing.length === 0) {
    const tools = formatList(
      versions.map((list) => list[0] ?? ''),
      'and',
    );
    const text = `These runs share their hardware class, year and tool versions: ${hardware[0] ?? ''}; ${tools}.`;
    return { text, differs: false };
  }
  return { text: `These runs differ in more than the workload: ${differing.join('; ')}.`, differs: true };
}

/** A run's number in a group left out of a ranking: its workload differs from the group's first run's. */
export interface RefusedCell {
  run: string;
  group: string;
  /** The run it was held against: the first of the chosen runs with a number in the group. */
  against: string;
  differences: string[];
}

/**
 * The numbers a ranking of a compared metric leaves out: in each group, each run whose workload
 * differs from the first run's (in the chosen order) in what changes the measurement.
 */
export function refusedCells(
  cells: ReadonlyArray<{ run: string; group: string }>,
  runOrder: readonly string[],
  fingerprintsOf: (run: string, group: string) => readonly CompareFingerprint[],
): RefusedCell[] {
  const refused: RefusedCell[] = [];
  for (const group of new Set(cells.map((cell) => cell.group))) {
    const runs = runOrder.filter((run) => cells.some((cell) => cell.run === run && cell.group === group));
    const [first, ...others] = runs;
    if (first === undefined) continue;
    for (const run of others) {
      const differences = measuredDifferences(fingerprintsOf(first, group), fingerprintsOf(run, group));
      if (differences.length > 0) refused.push({ run, group, against: first, differences });
    }
  }
  return refused;
}
