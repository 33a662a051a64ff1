import { type Experiment, variableFields } from './experiment-schema.ts';
import type { System } from './run-schema.ts';

/** One field of `system` whose value is not the same in every run. */
export interface SystemDifference {
  /** Dotted path in `system`: `cpu.governor`, `filesystem.mount_options`, `disks`. */
  path: string;
  /** The value per run id, as text; undefined where a run does not state it. */
  values: Record<string, string | undefined>;
  /** True when the field is where the declared variable lives. */
  isVariable: boolean;
}

/**
 * Flattens a system description into dotted paths and text values. Lists (disks) are compared
 * as a whole: a different disk count or model is one difference, `disks`.
 */
export function flattenSystem(system: System): Map<string, string> {
  const flat = new Map<string, string>();
  const visit = (value: unknown, path: string) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) flat.set(path, value.map(describe).join('; '));
    else if (typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) visit(child, path === '' ? key : `${path}.${key}`);
    } else flat.set(path, String(value));
  };
  visit(system, '');
  return flat;
}

function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([key, child]) => `${key}=${String(child)}`)
    .join(', ');
}

/** Whether a dotted path is one of the variable's fields or inside one. */
function isUnder(path: string, fields: readonly string[]): boolean {
  return fields.some((field) => path === field || path.startsWith(`${field}.`));
}

/**
 * Every field of `system` that differs between runs (stated in some and not others counts), in
 * path order. With fewer than two runs there is nothing to compare.
 */
export function systemDifferences(
  runs: readonly { id: string; system: System }[],
  variable: Experiment['variable'],
): SystemDifference[] {
  if (runs.length < 2) return [];
  const fields = variableFields(variable);
  const flats = runs.map((run) => ({ id: run.id, flat: flattenSystem(run.system) }));
  const paths = [...new Set(flats.flatMap(({ flat }) => [...flat.keys()]))].sort();
  const differences: SystemDifference[] = [];
  for (const path of paths) {
    const values = Object.fromEntries(flats.map(({ id, flat }) => [id, flat.get(path)]));
    if (new Set(Object.values(values)).size > 1) {
      differences.push({ path, values, isVariable: isUnder(path, fields) });
    }
  }
  return differences;
}
