import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  DATASET_NAME,
  type ExportedResults,
  exportResults,
  queryJson,
  RESULTS_DIR,
} from '../../../test/dataset-export.ts';

// The SQL of the package README's "Dataset export" section: each ```sql duckdb block runs through
// `benchfolio query` on a fresh export of content/results, and its rows are checked against the
// raw files the experiment pages show (fio's JSON, bonnie++'s CSV line, measurements.csv), read
// here without the library. ClickHouse is not run here; its blocks must read paths the export
// writes.

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
      // bonnie++ 1.96's CSV line: K/sec (KiB/s) of block output in field 9, of block input in 15.
      const csv = runFile(id, run, `bonnie--${run}.txt`).trim().split('\n').at(-1)?.split(',') ?? [];
      expect(rows).toContainEqual({
        run: runYaml(id, run).label,
        block_write_mib_s: Number(csv[9]) / 1024,
        block_read_mib_s: Number(csv[15]) / 1024,
      });
    }
  },
  'the three tables, in DuckDB without benchfolio': (rows, exported) => {
    const printed = /, (\d+) measurements\n/.exec(exported.stdout)?.[1];
    expect(rows).toEqual([{ measurements: Number(printed) }]);
  },
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
  const blocks = sqlBlocks('clickhouse');

  it('are the DuckDB examples of the same name, and a load into a table', () => {
    const duckdbTitles = sqlBlocks('duckdb').map((block) => block.title);
    const titled = blocks.filter((block) => block.title !== '');
    expect(titled.length).toBeGreaterThan(0);
    for (const block of titled) expect(duckdbTitles).toContain(block.title);
    expect(blocks.some((block) => block.sql.includes('ENGINE = MergeTree'))).toBe(true);
  });

  it("read only paths that match files an export writes (file() from the export's folder, s3() of a copy)", () => {
    const paths = blocks.flatMap((block) =>
      [...block.sql.matchAll(/\b(?:file|s3)\('([^']+)'/g)].map((match) => match[1] ?? ''),
    );
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const inExport = path.slice(path.indexOf(`${DATASET_NAME}/`) + DATASET_NAME.length + 1);
      expect(path).toContain(`${DATASET_NAME}/`);
      expect(matchingFiles(exported.dataDir, inExport), path).not.toEqual([]);
    }
    expect(relative(exported.workDir, exported.dataDir)).toBe(DATASET_NAME);
  });
});
