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
    // Issue 19's target: MB/s ÷ baseline >= 0.4 (process start included): 0.44-0.53 in 6 runs
    // at load 0.6-1.3 (2026-11-25; library README, iostat's Speed; the rounds that got there in
    // bench/iostat-speed-notes.md). It takes the fast path (iostat/ndjson-stream.ts: the lines
    // written from the log's bytes, no typed rows; a row's usual values in one loop,
    // ndjson-rows.ts; the lines each report repeats read from their bytes), reads a file in
    // 120 KiB chunks, and its start loads no zod.
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
