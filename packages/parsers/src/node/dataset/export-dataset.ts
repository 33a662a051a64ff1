import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ContentIssue } from '../../content/yaml-document.ts';
import { eachExperiment, hasErrors } from '../load-content.ts';
import { datasetReadme } from './dataset-readme.ts';
import type { DuckDbModule } from './duckdb-module.ts';
import { ParquetDatasetWriter } from './parquet-writer.ts';
import { experimentRow, measurementRows, runRow } from './rows.ts';
import { DATASET_TABLES, type DatasetTable } from './schema.ts';

export interface ExportDatasetOptions {
  duckdb: DuckDbModule;
  /** Paths in issues are relative to it, as `benchfolio validate` prints them. */
  displayRoot?: string | undefined;
  /** Each problem of the content as it is found, errors and warnings. */
  onIssue?: ((issue: ContentIssue) => void) | undefined;
}

export interface ExportDatasetResult {
  /** Experiment folders with errors: when any, nothing was written. */
  experimentsWithErrors: number;
  rows: Record<DatasetTable, number>;
}

/** The target holds something other than a dataset: it is not replaced. */
export class ExportTargetError extends Error {}

/** What an export writes into its folder: the folder may be replaced when it holds only these. */
const DATASET_ENTRIES = new Set([...Object.keys(DATASET_TABLES), 'README.md']);

/**
 * Exports a results folder as a Parquet dataset in `outDir`, one experiment at a time (loaded,
 * appended, dropped). The files are written into a new folder beside `outDir` that replaces it
 * at the end, so that a failed export leaves the previous dataset as it was; with a content
 * error in any experiment nothing is replaced, and every experiment is still checked.
 */
export async function exportDataset(
  resultsDir: string,
  outDir: string,
  options: ExportDatasetOptions,
): Promise<ExportDatasetResult> {
  const target = resolve(outDir);
  await checkReplaceable(target);
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}.export-`));
  let writer: ParquetDatasetWriter | undefined;
  try {
    writer = await ParquetDatasetWriter.open(options.duckdb, staging);
    let experimentsWithErrors = 0;
    for await (const report of eachExperiment(resultsDir, { displayRoot: options.displayRoot })) {
      for (const issue of report.issues) options.onIssue?.(issue);
      if (hasErrors(report.issues) || report.experiment === undefined) {
        experimentsWithErrors++;
        continue;
      }
      // After an error nothing will be written: the others are only checked.
      if (experimentsWithErrors > 0) continue;
      const loaded = report.experiment;
      writer.append('experiments', experimentRow(loaded));
      for (const run of loaded.runs) writer.append('runs', runRow(loaded.id, run));
      for (const row of measurementRows(loaded)) writer.append('measurements', row);
      await writer.flushIfFull();
    }
    if (experimentsWithErrors > 0) return { experimentsWithErrors, rows: rowCounts(writer) };
    await writer.finish();
    const finished = writer;
    writer = undefined;
    await writeFile(join(staging, 'README.md'), datasetReadme());
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    return { experimentsWithErrors, rows: rowCounts(finished) };
  } finally {
    writer?.close();
    await rm(staging, { recursive: true, force: true });
  }
}

function rowCounts(writer: ParquetDatasetWriter): Record<DatasetTable, number> {
  return Object.fromEntries(writer.rowsWritten) as Record<DatasetTable, number>;
}

/** A missing or empty folder, or a previous export, may be replaced; anything else is refused. */
async function checkReplaceable(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const foreign = entries.filter((name) => !DATASET_ENTRIES.has(name));
  if (foreign.length > 0) {
    throw new ExportTargetError(
      `${dir} holds ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}, which an export does not write: give a new or empty folder, or a previous export`,
    );
  }
}
