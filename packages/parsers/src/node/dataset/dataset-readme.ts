import { DATASET_TABLES, type DatasetColumn, SQL_TYPES } from './schema.ts';

const TABLE_FILES: Record<keyof typeof DATASET_TABLES, string> = {
  measurements: '`measurements/tool=<tool>/part_<batch>_0.parquet`: one row per measurement, partitioned by tool',
  runs: '`runs/part_<batch>.parquet`: one row per run',
  experiments: '`experiments/part_<batch>.parquet`: one row per experiment',
};

/** A table's columns as a Markdown table: the package README's schema tables have these rows. */
export function columnTable(columns: readonly DatasetColumn[]): string {
  const rows = columns.map(
    (column) => `| \`${column.name}\` | \`${SQL_TYPES[column.kind]}\` | ${column.description} |`,
  );
  return ['| column | type | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README.md written into an exported dataset, so that the folder explains itself. */
export function datasetReadme(): string {
  const sections = Object.entries(DATASET_TABLES).map(
    ([table, columns]) =>
      `## ${table}\n\n${TABLE_FILES[table as keyof typeof DATASET_TABLES]}.\n\n${columnTable(columns)}\n`,
  );
  return `# benchfolio dataset

Written by \`benchfolio export --parquet\` (@benchfolio/parsers) from a benchfolio results folder:
every measurement of every raw output of every run, every published measurement
(measurements.csv), and the runs and experiments they belong to. Values are in base units. The
\`tool\` column of \`measurements\` is also its partition folder (\`tool=fio\`).

With DuckDB:

\`\`\`sql
SELECT * FROM read_parquet('measurements/*/*.parquet', hive_partitioning = true) LIMIT 10;
\`\`\`

${sections.join('\n')}`;
}
