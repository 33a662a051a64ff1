import type { BenchCase } from '../cases.ts';

// cases.ts imports this file, so its DEFAULT_TARGET_BYTES is not initialised yet when this runs:
// the same 64 decimal MB, spelled out.
const TARGET_BYTES = 64 * 1_000_000;

/** Every sysbench output of the corpus: 0.4.12, 0.5, 1.0.11/12, 1.1.0 summaries. */
const SUMMARIES = [
  'sysbench/e6118__v0.5-cpu-aarch64.txt',
  'sysbench/e6118__v1.1.0-dev-cpu-deprecated-test-warning.txt',
  'sysbench/e6118__v1.1.0-dev-fileio-rndrw.txt',
  'sysbench/e6118__v1.1.0-dev-memory-32M-block.txt',
  'sysbench/gvisor__v1.0.11-cpu.txt',
  'sysbench/gvisor__v1.0.11-memory-write.txt',
  'sysbench/gvisor__v1.0.11-mutex.txt',
  'sysbench/pkb__v1.0.11-memory-write-1k.txt',
  'sysbench/virtualclient__v1.1.0-oltp-point-select.txt',
  'sysbench/vps-comparison__v0.4.12-cpu.txt',
  'sysbench/vps-comparison__v0.4.12-oltp.txt',
  'sysbench/vps-comparison__v0.4.12-ram-randrd.txt',
  'sysbench/vps-comparison__v0.4.12-randrd.txt',
  'sysbench/vps-comparison__v0.4.12-randrw.txt',
  'fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt',
];

/**
 * Long --report-interval runs: the 0.5 oltp.lua run of 600 interval lines, the 1.0.12 oltp run and
 * the real 1.0.20 interval lines of cpu, memory, threads and fileio, concatenated into one long log.
 */
const INTERVALS = [
  'sysbench/pkb__v0.5-oltp-mysql-report-interval-2s.txt',
  'sysbench/pkb__v1.0.12-oltp-report-interval-2s.txt',
  'fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt',
];

/** The sysbench bench cases (see BenchCase in ../cases.ts). */
export const SYSBENCH_BENCH_CASES: readonly BenchCase[] = [
  { name: 'sysbench-text', tool: 'sysbench', corpusFiles: SUMMARIES, targetBytes: TARGET_BYTES },
  { name: 'sysbench-intervals', tool: 'sysbench', corpusFiles: INTERVALS, targetBytes: TARGET_BYTES },
  {
    name: 'sysbench-intervals-cli',
    tool: 'sysbench',
    corpusFiles: INTERVALS,
    targetBytes: TARGET_BYTES,
    mode: 'cli-ndjson',
  },
];
