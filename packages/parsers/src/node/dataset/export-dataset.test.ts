import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportedResults, exportResults, RESULTS_DIR } from '../../../test/dataset-export.ts';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { type ContentReport, loadContent } from '../load-content.ts';

// The export of the repository's content/results, read back with DuckDB straight from the
// Parquet files (not through `benchfolio query`'s views), against what loadContent gives for the
// same folder: built here from the loaded content, not from the export's own row builders.

let exported: ExportedResults;
let content: ContentReport;

beforeAll(async () => {
  [exported, content] = await Promise.all([exportResults(), loadContent(RESULTS_DIR)]);
});
afterAll(() => exported?.remove());

async function readParquet(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    const names = reader.columnNames();
    return reader.getRowsJson().map((row) => Object.fromEntries(names.map((name, index) => [name, row[index]])));
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

interface TidyRow {
  experiment: string;
  run: string;
  tool: string;
  metric: string;
  unit: string;
  value: number;
  labels: Record<string, string>;
}

/** Every measurement of the content, as the export's columns name them. */
function contentMeasurements(experiments: readonly LoadedExperiment[]): TidyRow[] {
  return experiments.flatMap((loaded) => [
    ...loaded.runs.flatMap((run) =>
      run.outputs.flatMap((output) =>
        output.parsed.measurements.map(({ tool, metric, unit, value, labels }) => ({
          experiment: loaded.id,
          run: run.id,
          ...{ tool, metric, unit, value, labels },
        })),
      ),
    ),
    ...loaded.published.map(({ run, tool, metric, unit, value, labels }) => ({
      experiment: loaded.id,
      ...{ run, tool, metric, unit, value, labels },
    })),
  ]);
}

/** A row as one comparable text: labels in key order, the value as the exact double. */
function rowKey(row: TidyRow): string {
  const labels = Object.entries(row.labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([row.experiment, row.run, row.tool, row.metric, row.unit, row.value, labels]);
}

describe('benchfolio export --parquet of content/results', () => {
  it('loads content/results without errors, so that every experiment is exported', () => {
    expect(content.issues.filter((issue) => issue.severity !== 'warning')).toEqual([]);
    expect(content.experiments.length).toBeGreaterThan(0);
  });

  it('round-trips every measurement: the same count, and every run, experiment, tool, metric, unit, value and labels', async () => {
    const written = await readParquet(
      `SELECT experiment, run, tool, metric, unit, value, to_json(labels)::VARCHAR AS labels
       FROM read_parquet('${join(exported.dataDir, 'measurements/*/*.parquet')}', hive_partitioning = true)`,
    );
    const actual = written.map((row) =>
      rowKey({ ...(row as unknown as TidyRow), labels: JSON.parse(row.labels as string) }),
    );
    const expected = contentMeasurements(content.experiments).map(rowKey);
    expect(actual.length).toBe(expected.length);
    expect(actual.sort()).toEqual(expected.sort());
    expect(exported.stdout).toContain(`, ${expected.length} measurements\n`);
  });

  it('keeps each value as the same double (Parquet DOUBLE), fractions and large numbers alike', async () => {
    const [row] = await readParquet(
      `SELECT value FROM read_parquet('${join(exported.dataDir, 'measurements/tool=fio/*.parquet')}')
       WHERE experiment = '2026-11-ext4-xfs-btrfs-loopback' AND run = 'ext4' AND metric = 'write.iops'
         AND labels['job'] = 'random-write-direct' ORDER BY value LIMIT 1`,
    );
    expect(row?.value).toBe(18724.571429);
  });

  it('writes one runs row per run, with the system fields of its run.yaml', async () => {
    const rows = await readParquet(
      `SELECT experiment, run, label, filesystem_type, cpu_model, kernel, system
       FROM read_parquet('${join(exported.dataDir, 'runs/*.parquet')}')`,
    );
    const runs = content.experiments.flatMap((loaded) => loaded.runs.map((run) => ({ loaded, run })));
    expect(rows).toHaveLength(runs.length);
    for (const { loaded, run } of runs) {
      const row = rows.find((candidate) => candidate.experiment === loaded.id && candidate.run === run.id);
      const { system } = run.run;
      expect(row).toMatchObject({
        label: run.run.label,
        filesystem_type: system.filesystem?.type ?? null,
        cpu_model: system.cpu?.model ?? null,
        kernel: system.kernel ?? null,
      });
      if (system.filesystem?.type !== undefined) {
        expect(row?.system).toContainEqual({ key: 'filesystem.type', value: system.filesystem.type });
      }
    }
  });

  it('writes one experiments row per experiment, with its title, variable and tags', async () => {
    const rows = await readParquet(
      `SELECT experiment, title, variable, tags FROM read_parquet('${join(exported.dataDir, 'experiments/*.parquet')}')`,
    );
    expect(rows.map((row) => row.experiment).sort()).toEqual(content.experiments.map((loaded) => loaded.id).sort());
    for (const { id, experiment } of content.experiments) {
      expect(rows.find((row) => row.experiment === id)).toEqual({
        experiment: id,
        title: experiment.title,
        variable: experiment.variable.kind,
        tags: experiment.tags,
      });
    }
  });
});
