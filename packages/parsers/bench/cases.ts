import type { ToolName } from '../src/tools.ts';
import { BONNIE_BENCH_CASES } from './cases/bonnie.ts';
import { DD_BENCH_CASES } from './cases/dd.ts';
import { FIO_BENCH_CASES } from './cases/fio.ts';
import { FIO_LOG_BENCH_CASES } from './cases/fio-log.ts';
import { IOSTAT_BENCH_CASES } from './cases/iostat.ts';
import { SYSBENCH_BENCH_CASES } from './cases/sysbench.ts';

// The sizes live in their own module: the per-tool case files import them, and this file
// imports those, so defining them here would leave them uninitialised when those files run.
export { BYTES_PER_MB, DEFAULT_TARGET_BYTES } from './sizes.ts';

/**
 * What a case is compared with, measured on the same bytes in the same run:
 * - `split-regex`: read the file in 1 MiB chunks, split it into lines, run one cheap regex per
 *   line: the least a line-oriented text parser does;
 * - `json-parse`: a bare `JSON.parse` of each JSON document in the file: the least a JSON
 *   parser does.
 */
export type BenchBaseline = 'split-regex' | 'json-parse';

/**
 * How a case runs the parser:
 * - `parse`: `parse(text, { tool })` on the whole text, measurements included (the default);
 * - `parse-result`: the same to the typed result only, leaving the measurements (built on first
 *   read) unbuilt;
 * - `stream`: `parseStream` over the file read in 1 MiB chunks, consuming every piece and its
 *   measurements; `stream-result`: the same, reading only each piece's typed result;
 * - `cli-ndjson`: `benchfolio parse --ndjson --tool T FILE` in a child process, output to /dev/null;
 * - `external`: another program (`command`) reading the file on stdin, such as a peer parser: it
 *   is measured when installed and reported as skipped otherwise, never needed by the tests.
 */
export type BenchMode = 'parse' | 'parse-result' | 'stream' | 'stream-result' | 'cli-ndjson' | 'external';

/** One output format of one tool, benchmarked through the package's API. */
export interface BenchCase {
  /** What `--case` selects: `<tool>-<format>`, such as `fio-json`. */
  name: string;
  tool: ToolName;
  /**
   * Real outputs of that format: relative to the corpus folder (`fio/pkb__fio-2.1.4-json-5jobs.json`),
   * or, starting with `fixtures/`, relative to this package (real outputs made here, committed as
   * fixtures). The input concatenates them with varied numbers up to `targetBytes`, so they must be
   * outputs the parser reads when several are concatenated.
   */
  corpusFiles: readonly string[];
  /** Size of the input; `--size-mb` overrides it for every case. */
  targetBytes: number;
  /** Default `split-regex`. */
  baseline?: BenchBaseline | undefined;
  /** Default `parse`. */
  mode?: BenchMode | undefined;
  /** The format, for a tool whose detection cannot tell it (a fio log's kind); default: detected. */
  format?: string | undefined;
  /** For mode `external`: the program and its arguments (`['jc', '--iostat-s']`). */
  command?: readonly string[] | undefined;
  /** Digits that are layout, not data, kept as they are in the input (see BuildInputOptions). */
  keepDigits?: RegExp | undefined;
  /** What an issue asks of the case at its full size; `npm run bench` prints whether each holds. */
  targets?: BenchTargets | undefined;
}

export interface BenchTargets {
  /** MB/s at least this fraction of the baseline's on the same bytes (0.5: half). */
  minThroughputRatio?: number | undefined;
  /** Peak RSS below this many bytes. */
  maxPeakRssBytes?: number | undefined;
}

/**
 * The bench cases, one per output format (and mode), from each tool's file in `cases/`, for
 * example
 *
 *   {
 *     name: 'fio-json',
 *     tool: 'fio',
 *     corpusFiles: ['fio/pkb__fio-2.1.4-json-5jobs.json', 'fio/virtualclient__fio-3.26-json-randrw-4k.json'],
 *     targetBytes: DEFAULT_TARGET_BYTES,
 *     baseline: 'json-parse',
 *   },
 *
 * and `npm run bench` measures it against its baseline on the same bytes.
 */
export const BENCH_CASES: readonly BenchCase[] = [
  ...FIO_BENCH_CASES,
  ...BONNIE_BENCH_CASES,
  ...SYSBENCH_BENCH_CASES,
  ...IOSTAT_BENCH_CASES,
  ...FIO_LOG_BENCH_CASES,
  ...DD_BENCH_CASES,
];
