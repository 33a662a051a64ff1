import type { BenchCase } from '../cases.ts';

/** The bonnie bench cases (see BenchCase in ../cases.ts). */
export const BONNIE_BENCH_CASES: readonly BenchCase[] = [];
