import type { BenchCase } from '../cases.ts';

/** The sysbench bench cases (see BenchCase in ../cases.ts). */
export const SYSBENCH_BENCH_CASES: readonly BenchCase[] = [];
