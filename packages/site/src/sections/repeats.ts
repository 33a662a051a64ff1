import type { BarCell, BarGroup, BaseUnit, BetterIs, MetricComparison, RunRef, SampleStats } from '../view/model.ts';

/**
 * What a bar is made of. Several values can land in one bar:
 * - pieces of one sample: the clones of a fio job printed one by one (numjobs without
 *   group_reporting) — rates add up, latencies and percentages are averaged;
 * - samples: repeats of the same run and workload (outputs with `repeat`, several outputs of the
 *   same job, a `cat` of runs) — the bar is their mean, with min–max as its spread;
 * - a tool's own ± standard deviation (or a published one), or fio's statistics of its periodic
 *   samples, used only when the bar is one value of one sample.
 */
export interface Observation {
  run: string;
  group: string;
  /** Which repeat the value belongs to: the output file, and the run's index inside it. */
  sample: string;
  value: number;
  /** The tool's standard deviation of this value (fio clat stddev), same unit. */
  stddev?: number | undefined;
  /** Whose the stddev is: the tool's (default), or a published table's without its N. */
  stddevKind?: 'stddev' | 'published-sd';
  /** fio's statistics of its periodic samples of this value (one job alone), same unit. */
  sampleStats?: SampleStats | undefined;
  /** The jobs fio combined its sample statistics over (group_reporting), where it printed them. */
  samplesCombinedOver?: number | undefined;
}

/** How a metric is shown, before any value is known. */
export interface MetricSpec {
  key: string;
  metric: string;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
}

// Units whose pieces add up (the jobs of one run together); the others (latencies, percentages)
// are averaged.
const ADDITIVE_UNITS: ReadonlySet<BaseUnit> = new Set(['B', 'B/s', 'op/s', 'count']);

/** Mean of a non-empty list. */
export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * The bar of one run and group from its observations. With several samples: their mean, min and
 * max, how many, and each sample's value. With one sample of one value and a stddev: value ± the
 * stddev, unclipped (a chart clamps the whisker at its axis; the text prints the sd itself); with
 * fio's sample statistics instead, those, beside the value (no low–high: see SpreadKind).
 */
export function barCell(run: string, group: string, unit: BaseUnit, observations: readonly Observation[]): BarCell {
  const bySample = new Map<string, Observation[]>();
  for (const observation of observations) {
    const list = bySample.get(observation.sample);
    if (list === undefined) bySample.set(observation.sample, [observation]);
    else list.push(observation);
  }
  const perSample = [...bySample.values()].map((pieces) => {
    const values = pieces.map((piece) => piece.value);
    return ADDITIVE_UNITS.has(unit) ? values.reduce((total, value) => total + value, 0) : mean(values);
  });
  const value = mean(perSample);
  if (perSample.length > 1) {
    return {
      group,
      run,
      value,
      // A loop, not Math.min(...perSample): a dd log's reports are its samples, tens of thousands
      // of arguments, and a spread of 300,000 overflowed the stack (/try on a 31 MB dd log).
      low: perSample.reduce((low, each) => Math.min(low, each), Number.POSITIVE_INFINITY),
      high: perSample.reduce((high, each) => Math.max(high, each), Number.NEGATIVE_INFINITY),
      spread: 'min-max',
      repeats: perSample.length,
      samples: perSample,
    };
  }
  const only = observations.length === 1 ? observations[0] : undefined;
  if (only?.stddev !== undefined && Number.isFinite(only.stddev)) {
    const sd = only.stddev;
    return { group, run, value, low: value - sd, high: value + sd, spread: only.stddevKind ?? 'stddev', sd };
  }
  if (only?.sampleStats !== undefined) return { group, run, value, spread: 'sample-sd', sampleStats: only.sampleStats };
  if (only?.samplesCombinedOver !== undefined)
    return { group, run, value, samplesCombinedOver: only.samplesCombinedOver };
  return { group, run, value };
}

/**
 * Collects observations of many metrics and turns them into comparisons: groups in the order
 * first seen (unless given), runs in the experiment's declared order, one cell per run and group
 * that has a value (none where it has not: a missing value is never drawn as 0).
 */
export class ComparisonBuilder {
  private readonly specs = new Map<string, MetricSpec>();
  private readonly observations = new Map<string, Map<string, Observation[]>>();
  private readonly groups = new Map<string, BarGroup>();

  private readonly runs: readonly RunRef[];

  constructor(runs: readonly RunRef[]) {
    this.runs = runs;
  }

  /** Declares a group (a job, a test mode); its first label stays. */
  group(key: string, label: string): void {
    if (!this.groups.has(key)) this.groups.set(key, { key, label });
  }

  /** Renames a group, once all are known (labels that depend on the other groups). */
  relabel(key: string, label: string): void {
    if (this.groups.has(key)) this.groups.set(key, { key, label });
  }

  groupKeys(): string[] {
    return [...this.groups.keys()];
  }

  add(spec: MetricSpec, observation: Observation): void {
    if (!Number.isFinite(observation.value)) return;
    if (!this.specs.has(spec.key)) this.specs.set(spec.key, spec);
    let cells = this.observations.get(spec.key);
    if (cells === undefined) {
      cells = new Map();
      this.observations.set(spec.key, cells);
    }
    const cellKey = `${observation.run}\u0000${observation.group}`;
    const list = cells.get(cellKey);
    if (list === undefined) cells.set(cellKey, [observation]);
    else list.push(observation);
  }

  /** The comparisons, in the order given by `order` (metric keys), the others after in order seen. */
  build(order: readonly string[] = []): MetricComparison[] {
    const keys = [
      ...order.filter((key) => this.specs.has(key)),
      ...[...this.specs.keys()].filter((key) => !order.includes(key)),
    ];
    return keys.map((key) => this.comparison(this.specs.get(key) as MetricSpec));
  }

  private comparison(spec: MetricSpec): MetricComparison {
    const cellsOf = this.observations.get(spec.key) ?? new Map<string, Observation[]>();
    const groups = [...this.groups.values()].filter((group) =>
      this.runs.some((run) => cellsOf.has(`${run.id}\u0000${group.key}`)),
    );
    const cells: BarCell[] = [];
    for (const group of groups) {
      for (const run of this.runs) {
        const observations = cellsOf.get(`${run.id}\u0000${group.key}`);
        if (observations !== undefined) cells.push(barCell(run.id, group.key, spec.unit, observations));
      }
    }
    return { ...spec, groups, runs: [...this.runs], cells };
  }
}
