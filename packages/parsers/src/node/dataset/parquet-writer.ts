import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBAppender, DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { DuckDbModule } from './duckdb-module.ts';
import {
  type ColumnKind,
  DATASET_TABLES,
  type DatasetColumn,
  type DatasetRow,
  type DatasetTable,
  SQL_TYPES,
} from './schema.ts';
import { sqlIdentifier, sqlString } from './sql-text.ts';

/**
 * Staged measurement rows written out as Parquet once they reach this count: memory holds one
 * batch at most, whatever the number of experiments (exporting 24 copies of the loopback
 * experiment, 950,000 measurements, peaked at about 650 MB of RSS, as 8 copies did), and each
 * write makes one file per tool, so that a large results folder gives files of 100,000 rows, not
 * one small file per experiment that every reader would have to open.
 */
export const FLUSH_ROWS = 100_000;

const TABLE_NAMES = Object.keys(DATASET_TABLES) as DatasetTable[];

/**
 * Writes the three tables into `dir` as folders of Parquet files: rows go to DuckDB tables held
 * in memory through appenders, and each flush copies them out (`measurements` partitioned by
 * tool) and empties the tables.
 *
 * Maps and lists are staged as JSON text and made maps and lists by the copy: the appender's
 * map and list values are native objects freed only when V8 collects them, and V8, seeing a small
 * heap, does not: 40,000 measurements' labels held about 300 MB that way.
 */
export class ParquetDatasetWriter {
  private appenders = new Map<DatasetTable, DuckDBAppender>();
  private stagedRows = new Map<DatasetTable, number>(TABLE_NAMES.map((table) => [table, 0]));
  private flushes = 0;
  readonly rowsWritten = new Map<DatasetTable, number>(TABLE_NAMES.map((table) => [table, 0]));

  private readonly instance: DuckDBInstance;
  private readonly connection: DuckDBConnection;
  private readonly dir: string;

  private constructor(instance: DuckDBInstance, connection: DuckDBConnection, dir: string) {
    this.instance = instance;
    this.connection = connection;
    this.dir = dir;
  }

  static async open(duckdb: DuckDbModule, dir: string): Promise<ParquetDatasetWriter> {
    const instance = await duckdb.DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const table of TABLE_NAMES) {
      await connection.run(createStagingTable(table));
      await mkdir(join(dir, table), { recursive: true });
    }
    const writer = new ParquetDatasetWriter(instance, connection, dir);
    await writer.openAppenders();
    return writer;
  }

  append<Table extends DatasetTable>(table: Table, row: DatasetRow<(typeof DATASET_TABLES)[Table][number]['name']>) {
    const appender = this.appenders.get(table);
    if (appender === undefined) throw new Error(`the ${table} table is not open`);
    const values = row as Record<string, DatasetRow<string>[string]>;
    for (const column of DATASET_TABLES[table] as readonly DatasetColumn[]) {
      appendValue(appender, column.kind, values[column.name] ?? null);
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
      await this.connection.run(`DROP TABLE ${table}`);
      await this.connection.run(createStagingTable(table));
      this.rowsWritten.set(table, (this.rowsWritten.get(table) ?? 0) + staged);
      this.stagedRows.set(table, 0);
    }
    await this.openAppenders();
  }
}

function appendValue(appender: DuckDBAppender, kind: ColumnKind, value: DatasetRow<string>[string]): void {
  if (value === null) appender.appendNull();
  else if (kind === 'double') appender.appendDouble(value as number);
  else if (kind === 'integer') appender.appendInteger(value as number);
  else if (kind === 'boolean') appender.appendBoolean(value as boolean);
  else if (kind === 'text') appender.appendVarchar(String(value));
  else appender.appendVarchar(JSON.stringify(value));
}

/** A table's staging table, maps and lists as their JSON text. */
function createStagingTable(table: DatasetTable): string {
  const columns = (DATASET_TABLES[table] as readonly DatasetColumn[]).map(
    (column) => `${sqlIdentifier(column.name)} ${isStagedAsJson(column.kind) ? 'VARCHAR' : SQL_TYPES[column.kind]}`,
  );
  return `CREATE TABLE ${table} (${columns.join(', ')})`;
}

/** The staging table's rows as the dataset stores them: JSON text cast to its map or list type. */
function storedColumns(columns: readonly DatasetColumn[]): string {
  return columns
    .map((column) => {
      const name = sqlIdentifier(column.name);
      return isStagedAsJson(column.kind) ? `${name}::JSON::${SQL_TYPES[column.kind]} AS ${name}` : name;
    })
    .join(', ');
}

function isStagedAsJson(kind: ColumnKind): boolean {
  return kind === 'text-map' || kind === 'text-list';
}

/**
 * `measurements` goes to `measurements/tool=<tool>/part_<batch>_0.parquet`; the tool stays in the
 * files too (WRITE_PARTITION_COLUMNS), so that a file read alone, or by a reader that ignores
 * folder names (ClickHouse's `file()`), still says its tool. The others go to
 * `<table>/part_<batch>.parquet`.
 */
function copyStatement(table: DatasetTable, dir: string, batch: number): string {
  const rows = `(SELECT ${storedColumns(DATASET_TABLES[table])} FROM ${table})`;
  const options = 'FORMAT parquet, COMPRESSION zstd';
  if (table !== 'measurements') return `COPY ${rows} TO ${sqlString(join(dir, `part_${batch}.parquet`))} (${options})`;
  return (
    `COPY ${rows} TO ${sqlString(dir)} (${options}, PARTITION_BY (tool), WRITE_PARTITION_COLUMNS true, ` +
    `OVERWRITE_OR_IGNORE true, FILENAME_PATTERN ${sqlString(`part_${batch}_{i}`)})`
  );
}
