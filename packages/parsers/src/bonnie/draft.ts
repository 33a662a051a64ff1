import {
  type BonnieRun,
  type BonnieTests,
  IO_TESTS,
  type IoTestName,
  OP_TESTS,
  type OpTestName,
  TEST_ORDER,
  type TestName,
} from './schema.ts';
import type { RateCell } from './values.ts';

/** One test as read from a CSV line or a table, before it becomes part of a run. */
export interface _TestCells {
  rate: RateCell;
  cpuPercent: number | null;
  latencyNs: number | null;
}

/**
 * A run as one format gave it, with what matching a table to a CSV line needs: how much the
 * table's rounding may hide of each rate, and which table cells cannot be trusted.
 */
export interface _RunDraft {
  run: BonnieRun;
  /** Offset of the run's first line in the normalized text. */
  offset: number;
  tolerances: Partial<Record<TestName, number>>;
  /** Table cells bonnie++ 2.x fills with the file count instead of the rate (see parse-table.ts). */
  unreliable: Set<TestName>;
}

const NOT_RUN: _TestCells = {
  rate: { status: 'not_run', value: null, tolerance: 0 },
  cpuPercent: null,
  latencyNs: null,
};

/** The tests of a run from the cells read, a test without cells being one not run. */
export function _buildTests(cells: Partial<Record<TestName, _TestCells>>): {
  tests: BonnieTests;
  tolerances: Partial<Record<TestName, number>>;
} {
  const tolerances: Partial<Record<TestName, number>> = {};
  const io = (name: IoTestName) => {
    const cell = cells[name] ?? NOT_RUN;
    tolerances[name] = cell.rate.tolerance;
    return {
      status: cell.rate.status,
      bytesPerSec: cell.rate.value,
      cpuPercent: cell.cpuPercent,
      latencyNs: cell.latencyNs,
    };
  };
  const op = (name: OpTestName) => {
    const cell = cells[name] ?? NOT_RUN;
    tolerances[name] = cell.rate.tolerance;
    return {
      status: cell.rate.status,
      opsPerSec: cell.rate.value,
      cpuPercent: cell.cpuPercent,
      latencyNs: cell.latencyNs,
    };
  };
  const tests = {
    putc: io('putc'),
    putBlock: io('putBlock'),
    rewrite: io('rewrite'),
    getc: io('getc'),
    getBlock: io('getBlock'),
    seeks: op('seeks'),
    seqCreate: op('seqCreate'),
    seqStat: op('seqStat'),
    seqDel: op('seqDel'),
    ranCreate: op('ranCreate'),
    ranStat: op('ranStat'),
    ranDel: op('ranDel'),
  };
  return { tests, tolerances };
}

/** The rate of a test, whichever unit it has. */
export function _rateOf(tests: BonnieTests, name: TestName): number | null {
  if ((IO_TESTS as readonly string[]).includes(name)) return tests[name as IoTestName].bytesPerSec;
  return tests[name as OpTestName].opsPerSec;
}

export { IO_TESTS, OP_TESTS, TEST_ORDER };
