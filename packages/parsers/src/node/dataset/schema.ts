/**
 * The columns of the three tables of a `benchfolio export --parquet` dataset: the one list the
 * writer creates its tables from, the query command types an empty table by, the dataset's
 * README.md is written from and the package README's schema tables are checked against.
 */

import { TOOL_NAMES } from '../../tools.ts';
import { sqlIdentifier } from './sql-text.ts';

/** How a column is stored; each maps to one SQL type. */
export type ColumnKind = 'text' | 'double' | 'integer' | 'boolean' | 'text-map' | 'text-list';

export const SQL_TYPES: Record<ColumnKind, string> = {
  text: 'VARCHAR',
  double: 'DOUBLE',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  'text-map': 'MAP(VARCHAR, VARCHAR)',
  'text-list': 'VARCHAR[]',
};

export interface DatasetColumn<Name extends string = string> {
  name: Name;
  kind: ColumnKind;
  /** What it holds, with its unit where it has one: the README's words. */
  description: string;
}

/** A table's row: each column's value, null where the content does not say. */
export type DatasetRow<Name extends string> = Record<
  Name,
  string | number | boolean | Record<string, string> | string[] | null
>;

export const MEASUREMENT_COLUMNS = [
  { name: 'experiment', kind: 'text', description: 'The experiment folder (`2011-11-ext4-xfs-btrfs-bonnie`).' },
  { name: 'run', kind: 'text', description: 'The run folder under `runs/`.' },
  {
    name: 'tool',
    kind: 'text',
    description: `The program that made the number: a parsed tool (${TOOL_NAMES.map((tool) => `\`${tool}\``).join(', ')}), or any program a published row names (\`nginx\`). Also the partition folder \`tool=<tool>\`.`,
  },
  { name: 'metric', kind: 'text', description: 'The measurement name, as the tidy list names it: `write.iops`.' },
  {
    name: 'unit',
    kind: 'text',
    description:
      'The base unit of `value`: `B` bytes, `B/s` bytes per second, `ns` nanoseconds, `s` seconds, `op/s` operations per second, `%` percent (0 to 100), `count`.',
  },
  { name: 'value', kind: 'double', description: "The number, in `unit`; exactly the library's JavaScript number." },
  {
    name: 'labels',
    kind: 'text-map',
    description: 'Every label of the measurement (`job`, `rw`, `bs`, `device`, `sample`, ...), promoted ones included.',
  },
  { name: 'job', kind: 'text', description: "`labels['job']`: the fio job; null where the measurement has none." },
  {
    name: 'device',
    kind: 'text',
    description: "`labels['device']`: the block device (iostat, sadf, fio's disk stats).",
  },
  {
    name: 'origin',
    kind: 'text',
    description: '`parsed` (read from a raw output of the run) or `published` (a row of measurements.csv).',
  },
  {
    name: 'source',
    kind: 'text',
    description:
      'Where the number is, relative to the results folder: the raw output (`<experiment>/runs/<run>/<file>`), or the row of measurements.csv (`<experiment>/measurements.csv:<line>`).',
  },
  { name: 'format', kind: 'text', description: 'Parsed: the output format read (`json+`, `normal`, `text`, ...).' },
  { name: 'tool_version', kind: 'text', description: 'Parsed: the version the output prints (`fio-3.33`), or null.' },
  { name: 'workload', kind: 'text', description: "Parsed: run.yaml's `workload` of the output, or null." },
  { name: 'repeat', kind: 'integer', description: "Parsed: run.yaml's `repeat` of the output (1, 2, ...), or null." },
  {
    name: 'warmup',
    kind: 'boolean',
    description:
      "Parsed: true for a warm-up repeat (run.yaml's `warmup: true` of the output, the runner's `--warmup`), which the site leaves out of every statistic; false otherwise. Null for published.",
  },
  {
    name: 'citation',
    kind: 'text',
    description: "Published: where in the cited publication the number is (measurements.csv's `source`).",
  },
  { name: 'published_value', kind: 'text', description: 'Published: the value as printed (`20.6339`).' },
  { name: 'published_unit', kind: 'text', description: 'Published: the unit as printed (`IOPS`, `MB/s`).' },
] as const satisfies readonly DatasetColumn[];

/**
 * run.yaml's `system` fields given columns of their own: where the variables of experiments live
 * (`VARIABLE_KINDS`) and what people group by. Every field is also in the `system` map.
 */
export const SYSTEM_COLUMN_PATHS = [
  'host',
  'cpu.model',
  'cpu.governor',
  'memory.bytes',
  'kernel',
  'os',
  'virtualization',
  'instance_type',
  'disks',
  'raid.level',
  'raid.controller',
  'filesystem.type',
  'filesystem.mkfs',
  'filesystem.mount_options',
  'io_scheduler',
] as const;

export type SystemColumnName = ReturnType<typeof systemColumnName<(typeof SYSTEM_COLUMN_PATHS)[number]>>;

/** `filesystem.mount_options` -> `filesystem_mount_options`. */
export function systemColumnName<Path extends string>(
  path: Path,
): Path extends `${infer A}.${infer B}` ? `${A}_${B}` : Path {
  return path.replace('.', '_') as Path extends `${infer A}.${infer B}` ? `${A}_${B}` : Path;
}

export const RUN_COLUMNS = [
  { name: 'experiment', kind: 'text', description: 'The experiment folder.' },
  { name: 'run', kind: 'text', description: 'The run folder.' },
  { name: 'label', kind: 'text', description: 'How the site names the run (`ext4, tuned`).' },
  { name: 'variable_value', kind: 'text', description: "The value of the experiment's variable in this run (`ext4`)." },
  { name: 'run_order', kind: 'integer', description: 'Position in the declared order of runs, or null.' },
  { name: 'date', kind: 'text', description: 'When the run was made: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, or null.' },
  { name: 'started', kind: 'text', description: 'ISO 8601 date and time with offset, or null.' },
  { name: 'ended', kind: 'text', description: 'ISO 8601 date and time with offset, or null.' },
  { name: 'repeat', kind: 'integer', description: 'How many times the configuration was run, or null.' },
  { name: 'tools', kind: 'text-map', description: 'Tool versions as they print them (`fio` -> `fio-3.33`).' },
  {
    name: 'system',
    kind: 'text-map',
    description:
      "Every field of run.yaml's `system`, flattened to dotted paths and text as the site compares them (`flattenSystem`): `cpu.model`, `filesystem.type`, `disks` (each disk's fields, disks joined by `; `), `other.<key>`.",
  },
  ...SYSTEM_COLUMN_PATHS.map((path) => ({
    name: systemColumnName(path),
    kind: 'text' as const,
    description: `\`system['${path}']\`, or null.`,
  })),
] as const satisfies readonly DatasetColumn[];

export const EXPERIMENT_COLUMNS = [
  { name: 'experiment', kind: 'text', description: 'The experiment folder (its id).' },
  { name: 'title', kind: 'text', description: 'The headline of the comparison.' },
  { name: 'date', kind: 'text', description: 'When the runs were made: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.' },
  { name: 'variable', kind: 'text', description: 'The kind of variable (`filesystem`, `cpu-governor`, `other`, ...).' },
  {
    name: 'variable_name',
    kind: 'text',
    description: 'How the site names the variable (`Filesystem and its options`).',
  },
  { name: 'variable_unit', kind: 'text', description: 'The unit of the values, when they are quantities, or null.' },
  { name: 'variable_fields', kind: 'text-list', description: 'The `system` fields the variable spans.' },
  { name: 'summary', kind: 'text', description: 'What was compared and what came out.' },
  {
    name: 'source_title',
    kind: 'text',
    description: 'The publication the results come from, or null for runs made here.',
  },
  { name: 'source_author', kind: 'text', description: "The publication's author, or null." },
  { name: 'source_date', kind: 'text', description: "The publication's date, as precise as known, or null." },
  { name: 'source_url', kind: 'text', description: "The publication's address, or null." },
  { name: 'license', kind: 'text', description: 'The license of the results (`CC-BY-4.0`, `unknown`).' },
  { name: 'status', kind: 'text', description: '`published` or `awaiting-runs`.' },
  { name: 'authors', kind: 'text-list', description: 'Who ran the benchmark.' },
  { name: 'tags', kind: 'text-list', description: 'The tags.' },
] as const satisfies readonly DatasetColumn[];

export type MeasurementRow = DatasetRow<(typeof MEASUREMENT_COLUMNS)[number]['name']>;
export type RunRow = DatasetRow<(typeof RUN_COLUMNS)[number]['name']>;
export type ExperimentRow = DatasetRow<(typeof EXPERIMENT_COLUMNS)[number]['name']>;

/** The three tables, each a folder of Parquet files in the dataset. */
export const DATASET_TABLES = {
  measurements: MEASUREMENT_COLUMNS,
  runs: RUN_COLUMNS,
  experiments: EXPERIMENT_COLUMNS,
} as const satisfies Record<string, readonly DatasetColumn[]>;

export type DatasetTable = keyof typeof DATASET_TABLES;

/** `CREATE TABLE`'s column list: `"experiment" VARCHAR, ...`. */
export function columnDefinitions(columns: readonly DatasetColumn[]): string {
  return columns.map((column) => `${sqlIdentifier(column.name)} ${SQL_TYPES[column.kind]}`).join(', ');
}
