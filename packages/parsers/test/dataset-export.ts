import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The dataset tests' shared ground: the repository's own results folder, the `benchfolio`
// command as a user runs it, and a fresh export of the one with the other.

export const RESULTS_DIR = fileURLToPath(new URL('../../../content/results', import.meta.url));

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

/** The name the READMEs give the export folder: their statements read `benchfolio-data/...`. */
export const DATASET_NAME = 'benchfolio-data';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `benchfolio ARGS...` in a child process (Node as this test runs on), from `cwd`. */
export function runBenchfolio(args: readonly string[], cwd?: string): Promise<CommandResult> {
  return promisify(execFile)(process.execPath, [MAIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: CommandResult) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

export interface ExportedResults {
  /** The folder that holds the export: the READMEs' statements run from here. */
  workDir: string;
  /** The export itself, `<workDir>/benchfolio-data`. */
  dataDir: string;
  /** What `benchfolio export` printed. */
  stdout: string;
  remove(): void;
}

/** `benchfolio export --parquet <tmp>/benchfolio-data content/results`, failing loudly if it fails. */
export async function exportResults(): Promise<ExportedResults> {
  const workDir = mkdtempSync(join(tmpdir(), 'benchfolio-dataset-'));
  const dataDir = join(workDir, DATASET_NAME);
  const result = await runBenchfolio(['export', '--parquet', dataDir, RESULTS_DIR]);
  if (result.code !== 0) throw new Error(`benchfolio export failed (${result.code}): ${result.stderr}`);
  return { workDir, dataDir, stdout: result.stdout, remove: () => rmSync(workDir, { recursive: true, force: true }) };
}

/**
 * `benchfolio query --json` from the export's folder: one object per row. The statement goes
 * after `--`, as the README says, since it may start with a `-- comment`.
 */
export async function queryJson(exported: ExportedResults, sql: string): Promise<Record<string, unknown>[]> {
  const result = await runBenchfolio(['query', '--data', DATASET_NAME, '--json', '--', sql], exported.workDir);
  if (result.code !== 0) throw new Error(`benchfolio query failed (${result.code}): ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
