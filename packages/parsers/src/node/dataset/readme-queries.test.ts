import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CHDB_VERSION, chdbQueryJson, chdbStatus } from '../../../test/chdb.ts';
import {
  DATASET_NAME,
  type ExportedResults,
  exportResults,
  queryJson,
  RESULTS_DIR,
} from '../../../test/dataset-export.ts';

// The SQL of the package README's "Dataset export" section: each ```sql duckdb block runs through
// `benchfolio query` on a fresh export of content/results, each ```sql clickhouse block through
// chDB (ClickHouse in-process, test/chdb.ts) from the export's folder, and their rows are checked
// against the raw files the experiment pages show (fio's JSON, bonnie++'s CSV line,
// measurements.csv), read here without the library.

const chdb = chdbStatus();
const chdbMissing =
  chdb.missing === undefined
    ? undefined
    : `python3 cannot import chdb (${chdb.missing}); python3 -m pip install chdb==${CHDB_VERSION}, as .ci/run does`;
const chdbVersion = chdb.missing === undefined ? chdb.version : 'none';
if (chdbMissing !== undefined && process.env.CI)
  throw new Error(`${chdbMissing}; CI must run the ClickHouse statements`);

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

interface SqlBlock {
  engine: string;
  /** The first line's `-- comment`, which names the example. */
  title: string;
  sql: string;
}

function sqlBlocks(engine: string): SqlBlock[] {
  const section = README.slice(README.indexOf('\n## Dataset export\n'), README.indexOf('\n## Tools\n'));
  return [...section.matchAll(/^```sql (\w+)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === engine)
    .map((match) => ({ engine, sql: match[2] ?? '', title: /^-- (.*)/.exec(match[2] ?? '')?.[1] ?? '' }));
}

const experimentDir = (id: string) => join(RESULTS_DIR, id);
const runFile = (id: string, run: string, file: string) =>
  readFileSync(join(experimentDir(id), 'runs', run, file), 'utf8');
const runYaml = (id: string, run: string) => parseYaml(runFile(id, run, 'run.yaml'));

/** The rows of an experiment's measurements.csv, as the file has them. */
function publishedRows(id: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(experimentDir(id), 'measurements.csv'), 'utf8')
    .trim()
    .split('\n');
  const names = header?.split(',') ?? [];
  // The columns before `source` hold no commas; `source` is last.
  return lines.map((line) => Object.fromEntries(names.map((name, index) => [name, line.split(',')[index] ?? ''])));
}

/** A job's write IOPS in fio's JSON report, the document inside a run's fio output. */
function fioJobWriteIops(text: string, job: string): number {
  const start = text.indexOf('\n{\n') + 1;
  const report = JSON.parse(text.slice(start, text.indexOf('\n}\n', start) + 2));
  return report.jobs.find((candidate: { jobname: string }) => candidate.jobname === job).write.iops;
}

const examples: Record<string, (rows: Record<string, unknown>[], exported: ExportedResults) => void> = {
  '4k random-write IOPS on SSDs, by filesystem': (rows) => {
    // Every 4k row of the two random-write experiments on SSDs, with its number as published.
    const expected = ['2020-fio-random-write-io-scheduler-filesystem', '2020-fio-random-write-cpu-governor'].flatMap(
      (id) =>
        publishedRows(id)
          .filter((row) => row.metric === 'write.iops' && row.labels?.split(';').includes('bs=4k'))
          .map((row) => ({
            filesystem: runYaml(id, row.run ?? '').system.filesystem.type,
            experiment: id,
            run: row.run,
            iops: Number(row.value),
          })),
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
    // The first row, the highest ext4 IOPS: measurements.csv line 5 of the scheduler experiment,
    // `ext4-noop,fio,write.iops,186779,IOPS,bs=4k;threads=32,"IO Performance Case I, ...`.
    expect(rows[0]).toEqual({
      filesystem: 'ext4',
      experiment: '2020-fio-random-write-io-scheduler-filesystem',
      run: 'ext4-noop',
      iops: 186779,
    });
  },
  'direct random-write IOPS of the loopback experiment, repeats per filesystem': (rows) => {
    const id = '2026-11-ext4-xfs-btrfs-loopback';
    expect(rows.map((row) => row.filesystem).sort()).toEqual(['btrfs', 'ext4', 'xfs']);
    for (const row of rows) {
      const run = String(row.filesystem);
      const repeats = [1, 2].map((repeat) =>
        fioJobWriteIops(runFile(id, run, `fio--seed-hoffman-${repeat}.txt`), 'random-write-direct'),
      );
      expect(row).toMatchObject({ repeats: 2, min_iops: Math.min(...repeats), max_iops: Math.max(...repeats) });
      expect(row.mean_iops).toBeCloseTo((repeats[0] ?? 0) / 2 + (repeats[1] ?? 0) / 2, 6);
    }
  },
  'bonnie++ block write and read, MiB/s, per run of the 2011 comparison': (rows) => {
    const id = '2011-11-ext4-xfs-btrfs-bonnie';
    const runs = readdirSync(join(experimentDir(id), 'runs'));
    expect(rows).toHaveLength(runs.length);
    for (const run of runs) {
      // bonnie++ 1.96's CSV line: K/sec (KiB/s) of block output in field 9, of block input in 15;
      // ext4's: `1.96,1.96,version,1,1320193244,8G,,332,99,54570,12,23512,5,1615,98,62905,6,...`
      // (54570 KiB/s = 53.291015625 MiB/s written, 62905 KiB/s = 61.4306640625 MiB/s read).
      const csv = runFile(id, run, `bonnie--${run}.txt`).trim().split('\n').at(-1)?.split(',') ?? [];
      expect(rows).toContainEqual({
        run: runYaml(id, run).label,
        block_write_mib_s: Number(csv[9]) / 1024,
        block_read_mib_s: Number(csv[15]) / 1024,
      });
    }
  },
  'the three tables, in DuckDB without benchfolio': countsEveryMeasurement,
};

/** One row, `measurements`: the count `benchfolio export` printed ("..., 40063 measurements"). */
function countsEveryMeasurement(rows: Record<string, unknown>[], exported: ExportedResults): void {
  const printed = /, (\d+) measurements\n/.exec(exported.stdout)?.[1];
  expect(printed).toBeDefined();
  expect(rows).toEqual([{ measurements: Number(printed) }]);
}

// The ClickHouse blocks: the DuckDB examples of the same name, checked by the same function,
// and the load into a MergeTree table.
const sameAsDuckdb = (title: string): ((rows: Record<string, unknown>[], exported: ExportedResults) => void) => {
  const check = examples[title];
  if (check === undefined) throw new Error(`no DuckDB example "${title}" to check the ClickHouse block by`);
  return check;
};
const clickhouseExamples: typeof examples = {
  '4k random-write IOPS on SSDs, by filesystem': sameAsDuckdb('4k random-write IOPS on SSDs, by filesystem'),
  'direct random-write IOPS of the loopback experiment, repeats per filesystem': sameAsDuckdb(
    'direct random-write IOPS of the loopback experiment, repeats per filesystem',
  ),
  'bonnie++ block write and read, MiB/s, per run of the 2011 comparison': sameAsDuckdb(
    'bonnie++ block write and read, MiB/s, per run of the 2011 comparison',
  ),
  'the measurements table, loaded into ClickHouse': countsEveryMeasurement,
};

/** The files under `dir` whose path relative to it matches a glob of `*` (within one folder). */
function matchingFiles(dir: string, glob: string): string[] {
  const pattern = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => pattern.test(path));
}

let exported: ExportedResults;
beforeAll(async () => {
  exported = await exportResults();
});
afterAll(() => exported?.remove());

describe("the package README's DuckDB examples, run with benchfolio query on content/results", () => {
  it('are all here, each with a check', () => {
    expect(sqlBlocks('duckdb').map((block) => block.title)).toEqual(Object.keys(examples));
  });

  for (const block of sqlBlocks('duckdb')) {
    it(`"${block.title}" gives the numbers of the raw outputs`, async () => {
      const check = examples[block.title];
      if (check === undefined) throw new Error(`no check for the README's example "${block.title}"`);
      check(await queryJson(exported, block.sql), exported);
    });
  }
});

describe("the package README's ClickHouse statements", () => {
  const section = README.slice(README.indexOf('\n### ClickHouse\n'), README.indexOf('\n### Trino and Spark\n'));

  it('are all here, each with a check: the DuckDB examples of the same name, and a load', () => {
    expect(sqlBlocks('clickhouse').map((block) => block.title)).toEqual(Object.keys(clickhouseExamples));
  });

  it("read only paths that match files an export writes (file() from the export's folder, s3() of a copy)", () => {
    const paths = [...section.matchAll(/\b(?:file|s3)\('([^']+)'/g)].map((match) => match[1] ?? '');
    expect(paths.some((path) => path.startsWith('https://'))).toBe(true);
    for (const path of paths) {
      const inExport = path.slice(path.indexOf(`${DATASET_NAME}/`) + DATASET_NAME.length + 1);
      expect(path).toContain(`${DATASET_NAME}/`);
      expect(matchingFiles(exported.dataDir, inExport), path).not.toEqual([]);
    }
    expect(relative(exported.workDir, exported.dataDir)).toBe(DATASET_NAME);
  });

  it('name the chDB version .ci/run installs', () => {
    const ciRun = readFileSync(new URL('../../../../../.ci/run', import.meta.url), 'utf8');
    expect(ciRun).toContain(`CHDB_VERSION=${CHDB_VERSION}\n`);
    expect(section).toContain(`python3 -m pip install chdb==${CHDB_VERSION}`);
  });
});

describe.skipIf(chdbMissing !== undefined)(
  chdbMissing === undefined
    ? `the package README's ClickHouse statements, run with chDB ${chdbVersion} on content/results`
    : `the package README's ClickHouse statements, run with chDB (skipped: ${chdbMissing})`,
  () => {
    for (const block of sqlBlocks('clickhouse')) {
      it(`"${block.title}" gives the numbers of the raw outputs`, async () => {
        const check = clickhouseExamples[block.title];
        if (check === undefined) throw new Error(`no check for the README's ClickHouse block "${block.title}"`);
        check(await chdbQueryJson(exported, block.sql), exported);
      });
    }
  },
);
