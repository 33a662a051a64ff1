// What a sweep chart says, as text: the one-line summary and the data table rows the page renders
// beside the chart without JavaScript. Pure: no DOM, no d3.

import { formatValue } from '../lib/format-value.ts';
import type { RunRef, SweepPoint, SweepSeries } from '../view/model.ts';
import { formatRatio } from './normalize.ts';
import { type RunStyle, runStyles } from './run-styles.ts';

/** One row of a sweep's data table: a run's value at one x. */
export interface SweepTableRow {
  x: number;
  /** "4 threads", or "block size (B) 8192" for another parameter. */
  xText: string;
  runId: string;
  run: string;
  value: number;
  valueText: string;
}

/** How a point of the swept parameter reads: "1 thread", "4 threads", "12 s", "block size (B) 8192". */
export function formatSweepX(x: number, xLabel: string): string {
  const number = Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3)));
  if (xLabel === 'threads') return `${number} ${x === 1 ? 'thread' : 'threads'}`;
  if (xLabel === SECONDS) return `${number} s`;
  return `${xLabel} ${number}`;
}

/** The xLabel of a figure over time (sysbench's --report-interval lines). */
export const SECONDS = 'seconds';

/**
 * The runs of a sweep's lines, styled: those in `runs` (the experiment's declared run order, so
 * each run has the colour it has in the bar charts) in that order, then the sweep's others,
 * labelled by their id.
 */
export function sweepRuns(data: SweepSeries, runs: readonly RunRef[] = []): RunStyle[] {
  const inSweep = (id: string) => data.runs.some((line) => line.run === id);
  const declared = runs.filter((run) => inSweep(run.id)).map((run) => run.id);
  const others = data.runs.filter((line) => !runs.some((run) => run.id === line.run)).map((line) => line.run);
  return runStyles([...declared, ...others], runs);
}

/** Table rows: by x ascending, runs in their declared order at each x. */
export function sweepTableRows(data: SweepSeries, runs: readonly RunRef[] = []): SweepTableRow[] {
  const ordered = sweepRuns(data, runs);
  const xs = [...new Set(data.runs.flatMap((line) => line.points.map((p) => p.x)))].sort((a, b) => a - b);
  // Each run's points by x: a run over time has thousands of intervals.
  const byRun = new Map(data.runs.map((line) => [line.run, new Map(line.points.map((p) => [p.x, p]))]));
  const rows: SweepTableRow[] = [];
  for (const x of xs) {
    for (const run of ordered) {
      const point = byRun.get(run.id)?.get(x);
      if (!point) continue;
      rows.push({
        x,
        xText: formatSweepX(x, data.xLabel),
        runId: run.id,
        run: run.label,
        value: point.value,
        valueText: formatValue(point.value, data.unit) + spreadSuffix(point, data),
      });
    }
  }
  return rows;
}

/**
 * One line for readers: which run leads at the largest x (by `betterIs`), how each run changes
 * from the smallest x to the largest, and where a run peaks before the end. "At 4 threads, rndrd
 * is highest (28.3 k op/s). From 1 to 4 threads: rndrd +95 %; rndwr 2.4×."
 */
export function sweepSummary(data: SweepSeries, runs: readonly RunRef[] = []): string {
  if (data.xLabel === SECONDS) return overTimeSummary(data, runs);
  const ordered = sweepRuns(data, runs);
  const lines = ordered
    .map((run) => ({
      run,
      points: [...(data.runs.find((l) => l.run === run.id)?.points ?? [])].sort((a, b) => a.x - b.x),
    }))
    .filter((line) => line.points.length > 0);
  if (lines.length === 0) return `No values of ${data.title}.`;
  const lowerIsBetter = data.betterIs === 'lower';
  const xs = lines.flatMap((line) => line.points.map((p) => p.x));
  const lastX = Math.max(...xs);
  const firstX = Math.min(...xs);
  const sentences: string[] = [];

  const atLast = lines
    .map((line) => ({ run: line.run, point: line.points.find((p) => p.x === lastX) }))
    .filter((entry) => entry.point !== undefined);
  const leader = atLast.reduce<(typeof atLast)[number] | undefined>((best, entry) => {
    if (best?.point === undefined || entry.point === undefined) return best ?? entry;
    return (lowerIsBetter ? entry.point.value < best.point.value : entry.point.value > best.point.value) ? entry : best;
  }, undefined);
  if (leader?.point) {
    const where = formatSweepX(lastX, data.xLabel);
    const rank = lowerIsBetter ? 'lowest' : 'highest';
    const value = formatValue(leader.point.value, data.unit);
    sentences.push(
      atLast.length > 1
        ? `At ${where}, ${leader.run.label} is ${rank} (${value}).`
        : `At ${where}, ${leader.run.label}: ${value}.`,
    );
    const overlapping = atLast.filter((entry) => entry !== leader && spreadsOverlap(entry.point, leader.point));
    if (overlapping.length > 0) {
      const names = overlapping.map((entry) => entry.run.label).join('; ');
      sentences.push(`Its spread overlaps that of ${names}: no clear lead.`);
    } else if (atLast.length > 1 && leader.point.n === undefined) {
      // Without repeats there is no spread to weigh the lead against: say so, as the bars do.
      sentences.push('One run each, not tested for noise.');
    }
  }

  if (firstX !== lastX) {
    const changes = lines.flatMap((line) => {
      const first = line.points.find((p) => p.x === firstX);
      const last = line.points.find((p) => p.x === lastX);
      if (!first || !last || first.value <= 0) return [];
      return [`${line.run.label} ${formatRatio(last.value / first.value)}`];
    });
    if (changes.length > 0) {
      const span = data.xLabel === 'threads' ? `${firstX} to ${lastX} threads` : `${data.xLabel} ${firstX} to ${lastX}`;
      // Semicolons: run labels may hold commas ("Host2, ondemand").
      sentences.push(`From ${span}: ${changes.join('; ')}.`);
    }
  }

  // A peak inside the sweep (throughput falling past some thread count) is worth saying.
  for (const line of lines) {
    if (line.points.length < 3 || data.betterIs === 'neither') continue;
    const peak = line.points.reduce((best, p) =>
      (lowerIsBetter ? p.value < best.value : p.value > best.value) ? p : best,
    );
    if (peak !== line.points[0] && peak !== line.points.at(-1)) {
      const best = lowerIsBetter ? 'is lowest' : 'peaks';
      sentences.push(
        `${line.run.label} ${best} at ${formatSweepX(peak.x, data.xLabel)} (${formatValue(peak.value, data.unit)}).`,
      );
    }
  }
  const spread = spreadNote(data);
  if (spread !== undefined) sentences.push(`${spread.charAt(0).toUpperCase()}${spread.slice(1)}.`);
  return sentences.join(' ');
}

/** Whether two points' low–high ranges meet; false when either has none. */
function spreadsOverlap(a: SweepPoint | undefined, b: SweepPoint | undefined): boolean {
  if (a?.low === undefined || a.high === undefined || b?.low === undefined || b.high === undefined) return false;
  return a.low <= b.high && b.low <= a.high;
}

/** How many repeats the points summarize at most; undefined when they say none. */
function largestN(data: SweepSeries): number | undefined {
  const ns = data.runs.flatMap((run) => run.points.flatMap((point) => (point.n === undefined ? [] : [point.n])));
  return ns.length === 0 ? undefined : Math.max(...ns);
}

/**
 * What the drawn spread is, when points have one: "spread: min–max of 3 repeats", "spread: ± 1
 * sd of 3 repeats". Undefined when no point has a low and a high.
 */
export function spreadNote(data: SweepSeries): string | undefined {
  const hasSpread = data.runs.some((run) => run.points.some((p) => p.low !== undefined && p.high !== undefined));
  if (!hasSpread) return undefined;
  if (data.spreadText !== undefined) return data.spreadText;
  const n = largestN(data);
  const of = n === undefined ? '' : ` of ${n === 1 ? '1 repeat' : `${n} repeats`}`;
  return data.spread === 'stddev' ? `spread: ± 1 sd${of}` : `spread: min–max${of}`;
}

/** " (min–max 11.9 k–12.6 k op/s, n = 3)" after a table value, or nothing for a point without spread. */
function spreadSuffix(point: SweepPoint, data: SweepSeries): string {
  if (point.low === undefined || point.high === undefined) return '';
  const n = point.n === undefined ? '' : `, n = ${point.n}`;
  const range = `${formatValue(point.low, data.unit)} to ${formatValue(point.high, data.unit)}`;
  return data.spread === 'stddev' ? ` (± 1 sd: ${range}${n})` : ` (min–max ${range}${n})`;
}

/**
 * A figure over time, for readers: each run's mean over its intervals and its range. "Over 30 s:
 * ext4 mean 986 op/s (914 op/s to 1.02 k op/s); xfs mean …". Which run ends highest says little
 * of a run that wobbles.
 */
function overTimeSummary(data: SweepSeries, runs: readonly RunRef[]): string {
  const parts = sweepRuns(data, runs).flatMap((run) => {
    const values = (data.runs.find((line) => line.run === run.id)?.points ?? []).map((point) => point.value);
    if (values.length === 0) return [];
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const range = `${formatValue(Math.min(...values), data.unit)} to ${formatValue(Math.max(...values), data.unit)}`;
    return [`${run.label} mean ${formatValue(mean, data.unit)} (${range})`];
  });
  if (parts.length === 0) return `No values of ${data.title}.`;
  const lastSec = Math.max(...data.runs.flatMap((line) => line.points.map((point) => point.x)));
  // Semicolons: run labels may hold commas ("Host2, ondemand").
  return `Over ${formatSweepX(lastSec, SECONDS)}, per interval: ${parts.join('; ')}.${companionSummary(data, runs)}`;
}

/** " Dashed, each run's device (iostat, loop0): ext4 mean 80 MB/s; …" for a figure with companion lines, else "". */
function companionSummary(data: SweepSeries, runs: readonly RunRef[]): string {
  const parts = (data.companions ?? []).flatMap((companion) => {
    if (companion.points.length === 0) return [];
    const label = runs.find((run) => run.id === companion.run)?.label ?? companion.run;
    const mean = companion.points.reduce((sum, point) => sum + point.value, 0) / companion.points.length;
    return [`${label} ${companion.label} mean ${formatValue(mean, data.unit)}`];
  });
  return parts.length === 0 ? '' : ` Dashed, as iostat measured it per report: ${parts.join('; ')}.`;
}
