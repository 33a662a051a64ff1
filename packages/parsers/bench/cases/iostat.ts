import type { BenchCase } from '../cases.ts';

/** The iostat bench cases (see BenchCase in ../cases.ts). */
export const IOSTAT_BENCH_CASES: readonly BenchCase[] = [];
