import type { ToolName } from '../src/errors.ts';

/** Sizes in the bench are decimal megabytes: 1 MB = 10^6 bytes, as in "MB/s". */
export const BYTES_PER_MB = 1_000_000;

/** Big enough that parse time dwarfs start-up and detection, small enough for a quick run. */
export const DEFAULT_TARGET_BYTES = 64 * BYTES_PER_MB;

/** One output format of one tool, benchmarked through the package's `parse(text, { tool })`. */
export interface BenchCase {
  /** What `--case` selects: `<tool>-<format>`, such as `fio-json`. */
  name: string;
  tool: ToolName;
  /**
   * Real outputs of that format, relative to the corpus folder (`fio/pkb__fio-2.1.4-json-5jobs.json`).
   * The input concatenates them with varied numbers up to `targetBytes`, so they must be outputs
   * the parser reads when several are concatenated.
   */
  corpusFiles: readonly string[];
  /** Size of the input; `--size-mb` overrides it for every case. */
  targetBytes: number;
}

/**
 * The bench cases, one per output format. Empty until the tool parsers land: each parser's
 * issue adds one entry per format it reads, for example
 *
 *   {
 *     name: 'fio-json',
 *     tool: 'fio',
 *     corpusFiles: ['fio/pkb__fio-2.1.4-json-5jobs.json', 'fio/virtualclient__fio-3.26-json-randrw-4k.json'],
 *     targetBytes: DEFAULT_TARGET_BYTES,
 *   },
 *
 * and `npm run bench` measures it against the line-splitting baseline on the same bytes.
 */
export const BENCH_CASES: readonly BenchCase[] = [];
