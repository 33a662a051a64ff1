import { variableFields, variableName } from '../../content/experiment-schema.ts';
import type { LoadedExperiment, LoadedOutput, LoadedRun } from '../../content/loaded.ts';
import type { PublishedMeasurement } from '../../content/measurements-csv.ts';
import { flattenSystem } from '../../content/system-diff.ts';
import type { Measurement } from '../../measurement.ts';
import {
  type ExperimentRow,
  type MeasurementRow,
  type RunRow,
  SYSTEM_COLUMN_PATHS,
  systemColumnName,
} from './schema.ts';

// An experiment's rows of the three tables, from its loaded content: plain objects keyed by
// column name, with no DuckDB in sight, so that the round-trip test compares against the
// content itself and not against this module.

/** Every measurement of every raw output of every run, then every published row. */
export function* measurementRows(loaded: LoadedExperiment): Generator<MeasurementRow> {
  for (const run of loaded.runs) {
    for (const output of run.outputs) {
      const where = parsedWhere(loaded.id, run, output);
      for (const measurement of output.parsed.measurements) yield { ...tidyColumns(measurement), ...where };
    }
  }
  for (const row of loaded.published) yield publishedRow(loaded.id, row);
}

/** The columns of a parsed output's rows that are the output's, not the measurement's. */
function parsedWhere(experimentId: string, run: LoadedRun, output: LoadedOutput) {
  return {
    experiment: experimentId,
    run: run.id,
    origin: 'parsed',
    source: `${experimentId}/runs/${run.id}/${output.file}`,
    format: output.parsed.format,
    tool_version: output.parsed.toolVersion,
    workload: output.declared.workload ?? null,
    repeat: output.declared.repeat ?? null,
    warmup: output.declared.warmup === true,
    citation: null,
    published_value: null,
    published_unit: null,
  } as const;
}

function tidyColumns(measurement: Pick<Measurement, 'metric' | 'unit' | 'value' | 'labels'> & { tool: string }) {
  const { tool, metric, unit, value, labels } = measurement;
  return { tool, metric, unit, value, labels, job: labels.job ?? null, device: labels.device ?? null };
}

function publishedRow(experimentId: string, row: PublishedMeasurement): MeasurementRow {
  return {
    ...tidyColumns(row),
    experiment: experimentId,
    run: row.run,
    origin: 'published',
    source: `${experimentId}/measurements.csv:${row.line}`,
    format: null,
    tool_version: null,
    workload: null,
    repeat: null,
    warmup: null,
    citation: row.source,
    published_value: row.published.value,
    published_unit: row.published.unit,
  };
}

/** One row per run, the system flattened as the site compares systems. */
export function runRow(experimentId: string, loaded: LoadedRun): RunRow {
  const { run } = loaded;
  const system = flattenSystem(run.system);
  const systemColumns = Object.fromEntries(
    SYSTEM_COLUMN_PATHS.map((path) => [systemColumnName(path), system.get(path) ?? null]),
  ) as Record<ReturnType<typeof systemColumnName<(typeof SYSTEM_COLUMN_PATHS)[number]>>, string | null>;
  return {
    experiment: experimentId,
    run: loaded.id,
    label: run.label,
    variable_value: run.value,
    run_order: run.order ?? null,
    date: run.date ?? null,
    started: run.started ?? null,
    ended: run.ended ?? null,
    repeat: run.repeat ?? null,
    tools: run.tools,
    system: Object.fromEntries(system),
    ...systemColumns,
  };
}

export function experimentRow(loaded: LoadedExperiment): ExperimentRow {
  const { experiment } = loaded;
  return {
    experiment: loaded.id,
    title: experiment.title,
    date: experiment.date,
    variable: experiment.variable.kind,
    variable_name: variableName(experiment.variable),
    variable_unit: experiment.variable.unit ?? null,
    variable_fields: variableFields(experiment.variable),
    summary: experiment.summary,
    source_title: experiment.source?.title ?? null,
    source_author: experiment.source?.author ?? null,
    source_date: experiment.source?.published ?? null,
    source_url: experiment.source?.url ?? null,
    license: experiment.license,
    status: experiment.status,
    authors: experiment.authors,
    tags: experiment.tags,
  };
}
