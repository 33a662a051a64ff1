import type { System } from '@benchfolio/parsers/content';

/** One fact about the hardware under test, as an index filter shows it. */
export interface HardwareFacet {
  /** What the value describes. */
  kind: 'disk' | 'raid' | 'instance' | 'cpu';
  /** As run.yaml states it: "Western Digital RE4", "RAID 10", "m3.large", "L5630". */
  value: string;
}

/**
 * The hardware facts the runs state, deduplicated, in run order: disk models (with their count
 * when more than one), RAID level and controller, cloud instance type, CPU model. Nothing is
 * inferred: a run that states none of these adds nothing.
 */
export function hardwareFacets(systems: readonly System[]): HardwareFacet[] {
  const facets: HardwareFacet[] = [];
  const seen = new Set<string>();
  const add = (kind: HardwareFacet['kind'], value: string | undefined) => {
    if (value === undefined || value === '') return;
    const key = `${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    facets.push({ kind, value });
  };
  for (const system of systems) {
    for (const disk of system.disks ?? []) add('disk', disk.count > 1 ? `${disk.count} × ${disk.model}` : disk.model);
    if (system.raid !== undefined) {
      const { level, controller } = system.raid;
      add('raid', [level === undefined ? undefined : `RAID ${level}`, controller].filter(Boolean).join(', '));
    }
    add('instance', system.instance_type);
    if (system.cpu !== undefined)
      add(
        'cpu',
        system.cpu.count !== undefined && system.cpu.count > 1
          ? `${system.cpu.count} × ${system.cpu.model}`
          : system.cpu.model,
      );
  }
  return facets;
}

/**
 * The hardware in one line, for a card: the facets of each kind joined by " / " (the runs'
 * alternatives), kinds joined by " · ". "" when the runs state no hardware.
 */
export function hardwareLine(facets: readonly HardwareFacet[]): string {
  const order: HardwareFacet['kind'][] = ['instance', 'disk', 'raid', 'cpu'];
  return order
    .map((kind) =>
      facets
        .filter((facet) => facet.kind === kind)
        .map((facet) => facet.value)
        .join(' / '),
    )
    .filter((part) => part !== '')
    .join(' · ');
}
