import type { BenchCase } from '../cases.ts';

/** The fio bench cases (see BenchCase in ../cases.ts). */
export const FIO_BENCH_CASES: readonly BenchCase[] = [];
