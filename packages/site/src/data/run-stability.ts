import type { Unit } from '@benchfolio/parsers';
import type { Run, Stability } from '@benchfolio/parsers/content';
import { formatValue } from '../lib/format-value.ts';

// A run's `stability:` entries (scripts/benchfolio-run --repeat auto, --warmup, --repeat N) as
// its page shows them: per workload, how many repeats, the spread, why repeating stopped, drift.

/** One workload's repeats, ready to print. */
export interface StabilityRow {
  workload: string;
  tool: string;
  /** What was read from each output ("events per second"). */
  headline: string;
  /**
   * The unit the tool printed it in ("MiB/s"), which may not be the unit shown: numbers are
   * written as the site writes them (MiB/s as GB/s, events/s as op/s).
   */
  printedUnit: string;
  /** Repeats in the statistics. */
  measured: number;
  /** Warm-up repeats before them, in none. */
  warmup: number;
  mean: string;
  sd: string;
  /** sd / mean in percent, "1.23%". */
  rsd: string;
  /** "min–max". */
  range: string;
  stopped: Stability['stopped'];
  /** The RSD --repeat auto aimed under ("2%"); none for a fixed count. */
  target?: string;
  /** Why the repeats stopped, in words. */
  stoppedText: string;
  /** The drift test in words: "none (p = 0.72)", "down 4.2% (p = 0.008)", "not tested (…)". */
  driftText: string;
  isDrifting: boolean;
}

// The runner's units (the tool's own) in the site's base units, to be written as the site writes them.
const TO_BASE: Record<string, { factor: number; unit: Unit }> = {
  'B/s': { factor: 1, unit: 'B/s' },
  'KiB/s': { factor: 1024, unit: 'B/s' },
  'MiB/s': { factor: 1024 * 1024, unit: 'B/s' },
  'events/s': { factor: 1, unit: 'op/s' },
  'transactions/s': { factor: 1, unit: 'op/s' },
};

/** A headline value in its unit, written as the site writes numbers. */
export function formatHeadline(value: number, unit: string): string {
  const base = TO_BASE[unit];
  return base === undefined ? `${Number(value.toPrecision(3))} ${unit}` : formatValue(value * base.factor, base.unit);
}

function stoppedText(entry: Stability): string {
  if (entry.stopped === 'target-rsd') return `stable: RSD under ${entry.target_rsd_percent}%`;
  if (entry.stopped === 'max-repeat') {
    return `not stable: RSD over ${entry.target_rsd_percent}% at the most repeats allowed (${entry.max_repeat})`;
  }
  return 'a fixed count (--repeat N)';
}

function driftText(entry: Stability): string {
  const { drift } = entry;
  if (drift === undefined) return 'not tested (fewer than 5 repeats)';
  const p = `p = ${Number(drift.p_value.toPrecision(2))}`;
  if (!drift.flagged) return `none (${p})`;
  const percent = Number(Math.abs(drift.change_percent).toPrecision(2));
  return `${drift.direction} ${percent}% from first to last repeat (Mann-Kendall ${p})`;
}

/** The rows of a run's stability table, in run.yaml's order; none when it has no such entries. */
export function stabilityRows(run: Pick<Run, 'stability'>): StabilityRow[] {
  return (run.stability ?? []).map((entry) => ({
    workload: entry.workload,
    tool: entry.tool,
    headline: entry.metric,
    printedUnit: entry.unit,
    measured: entry.measured,
    warmup: entry.warmup,
    mean: formatHeadline(entry.mean, entry.unit),
    sd: formatHeadline(entry.sd, entry.unit),
    rsd: `${Number(entry.rsd_percent.toPrecision(3))}%`,
    range: `${formatHeadline(Math.min(...entry.values), entry.unit)}–${formatHeadline(Math.max(...entry.values), entry.unit)}`,
    stopped: entry.stopped,
    ...(entry.target_rsd_percent === undefined ? {} : { target: `${entry.target_rsd_percent}%` }),
    stoppedText: stoppedText(entry),
    driftText: driftText(entry),
    isDrifting: entry.drift?.flagged === true,
  }));
}
