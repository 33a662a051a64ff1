import { toolTitle } from '../tools/names.ts';
import type { HardwareFacet } from './hardware-summary.ts';
import type { IndexEntry } from './index-entry.ts';

/** One choice of a filter: its URL value, what readers see, and how many experiments have it. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** The hardware choices of one kind (disks, RAID, ...), shown as an option group. */
export interface HardwareGroup {
  kind: HardwareFacet['kind'];
  label: string;
  options: FacetOption[];
}

export interface IndexFacets {
  tools: FacetOption[];
  variables: FacetOption[];
  hardware: HardwareGroup[];
}

/** How the filter names a variable kind (the kinds of experiment.yaml's `variable.kind`). */
const VARIABLE_KIND_LABELS: Record<string, string> = {
  filesystem: 'Filesystem',
  'mount-options': 'Mount options',
  'mkfs-options': 'mkfs options',
  'raid-controller': 'RAID controller',
  'raid-level': 'RAID level',
  'disk-model': 'Disk model',
  'instance-type': 'Instance type',
  'io-scheduler': 'I/O scheduler',
  'cpu-governor': 'CPU governor',
  kernel: 'Kernel',
  host: 'Host',
  other: 'Other',
};

const HARDWARE_GROUPS: Array<{ kind: HardwareFacet['kind']; label: string }> = [
  { kind: 'disk', label: 'Disks' },
  { kind: 'raid', label: 'RAID' },
  { kind: 'instance', label: 'Cloud instance' },
  { kind: 'cpu', label: 'CPU' },
];

/** A facet's URL value: its kind and its value in lowercase words, `raid:raid-0-hpe-smart-array-p440`. */
export function hardwareKey(facet: HardwareFacet): string {
  const words = facet.value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${facet.kind}:${words}`;
}

/** The label of a variable kind in the filter. */
export function variableKindLabel(kind: string): string {
  return VARIABLE_KIND_LABELS[kind] ?? kind;
}

/**
 * The choices of every filter, from the experiments that are there: only values some experiment
 * has, each with its count, tools and kinds by name, hardware by kind then name.
 */
export function indexFacets(entries: readonly IndexEntry[]): IndexFacets {
  const tools = new Map<string, FacetOption>();
  const variables = new Map<string, FacetOption>();
  const hardware = new Map<string, FacetOption & { kind: HardwareFacet['kind'] }>();
  const count = <T extends FacetOption>(options: Map<string, T>, value: string, make: () => T) => {
    const option = options.get(value) ?? make();
    option.count += 1;
    options.set(value, option);
  };
  for (const entry of entries) {
    for (const tool of new Set(entry.tools))
      count(tools, tool, () => ({ value: tool, label: toolTitle(tool), count: 0 }));
    const kind = entry.variable.kind;
    count(variables, kind, () => ({ value: kind, label: variableKindLabel(kind), count: 0 }));
    // An experiment counts once per facet, however many of its runs state it.
    const keys = new Map(entry.hardware.map((facet) => [hardwareKey(facet), facet]));
    for (const [key, facet] of keys)
      count(hardware, key, () => ({ value: key, label: facet.value, count: 0, kind: facet.kind }));
  }
  const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });
  return {
    tools: [...tools.values()].sort(byLabel),
    variables: [...variables.values()].sort(byLabel),
    hardware: HARDWARE_GROUPS.map(({ kind, label }) => ({
      kind,
      label,
      options: [...hardware.values()]
        .filter((option) => option.kind === kind)
        .map(({ value, label: optionLabel, count: optionCount }) => ({ value, label: optionLabel, count: optionCount }))
        .sort(byLabel),
    })).filter((group) => group.options.length > 0),
  };
}
