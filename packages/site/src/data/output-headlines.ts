import type { Measurement } from '@benchfolio/parsers';
import { formatValue } from '../lib/format-value.ts';
import { descriptorOf } from '../tools/index.ts';

/**
 * The headline numbers of one raw output, as a table: one row per workload the output reports
 * (a fio job, a bonnie++ size, a sysbench test), one column per headline metric of its tool
 * (the descriptor's `metrics.headline`, in that order). Time series (measurements with a
 * `sample`) are left out: their figures over time say more than a table would.
 */
export interface HeadlineTable {
  /** The metrics, as readers see them: "Write IOPS". */
  columns: Array<{ metric: string; title: string }>;
  rows: Array<{
    /** What the row measured, in the output's own words: "random-write-direct". */
    label: string;
    /** The rest of its labels: "rw=randwrite, bs=8k" ("" when none). */
    detail: string;
    /** By column; null where the output has no such number for this row. */
    cells: Array<string | null>;
  }>;
}

/** Labels that tell nothing a reader needs: fio's group number is an index into the output. */
const HIDDEN_LABELS = new Set(['group']);

/** `{ job: 'random-write-direct', rw: 'randwrite', bs: '8k' }` → "random-write-direct" and "rw=randwrite, bs=8k". */
export function workloadLabel(labels: Readonly<Record<string, string>>): { label: string; detail: string } {
  const entries = Object.entries(labels).filter(([key]) => !HIDDEN_LABELS.has(key));
  const [first, ...rest] = entries;
  if (first === undefined) return { label: 'whole output', detail: '' };
  return { label: first[1], detail: rest.map(([key, value]) => `${key}=${value}`).join(', ') };
}

/** The headline table of an output's measurements; undefined when it has no headline number. */
export function headlineTable(
  tool: string,
  measurements: readonly Measurement[],
  declaredWorkload?: string,
): HeadlineTable | undefined {
  const descriptor = descriptorOf(tool);
  if (descriptor === undefined) return undefined;
  const headline = descriptor.metrics.headline;
  const chosen = measurements.filter(
    (measurement) => headline.includes(measurement.metric) && measurement.labels.sample === undefined,
  );
  if (chosen.length === 0) return undefined;
  const metrics = headline.filter((metric) => chosen.some((measurement) => measurement.metric === metric));
  const rows: Rows = new Map();
  const reportKey = descriptor.metrics.reportLabel;
  const reports = new Set(chosen.map((measurement) => (reportKey && measurement.labels[reportKey]) ?? ''));
  for (const measurement of chosen) {
    const { label, detail } = workloadLabel(measurement.labels);
    const report = reportKey === undefined ? undefined : measurement.labels[reportKey];
    if (report !== undefined && label === report) {
      // Only a report number (dd): the declared workload for the one report, else "report N".
      const shown = reports.size === 1 ? (declaredWorkload ?? 'whole output') : `report ${Number(report) + 1}`;
      addValue(rows, { label: shown, detail }, measurement);
      continue;
    }
    addValue(rows, { label, detail }, measurement);
  }
  return {
    columns: metrics.map((metric) => ({ metric, title: descriptor.metrics.title(metric) })),
    rows: [...rows.values()].map(({ label, detail, values }) => ({
      label,
      detail,
      cells: metrics.map((metric) => values.get(metric) ?? null),
    })),
  };
}

type Rows = Map<string, { label: string; detail: string; values: Map<string, string> }>;

/** A measurement's value in its row; the first value of a metric in a row wins: an output prints each number once per workload. */
function addValue(rows: Rows, { label, detail }: { label: string; detail: string }, measurement: Measurement): void {
  const key = `${label}\n${detail}`;
  const row = rows.get(key) ?? { label, detail, values: new Map<string, string>() };
  if (!row.values.has(measurement.metric))
    row.values.set(measurement.metric, formatValue(measurement.value, measurement.unit));
  rows.set(key, row);
}

/** How many reports a time series has (iostat's `sample` labels), or 0 when it is not one. */
export function sampleCount(measurements: readonly Measurement[]): number {
  let count = 0;
  for (const measurement of measurements) {
    const sample = measurement.labels.sample;
    if (sample !== undefined) count = Math.max(count, Number(sample) + 1);
  }
  return count;
}

/** The headline tables of a run's outputs of one tool, as one table: a row group per output file. */
export interface ToolHeadlines {
  tool: string;
  columns: HeadlineTable['columns'];
  outputs: Array<{ file: string; href: string; rows: HeadlineTable['rows'] }>;
}

/**
 * One table per tool of the outputs' headline tables, in the order the outputs come: columns
 * are every headline metric any of them has, in the descriptor's order.
 */
export function headlinesByTool(
  outputs: ReadonlyArray<{ file: string; href: string; tool: string; headlines?: HeadlineTable }>,
): ToolHeadlines[] {
  const tools = [...new Set(outputs.filter((output) => output.headlines).map((output) => output.tool))];
  return tools.map((tool) => {
    const own = outputs.filter((output) => output.tool === tool && output.headlines !== undefined);
    const metrics = new Set(own.flatMap((output) => output.headlines?.columns.map((column) => column.metric) ?? []));
    const headline = descriptorOf(tool)?.metrics.headline ?? [];
    const columns = headline
      .filter((metric) => metrics.has(metric))
      .map((metric) => ({ metric, title: descriptorOf(tool)?.metrics.title(metric) ?? metric }));
    return {
      tool,
      columns,
      outputs: own.map(({ file, href, headlines }) => ({
        file,
        href,
        rows: (headlines?.rows ?? []).map((row) => ({
          ...row,
          cells: columns.map(({ metric }) => {
            const index = headlines?.columns.findIndex((column) => column.metric === metric) ?? -1;
            return index < 0 ? null : (row.cells[index] ?? null);
          }),
        })),
      })),
    };
  });
}
