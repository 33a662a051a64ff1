// The facets of /compare's chips: what each run is, read from its compare keys, its workload
// fingerprints and run.yaml's system (chips.ts counts the chips; compare/compare-filters.ts gives
// every experiment's values to the search index). Nothing is guessed: a run whose system does
// not say its disks is "not stated", which is a chip of its own.

import type { System } from '@benchfolio/parsers/content';
import { toolTitle } from '../tools/names.ts';
import type { CompareRun } from './compare-index.ts';

export const FACETS = ['tool', 'workload', 'hardware', 'filesystem', 'device'] as const;
export type Facet = (typeof FACETS)[number];

/** What the chips of each facet are called, in the page and its URL (`hw=raid`). */
export const FACET_TITLES: Readonly<Record<Facet, string>> = {
  tool: 'Tool',
  workload: 'Workload',
  hardware: 'Hardware',
  filesystem: 'Filesystem',
  device: 'Device',
};

/** A facet's value: URL-safe `value` (`random-write`), and the chip's words (`random writes`). */
export interface FacetValue {
  value: string;
  label: string;
}

export const NOT_STATED: FacetValue = { value: 'not-stated', label: 'not stated' };

/** A run's values for each facet (a run may have several tools or workloads). */
export type RunFacets = Readonly<Record<Facet, readonly FacetValue[]>>;

/** The chosen chip per facet; a facet absent is not filtered on. */
export type FacetFilters = Partial<Record<Facet, string>>;

type FacetRun = Pick<CompareRun, 'keys' | 'fingerprints' | 'system'>;

function unique(values: readonly FacetValue[]): FacetValue[] {
  return [...new Map(values.map((value) => [value.value, value])).values()];
}

/** The tools of a run's compare keys (`fio:published|bs=4k` → fio). */
function toolsOf(run: FacetRun): FacetValue[] {
  return unique(
    run.keys.map((key) => {
      const tool = key.split(/[:|]/)[0] ?? key;
      return { value: tool, label: toolTitle(tool) };
    }),
  );
}

/** What the fingerprints say ran: "random writes", "filesystem test suite"; iostat's device records are no workload. */
function workloadsOf(run: FacetRun): FacetValue[] {
  const values = run.fingerprints.flatMap(({ fingerprint: { kind } }): FacetValue[] => {
    if (kind.category === 'device-activity') return [];
    if (kind.category === 'filesystem-suite') return [{ value: 'filesystem-suite', label: 'filesystem test suite' }];
    if (kind.category !== 'io') return [{ value: kind.category, label: kind.category }];
    const op = kind.op === null ? 'I/O' : kind.op === 'mixed' ? 'mixed reads and writes' : `${kind.op}s`;
    const words = kind.access === null ? op : `${kind.access} ${op}`;
    return [{ value: words.replace(/[^a-z0-9]+/gi, '-').toLowerCase(), label: words }];
  });
  return values.length > 0 ? unique(values) : [NOT_STATED];
}

const LOOP = /\bloop device\b|\/dev\/loop\d*\b|^loop\d+$/i;

/**
 * The class of storage the run was on, from its system only: a loop device over an image file
 * (said in `lvm`, the mkfs command or a disk's device), a RAID, a cloud instance, one disk or
 * several. A loop device comes first: it is what the filesystem was on, whatever lies under it.
 */
export function hardwareClass(system: System): FacetValue {
  const texts = [system.lvm, system.filesystem?.mkfs, ...(system.disks ?? []).map((disk) => disk.device)];
  if (texts.some((text) => text !== undefined && LOOP.test(text)))
    return { value: 'loop-device', label: 'loop device' };
  if (system.raid !== undefined) return { value: 'raid', label: 'RAID' };
  if (system.instance_type !== undefined) return { value: 'cloud-instance', label: 'cloud instance' };
  const disks = (system.disks ?? []).reduce((sum, disk) => sum + disk.count, 0);
  if (disks === 1) return { value: 'single-disk', label: 'single disk' };
  if (disks > 1) return { value: 'several-disks', label: 'several disks' };
  return NOT_STATED;
}

/** The kinds of device the system states: NVMe, virtio, SSD (not rotational), HDD (rotational). */
export function deviceTypes(system: System): FacetValue[] {
  const types = (system.disks ?? []).flatMap((disk): FacetValue[] => {
    if (disk.interface !== undefined && /nvme/i.test(disk.interface)) return [{ value: 'nvme', label: 'NVMe' }];
    // A virtual disk's rotational flag is what the guest's kernel was told, not what lies under it.
    if (disk.interface !== undefined && /virtio/i.test(disk.interface)) return [{ value: 'virtio', label: 'virtio' }];
    if (disk.rotational === false) return [{ value: 'ssd', label: 'SSD' }];
    if (disk.rotational === true) return [{ value: 'hdd', label: 'rotational (HDD)' }];
    return [];
  });
  return types.length > 0 ? unique(types) : [NOT_STATED];
}

function filesystemOf(system: System): FacetValue {
  const type = system.filesystem?.type;
  return type === undefined ? NOT_STATED : { value: type.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label: type };
}

/** Every facet's values of a run. */
export function runFacets(run: FacetRun): RunFacets {
  return {
    tool: toolsOf(run),
    workload: workloadsOf(run),
    hardware: [hardwareClass(run.system)],
    filesystem: [filesystemOf(run.system)],
    device: deviceTypes(run.system),
  };
}

/** Whether a run has every chosen chip. */
export function matchesFilters(facets: RunFacets, filters: FacetFilters): boolean {
  return FACETS.every((facet) => {
    const chosen = filters[facet];
    return chosen === undefined || facets[facet].some((value) => value.value === chosen);
  });
}
