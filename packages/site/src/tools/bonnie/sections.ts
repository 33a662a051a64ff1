import type { Measurement } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { measuredRuns } from '../../sections/measured.ts';
import { ComparisonBuilder, mean } from '../../sections/repeats.ts';
import type { RankGrid, RunRef, ToolSection } from '../../view/model.ts';
import type { FindingPlace, MetricWords } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';

/** bonnie++'s tests in the order it prints them, by their CSV names (the measurements' names): I/O, then files. */
const TESTS = [
  ...['putc', 'put_block', 'rewrite', 'getc', 'get_block', 'seeks'],
  ...['seq_create', 'seq_stat', 'seq_del', 'ran_create', 'ran_stat', 'ran_del'],
];

/** One bonnie++ run: its measurements, with the run and group it belongs to. */
interface RunSample {
  run: string;
  group: string;
  label: string;
  /** The output's file name, and the machine name bonnie++ printed (label `name`). */
  file: string;
  name: string | undefined;
  sample: string;
  values: ReadonlyMap<string, Measurement>;
}

/**
 * The bonnie++ section (none without bonnie++ outputs): bars for the headline figures (block and
 * per-character write and read, rewrite, seeks, sequential and random creates; repeats as mean
 * with min–max), and the full result grid (every test's rate, %CPU and latency) with one row per
 * run, for a bon_csv2html-like table coloured by rank. Groups are the test sizes (`-s`, with `-c`
 * concurrency when not 1). Everything comes from the measurements.
 */
export function bonnieSections(
  runs: readonly LoadedRun[],
  runRefs: readonly RunRef[],
  words: MetricWords,
): ToolSection[] {
  const samples = runSamples(runs);
  if (samples.length === 0) return [];
  const builder = new ComparisonBuilder(runRefs);
  for (const { run, group, label, sample, values } of samples) {
    builder.group(group, label);
    for (const metric of words.headline) {
      const measured = values.get(metric);
      if (measured === undefined) continue;
      builder.add(
        {
          key: keyOf(metric),
          metric,
          title: words.title(metric),
          unit: measured.unit,
          betterIs: words.betterIs(metric),
        },
        { run, group, sample, value: measured.value },
      );
    }
  }
  const section: ToolSection = {
    key: 'bonnie',
    tool: 'bonnie',
    title: TOOL_NAMES.bonnie.title,
    origin: 'raw',
    metrics: builder.build(words.headline.map(keyOf)),
  };
  const grid = rankGrid(samples, runRefs, words);
  if (grid !== undefined) section.grid = grid;
  return [section];
}

function keyOf(metric: string): string {
  return `bonnie-${metric.replace(/[._]/g, '-')}`;
}

/**
 * Where each bonnie++ run of each output is drawn: the lint names a finding's workload by the
 * machine name bonnie++ printed (label `name`), and the run's bars are in its size's group (the
 * grid shows the first size's). A run whose every test printed +++++ measured nothing and is
 * drawn nowhere. Several runs of one output under one name but of other sizes are told apart
 * by nothing the finding carries but its line: each of those groups gets the finding.
 */
export function bonnieFindingPlaces(runs: readonly LoadedRun[]): FindingPlace[] {
  return runSamples(runs).flatMap(({ run, file, name, group }) =>
    name === undefined ? [] : [{ run, file, workload: name, section: 'bonnie', group }],
  );
}

/** Each bonnie++ run of each output, in order; a run that measured nothing is left out. */
function runSamples(runs: readonly LoadedRun[]): RunSample[] {
  const samples: RunSample[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'bonnie') continue;
      measuredRuns(output.parsed.measurements).forEach(({ labels, values }, index) => {
        const size = labels.size;
        const concurrency = labels.concurrency;
        samples.push({
          run: run.id,
          group: `${size ?? 'no-io'}/${concurrency ?? 1}`,
          // "8G files", "8G files, concurrency 4"; "file tests only" with `-s 0`.
          label: `${size === undefined ? 'file tests only' : `${size} files`}${concurrency === undefined ? '' : `, concurrency ${concurrency}`}`,
          file: output.file,
          name: labels.name,
          sample: `${output.file}#${index}`,
          values,
        });
      });
    }
  }
  return samples;
}

/**
 * The result grid of the first group (the one every seed run has): per test, the rate and %CPU,
 * then the latencies, as bon_csv2html lays them out; columns no run has a value for are left
 * out. A run's cell is the mean over its repeats; null where the test was not run or too fast
 * to time (`+++++`).
 */
function rankGrid(samples: readonly RunSample[], runRefs: readonly RunRef[], words: MetricWords): RankGrid | undefined {
  const first = samples[0];
  const inGroup = samples.filter((sample) => sample.group === first?.group);
  const metrics = [...TESTS.flatMap((test) => [test, `${test}.cpu`]), ...TESTS.map((test) => `${test}.latency`)];
  const columns: RankGrid['columns'] = [];
  for (const metric of metrics) {
    const measured = inGroup.find((sample) => sample.values.has(metric))?.values.get(metric);
    if (measured === undefined) continue;
    columns.push({ key: metric, title: words.title(metric), unit: measured.unit, betterIs: words.betterIs(metric) });
  }
  if (columns.length === 0) return undefined;
  const rows = runRefs
    .map((ref) => ({ ref, own: inGroup.filter((sample) => sample.run === ref.id) }))
    .filter(({ own }) => own.length > 0)
    .map(({ ref, own }) => {
      const repeats = columns.map((column) => own.flatMap((sample) => sample.values.get(column.key)?.value ?? []));
      const row: RankGrid['rows'][number] = {
        run: ref.id,
        values: repeats.map((values) => (values.length === 0 ? null : mean(values))),
      };
      if (own.length > 1) row.samples = repeats.map((values) => (values.length > 1 ? values : null));
      return row;
    });
  return {
    key: 'bonnie-grid',
    title: `${TOOL_NAMES.bonnie.title} results, ${first?.label ?? ''}`,
    ...(first === undefined ? {} : { group: first.group }),
    columns,
    rows,
  };
}
