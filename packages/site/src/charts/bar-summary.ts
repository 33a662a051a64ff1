// What a grouped bar chart says, as text: the one-line summary and the rows of the data table the
// page renders beside the chart (without JavaScript), with the same numbers as the bars. Pure: no
// DOM, no d3.

import { formatValue } from '../lib/format-value.ts';
import type { BarCell, BaseUnit, MetricComparison, SampleStats } from '../view/model.ts';
import { noiseMethodText } from '../view/noise.ts';
import { leadSentence, rankingText } from './lead-summary.ts';
import { type Change, formatRatio, type NormalizedCell, normalizeToBaseline, ratioNotation } from './normalize.ts';

/** One row of a bar chart's data table: a run's value in a group. */
export interface BarTableRow {
  groupKey: string;
  /** The group's label, "random-write-direct". */
  group: string;
  runId: string;
  /** The run's label, "ext4". */
  run: string;
  /** In the metric's base unit; null where the run has no value in this group. */
  value: number | null;
  /** "7.37 k op/s", or "—" where there is no value. */
  valueText: string;
  /** "± 4.65 ms", "5.21–7.37 k op/s", or null without a spread. */
  spreadText: string | null;
  repeats: number | null;
  /** Against the baseline run, when one is chosen: null without a baseline or a usable ratio. */
  ratio: number | null;
  /** "+3 %" or "1.03×" (one notation per table), "baseline", "no baseline value"; null without a baseline. */
  normalizedText: string | null;
  change: Change | null;
}

export interface BarTextOptions {
  /** The run id to normalize to. */
  baseline?: string;
  /** What a group is, singular and plural: `['job', 'jobs']`. Default `['group', 'groups']`. */
  groupNoun?: readonly [string, string];
}

/**
 * A cell's spread as text: "± 4.65 ms" for a standard deviation (the sd itself, never half a
 * clipped whisker), "5.21–7.37 k op/s" for the min–max of repeats, and for fio's sample
 * statistics "samples 55.0 MiB/s ± 1.20 MiB/s, 40.0 MiB/s – 60.0 MiB/s, N = 6".
 */
export function formatSpread(cell: BarCell, unit: BaseUnit): string | null {
  if ((cell.spread === 'stddev' || cell.spread === 'published-sd') && cell.sd !== undefined) {
    return `± ${formatValue(cell.sd, unit)}`;
  }
  if (cell.spread === 'sample-sd' && cell.sampleStats !== undefined) return formatSampleStats(cell.sampleStats, unit);
  if (cell.low === undefined || cell.high === undefined) return null;
  return `${formatValue(cell.low, unit)} – ${formatValue(cell.high, unit)}`;
}

/** "samples 55.0 MiB/s ± 1.20 MiB/s, 40.0 MiB/s – 60.0 MiB/s, N = 6": fio's sample statistics. */
export function formatSampleStats(stats: SampleStats, unit: BaseUnit): string {
  const n = stats.count === null ? 'N not printed' : `N\u00a0=\u00a0${stats.count}`;
  const mean = `${formatValue(stats.mean, unit)} ± ${formatValue(stats.sd, unit)}`;
  return `samples ${mean}, ${formatValue(stats.min, unit)} – ${formatValue(stats.max, unit)}, ${n}`;
}

/** What one operation of a metric is, for the words on an sd: fio's are I/Os, nginx's requests. */
function operationsOf(data: MetricComparison): string {
  if (data.key.startsWith('fio')) return 'I/Os';
  return /^request/.test(data.metric) ? 'requests' : 'operations';
}

/** "bandwidth" or "IOPS": what fio's samples of a metric are of. */
function sampledOf(data: MetricComparison): string {
  return data.unit === 'op/s' ? 'IOPS' : 'bandwidth';
}

/** "N = 6", "N = 6–30", "N not printed": the sample counts of a metric's cells with fio samples. */
function sampleCountText(data: MetricComparison): string {
  const counts = data.cells.flatMap((cell) => (cell.sampleStats === undefined ? [] : [cell.sampleStats.count]));
  const known = counts.filter((n): n is number => n !== null).sort((a, b) => a - b);
  if (known.length === 0) return 'N not printed';
  const range = known[0] === known.at(-1) ? String(known[0]) : `${known[0]}–${known.at(-1)}`;
  return `N\u00a0=\u00a0${range}${known.length < counts.length ? ' (not printed for some)' : ''}`;
}

/** What a cell's spread is, in words: "sd of single I/Os", "min–max of 2 repeats". */
export function spreadKindText(cell: BarCell, data: MetricComparison): string | null {
  if (cell.spread === 'stddev') return `sd of single ${operationsOf(data)}`;
  if (cell.spread === 'published-sd') return `sd of single ${operationsOf(data)} as published, N not published`;
  if (cell.spread === 'min-max') return `min–max of ${cell.repeats ?? 2} repeats`;
  if (cell.spread === 'sample-sd')
    return `fio’s per-interval ${sampledOf(data)} samples in the run, not a spread of the bar`;
  return null;
}

/**
 * What the whiskers and markers of a chart are, said on the chart itself; null when no bar has a
 * spread. A tool's sd is the spread of single operations in one run, not an uncertainty of the
 * mean; fio's samples say how steady one run was. `drawsSamples`: whether the chart draws fio's
 * sample markers (not on a ratio axis).
 */
export function spreadLegend(
  data: MetricComparison,
  options: { drawsSamples?: boolean; isTable?: boolean } = {},
): string | null {
  const kinds = new Set(data.cells.map((cell) => cell.spread).filter((kind) => kind !== undefined));
  const parts: string[] = [];
  if (kinds.has('stddev')) {
    parts.push(
      `± 1 sd of single ${operationsOf(data)} within one run, as the tool printed it: how much they vary, not how sure the mean is`,
    );
  }
  if (kinds.has('published-sd')) {
    parts.push(
      `± 1 sd of single ${operationsOf(data)} as published (N not published): how much they vary, not how sure the mean is`,
    );
  }
  if (kinds.has('min-max')) {
    const counts = [...new Set(data.cells.map((cell) => cell.repeats ?? 1).filter((n) => n > 1))].sort((a, b) => a - b);
    const n = counts.length > 1 ? `${counts[0]}–${counts.at(-1)}` : String(counts[0] ?? 2);
    parts.push(`bar = mean, whisker = min–max of N = ${n} repeats`);
  }
  const sampled = sampledOf(data);
  if (kinds.has('sample-sd') && options.isTable) {
    parts.push(
      `samples = mean ± 1 sd and min – max of fio’s per-interval ${sampled} samples in the run: how steady it was, not how sure the value is; the value is the whole run’s ${sampled}`,
    );
  } else if (kinds.has('sample-sd') && options.drawsSamples !== false) {
    parts.push(
      `○ = mean of fio’s per-interval ${sampled} samples in the run, line = ± 1 sd (${sampleCountText(data)} per bar): how steady the run was, not how sure the bar is; the bar is the whole run’s ${sampled}`,
    );
  }
  if (parts.length === 0) return null;
  const onlySamples = kinds.has('sample-sd') && kinds.size === 1;
  const word = !onlySamples ? 'Whiskers' : options.isTable ? 'Spread' : 'Markers';
  return `${word}: ${parts.join('; ')}.`;
}

/**
 * Why fio's sample statistics are not drawn where fio printed them for several jobs folded into
 * one bar (group_reporting): "fio’s per-interval bandwidth samples are not drawn: fio combined
 * them over the 5 jobs of each bar (group_reporting), which gives no spread of the bar." Null
 * where no cell has such samples.
 */
export function samplesNote(data: MetricComparison): string | null {
  const counts = [...new Set(data.cells.flatMap((cell) => cell.samplesCombinedOver ?? []))].sort((a, b) => a - b);
  if (counts.length === 0) return null;
  const jobs = counts.length === 1 ? String(counts[0]) : `${counts[0]}–${counts.at(-1)}`;
  return `fio’s per-interval ${sampledOf(data)} samples are not drawn: fio combined them over the ${jobs} jobs of each bar (group_reporting), which gives no spread of the bar.`;
}

/** The label a bar carries: its value, or with a baseline its reading against it. */
export function barReading(cell: BarCell, unit: BaseUnit, normalized: NormalizedCell | undefined): string {
  if (normalized === undefined) return formatValue(cell.value, unit);
  if (normalized.isBaseline) return '1×';
  return normalized.ratio === null ? '—' : formatRatio(normalized.ratio);
}

/**
 * The rows of the data table: groups in their drawing order, runs in the experiment's declared
 * order within each, one row per run and group (with "—" where the run has no value there).
 */
export function barTableRows(data: MetricComparison, options: BarTextOptions = {}): BarTableRow[] {
  const normalized = options.baseline === undefined ? undefined : normalizeToBaseline(data, options.baseline);
  // The chart's own notation: all percent, or all times (ratioNotation).
  const notation = ratioNotation(
    (normalized ?? []).flatMap((n) => (n.ratio === null || n.isBaseline ? [] : [n.ratio])),
  );
  const rows: BarTableRow[] = [];
  for (const group of data.groups) {
    for (const run of data.runs) {
      const index = data.cells.findIndex((c) => c.group === group.key && c.run === run.id);
      const cell = data.cells[index];
      const norm = normalized?.[index];
      rows.push({
        groupKey: group.key,
        group: group.label,
        runId: run.id,
        run: run.label,
        value: cell?.value ?? null,
        valueText: cell ? formatValue(cell.value, data.unit) : '—',
        spreadText: cell ? formatSpread(cell, data.unit) : null,
        repeats: cell?.repeats ?? null,
        ratio: norm?.ratio ?? null,
        normalizedText:
          options.baseline === undefined
            ? null
            : norm?.isBaseline
              ? 'baseline'
              : norm?.ratio === null || norm === undefined
                ? cell
                  ? 'no baseline value'
                  : '—'
                : notation(norm.ratio),
        change: norm?.change ?? null,
      });
    }
  }
  return rows;
}

/** "Write IOPS" → "write IOPS" inside a sentence; an acronym ("IOPS") keeps its case. */
function inSentence(title: string): string {
  const [first, second] = title;
  if (first === undefined || (second !== undefined && second === second.toUpperCase() && /\p{L}/u.test(second))) {
    return title;
  }
  return first.toLowerCase() + title.slice(1);
}

/**
 * One line for readers (and the chart's accessible name): which run leads in how many groups,
 * "ext4 has the highest write IOPS in 3 of 4 jobs; xfs in 1." With one group, the values
 * themselves. Parts are joined by semicolons, as run labels may hold commas ("ext4, tuned"). "Leads" follows `betterIs`: the lowest value for a lower-is-better metric,
 * the highest otherwise. With a baseline, how each run compares with it is added.
 */
export function barSummary(data: MetricComparison, options: BarTextOptions = {}): string {
  const [one, many] = options.groupNoun ?? ['group', 'groups'];
  const lowerIsBetter = data.betterIs === 'lower';
  const extreme = lowerIsBetter ? 'lowest' : 'highest';
  const metric = inSentence(data.title);
  const label = (runId: string) => data.runs.find((r) => r.id === runId)?.label ?? runId;
  const groups = data.groups.filter((g) => data.cells.some((c) => c.group === g.key));
  if (groups.length === 0) return `No values of ${metric}.`;

  const sentences: string[] = [];
  const first = groups[0];
  const valued = data.runs.filter((run) => data.cells.some((c) => c.run === run.id));
  if (valued.length === 1 && valued[0]) {
    // One run alone (a reader's own on /try): its values, with nothing to lead.
    sentences.push(singleRunSentence(data, valued[0].label, groups, metric, many));
  } else if (groups.length === 1 && first) {
    // One group: the runs best first, each against the best, and how the noise was judged.
    const ranking = rankingText(data, first.key, label, (value) => formatValue(value, data.unit));
    sentences.push(`${data.title}, ${lowerIsBetter ? 'lowest' : 'highest'} first: ${ranking}.`);
    sentences.push(
      data.noise === undefined
        ? `${noiseMethodText(data).replace(/^./, (c) => c.toUpperCase())}.`
        : `Noise: ${noiseMethodText(data)}.`,
    );
  } else {
    sentences.push(
      leadSentence(
        data,
        groups.map((g) => g.key),
        { metric, extreme, many, label },
      ),
    );
  }

  if (options.baseline !== undefined && data.runs.some((r) => r.id === options.baseline)) {
    sentences.push(baselineSentence(data, options.baseline, one, many, label));
  }
  return sentences.join(' ');
}

/** "Your run: write IOPS 21.1 k op/s." or "Your run: write IOPS from 21.1 k op/s (random-write-direct) to 179 k op/s (sequential-write-buffered) over 4 jobs." */
function singleRunSentence(
  data: MetricComparison,
  runLabel: string,
  groups: readonly MetricComparison['groups'][number][],
  metric: string,
  many: string,
): string {
  const cells = data.cells.filter((c) => groups.some((g) => g.key === c.group)).sort((a, b) => a.value - b.value);
  const groupLabel = (key: string) => groups.find((g) => g.key === key)?.label ?? key;
  const low = cells[0];
  const high = cells.at(-1);
  if (low === undefined || high === undefined || cells.length === 1) {
    return `${runLabel}: ${metric} ${formatValue(high?.value ?? 0, data.unit)}.`;
  }
  return (
    `${runLabel}: ${metric} from ${formatValue(low.value, data.unit)} (${groupLabel(low.group)}) ` +
    `to ${formatValue(high.value, data.unit)} (${groupLabel(high.group)}) over ${cells.length} ${many}.`
  );
}

function baselineSentence(
  data: MetricComparison,
  baseline: string,
  one: string,
  many: string,
  label: (runId: string) => string,
): string {
  const normalized = normalizeToBaseline(data, baseline).filter((c) => !c.isBaseline && c.ratio !== null);
  const others = data.runs.filter((r) => r.id !== baseline && normalized.some((c) => c.run === r.id));
  if (others.length === 0) return `No other run has a value to compare with ${label(baseline)}.`;
  const groupsCompared = new Set(normalized.map((c) => c.group)).size;
  const parts = others.map((run) => {
    const cells = normalized.filter((c) => c.run === run.id);
    const only = cells[0];
    if (groupsCompared === 1 && only?.ratio != null) {
      const judgement = only.change === 'better' || only.change === 'worse' ? ` (${only.change})` : '';
      return `${run.label} ${formatRatio(only.ratio)}${judgement}`;
    }
    const word = data.betterIs === 'neither' ? 'higher' : 'better';
    const count = cells.filter((c) =>
      // Without a direction, "higher" as printed: above +0.05 %, which reads as "+0.1 %" or more.
      data.betterIs === 'neither' ? Math.round(((c.ratio ?? 1) - 1) * 1000) > 0 : c.change === 'better',
    ).length;
    return `${run.label} is ${word} in ${count} of ${cells.length} ${cells.length === 1 ? one : many}`;
  });
  // Semicolons, as run labels may hold commas ("ext4, tuned").
  return `Against ${label(baseline)}: ${parts.join('; ')}.`;
}
