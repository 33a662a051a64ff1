// fio, as the site shows it. Metric names are the library's (packages/parsers/src/fio/measurements.ts);
// the words on latency follow fio's HOWTO ("Interpreting the output").

import type { ParseOutput } from '@benchfolio/parsers';
import type { MetricWords, ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import {
  joinedNames,
  type PrefillFacts,
  type PrefillRead,
  type PrintedParameters,
  printedPairs,
} from '../prefill-read.ts';
import { fioResultOf } from './latency.ts';
import { fioSections } from './sections.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;

const DIRECTION_TITLES: Record<string, string> = { read: 'Read', write: 'Write', trim: 'Trim' };

const LATENCY_TITLES: Record<string, string> = {
  slat: 'Submission latency',
  clat: 'Completion latency',
  lat: 'Total latency',
};

/** Statistics by the last part of their metric name; published tables name theirs so too. */
export const STAT_TITLES: Readonly<Record<string, string>> = {
  mean: 'mean',
  min: 'min',
  max: 'max',
  stddev: 'standard deviation',
};

/**
 * "Write IOPS", "Read bandwidth", "Write completion latency, mean", "Read completion latency, p99".
 * Published tables of any tool use these words too (sections/metric-titles.ts).
 */
export function fioMetricTitle(metric: string): string {
  const [direction = '', what = '', ...rest] = metric.split('.');
  // The statistic may hold a dot of its own: "read.clat.p99.9" is the 99.9th percentile.
  const stat = rest.length === 0 ? undefined : rest.join('.');
  const dir = DIRECTION_TITLES[direction] ?? direction;
  if (what === 'iops' && stat === undefined) return `${dir} IOPS`;
  if (what === 'bw' && stat === undefined) return `${dir} bandwidth`;
  const latency = LATENCY_TITLES[what];
  if (latency !== undefined && stat !== undefined) {
    const statTitle = STAT_TITLES[stat] ?? stat;
    return `${dir} ${latency.toLowerCase()}, ${statTitle}`;
  }
  return metric;
}

const EXPLANATIONS: Record<string, string> = {
  iops: 'I/O operations completed per second, over the job’s run time (fio’s IOPS=). Its per-interval samples are another figure: see “Bandwidth and IOPS samples”.',
  bw: 'Bytes transferred per second, over the job’s run time (fio’s BW=). Its per-interval samples are another figure: see “Bandwidth and IOPS samples”.',
  slat: 'Submission latency: the time to submit an I/O to the kernel (asynchronous engines only).',
  clat: 'Completion latency: the time from submitting an I/O to its completion.',
  lat: 'Total latency: the time from fio creating an I/O to its completion, submission and completion together.',
};

/** "read.clat.p99": what completion latency is, and which statistic of it; undefined for other figures. */
function explainFio(metric: string): string | undefined {
  const [, what = '', ...rest] = metric.split('.');
  const explanation = EXPLANATIONS[what];
  const stat = rest.join('.');
  if (explanation === undefined) return undefined;
  if (stat === '') return explanation;
  if (LATENCY_TITLES[what] === undefined) return undefined;
  if (/^p\d/.test(stat)) return `${explanation} ${stat.slice(1)} % of the I/Os took at most this long.`;
  const statTitle = STAT_TITLES[stat];
  return statTitle === undefined ? undefined : `${explanation} This is its ${statTitle} over the job’s I/Os.`;
}

const metrics: MetricWords = {
  title: fioMetricTitle,
  explain: explainFio,
  // Latencies and times improve downwards, rates upwards.
  betterIs: (metric) => (/\.(?:slat|clat|lat)\./.test(metric) ? 'lower' : 'higher'),
  headline: DIRECTIONS.flatMap((direction) =>
    ['iops', 'bw', 'clat.mean', 'lat.mean', 'clat.p99', 'lat.p99'].map((what) => `${direction}.${what}`),
  ),
};

export const fio: ToolDescriptor<'fio'> = {
  ...TOOL_NAMES.fio,
  metrics,
  sections: (runs, runRefs) => fioSections(runs, runRefs, metrics),
  isCompared: true,
  try: {
    reads:
      'fio 1.x to 3.x: normal output, `--output-format=json`, `json+`, terse (v2 to v5), or several at once (`normal,json`).',
    placeholder: 'fio-3.33 …',
    readFormats,
  },
  submission: {
    versionExample: 'fio-3.33',
    runYamlVersion: (printed) => (printed.startsWith('fio') ? printed : `fio-${printed}`),
    fallbackName: 'job',
    read: readFio,
  },
};

/** The formats of the runs read from a fio output of several (`normal,json` prints each run twice; its JSON is read). */
function readFormats(parsed: ParseOutput): string[] | undefined {
  const result = fioResultOf(parsed);
  if (result === undefined || parsed.format !== 'mixed') return undefined;
  return [...new Set(result.runs.map((run) => run.format))];
}

function readFio(parsed: ParseOutput, facts: PrefillFacts): PrefillRead {
  const parameters: PrintedParameters[] = [];
  const seen = new Set<string>();
  for (const run of fioResultOf(parsed)?.runs ?? []) {
    facts.add('date', fioDate(run.time, run.timestamp));
    for (const disk of run.disks) facts.add('device', disk.name);
    for (const job of run.jobs) {
      if (job.hostname !== null) facts.add('host', job.hostname);
      // numjobs without group_reporting prints each clone: one entry per job name is enough.
      if (seen.has(job.name)) continue;
      seen.add(job.name);
      const { rw, blockSize, ioengine, iodepth, numjobs, direct, options } = job.parameters;
      parameters.push({
        subject: job.name,
        values: printedPairs([
          ['rw', rw],
          ['bs', options.bs ?? blockSize],
          ['ioengine', ioengine],
          ['iodepth', iodepth],
          ['direct', direct === null ? null : direct ? 1 : 0],
          ['numjobs', numjobs],
          ['size', options.size],
          ['runtime', options.runtime],
        ]),
      });
    }
  }
  const workload = joinedNames([...seen]);
  return { workload, what: workload, parameters };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * fio JSON `time` ("Sat Nov 21 16:57:55 2026") is the machine's local time, as the iostat banner's
 * date is; `timestamp` (Unix seconds) gives the UTC date only when `time` is missing.
 */
function fioDate(time: string | null, timestamp: number | null): string | null {
  const match = time === null ? null : /^\w{3} (\w{3}) +(\d{1,2}) [\d:]+ (\d{4})$/.exec(time.trim());
  const month = match ? MONTHS.indexOf(match[1] as string) + 1 : 0;
  if (match && month > 0) return `${match[3]}-${pad2(month)}-${pad2(Number(match[2]))}`;
  return timestamp === null ? null : new Date(timestamp * 1000).toISOString().slice(0, 10);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
