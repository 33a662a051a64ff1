/**
 * Where each field sits in a bonnie++ CSV line, for each layout bonnie++ has printed. Read from
 * bonnie++'s own source (ng-alt/bonnie, the release history 1.00-1.97, and the 2.00a
 * bon_csv2txt Debian ships), not guessed:
 *
 * - `1.03` (bonnie++ 1.0x bon_time.cpp DoReport): no version field, 27 fields.
 *   name, file_size[:chunk], putc, putc_cpu, ... seeks, seeks_cpu, num_files[:max:min][/dirs],
 *   seq_create, seq_create_cpu, ... ran_del, ran_del_cpu. No latencies.
 * - `1.9x` (format_version `2` in 1.90, `1.91a` ...; bon_csv2html.cpp MAX_ITEMS 45): 45 fields.
 *   format_version, bonnie_version, name, file_size, chunk_size, 12 I/O fields, num_files,
 *   max_size, min_size, num_dirs, 12 file fields, 12 latencies.
 * - `1.96` (format_version `1.96`, `1.97`; PrintHeader of 1.96): 48 fields. Adds concurrency
 *   and seed after the name, and file_chunk_size after num_dirs.
 * - `1.98` (format_version `1.98`: bonnie++ 1.98, 2.00, 2.00a; bon_csv2txt 2.00a): 50 fields.
 *   Adds the seek count and the number of seeker processes after the chunk size (`8192,5`).
 */

export type CsvLayoutName = '1.03' | '1.9x' | '1.96' | '1.98';

export interface CsvLayout {
  name: CsvLayoutName;
  fieldCount: number;
  formatVersion: number | null;
  bonnieVersion: number | null;
  machine: number;
  concurrency: number | null;
  seed: number | null;
  /** file_size; in the 1.03 layout `size:chunk` in one field. */
  size: number;
  chunkSize: number | null;
  seekCount: number | null;
  seekProcesses: number | null;
  /** putc: the I/O tests follow as rate, cpu pairs (putc, put_block, rewrite, getc, get_block, seeks). */
  ioTests: number;
  /** num_files; in the 1.03 layout `files:max:min/dirs` in one field. */
  numFiles: number;
  maxSize: number | null;
  minSize: number | null;
  numDirs: number | null;
  fileChunkSize: number | null;
  /** seq_create: the file tests follow as rate, cpu pairs. */
  fileTests: number;
  /** putc_latency: the twelve latencies follow in test order; null where the layout has none. */
  latencies: number | null;
}

export const CSV_LAYOUTS: Readonly<Record<CsvLayoutName, CsvLayout>> = {
  '1.03': {
    name: '1.03',
    fieldCount: 27,
    formatVersion: null,
    bonnieVersion: null,
    machine: 0,
    concurrency: null,
    seed: null,
    size: 1,
    chunkSize: null,
    seekCount: null,
    seekProcesses: null,
    ioTests: 2,
    numFiles: 14,
    maxSize: null,
    minSize: null,
    numDirs: null,
    fileChunkSize: null,
    fileTests: 15,
    latencies: null,
  },
  '1.9x': {
    name: '1.9x',
    fieldCount: 45,
    formatVersion: 0,
    bonnieVersion: 1,
    machine: 2,
    concurrency: null,
    seed: null,
    size: 3,
    chunkSize: 4,
    seekCount: null,
    seekProcesses: null,
    ioTests: 5,
    numFiles: 17,
    maxSize: 18,
    minSize: 19,
    numDirs: 20,
    fileChunkSize: null,
    fileTests: 21,
    latencies: 33,
  },
  '1.96': {
    name: '1.96',
    fieldCount: 48,
    formatVersion: 0,
    bonnieVersion: 1,
    machine: 2,
    concurrency: 3,
    seed: 4,
    size: 5,
    chunkSize: 6,
    seekCount: null,
    seekProcesses: null,
    ioTests: 7,
    numFiles: 19,
    maxSize: 20,
    minSize: 21,
    numDirs: 22,
    fileChunkSize: 23,
    fileTests: 24,
    latencies: 36,
  },
  '1.98': {
    name: '1.98',
    fieldCount: 50,
    formatVersion: 0,
    bonnieVersion: 1,
    machine: 2,
    concurrency: 3,
    seed: 4,
    size: 5,
    chunkSize: 6,
    seekCount: 7,
    seekProcesses: 8,
    ioTests: 9,
    numFiles: 21,
    maxSize: 22,
    minSize: 23,
    numDirs: 24,
    fileChunkSize: 25,
    fileTests: 26,
    latencies: 38,
  },
};

/** A bonnie++ version as printed: `1.96`, `1.97`, `2.00a`, `1.91a`, `1.03e`. */
export const VERSION = /^\d+\.\d+[a-z]?$/;

/**
 * The layouts a format version allows. The versions bonnie++ is known to print pick their
 * layout; any other (1.91a to 1.95 changed the layout during the 1.9x series, and a later
 * release may print a new number) is told apart by its field count.
 */
export function _layoutsForFormatVersion(formatVersion: string): CsvLayout[] {
  switch (formatVersion) {
    case '2':
      return [CSV_LAYOUTS['1.9x']];
    case '1.96':
    case '1.97':
      return [CSV_LAYOUTS['1.96']];
    case '1.98':
      return [CSV_LAYOUTS['1.98']];
    default:
      return [CSV_LAYOUTS['1.9x'], CSV_LAYOUTS['1.96'], CSV_LAYOUTS['1.98']];
  }
}

/** True for the start of a versioned CSV line: `1.96,1.96,`, `2,1.90f,`, `1.98,2.00a,`. */
export function _isVersionedCsvStart(line: string): boolean {
  const first = line.indexOf(',');
  if (first <= 0 || first > 8) return false;
  const second = line.indexOf(',', first + 1);
  if (second === -1) return false;
  const formatVersion = line.slice(0, first);
  return (formatVersion === '2' || VERSION.test(formatVersion)) && VERSION.test(line.slice(first + 1, second));
}

/** A 1.03 file size field: `8G`, `300M`, `1G:32k`, or empty (-s 0). */
const SIZE_1_03 = /^(?:\d+[MG](?::\d+k?)?)?$/;

/** True for a line that has the shape of a 1.03 CSV line (27 fields, a size second). */
export function _is103CsvLine(fields: readonly string[]): boolean {
  return fields.length === CSV_LAYOUTS['1.03'].fieldCount && SIZE_1_03.test(fields[1] ?? '');
}
