import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DuckDbLoader,
  DuckDbMissingError,
  type DuckDbModule,
  requireDuckDb,
} from '../node/dataset/duckdb-module.ts';
import { ExportTargetError, exportDataset } from '../node/dataset/export-dataset.ts';
import { missingTables, QueryError, queryDataset } from '../node/dataset/query-dataset.ts';
import { formatIssue } from '../node/load-content.ts';
import { type CliIO, EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE } from './cli-io.ts';
import { formatQueryResult, type QueryOutputFormat } from './query-output.ts';

/** The results folder `export` and `query` read when none is given. */
export const DEFAULT_RESULTS_DIR = 'content/results';

/** A failure already told to standard error, with its exit status. */
class CommandFailure extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`exit ${status}`);
    this.status = status;
  }
}

/** `benchfolio export --parquet DIR [RESULTS_DIR]`. */
export async function exportCommand(
  parquetDir: string,
  resultsDir: string,
  io: CliIO,
  loader?: DuckDbLoader,
): Promise<number> {
  try {
    const duckdb = await duckDbFor('export', io, loader);
    const rows = await exportOrFail(duckdb, resultsDir, parquetDir, io);
    io.stdout.write(
      `${parquetDir}: ${rows.experiments} experiments, ${rows.runs} runs, ${rows.measurements} measurements\n`,
    );
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommandFailure) return error.status;
    throw error;
  }
}

/**
 * `benchfolio query SQL [--data DIR] [--json|--csv]`. Without `--data`, `content/results` is
 * exported into a temporary folder first (and removed after): in a benchfolio repository a
 * query then needs no step before it; `--data` reuses an export.
 */
export async function queryCommand(
  sql: string,
  options: { dataDir: string | undefined; format: QueryOutputFormat },
  io: CliIO,
  loader?: DuckDbLoader,
): Promise<number> {
  let temporary: string | undefined;
  try {
    const duckdb = await duckDbFor('query', io, loader);
    let dataDir = options.dataDir;
    if (dataDir === undefined) {
      temporary = await mkdtemp(join(tmpdir(), 'benchfolio-query-'));
      dataDir = join(temporary, 'dataset');
      await exportOrFail(duckdb, DEFAULT_RESULTS_DIR, dataDir, io);
    } else await requireExport(dataDir, io);
    const result = await queryDataset(duckdb, dataDir, sql);
    io.stdout.write(formatQueryResult(result, options.format));
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommandFailure) return error.status;
    if (error instanceof QueryError) {
      io.stderr.write(`benchfolio query: ${error.message}\n`);
      return EXIT_INPUT_ERROR;
    }
    throw error;
  } finally {
    if (temporary !== undefined) await rm(temporary, { recursive: true, force: true });
  }
}

async function duckDbFor(command: string, io: CliIO, loader: DuckDbLoader | undefined): Promise<DuckDbModule> {
  try {
    return await requireDuckDb(command, loader);
  } catch (error) {
    if (!(error instanceof DuckDbMissingError)) throw error;
    io.stderr.write(`${error.message}\n`);
    throw new CommandFailure(EXIT_USAGE);
  }
}

/** Exports, or tells why not: content errors as `benchfolio validate` prints them (exit 1). */
async function exportOrFail(duckdb: DuckDbModule, resultsDir: string, parquetDir: string, io: CliIO) {
  await requireFolder(resultsDir, io);
  try {
    const result = await exportDataset(resultsDir, parquetDir, {
      duckdb,
      onIssue: (issue) => {
        if (issue.severity !== 'warning') io.stderr.write(`${formatIssue(issue)}\n`);
      },
    });
    if (result.experimentsWithErrors > 0) {
      const noun = result.experimentsWithErrors === 1 ? 'experiment has' : 'experiments have';
      io.stderr.write(`benchfolio: ${result.experimentsWithErrors} ${noun} errors: nothing was exported\n`);
      throw new CommandFailure(EXIT_INPUT_ERROR);
    }
    return result.rows;
  } catch (error) {
    if (!(error instanceof ExportTargetError)) throw error;
    io.stderr.write(`benchfolio: ${error.message}\n`);
    throw new CommandFailure(EXIT_USAGE);
  }
}

/** `--data DIR` must be an export: a folder of anything else would give empty answers or none. */
async function requireExport(dir: string, io: CliIO): Promise<void> {
  await requireFolder(dir, io);
  const missing = await missingTables(dir);
  if (missing.length === 0) return;
  const folders = missing.map((table) => `${table}/`).join(', ');
  io.stderr.write(
    `${dir}: not a benchfolio dataset (it has no ${folders}): write one with benchfolio export --parquet ${dir}\n`,
  );
  throw new CommandFailure(EXIT_USAGE);
}

async function requireFolder(dir: string, io: CliIO): Promise<void> {
  const isFolder = await stat(dir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (isFolder) return;
  io.stderr.write(`${dir}: cannot read: no such folder\n`);
  throw new CommandFailure(EXIT_USAGE);
}
