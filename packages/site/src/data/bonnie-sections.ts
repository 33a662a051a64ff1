import type { BonnieResult, BonnieRun } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import type { BaseUnit, RankGrid, RunRef, ToolSection } from '../view/model.ts';
import { bonnieBetterIs, bonnieMetricTitle } from './metric-titles.ts';
import { ComparisonBuilder, type MetricSpec, mean } from './repeats.ts';

type Tests = BonnieRun['tests'];
type TestKey = keyof Tests;

/** bonnie++'s tests in the order it prints them: the typed key, the CSV name, the rate's unit. */
const TESTS: ReadonlyArray<{ key: TestKey; name: string; unit: BaseUnit }> = [
  { key: 'putc', name: 'putc', unit: 'B/s' },
  { key: 'putBlock', name: 'put_block', unit: 'B/s' },
  { key: 'rewrite', name: 'rewrite', unit: 'B/s' },
  { key: 'getc', name: 'getc', unit: 'B/s' },
  { key: 'getBlock', name: 'get_block', unit: 'B/s' },
  { key: 'seeks', name: 'seeks', unit: 'op/s' },
  { key: 'seqCreate', name: 'seq_create', unit: 'op/s' },
  { key: 'seqStat', name: 'seq_stat', unit: 'op/s' },
  { key: 'seqDel', name: 'seq_del', unit: 'op/s' },
  { key: 'ranCreate', name: 'ran_create', unit: 'op/s' },
  { key: 'ranStat', name: 'ran_stat', unit: 'op/s' },
  { key: 'ranDel', name: 'ran_del', unit: 'op/s' },
];

/**
 * The figures drawn as bars: block and per-character I/O, seeks and the file creation rates
 * (stat and delete rates are in the grid). Per-character I/O comes along because small runs
 * often measure nothing else: bonnie++ prints `+++++` for tests too fast to time.
 */
const CHARTED = new Set(['putc', 'put_block', 'rewrite', 'getc', 'get_block', 'seeks', 'seq_create', 'ran_create']);

interface RunSample {
  run: string;
  group: string;
  sample: string;
  bonnie: BonnieRun;
}

/**
 * The bonnie++ section: bars for the main figures (block and per-character write and read,
 * rewrite, seeks, sequential and random creates; repeats as mean with min–max), and the full result grid
 * (every test's rate, %CPU and latency) with one row per run, for a bon_csv2html-like table
 * coloured by rank. Groups are the test sizes (`-s`, with `-c` concurrency when not 1).
 */
export function bonnieSection(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection | undefined {
  const samples = runSamples(runs);
  if (samples.length === 0) return undefined;
  const builder = new ComparisonBuilder(runRefs);
  for (const { run, group, sample, bonnie } of samples) {
    builder.group(group, groupLabel(bonnie));
    for (const test of TESTS) {
      if (!CHARTED.has(test.name)) continue;
      const value = rateOf(bonnie.tests, test.key);
      if (value !== null) builder.add(spec(test.name, test.unit), { run, group, sample, value });
    }
  }
  const section: ToolSection = {
    key: 'bonnie',
    tool: 'bonnie',
    title: 'bonnie++',
    origin: 'raw',
    metrics: builder.build(TESTS.map((test) => `bonnie-${test.name.replace(/_/g, '-')}`)),
  };
  const grid = rankGrid(samples, runRefs);
  if (grid !== undefined) section.grid = grid;
  return section;
}

function spec(metric: string, unit: BaseUnit): MetricSpec {
  return {
    key: `bonnie-${metric.replace(/[._]/g, '-')}`,
    metric,
    title: bonnieMetricTitle(metric),
    unit,
    betterIs: bonnieBetterIs(metric),
  };
}

function runSamples(runs: readonly LoadedRun[]): RunSample[] {
  const samples: RunSample[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'bonnie') continue;
      (output.parsed.result as BonnieResult).runs.forEach((bonnie, index) => {
        samples.push({ run: run.id, group: groupKey(bonnie), sample: `${output.file}#${index}`, bonnie });
      });
    }
  }
  return samples;
}

function groupKey(bonnie: BonnieRun): string {
  return `${bonnie.size ?? 'no-io'}/${bonnie.concurrency}`;
}

/** "8G files", "8G files, concurrency 4"; "file tests only" with `-s 0`. */
function groupLabel(bonnie: BonnieRun): string {
  const size = bonnie.size === null ? 'file tests only' : `${bonnie.size} files`;
  return bonnie.concurrency === 1 ? size : `${size}, concurrency ${bonnie.concurrency}`;
}

function rateOf(tests: Tests, key: TestKey): number | null {
  const test = tests[key];
  return 'bytesPerSec' in test ? test.bytesPerSec : test.opsPerSec;
}

/**
 * The result grid of the first group (the one every seed run has): per test, the rate and %CPU,
 * then the latencies, as bon_csv2html lays them out; columns no run has a value for are left
 * out. A run's cell is the mean over its repeats; null where the test was not run or too fast
 * to time (`+++++`).
 */
function rankGrid(samples: readonly RunSample[], runRefs: readonly RunRef[]): RankGrid | undefined {
  const group = samples[0]?.group;
  const inGroup = samples.filter((sample) => sample.group === group);
  const columns: RankGrid['columns'] = [];
  const pickers: Array<(bonnie: BonnieRun) => number | null> = [];
  const addColumn = (column: RankGrid['columns'][number], pick: (bonnie: BonnieRun) => number | null) => {
    if (!inGroup.some((sample) => pick(sample.bonnie) !== null)) return;
    columns.push(column);
    pickers.push(pick);
  };
  for (const test of TESTS) {
    addColumn({ key: test.name, title: bonnieMetricTitle(test.name), unit: test.unit, betterIs: 'higher' }, (bonnie) =>
      rateOf(bonnie.tests, test.key),
    );
    addColumn(
      { key: `${test.name}.cpu`, title: bonnieMetricTitle(`${test.name}.cpu`), unit: '%', betterIs: 'lower' },
      (bonnie) => bonnie.tests[test.key].cpuPercent,
    );
  }
  for (const test of TESTS) {
    addColumn(
      { key: `${test.name}.latency`, title: bonnieMetricTitle(`${test.name}.latency`), unit: 'ns', betterIs: 'lower' },
      (bonnie) => bonnie.tests[test.key].latencyNs,
    );
  }
  if (columns.length === 0) return undefined;
  const rows = runRefs
    .map((ref) => ({ ref, own: inGroup.filter((sample) => sample.run === ref.id) }))
    .filter(({ own }) => own.length > 0)
    .map(({ ref, own }) => ({
      run: ref.id,
      values: pickers.map((pick) => {
        const values = own.map((sample) => pick(sample.bonnie)).filter((value): value is number => value !== null);
        return values.length === 0 ? null : mean(values);
      }),
    }));
  const label = inGroup[0] === undefined ? '' : groupLabel(inGroup[0].bonnie);
  return { key: 'bonnie-grid', title: `bonnie++ results, ${label}`, columns, rows };
}
