import { type Experiment, type System, variableFields } from '@benchfolio/parsers/content';
import { systemTexts } from './system-text.ts';

/** The systems under test side by side: one row per stated field, one column per run. */
export interface SystemsTable {
  /** Run ids, in the declared order: the columns. */
  runs: string[];
  rows: SystemRow[];
  /**
   * Fields that differ between runs outside the declared variable: the page warns about them.
   * Empty when the variable is a whole host (everything may differ) or there is one run.
   */
  undeclaredDifferences: string[];
}

export interface SystemRow {
  /** Dotted path in run.yaml `system`: `filesystem.mount_options`, `disks`. */
  path: string;
  /** For readers: "Filesystem mount options", "CPU model". */
  label: string;
  /** As run.yaml states it, in words (systemTexts: the disks in one text); null where a run does not say. */
  values: Record<string, string | null>;
  /** Not the same in every run (stated in some runs only counts). */
  differs: boolean;
  /** The field is the declared variable, or inside one of its fields. */
  declared: boolean;
}

const WORDS: Readonly<Record<string, string>> = {
  cpu: 'CPU',
  os: 'OS',
  raid: 'RAID',
  lvm: 'Block layers (md, LVM, loop)',
  io: 'I/O',
  mkfs: 'mkfs',
};

/** Paths whose label is not their words: the value says its unit (systemTexts). */
const LABELS: Readonly<Record<string, string>> = {
  'memory.bytes': 'Memory',
};

/** `filesystem.mount_options` → "Filesystem mount options", `io_scheduler` → "I/O scheduler". */
export function fieldLabel(path: string): string {
  const label = LABELS[path];
  if (label !== undefined) return label;
  const words = path
    .split(/[._]/)
    .filter((word) => word !== '')
    .map((word) => WORDS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isUnder(path: string, fields: readonly string[]): boolean {
  return fields.some((field) => path === field || path.startsWith(`${field}.`));
}

/**
 * The table of every field any run states, in path order (the order of the loader's
 * systemDifferences), each flagged where it differs and where it is the declared variable.
 */
export function systemsTable(
  runs: ReadonlyArray<{ id: string; system: System }>,
  variable: Experiment['variable'],
): SystemsTable {
  const fields = variableFields(variable);
  const flats = runs.map((run) => ({ id: run.id, flat: systemTexts(run.system) }));
  const paths = [...new Set(flats.flatMap(({ flat }) => [...flat.keys()]))].sort();
  const rows = paths.map((path) => {
    const values = Object.fromEntries(flats.map(({ id, flat }) => [id, flat.get(path) ?? null]));
    return {
      path,
      label: fieldLabel(path),
      values,
      differs: runs.length > 1 && new Set(Object.values(values)).size > 1,
      declared: isUnder(path, fields),
    };
  });
  return {
    runs: runs.map((run) => run.id),
    rows,
    undeclaredDifferences:
      variable.kind === 'host' ? [] : rows.filter((row) => row.differs && !row.declared).map((row) => row.path),
  };
}
