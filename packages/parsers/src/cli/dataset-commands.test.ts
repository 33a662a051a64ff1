import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATASET_NAME,
  type ExportedResults,
  exportResults,
  RESULTS_DIR,
  runBenchfolio,
} from '../../test/dataset-export.ts';
import { runCli } from './run.ts';

// `benchfolio export --parquet` and `benchfolio query` as a user runs them (a child process, on
// the repository's content/results), and DuckDB missing, through the CLI's loader seam.

const REPO_ROOT = join(RESULTS_DIR, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'benchfolio-dataset-cli-'));
let exported: ExportedResults;

beforeAll(async () => {
  exported = await exportResults();
});
afterAll(() => {
  exported?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const query = (...args: string[]) => runBenchfolio(['query', '--data', DATASET_NAME, ...args], exported.workDir);

const IOPS_SQL = `SELECT experiment, run, value, labels FROM measurements
  WHERE experiment = '2011-07-ext3-ext4-xfs-fio-msa70' AND run = 'ext3'
    AND metric = 'write.iops' AND job = 'random-write-direct'`;

describe('benchfolio export --parquet', () => {
  it('prints the counts and writes measurements by tool, runs, experiments and a README.md', () => {
    expect(exported.stdout).toMatch(/: \d+ experiments, \d+ runs, \d+ measurements\n$/);
    expect(readdirSync(exported.dataDir).sort()).toEqual(['README.md', 'experiments', 'measurements', 'runs']);
    expect(readdirSync(join(exported.dataDir, 'measurements'))).toEqual(
      expect.arrayContaining(['tool=fio', 'tool=bonnie', 'tool=sysbench', 'tool=iostat']),
    );
    // DuckDB writes a partition in one file or several, as its threads go: part_<thread>_<n>.parquet.
    const parts = readdirSync(join(exported.dataDir, 'measurements', 'tool=fio'));
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part).toMatch(/^part_\d+_\d+\.parquet$/);
  });

  it('refuses a folder holding files an export does not write, and leaves them (exit 2)', async () => {
    const target = join(scratch, 'notes');
    mkdirSync(target);
    writeFileSync(join(target, 'thesis.tex'), 'mine');
    const { code, stderr } = await runBenchfolio(['export', '--parquet', target, RESULTS_DIR]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${target} holds thesis.tex, which an export does not write`);
    expect(readdirSync(target)).toEqual(['thesis.tex']);
  });

  it('needs --parquet DIR (exit 2)', async () => {
    const { code, stderr } = await runBenchfolio(['export', RESULTS_DIR]);
    expect(code).toBe(2);
    expect(stderr).toContain('export needs --parquet DIR');
  });
});

describe('benchfolio query', () => {
  it('prints a table by default: the header, a rule, the rows and their count', async () => {
    const { code, stdout } = await query(`SELECT run, value FROM (${IOPS_SQL})`);
    expect(code).toBe(0);
    expect(stdout).toBe('run   value\n----  -----\next3   7118\n(1 row)\n');
  });

  it('--json prints one object per row: numbers as numbers, labels as an object, lists as arrays', async () => {
    const { code, stdout } = await query('--json', IOPS_SQL);
    expect(code).toBe(0);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        experiment: '2011-07-ext3-ext4-xfs-fio-msa70',
        run: 'ext3',
        value: 7118,
        labels: { job: 'random-write-direct', group: '0', rw: 'randwrite', bs: '8K-8K/8K-8K', iodepth: '1' },
      },
    ]);
    const tags = await query(
      '--json',
      `SELECT tags FROM experiments WHERE experiment = '2011-07-ext3-ext4-xfs-fio-msa70'`,
    );
    expect(JSON.parse(tags.stdout).tags).toContain('ext4');
  });

  it('--csv prints a header line and RFC 4180 fields: a map or list as quoted JSON, null as empty', async () => {
    const row = await query('--csv', `SELECT run, value, labels, NULL AS device FROM (${IOPS_SQL})`);
    expect(row.code).toBe(0);
    expect(row.stdout).toBe(
      'run,value,labels,device\n' +
        'ext3,7118,"{""job"":""random-write-direct"",""group"":""0"",""rw"":""randwrite"",""bs"":""8K-8K/8K-8K"",""iodepth"":""1""}",\n',
    );
  });

  it("gives DuckDB's message for bad SQL, without a stack trace (exit 1)", async () => {
    const { code, stdout, stderr } = await query('SELEC value FROM measurements');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^benchfolio query: Parser Error: syntax error at or near "SELEC"/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('names a --data folder that is not an export (exit 2)', async () => {
    const { code, stderr } = await runBenchfolio(['query', '--data', RESULTS_DIR, 'SELECT 1']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `${RESULTS_DIR}: not a benchfolio dataset (it has no measurements/, runs/, experiments/): write one with benchfolio export --parquet ${RESULTS_DIR}\n`,
    );
  });

  it('names a --data folder that does not exist (exit 2)', async () => {
    const missing = join(scratch, 'no-such-export');
    const { code, stderr } = await runBenchfolio(['query', '--data', missing, 'SELECT 1']);
    expect(code).toBe(2);
    expect(stderr).toBe(`${missing}: cannot read: no such folder\n`);
  });

  it('without --data, exports content/results of the working folder first', async () => {
    const { code, stdout } = await runBenchfolio(
      ['query', '--json', 'SELECT count(*) AS n FROM experiments'],
      REPO_ROOT,
    );
    expect(code).toBe(0);
    const experiments = readdirSync(RESULTS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(JSON.parse(stdout)).toEqual({ n: experiments.length });
  });
});

describe('without DuckDB installed', () => {
  const missingDuckDb = () => Promise.reject(new Error("Cannot find package '@duckdb/node-api' imported from x.js"));

  async function runWithoutDuckDb(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
    const code = await runCli(argv, io, undefined, { loadDuckDb: missingDuckDb });
    return { code, stdout, stderr };
  }

  it.each([
    ['export', ['export', '--parquet', join(scratch, 'never-written'), RESULTS_DIR]],
    ['query', ['query', '--data', join(scratch, 'never-written'), 'SELECT 1']],
  ])('%s says how to install it, writes nothing and exits 2', async (command, argv) => {
    const { code, stdout, stderr } = await runWithoutDuckDb(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `benchfolio ${command} needs DuckDB, an optional dependency of @benchfolio/parsers that could not be loaded (Cannot find package '@duckdb/node-api' imported from x.js).\n` +
        'Install it beside the package: npm install @duckdb/node-api\n',
    );
    expect(existsSync(join(scratch, 'never-written'))).toBe(false);
  });
});

describe('the README of an export', () => {
  it('names the folder layout the files are in', () => {
    const readme = readFileSync(join(exported.dataDir, 'README.md'), 'utf8');
    expect(readme).toContain('`measurements/tool=<tool>/part_<batch>_0.parquet`');
  });
});
