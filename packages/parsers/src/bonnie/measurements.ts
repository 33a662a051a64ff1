import type { Measurement } from '../measurement.ts';
import { _rateOf, TEST_ORDER } from './draft.ts';
import { type BonnieResult, type BonnieRun, CSV_TEST_NAMES, IO_TESTS, type TestName } from './schema.ts';

/**
 * The tidy view of a bonnie++ result: per run and test, `<test>` (B/s for the block and
 * per-character tests, op/s for seeks and the file tests), `<test>.cpu` (%) and
 * `<test>.latency` (ns), the test named as in bonnie++'s CSV header (`put_block`, `seq_create`).
 * Labels: `name`, `size` (where the I/O tests ran) and `concurrency` where it is not 1. A test
 * not run or too fast to time (`+++++`) gives no measurement.
 */
export function _bonnieMeasurements(result: BonnieResult): Measurement[] {
  return result.runs.flatMap(runMeasurements);
}

function labelsOf(run: BonnieRun): Record<string, string> {
  const labels: Record<string, string> = { name: run.name };
  if (run.size !== null) labels.size = run.size;
  if (run.concurrency !== 1) labels.concurrency = String(run.concurrency);
  return labels;
}

function runMeasurements(run: BonnieRun): Measurement[] {
  const labels = labelsOf(run);
  const measurements: Measurement[] = [];
  const add = (metric: string, unit: Measurement['unit'], value: number | null) => {
    // One labels object per run, shared by its measurements: a large CSV file has millions.
    if (value !== null) measurements.push({ tool: 'bonnie', metric, unit, value, labels });
  };
  for (const name of TEST_ORDER) {
    const metric = CSV_TEST_NAMES[name];
    const test = run.tests[name];
    add(metric, isIoTest(name) ? 'B/s' : 'op/s', _rateOf(run.tests, name));
    add(`${metric}.cpu`, '%', test.cpuPercent);
    add(`${metric}.latency`, 'ns', test.latencyNs);
  }
  return measurements;
}

function isIoTest(name: TestName): boolean {
  return (IO_TESTS as readonly string[]).includes(name);
}
