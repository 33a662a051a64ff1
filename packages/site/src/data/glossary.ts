// The glossary: every metric name the experiment pages show, under its tool, with what it
// measures in the tool's own words (the descriptors' `metrics.explain`, src/tools/), and the
// few ideas that charts of distributions rely on. Built from the site's sections, so a name is
// listed exactly when a page shows it.

import { GLOSSARY_CONCEPTS, glossaryId } from '../lib/glossary-id.ts';
import { descriptorOf, toolTitle } from '../tools/index.ts';
import type { BaseUnit, BetterIs, ToolSection } from '../view/model.ts';
import { RUN_TO_RUN_VARIATION } from '../view/run-to-run.ts';
import type { ExperimentView } from './experiment-view.ts';
import { NOISE_ALPHA } from './noise.ts';

export interface GlossaryEntry {
  /** The anchor: glossaryId(tool, metric), or a concept's id. */
  id: string;
  /** As charts title it: "Write completion latency, p99". */
  title: string;
  /** The measurement name, `write.clat.p99`; none for a concept. */
  metric?: string;
  unit?: BaseUnit;
  betterIs?: BetterIs;
  /** What it measures; none where neither the tool's descriptor nor the source says. */
  explanation?: string;
  /** Experiments whose pages show it, by id and title: the newest GLOSSARY_PAGES_SHOWN. */
  experiments: Array<{ id: string; title: string; href: string }>;
  /** How many experiments' pages show it in all; none for a concept. */
  experimentCount?: number;
}

export interface GlossaryGroup {
  tool: string;
  /** As readers see the tool: "bonnie++". */
  title: string;
  /** Anchor of the tool's heading: `tool-fio`. */
  id: string;
  concepts: GlossaryEntry[];
  /** By title. */
  entries: GlossaryEntry[];
}

/** Every metric a section shows: its bars, its grid's columns, and iostat's device figures. */
function shownMetrics(section: ToolSection): ShownMetric[] {
  const words = descriptorOf(section.tool)?.metrics;
  const shown = (metric: string, title: string, unit: BaseUnit, betterIs: BetterIs): ShownMetric => ({
    metric,
    title,
    // A device figure's metrics have units of their own (%, ms, r/s): a count there names none.
    ...(!(unit === 'count' && section.devices) && { unit }),
    betterIs,
  });
  const metrics: ShownMetric[] = section.metrics.map(({ metric, title, unit, betterIs }) =>
    shown(metric, title, unit, betterIs),
  );
  for (const column of section.grid?.columns ?? []) {
    metrics.push(shown(column.key, column.title, column.unit, column.betterIs));
  }
  for (const series of section.intervals ?? []) {
    if (series.metric === undefined || metrics.some((known) => known.metric === series.metric)) continue;
    metrics.push(shown(series.metric, words?.title(series.metric) ?? series.title, series.unit, series.betterIs));
  }
  if ((section.devices?.length ?? 0) > 0) {
    for (const metric of words?.headline ?? [])
      metrics.push(shown(metric, words?.title(metric) ?? metric, 'count', 'neither'));
  }
  return metrics;
}

/**
 * What one experiment's page contributes to the glossary: per tool, the ids of its concepts and
 * the metrics it shows. It is kept for every experiment of a build (the catalog, catalog.ts), so
 * it holds names only: the explanations, the same for every page, are joined in by
 * glossaryGroupsOf.
 */
export interface GlossaryUse {
  page: { id: string; title: string; href: string };
  tools: Array<{ tool: string; concepts: string[]; metrics: ShownMetric[] }>;
}

/** A metric as a section shows it. */
export interface ShownMetric {
  metric: string;
  title: string;
  unit?: BaseUnit;
  betterIs: BetterIs;
}

/**
 * At most this many experiments are named under an entry, the newest: a metric every fio page
 * shows would otherwise list thousands of pages. The entry says how many show it in all.
 */
export const GLOSSARY_PAGES_SHOWN = 5;

/** The glossary of the experiments' pages: a group per tool, in the order pages first show them. */
export function glossaryGroups(experiments: readonly ExperimentView[]): GlossaryGroup[] {
  return glossaryGroupsOf(experiments.map(glossaryUse));
}

/** An experiment view's glossary use: what its sections show. */
export function glossaryUse(view: ExperimentView): GlossaryUse {
  const tools: GlossaryUse['tools'] = [];
  for (const section of view.sections) {
    let use = tools.find((known) => known.tool === section.tool);
    if (use === undefined) {
      use = { tool: section.tool, concepts: [], metrics: [] };
      tools.push(use);
    }
    for (const concept of conceptsOf(section)) {
      if (!use.concepts.includes(concept.id)) use.concepts.push(concept.id);
    }
    for (const shown of shownMetrics(section)) {
      if (!use.metrics.some((known) => known.metric === shown.metric)) use.metrics.push(shown);
    }
  }
  return { page: { id: view.id, title: view.experiment.title, href: view.href }, tools };
}

/** The glossary from each experiment's use (newest experiment first). */
export function glossaryGroupsOf(uses: readonly GlossaryUse[]): GlossaryGroup[] {
  const groups = new Map<string, GlossaryGroup>();
  for (const { page, tools } of uses) {
    for (const use of tools) {
      const group = groupOf(groups, use.tool);
      for (const id of use.concepts) {
        const concept = CONCEPTS_BY_ID.get(id);
        if (concept !== undefined && !group.concepts.some((known) => known.id === id))
          group.concepts.push({ ...concept, experiments: [] });
      }
      for (const shown of use.metrics) addEntry(group, use.tool, shown, page);
    }
  }
  for (const group of groups.values()) group.entries.sort((a, b) => a.title.localeCompare(b.title, 'en'));
  return [...groups.values()];
}

function groupOf(groups: Map<string, GlossaryGroup>, tool: string): GlossaryGroup {
  let group = groups.get(tool);
  if (group === undefined) {
    group = { tool, title: toolTitle(tool), id: `tool-${tool}`, concepts: [], entries: [] };
    groups.set(tool, group);
  }
  return group;
}

function addEntry(group: GlossaryGroup, tool: string, shown: ShownMetric, page: GlossaryUse['page']): void {
  const id = glossaryId(tool, shown.metric);
  let entry = group.entries.find((known) => known.id === id);
  if (entry === undefined) {
    entry = {
      id,
      title: shown.title,
      metric: shown.metric,
      ...(shown.unit && { unit: shown.unit }),
      betterIs: shown.betterIs,
      explanation: descriptorOf(tool)?.metrics.explain(shown.metric),
      experiments: [],
      experimentCount: 0,
    };
    group.entries.push(entry);
  }
  entry.experimentCount = (entry.experimentCount ?? 0) + 1;
  if (entry.experiments.length < GLOSSARY_PAGES_SHOWN) entry.experiments.push(page);
}

/** The ideas a section's figures rely on, explained once per tool. */
function conceptsOf(section: ToolSection): GlossaryEntry[] {
  const concepts: GlossaryEntry[] = [];
  if (section.tool === 'fio' && section.origin === 'raw') concepts.push(...FIO_CONCEPTS);
  const spreads = new Set(section.metrics.flatMap((metric) => metric.cells.map((cell) => cell.spread)));
  if (spreads.has('published-sd')) concepts.push(PUBLISHED_SD);
  if ((section.histograms?.length ?? 0) > 0) concepts.push(SYSBENCH_HISTOGRAM);
  if (section.grid !== undefined) concepts.push(BONNIE_TOO_FAST);
  if ((section.devices?.length ?? 0) > 0) concepts.push(section.tool === 'sadf' ? SADF_DEVICES : IOSTAT_DEVICES);
  return concepts;
}

// The concepts' words follow the tools' documentation: fio's HOWTO ("Interpreting the output"),
// bonnie++'s readme and its `+++++` convention (packages/parsers/src/bonnie/schema.ts), sysbench's
// --histogram option, sysstat's iostat(1), and for sar's figures sysstat's sources (rd_stats.c:
// read_diskstats_disk, compute_ext_disk_stats).

const FIO_CONCEPTS: GlossaryEntry[] = [
  {
    id: GLOSSARY_CONCEPTS.fioLatency,
    title: 'Submission, completion and total latency (slat, clat, lat)',
    explanation:
      'fio times each I/O three ways. Submission latency (slat) is the time it took to submit the I/O. Completion latency (clat) is the time from submission to completion. Total latency (lat) is the time from when fio created the I/O unit to its completion: submission and completion together. With a synchronous engine (sync, psync) queueing and completing are one operation: fio prints no slat row, and the time each call took shows as completion latency, as in the fio 1.57 outputs on this site.',
    experiments: [],
  },
  {
    id: GLOSSARY_CONCEPTS.fioSamples,
    title: 'Bandwidth and IOPS samples (bw, iops: min, max, avg, stdev, samples)',
    explanation:
      'fio also measures a job’s bandwidth and IOPS once per interval (bwavgtime and iopsavgtime, 500 ms by default) and prints their statistics: bw (KiB/s) with min, max, per (the job’s share of its group’s bandwidth), avg, stdev and samples (their number, since fio 3), and iops with the same. They say how steady a run was, not how sure its bandwidth is: the samples of one run follow each other, so the site never feeds them to the noise test and never calls a win from them. Their mean is not the bar’s value (BW= and IOPS= are the bytes and I/Os over the whole run time), so the chart draws them as a marker of their own, a ring at their mean with a line of ± 1 sd and their N, and the data table gives mean ± sd, min – max and N. Shown only for a job that ran alone, in a run without repeats (whose spread is shown instead): with group_reporting of several jobs (jobs=5) fio combines the jobs’ samples (fio 3.13 and later add their min, max and mean up, earlier versions average per-job figures) into figures that are no spread of the group’s bandwidth, and the chart says so.',
    experiments: [],
  },
  {
    id: 'fio-percentiles',
    title: 'Latency percentiles (p50, p99, p99.9)',
    explanation:
      'fio 2.0 and later print percentiles of completion latency (`clat percentiles`): p99 is the latency that 99 % of the I/Os took at most, so 1 in 100 took longer. The latency charts space p50, p90, p99, p99.9 evenly (one nine each) and draw latency on a log scale, so the slowest I/Os are as visible as the typical ones.',
    experiments: [],
  },
  {
    id: 'fio-latency-buckets',
    title: 'Latency buckets',
    explanation:
      'Every fio version prints the share of I/Os per latency range, as `lat (usec): 250=0.04%, 500=…`: the number is the range’s upper bound, not included, so 250=0.04% means 0.04 % of the I/Os completed in under 250 µs (and above the previous bound). The last bucket, ≥2000 ms, has no upper bound. The bucket charts draw the share on a log scale, so a bucket of 0.01 % stays visible.',
    experiments: [],
  },
];

const PUBLISHED_SD: GlossaryEntry = {
  id: GLOSSARY_CONCEPTS.publishedSd,
  title: 'Standard deviation as published (N not published)',
  explanation:
    'Some sources publish a mean with a standard deviation but not how many values they summarize (the EC2 post’s nginx request times: the average and the sd of single requests). The ± on such a chart is that sd: how much single requests varied, not how sure the mean is. Whether two such means differ beyond the noise needs that N (Welch’s t-test takes mean, sd and N of each), so these differences are not tested, and the page says so rather than “one run each”.',
  experiments: [],
};

const SYSBENCH_HISTOGRAM: GlossaryEntry = {
  id: GLOSSARY_CONCEPTS.sysbenchHistogram,
  title: 'Latency histogram',
  explanation:
    'With --histogram, sysbench prints how many events took each latency, in about 1,000 buckets from 1 µs to 100 s. The charts merge them into ten bins per decade on a log axis of latency, draw each run’s share of its events on a log scale, and mark the p50, p99 and p99.9 read from the histogram.',
  experiments: [],
};

const BONNIE_TOO_FAST: GlossaryEntry = {
  id: GLOSSARY_CONCEPTS.bonnieTooFast,
  title: 'Not measured (+++++)',
  explanation:
    'bonnie++ prints +++++ for a test that finished faster than it can time reliably, and leaves a cell empty for a test it did not run (-f skips per-character I/O, -n 0 the file tests). Either way the site shows no number, never 0.',
  experiments: [],
};

const IOSTAT_DEVICES: GlossaryEntry = {
  id: GLOSSARY_CONCEPTS.iostat,
  title: 'Devices over time',
  explanation:
    'iostat, run beside a benchmark, reports each device’s figures once per interval; the first report covers the time since boot and is left out. The chart draws one figure at a time for every device of every run, over the seconds since the first report.',
  experiments: [],
};

const SADF_DEVICES: GlossaryEntry = {
  id: GLOSSARY_CONCEPTS.sadf,
  title: 'Devices over time, from sar files (sadf -j)',
  explanation:
    'sar’s collector, sadc, writes each disk’s counters to a data file at every interval (the daily /var/log/sysstat/saDD, or a file of its own beside a benchmark); sadf -j prints the file as JSON. The chart draws each disk of every run at every statistics entry, over the seconds since the first; disks idle throughout are left out. Utilization and average wait come from the same /proc/diskstats counters as iostat’s: %util is the share of the interval the disk was busy, and await the time requests took, reads, writes and discards together, which iostat 12 splits into r_await and w_await. sar -d has no reads or writes per second: its transfers per second (tps) count the requests completed both ways, iostat’s r/s plus w/s (plus d/s). Each entry already covers an interval (there is no since-boot report to leave out), and its time is the end of that interval.',
  experiments: [],
};

/**
 * How the verdicts and captions compare runs, the same on every experiment page: the glossary's
 * first section (the verdict's "how this was decided" sentence links here). The figures come
 * from view/run-to-run.ts and data/noise.ts, and the notations from charts/normalize.ts and
 * data/verdict.ts.
 */
export const COMPARING_CONCEPTS: GlossaryEntry[] = [
  {
    id: GLOSSARY_CONCEPTS.welch,
    title: 'Welch’s t-test',
    explanation: `Where runs were repeated, the site tests each pair of runs of a workload with Welch’s t-test on their repeats’ values: it asks whether two means differ by more than the spread of their repeats would give by chance, without assuming both runs vary as much. It is made at build time (data/noise.ts, on jstat’s t distribution) and gives a p-value. A run is called the best, set in bold or coloured green only where its lead over the next run is beyond the noise, p < ${NOISE_ALPHA}. With 2 repeats each the test has little power: a real difference of 10 % often reads as within the noise, and the page says so rather than guess.`,
    experiments: [],
  },
  {
    id: GLOSSARY_CONCEPTS.pValue,
    title: 'p-value (p = 0.41, p < 0.05)',
    explanation: `Welch’s t-test’s answer: how likely a difference at least this large would be if both runs were in fact the same configuration measured twice. p = 0.41 means such a gap would turn up 41 times in 100 by chance alone: within the noise. Below ${NOISE_ALPHA} the difference is called beyond the noise. A small p does not say the difference is large, only that it is unlikely to be chance; the ratio says how large.`,
    experiments: [],
  },
  {
    id: GLOSSARY_CONCEPTS.withinNoise,
    title: '≈ (within the noise)',
    explanation: `Two runs joined by ≈ are not shown to differ. With repeats: Welch’s t-test gave p ≥ ${NOISE_ALPHA}. With one run each nothing can be tested, so the site compares the lead with how far two runs of one configuration typically land apart: ${(RUN_TO_RUN_VARIATION.relative * 100).toFixed(1)} %, ${RUN_TO_RUN_VARIATION.source}. A lead of that or less is written ≈ and not counted; a larger one is given as “ahead by …, one run each, not tested”. A run whose number has an error finding (it does not measure what it is labelled) is never ranked, whatever its lead.`,
    experiments: [],
  },
  {
    id: GLOSSARY_CONCEPTS.geometricMean,
    title: 'Geometric mean',
    explanation:
      'The last row of a ratio table: the n-th root of the product of a run’s n ratios against each row’s best. Unlike an average of the numbers, it weighs every workload alike, whether its numbers are thousands or millions, and a run twice as fast in one row and half as fast in another comes out at 1. It is given only where one metric fills every row, so the ratios compare, and it is not tested for noise, so it is not coloured.',
    experiments: [],
  },
  {
    id: GLOSSARY_CONCEPTS.ratioNotation,
    title: 'Ratios: −3 %, 0.97×, 3.31×, 1/24.1',
    explanation:
      'How the verdicts write a run against the best of its row. Within a factor of two, a change in percent: −3 % is 3 % below the best, +31 % (for a time, lower is better) 31 % above it. Beyond a factor of two, upwards in times: 3.31× is 3.31 times the best; downwards as a fraction: 1/24.1 is a twenty-fourth of the best, where a percent would read −96 %. A ratio table uses one notation for all its cells: percent when every ratio is within a factor of two, else times (0.97×, 0.0032×), with a third digit where two would round a run that is not the best to 1× (0.996×).',
    experiments: [],
  },
];

const CONCEPTS_BY_ID = new Map(
  [...FIO_CONCEPTS, PUBLISHED_SD, SYSBENCH_HISTOGRAM, BONNIE_TOO_FAST, IOSTAT_DEVICES, SADF_DEVICES].map((concept) => [
    concept.id,
    concept,
  ]),
);
