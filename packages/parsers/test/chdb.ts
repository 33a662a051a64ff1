import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { ExportedResults } from './dataset-export.ts';

// ClickHouse's engine in-process: chDB, a Python package whose wheel on PyPI carries the
// ClickHouse binary, so the README's ClickHouse statements run here without a server. `python3`
// is the one on PATH: .ci/run installs this version into a virtual environment (.ci/venv) and
// puts its bin/ first, since Debian's own Python refuses `pip install` (PEP 668).

/** The version .ci/run installs and the README names (`python3 -m pip install chdb==...`). */
export const CHDB_VERSION = '4.4.0';

export type ChdbStatus = { version: string; missing?: undefined } | { missing: string };

/** chDB's version as `python3` imports it, or what `python3` said when it could not. */
export function chdbStatus(): ChdbStatus {
  const result = spawnSync('python3', ['-c', 'import chdb; print(chdb.__version__)'], { encoding: 'utf8' });
  if (result.error !== undefined) return { missing: `python3 did not start: ${result.error.message}` };
  if (result.status !== 0) return { missing: result.stderr.trim().split('\n').at(-1) ?? `exit ${result.status}` };
  return { version: result.stdout.trim() };
}

// The SQL comes in as an argument; JSONEachRow is one object per line, as `benchfolio query --json`.
const QUERY_PROGRAM = "import sys, chdb\nsys.stdout.write(str(chdb.query(sys.argv[1], 'JSONEachRow')))";

/**
 * Runs SQL (one statement or several, separated by `;`) through chDB from the export's folder,
 * where the README's `file('benchfolio-data/...')` paths resolve, and returns the last
 * statement's rows. A statement ClickHouse rejects throws, with chDB's message.
 */
export async function chdbQueryJson(exported: ExportedResults, sql: string): Promise<Record<string, unknown>[]> {
  const { stdout } = await promisify(execFile)('python3', ['-c', QUERY_PROGRAM, sql], {
    cwd: exported.workDir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { code: number; stderr: string }) => {
    throw new Error(`chdb failed (exit ${error.code}): ${error.stderr}`);
  });
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
