import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBAppender, DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { DuckDbModule } from './duckdb-module.ts';
import {
  type ColumnKind,
  columnDefinitions,
  DATASET_TABLES,
  type DatasetColumn,
  type DatasetRow,
  type DatasetTable,
} from './schema.ts';

/**
 * Staged measurement rows written out as Parquet once they reach this count: memory holds at most
 * one batch (a few hundred MB in DuckDB), whatever the number of experiments, and each write makes
 * one file per tool, so that 20,000 experiments give tens of files per tool, not thousands.
 */
export const FLUSH_ROWS = 1_000_000;

const TABLE_NAMES = Object.keys(DATASET_TABLES) as DatasetTable[];

/** A SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Writes the three tables into `dir` as folders of Parquet files: rows go to DuckDB tables held
 * in memory through appenders, and each flush copies them out (`measurements` partitioned by
 * tool) and empties the tables.
 */
export class ParquetDatasetWriter {
  private appenders = new Map<DatasetTable, DuckDBAppender>();
  private stagedRows = new Map<DatasetTable, number>(TABLE_NAMES.map((table) => [table, 0]));
  private flushes = 0;
  readonly rowsWritten = new Map<DatasetTable, number>(TABLE_NAMES.map((table) => [table, 0]));

  private readonly duckdb: DuckDbModule;
  private readonly instance: DuckDBInstance;
  private readonly connection: DuckDBConnection;
  private readonly dir: string;
  /** The column types of maps and lists, made once: every row's appends name them. */
  private readonly textMapType;
  private readonly textListType;

  private constructor(duckdb: DuckDbModule, instance: DuckDBInstance, connection: DuckDBConnection, dir: string) {
    this.duckdb = duckdb;
    this.instance = instance;
    this.connection = connection;
    this.dir = dir;
    this.textMapType = duckdb.MAP(duckdb.VARCHAR, duckdb.VARCHAR);
    this.textListType = duckdb.LIST(duckdb.VARCHAR);
  }

  static async open(duckdb: DuckDbModule, dir: string): Promise<ParquetDatasetWriter> {
    const instance = await duckdb.DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const table of TABLE_NAMES) {
      await connection.run(`CREATE TABLE ${table} (${columnDefinitions(DATASET_TABLES[table])})`);
      await mkdir(join(dir, table), { recursive: true });
    }
    const writer = new ParquetDatasetWriter(duckdb, instance, connection, dir);
    await writer.openAppenders();
    return writer;
  }

  append<Table extends DatasetTable>(table: Table, row: DatasetRow<(typeof DATASET_TABLES)[Table][number]['name']>) {
    const appender = this.appenders.get(table);
    if (appender === undefined) throw new Error(`the ${table} table is not open`);
    const values = row as Record<string, DatasetRow<string>[string]>;
    for (const column of DATASET_TABLES[table] as readonly DatasetColumn[]) {
      this.appendValue(appender, column.kind, values[column.name] ?? null);
    }
    appender.endRow();
    this.stagedRows.set(table, (this.stagedRows.get(table) ?? 0) + 1);
  }

  /** Called between experiments: writes the staged rows out once there are enough of them. */
  async flushIfFull(): Promise<void> {
    if ((this.stagedRows.get('measurements') ?? 0) >= FLUSH_ROWS) await this.flush();
  }

  /** Writes what is staged and closes DuckDB. */
  async finish(): Promise<void> {
    await this.flush();
    this.close();
  }

  /** Closes DuckDB without writing what is staged (after a content error). */
  close(): void {
    for (const appender of this.appenders.values()) appender.closeSync();
    this.appenders.clear();
    this.connection.closeSync();
    this.instance.closeSync();
  }

  private appendValue(appender: DuckDBAppender, kind: ColumnKind, value: DatasetRow<string>[string]): void {
    const { duckdb } = this;
    if (value === null) appender.appendNull();
    else if (kind === 'text') appender.appendVarchar(String(value));
    else if (kind === 'double') appender.appendDouble(value as number);
    else if (kind === 'integer') appender.appendInteger(value as number);
    else if (kind === 'text-list') appender.appendList(duckdb.listValue(value as string[]), this.textListType);
    else {
      const entries = Object.entries(value as Record<string, string>).map(([key, text]) => ({ key, value: text }));
      appender.appendMap(duckdb.mapValue(entries), this.textMapType);
    }
  }

  private async openAppenders(): Promise<void> {
    for (const table of TABLE_NAMES) this.appenders.set(table, await this.connection.createAppender(table));
  }

  private async flush(): Promise<void> {
    for (const appender of this.appenders.values()) appender.closeSync();
    this.appenders.clear();
    const batch = this.flushes++;
    for (const table of TABLE_NAMES) {
      const staged = this.stagedRows.get(table) ?? 0;
      if (staged === 0) continue;
      await this.connection.run(copyStatement(table, join(this.dir, table), batch));
      await this.connection.run(`DELETE FROM ${table}`);
      this.rowsWritten.set(table, (this.rowsWritten.get(table) ?? 0) + staged);
      this.stagedRows.set(table, 0);
    }
    await this.openAppenders();
  }
}

/**
 * `measurements` goes to `measurements/tool=<tool>/part_<batch>_0.parquet`; the tool stays in the
 * files too (WRITE_PARTITION_COLUMNS), so that a file read alone, or by a reader that ignores
 * folder names, still says its tool. The others go to `<table>/part_<batch>.parquet`.
 */
function copyStatement(table: DatasetTable, dir: string, batch: number): string {
  const options = 'FORMAT parquet, COMPRESSION zstd';
  if (table !== 'measurements') return `COPY ${table} TO ${sqlString(join(dir, `part_${batch}.parquet`))} (${options})`;
  return (
    `COPY ${table} TO ${sqlString(dir)} (${options}, PARTITION_BY (tool), WRITE_PARTITION_COLUMNS true, ` +
    `OVERWRITE_OR_IGNORE true, FILENAME_PATTERN ${sqlString(`part_${batch}_{i}`)})`
  );
}
