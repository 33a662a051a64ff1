// Test data of the chart tests, from real outputs only: the raw files in content/results, the
// parsers' fixtures (made by the tools here), the parsers' corpus of public outputs
// (packages/parsers/fixtures/corpus, with its MANIFEST.md), and this folder's __fixtures__. Each is parsed with @benchfolio/parsers and mapped to the view model by the small
// functions below, which stand in for the data layer (src/data/) in these tests.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Measurement, parse } from '@benchfolio/parsers';
import { JSDOM } from 'jsdom';
import { fioResultOf } from '../tools/fio/latency.ts';
import { iostatResultOf } from '../tools/iostat/sections.ts';
import { sysbenchResultOf } from '../tools/sysbench/histograms.ts';
import type {
  BetterIs,
  DeviceFigure,
  DeviceSeries,
  LatencyDistribution,
  LatencyHistogram,
  RankGrid,
} from '../view/model.ts';

/** A fresh jsdom document, as the build renders charts with. */
export function testDocument(): Document {
  return new JSDOM('').window.document;
}

/** A file of the repository, by path from its root. */
export function repoFile(path: string): string {
  return readFileSync(fileURLToPath(new URL(`../../../../${path}`, import.meta.url)), 'utf8');
}

/** A file of the parsers' corpus of public outputs, by path from the corpus folder (`sysbench/…`). */
export function corpusFile(path: string): string {
  return repoFile(`packages/parsers/fixtures/corpus/${path}`);
}

// --- fio -------------------------------------------------------------------------------------

const BUCKET_GROUP_NS = { ns: 1, us: 1e3, ms: 1e6 } as const;

/**
 * One job and direction of each run's fio output as a LatencyDistribution: the job's latency
 * buckets (fio keys them by the bound in their group's unit, the last one `>=2000` ms) and the
 * direction's completion latency percentiles.
 */
export function fioLatency(
  key: string,
  title: string,
  runs: Array<{ run: string; text: string; job: string; direction: 'read' | 'write' }>,
): LatencyDistribution {
  return {
    key,
    title,
    runs: runs.map(({ run, text, job: jobName, direction }) => {
      const result = fioResultOf(parse(text));
      if (!result) throw new Error(`run ${run} is not a fio output`);
      const job = result.runs.flatMap((fioRun) => fioRun.jobs).find((candidate) => candidate.name === jobName);
      if (!job) throw new Error(`no job ${jobName} in run ${run}`);
      const buckets: LatencyDistribution['runs'][number]['buckets'] = [];
      for (const group of ['ns', 'us', 'ms'] as const) {
        for (const [bound, percent] of Object.entries(job.latencyDistribution?.[group] ?? {})) {
          const isAtLeast = bound.startsWith('>=');
          buckets.push({
            upToNs: Number(bound.replace('>=', '')) * BUCKET_GROUP_NS[group],
            percent,
            ...(isAtLeast ? { isAtLeast } : {}),
          });
        }
      }
      const percentiles = Object.entries(job[direction]?.clat?.percentilesNs ?? {}).map(([p, ns]) => ({
        p: Number(p),
        ns,
      }));
      return { run, buckets, percentiles };
    }),
  };
}

// --- sysbench --------------------------------------------------------------------------------

/** The `--histogram` of every `run` of a sysbench output, one view-model run per sysbench run. */
export function sysbenchHistogram(
  key: string,
  title: string,
  text: string,
  runIds: readonly string[],
): LatencyHistogram {
  const result = sysbenchResultOf(parse(text));
  if (!result) throw new Error('not a sysbench output');
  const runs = result.runs.filter((run) => run.histogram.length > 0);
  return {
    key,
    title,
    runs: runs.map((run, i) => ({
      run: runIds[i] ?? `run-${i}`,
      bins: run.histogram.map((bucket) => ({ ns: bucket.valueNs, count: bucket.count })),
    })),
  };
}

// --- iostat ----------------------------------------------------------------------------------

/** Canonical iostat metric of each figure (IostatColumn.metric). */
const FIGURE_METRICS: Record<DeviceFigure, string> = {
  util: '%util',
  await: 'await',
  readsPerSec: 'r/s',
  writesPerSec: 'w/s',
  readBytesPerSec: 'read.bw',
  writeBytesPerSec: 'write.bw',
};

/**
 * The devices of an iostat output as DeviceSeries of run `run`: the since-boot first report is
 * left out (it averages since boot, not over the interval), t counts seconds from the first
 * report kept, by its `-t` timestamp.
 */
export function iostatSeries(run: string, text: string, devices: readonly string[]): DeviceSeries[] {
  const result = iostatResultOf(parse(text));
  if (!result) throw new Error('not an iostat output');
  const reports = result.reports.filter((report) => !report.isSinceBoot);
  const startMs = Date.parse(`${reports[0]?.timestamp}Z`);
  const t = reports.map((report) => (Date.parse(`${report.timestamp}Z`) - startMs) / 1000);
  return devices.map((device) => {
    const values = {} as DeviceSeries['values'];
    for (const [figure, metric] of Object.entries(FIGURE_METRICS) as Array<[DeviceFigure, string]>) {
      values[figure] = reports.map((report) => {
        const column = report.columns.findIndex((candidate) => candidate.metric === metric);
        const row = report.devices.find((candidate) => candidate.device === device);
        return column < 0 || !row ? null : (row.values[column] ?? null);
      });
    }
    return { run, device, t, ...(reports[0]?.timestamp ? { start: reports[0].timestamp } : {}), values };
  });
}

// --- bonnie++ --------------------------------------------------------------------------------

/** The figures of bonnie++'s grid, in bon_csv2html's column order. */
const BONNIE_FIGURES = [
  ['putc', 'Seq. output per char'],
  ['put_block', 'Seq. output block'],
  ['rewrite', 'Rewrite'],
  ['getc', 'Seq. input per char'],
  ['get_block', 'Seq. input block'],
  ['seeks', 'Random seeks'],
  ['seq_create', 'Seq. create'],
  ['seq_stat', 'Seq. read'],
  ['seq_del', 'Seq. delete'],
  ['ran_create', 'Random create'],
  ['ran_stat', 'Random read'],
  ['ran_del', 'Random delete'],
] as const;

/**
 * bonnie++ outputs as a RankGrid: per figure its speed (higher is better), its %CPU (neither:
 * bon_csv2html leaves CPU uncoloured, it only means something against the work done) and its
 * latency (lower is better).
 */
export function bonnieGrid(key: string, title: string, runs: Array<{ run: string; text: string }>): RankGrid {
  const measured = runs.map(({ run, text }) => ({ run, measurements: parse(text).measurements as Measurement[] }));
  const columns: RankGrid['columns'] = [];
  for (const [metric, name] of BONNIE_FIGURES) {
    const unit = metric.startsWith('put') || metric.startsWith('get') || metric === 'rewrite' ? 'B/s' : 'op/s';
    columns.push({ key: metric, title: name, unit, betterIs: 'higher' });
    columns.push({ key: `${metric}.cpu`, title: `${name} CPU`, unit: '%', betterIs: 'neither' as BetterIs });
    columns.push({ key: `${metric}.latency`, title: `${name} latency`, unit: 'ns', betterIs: 'lower' });
  }
  return {
    key,
    title,
    columns,
    rows: measured.map(({ run, measurements }) => ({
      run,
      values: columns.map((column) => measurements.find((m) => m.metric === column.key)?.value ?? null),
    })),
  };
}
