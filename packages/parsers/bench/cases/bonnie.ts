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

/** The bonnie bench cases (see BenchCase in ../cases.ts). */
export const BONNIE_BENCH_CASES: readonly BenchCase[] = [
  { name: 'bonnie-csv', tool: 'bonnie', corpusFiles: CSV_LINES, targetBytes: TARGET_BYTES },
  { name: 'bonnie-table', tool: 'bonnie', corpusFiles: TABLES, targetBytes: TARGET_BYTES },
];
