import type { BenchCase } from '../cases.ts';

// cases.ts imports this file, so its DEFAULT_TARGET_BYTES is not initialised yet when this runs:
// the same 64 decimal MB, spelled out.
const TARGET_BYTES = 64 * 1_000_000;

/** Every CSV-only bonnie++ output: the 1.9x (format 2), 1.96, 1.97 and 1.98 (2.00a) layouts. */
const CSV_LINES = [
  'bonnie/ng-alt-bonnie__bonnie-1.90f-csv-format-v2.csv',
  'bonnie/pkb__bonnie-1.96-csv.csv',
  'bonnie/wifo3-2__bonnie-1.97-raid-rebuilding.csv',
  'fixtures/bonnie/bonnie-2.00a--quiet-chunk-files-max-min.input.csv',
];

/** Tables of 1.94, 1.97 and 2.00a, most with the CSV line of the same run after them. */
const TABLES = [
  'bonnie/chicken-house__bonnie-2.00a-wsl-text-and-csv.txt',
  'bonnie/uclinux-docs__bonnie-1.94-text-trailing-spaces.txt',
  'bonnie/wifo3-2__bonnie-1.97-raid6-text-and-csv.txt',
  'bonnie/wifo3-2__bonnie-1.97-ssd-plus-seeks-text-and-csv.txt',
  'fixtures/bonnie/bonnie-2.00a--table-and-csv.input.txt',
];

/**
 * The version fields that open a CSV line (`1.96,1.96,`, `2,1.90f,`) are layout: a varied digit
 * there makes a line of another layout, or none.
 */
const CSV_VERSIONS = /^\d+(?:\.\d+)?,\d+\.\d+[a-z]?(?=,)/gm;

/**
 * bon_csv2txt reads only the 1.98 layout (bonnie++ 1.98 to 2.00a): it skips other lines with
 * `Expected 1.98, got 1.96` on stderr, so it is measured on 1.98 lines alone, beside the CLI on
 * the same bytes.
 */
const CSV_198_LINES = ['fixtures/bonnie/bonnie-2.00a--quiet-chunk-files-max-min.input.csv'];

/**
 * The CSV cases: parse of the whole text; `parseStream` a line (a run) at a time (bonnie/stream.ts)
 * to typed results; `benchfolio parse --ndjson`; and, on 1.98 lines, the CLI beside bonnie++'s own
 * Perl `bon_csv2txt` (installed with bonnie++), which issue 39 asks the parser to be no slower than.
 */
const CSV_CASE = {
  tool: 'bonnie',
  corpusFiles: CSV_LINES,
  targetBytes: TARGET_BYTES,
  keepDigits: CSV_VERSIONS,
} as const;

/** The bonnie bench cases (see BenchCase in ../cases.ts). */
export const BONNIE_BENCH_CASES: readonly BenchCase[] = [
  { name: 'bonnie-csv', ...CSV_CASE },
  { name: 'bonnie-csv-stream-result', ...CSV_CASE, mode: 'stream-result' },
  { name: 'bonnie-csv-cli-ndjson', ...CSV_CASE, mode: 'cli-ndjson' },
  { name: 'bonnie-csv198-cli-ndjson', ...CSV_CASE, corpusFiles: CSV_198_LINES, mode: 'cli-ndjson' },
  {
    name: 'bonnie-csv198-bon_csv2txt',
    ...CSV_CASE,
    corpusFiles: CSV_198_LINES,
    mode: 'external',
    command: ['bon_csv2txt'],
  },
  { name: 'bonnie-table', tool: 'bonnie', corpusFiles: TABLES, targetBytes: TARGET_BYTES },
];
