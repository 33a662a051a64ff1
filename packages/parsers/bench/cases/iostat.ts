import type { BenchCase } from '../cases.ts';
import { BYTES_PER_MB as MB } from '../sizes.ts';

/**
 * The iostat bench cases (see BenchCase in ../cases.ts): a 200 MB `-x -t` log built from real
 * reports (sysstat 12.6.1 made here, and sysstat 10.1.5 from pbench's samples), read through
 * the streaming entry point into typed reports (`iostat-text-stream-result`: issue 8 asks for
 * at least half the read-split-regex baseline on the same bytes), the same with every
 * measurement built (`iostat-text-stream`), through `benchfolio parse --ndjson` (issue 8: within
 * twice the streaming parse; issue 19: at least 0.4 of the read-split-regex baseline, process
 * start included), and through jc, the Python parser, when it is installed.
 */
const X_T_LOGS = [
  'fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt',
  'iostat/pbench__sysstat10-rhel71-iostat-xmt.txt',
];
const LOG_BYTES = 200 * MB;

export const IOSTAT_BENCH_CASES: readonly BenchCase[] = [
  {
    name: 'iostat-text-stream-result',
    tool: 'iostat',
    corpusFiles: X_T_LOGS,
    targetBytes: LOG_BYTES,
    baseline: 'split-regex',
    mode: 'stream-result',
  },
  {
    name: 'iostat-text-stream',
    tool: 'iostat',
    corpusFiles: X_T_LOGS,
    targetBytes: LOG_BYTES,
    baseline: 'split-regex',
    mode: 'stream',
  },
  {
    // Issue 19's target: MB/s ÷ baseline >= 0.4 (process start included), met with a margin
    // since the round of 2026-11-25: the CLI timed directly against a baseline pass in each round,
    // median ratios 0.45-0.47 over 10-28 rounds at load 2.6-6.6 (the commit before 0.36-0.42),
    // 0.40 under the heaviest contention seen; 9 bench runs at load 2.8-6.3 gave a median of 0.47
    // (the commit before 0.34). Library README, iostat's Speed. It takes the fast path
    // (iostat/ndjson-stream.ts: the lines written from the log's bytes, no typed rows; a row's
    // usual values in one loop, ndjson-rows.ts; the lines each report repeats read from their
    // bytes), reads a file in 120 KiB chunks, and its start loads no zod.
    name: 'iostat-text-cli-ndjson',
    tool: 'iostat',
    corpusFiles: X_T_LOGS,
    targetBytes: LOG_BYTES,
    baseline: 'split-regex',
    mode: 'cli-ndjson',
  },
  {
    name: 'iostat-text-jc',
    tool: 'iostat',
    corpusFiles: X_T_LOGS,
    targetBytes: LOG_BYTES,
    baseline: 'split-regex',
    mode: 'external',
    // jc's streaming iostat parser, one JSON object per line: the nearest peer (`pip install jc`).
    // jc does not read `-t` timestamp lines; -qq makes it report them inline and go on.
    command: ['jc', '-qq', '--iostat-s'],
  },
  {
    name: 'iostat-text',
    tool: 'iostat',
    corpusFiles: X_T_LOGS,
    targetBytes: 64 * MB,
    baseline: 'split-regex',
    mode: 'parse',
  },
];
