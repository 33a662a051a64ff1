import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBType, Json } from '@duckdb/node-api';
import type { DuckDbModule } from './duckdb-module.ts';
import { columnDefinitions, DATASET_TABLES, type DatasetTable } from './schema.ts';
import { sqlString } from './sql-text.ts';

/** A value of a result as plain JSON: numbers, text, lists, objects (maps and structs), null. */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };

export interface QueryResult {
  columns: { name: string; type: string }[];
  rows: PlainValue[][];
}

/** DuckDB's own error, with its message (`Parser Error: syntax error at or near ...`). */
export class QueryError extends Error {}

const TABLE_NAMES = Object.keys(DATASET_TABLES) as DatasetTable[];

/**
 * The tables whose folder `dir` lacks: none for an export, which writes each table's folder even
 * when the table has no rows; all three for a folder that is not one.
 */
export async function missingTables(dir: string): Promise<DatasetTable[]> {
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  return TABLE_NAMES.filter((table) => !names.has(table));
}

/**
 * Runs SQL over an exported dataset, with the views `measurements`, `runs` and `experiments`
 * over its Parquet files (`measurements` reads the tool partitions as hive partitions).
 */
export async function queryDataset(duckdb: DuckDbModule, dataDir: string, sql: string): Promise<QueryResult> {
  const instance = await duckdb.DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await readAll(connection, dataDir, sql);
    const types = reader.columnTypes();
    return {
      columns: reader.columnNames().map((name, index) => ({ name, type: String(types[index]) })),
      rows: reader.getRowsJson().map((row) => row.map((value, index) => plain(duckdb, value, types[index]))),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The views, then the query; DuckDB's errors (a damaged file, bad SQL) as QueryError. */
async function readAll(connection: DuckDBConnection, dataDir: string, sql: string) {
  try {
    for (const table of TABLE_NAMES) await connection.run(await viewStatement(table, dataDir));
    return await connection.runAndReadAll(sql);
  } catch (error) {
    throw new QueryError((error as Error).message);
  }
}

/**
 * The view of a table over its files. A table without files (an export of experiments that all
 * await runs has no measurements) is an empty table of the schema's columns, so that queries
 * still bind instead of failing on a glob that matches nothing.
 */
async function viewStatement(table: DatasetTable, dataDir: string): Promise<string> {
  const dir = join(dataDir, table);
  const isPartitioned = table === 'measurements';
  if (!(await hasParquetFiles(dir, isPartitioned))) {
    return `CREATE TABLE ${table} (${columnDefinitions(DATASET_TABLES[table])})`;
  }
  const files = isPartitioned ? join(dir, '*', '*.parquet') : join(dir, '*.parquet');
  const options = isPartitioned ? ', hive_partitioning = true' : '';
  return `CREATE VIEW ${table} AS SELECT * FROM read_parquet(${sqlString(files)}${options})`;
}

async function hasParquetFiles(dir: string, isPartitioned: boolean): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (!isPartitioned) return names.some((name) => name.endsWith('.parquet'));
  for (const name of names) {
    const inside = await readdir(join(dir, name)).catch(() => [] as string[]);
    if (inside.some((file) => file.endsWith('.parquet'))) return true;
  }
  return false;
}

/**
 * DuckDB's JSON form of a value, made plain: maps (a list of key/value pairs there) become
 * objects, and integers and decimals (strings there, for their precision) numbers when a
 * double holds them exactly.
 */
function plain(duckdb: DuckDbModule, value: Json, type: DuckDBType | undefined): PlainValue {
  if (value === null || type === undefined) return value as PlainValue;
  const { DuckDBTypeId: id } = duckdb;
  switch (type.typeId) {
    case id.MAP: {
      const { keyType, valueType } = type as InstanceType<DuckDbModule['DuckDBMapType']>;
      const entries = (value as { key: Json; value: Json }[]).map((entry) => [
        String(plain(duckdb, entry.key, keyType)),
        plain(duckdb, entry.value, valueType),
      ]);
      return Object.fromEntries(entries);
    }
    case id.LIST:
    case id.ARRAY: {
      const { valueType } = type as InstanceType<DuckDbModule['DuckDBListType']>;
      return (value as Json[]).map((item) => plain(duckdb, item, valueType));
    }
    case id.STRUCT: {
      const { entryNames, entryTypes } = type as InstanceType<DuckDbModule['DuckDBStructType']>;
      const object = value as Record<string, Json>;
      return Object.fromEntries(
        entryNames.map((name, index) => [name, plain(duckdb, object[name] ?? null, entryTypes[index])]),
      );
    }
    case id.BIGINT:
    case id.UBIGINT:
    case id.HUGEINT:
    case id.UHUGEINT:
    case id.DECIMAL:
      return exactNumber(value as string);
    default:
      return value as PlainValue;
  }
}

function exactNumber(text: string): number | string {
  const number = Number(text);
  return Number.isFinite(number) && String(number) === text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
    ? number
    : text;
}
