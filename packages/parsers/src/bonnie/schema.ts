import { z } from 'zod';

/**
 * The one typed shape every bonnie++ output parses into: the one-line CSV results (1.03 without
 * a format-version field, the 1.9x layouts, 2.x's `1.98` layout) and the human-readable table
 * (1.03, 1.9x, 2.x), alone or together.
 *
 * Values are in base units with the unit in the name: bytes, bytes per second (bonnie++ prints
 * K/sec, which is KiB/s), operations per second, nanoseconds, percent. A test bonnie++ did not
 * run (an empty cell: `-f` skips putc/getc, `-n 0` skips the file tests) and a test too fast to
 * time (`+++++`) are both null, never 0; `status` says which.
 */

const nullableNumber = (description: string) => z.number().nullable().describe(description);
const nullableString = (description: string) => z.string().nullable().describe(description);

export const TEST_STATUSES = ['measured', 'too_fast', 'not_run'] as const;

export const TestStatusSchema = z
  .enum(TEST_STATUSES)
  .describe(
    'measured: a rate was printed; too_fast: bonnie++ printed `+++++` (the test took under its minimum time); not_run: an empty cell (test skipped by -f, -n 0, -s 0).',
  );

const cpuPercent = nullableNumber(
  'CPU use in percent of one CPU (may exceed 100 with concurrency); bonnie++ `%CP`, CSV `<test>_cpu`. Null for `+++` or empty.',
);
const latencyNs = nullableNumber(
  'Longest latency of one operation in ns (bonnie++ 1.9x and later); CSV `<test>_latency`, table `Latency` row (`24224us`, `471ms`). Null when not printed.',
);

/** A sequential I/O test: its rate is a bandwidth. */
export const BonnieIoTestSchema = z
  .object({
    status: TestStatusSchema,
    bytesPerSec: nullableNumber(
      'Rate in B/s; bonnie++ K/sec (KiB/s) in the CSV and 1.x table, k/m/g (KiB/MiB/GiB per second) in the 2.x table.',
    ),
    cpuPercent,
    latencyNs,
  })
  .describe('One of the block and per-character tests: putc, put_block, rewrite, getc, get_block.');

/** Random seeks and the file tests: their rate counts operations. */
export const BonnieOpTestSchema = z
  .object({
    status: TestStatusSchema,
    opsPerSec: nullableNumber(
      'Rate in op/s; bonnie++ `/sec` (seeks, or files created / stat-ed / deleted per second).',
    ),
    cpuPercent,
    latencyNs,
  })
  .describe('Random seeks or one of the file tests: seq_create, seq_stat, seq_del, ran_create, ran_stat, ran_del.');

export const IO_TESTS = ['putc', 'putBlock', 'rewrite', 'getc', 'getBlock'] as const;
export const OP_TESTS = ['seeks', 'seqCreate', 'seqStat', 'seqDel', 'ranCreate', 'ranStat', 'ranDel'] as const;
export type IoTestName = (typeof IO_TESTS)[number];
export type OpTestName = (typeof OP_TESTS)[number];
export type TestName = IoTestName | OpTestName;
/** The tests in the order bonnie++ prints them (CSV and table alike). */
export const TEST_ORDER: readonly TestName[] = [
  'putc',
  'putBlock',
  'rewrite',
  'getc',
  'getBlock',
  'seeks',
  'seqCreate',
  'seqStat',
  'seqDel',
  'ranCreate',
  'ranStat',
  'ranDel',
];

/** bonnie++'s own name of each test (CSV header, `bon_csv2html`), used for metric names. */
export const CSV_TEST_NAMES: Readonly<Record<TestName, string>> = {
  putc: 'putc',
  putBlock: 'put_block',
  rewrite: 'rewrite',
  getc: 'getc',
  getBlock: 'get_block',
  seeks: 'seeks',
  seqCreate: 'seq_create',
  seqStat: 'seq_stat',
  seqDel: 'seq_del',
  ranCreate: 'ran_create',
  ranStat: 'ran_stat',
  ranDel: 'ran_del',
};

export const BonnieTestsSchema = z
  .object({
    putc: BonnieIoTestSchema.describe(
      'Sequential output per character (`putc`, table "Per Chr" under Sequential Output).',
    ),
    putBlock: BonnieIoTestSchema.describe('Sequential output by blocks (`put_block`, table "Block").'),
    rewrite: BonnieIoTestSchema.describe('Read, change and rewrite each block (`rewrite`).'),
    getc: BonnieIoTestSchema.describe('Sequential input per character (`getc`).'),
    getBlock: BonnieIoTestSchema.describe('Sequential input by blocks (`get_block`).'),
    seeks: BonnieOpTestSchema.describe('Random seeks (`seeks`), in seeks per second.'),
    seqCreate: BonnieOpTestSchema.describe('Files created in sequential order (`seq_create`).'),
    seqStat: BonnieOpTestSchema.describe('Files stat-ed (read) in sequential order (`seq_stat`).'),
    seqDel: BonnieOpTestSchema.describe('Files deleted in sequential order (`seq_del`).'),
    ranCreate: BonnieOpTestSchema.describe('Files created in random order (`ran_create`).'),
    ranStat: BonnieOpTestSchema.describe('Files stat-ed in random order (`ran_stat`).'),
    ranDel: BonnieOpTestSchema.describe('Files deleted in random order (`ran_del`).'),
  })
  .describe('Every test of one run, keyed by the camelCase form of its CSV name.');

export const FILE_KINDS = ['regular', 'link', 'symlink'] as const;

export const BonnieRunSchema = z
  .object({
    name: z.string().describe('Machine name (`-m`, the host name by default); CSV `name`, table first column.'),
    bonnieVersion: nullableString(
      'bonnie++ version; CSV `bonnie_version` (`1.96`, `2.00a`), table `Version` line. Null for a 1.03 CSV line.',
    ),
    formatVersion: nullableString(
      'CSV `format_version` (`2`, `1.96`, `1.97`, `1.98`); null for 1.03 CSV lines and table-only runs.',
    ),
    concurrency: z
      .number()
      .describe(
        'Number of concurrent test processes (`-c`); CSV `concurrency`, table `Concurrency` row; 1 when not printed.',
      ),
    seed: nullableString('Random seed; CSV `seed` (1.96 and later). Null when not printed.'),
    size: nullableString('File size for the I/O tests as printed (`8G`, `300M`); CSV `file_size`. Null with -s 0.'),
    fileSizeBytes: nullableNumber('The same in bytes (`M` = MiB, `G` = GiB).'),
    chunkSizeBytes: nullableNumber(
      'I/O chunk size in bytes (`-s size:chunk`); CSV `io_chunk_size`/`chunk_size` (`4k`); null when the default (8 KiB) is not printed.',
    ),
    seekCount: nullableNumber(
      'Number of random seeks (bonnie++ 1.98 and later, CSV field 8: `8192`); null when not printed.',
    ),
    seekProcesses: nullableNumber('Number of seeker processes (bonnie++ 1.98 and later, CSV field 9: `5`).'),
    numFiles: nullableNumber(
      'Files for the file tests in multiples of 1024 (`-n 16` = 16384 files); CSV `num_files`. Null with -n 0.',
    ),
    maxSizeBytes: nullableNumber('Largest file size of the file tests in bytes; CSV `max_size` (`-n files:max:min`).'),
    minSizeBytes: nullableNumber('Smallest file size of the file tests in bytes; CSV `min_size`.'),
    numDirs: nullableNumber('Number of directories of the file tests; CSV `num_dirs` (`-n files:max:min:dirs`).'),
    fileChunkSizeBytes: nullableNumber('Chunk size of the file tests in bytes; CSV `file_chunk_size`.'),
    fileKind: z
      .enum(FILE_KINDS)
      .nullable()
      .describe('What the file tests create: regular files, or hard/symbolic links (`max_size` = `link`/`symlink`).'),
    tests: BonnieTestsSchema,
    sources: z
      .array(z.enum(['csv', 'table']))
      .describe('Where the run was read from: its CSV line, its table, or both (one run printed both ways).'),
    line: z.number().describe('1-based line of the input where the run starts.'),
  })
  .describe('One bonnie++ run.');

export const BonnieResultSchema = z
  .object({
    runs: z
      .array(BonnieRunSchema)
      .describe('Every run of the input, in input order; a table and the CSV line of the same run are one run.'),
  })
  .describe('A bonnie++ output: one or more runs.');

export type BonnieTestStatus = z.output<typeof TestStatusSchema>;
export type BonnieIoTest = z.output<typeof BonnieIoTestSchema>;
export type BonnieOpTest = z.output<typeof BonnieOpTestSchema>;
export type BonnieTests = z.output<typeof BonnieTestsSchema>;
export type BonnieRun = z.output<typeof BonnieRunSchema>;
export type BonnieResult = z.output<typeof BonnieResultSchema>;
