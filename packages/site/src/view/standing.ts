// Where a run stands among the published runs of its workload: the published numbers of one
// workload and metric (standings/<name>.json, made at build time), and a run's rank and
// percentile among them. Pure: the run pages rank at build time, /try in the browser.

import type { BaseUnit, BetterIs, CellFinding } from './model.ts';

/**
 * Fewest other published runs (without an error finding on the number) a run is ranked among:
 * below this, a rank says little and none is shown, and the page says how many there are.
 */
export const MIN_PEERS = 5;

/** One published run's number in a workload's standings. */
export interface StandingValue {
  experiment: string;
  experimentTitle: string;
  run: string;
  /** The run's label (run.yaml `label`). */
  label: string;
  /** The bar group the number is drawn in on its experiment page (a fio job, `8G/1`). */
  group: string;
  /** In the metric's base unit: the bar's value, the mean of the run's repeats. */
  value: number;
  /** The run's page, with the site's base: its system, commands, outputs and findings. */
  href: string;
  /** The raw output the workload was read from, with the site's base. */
  fileHref: string;
}

/** One metric of a workload's standings: every published number without an error finding. */
export interface StandingMetric {
  /** The measurement name, `write.iops`. */
  metric: string;
  /** "Write IOPS". */
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  values: StandingValue[];
}

/** The body of `standings/<name>.json`: one workload (one key) and its metrics. */
export interface WorkloadStandings {
  /** The workload's key (compare/standing-key.ts); a reader checks it is the one asked for. */
  key: string;
  tool: string;
  /** The library's words for the workload: "8 KiB random writes at QD 1". */
  summary: string;
  /** The fields the key is made of, for a reader: "rw randwrite · block size 8 KiB · ...". */
  fieldsText: string;
  /** MIN_PEERS as the build had it. */
  minPeers: number;
  metrics: StandingMetric[];
}

/** A number's place among the other runs' numbers of its workload and metric. */
export interface Standing {
  /** 1 for the best; runs of an equal number share the better rank. */
  rank: number;
  /** How many numbers are ranked: the others and this one. */
  of: number;
  /** The share of the others this number beats, ties counted half, in percent (0 to 100). */
  percentile: number;
  beaten: number;
  tied: number;
}

/**
 * `value`'s standing among `others` (the other runs' numbers, this run's own left out): its rank
 * (1 + how many are better) of all of them and this one, and its percentile, the share of the
 * others it beats with ties counted half. Undefined for a metric with no better direction or no
 * others.
 */
export function standingAmong(value: number, betterIs: BetterIs, others: readonly number[]): Standing | undefined {
  if (betterIs === 'neither' || others.length === 0) return undefined;
  const isBetter = (a: number, b: number) => (betterIs === 'higher' ? a > b : a < b);
  let better = 0;
  let beaten = 0;
  let tied = 0;
  for (const other of others) {
    if (other === value) tied++;
    else if (isBetter(other, value)) better++;
    else beaten++;
  }
  return {
    rank: better + 1,
    of: others.length + 1,
    percentile: (100 * (beaten + tied / 2)) / others.length,
    beaten,
    tied,
  };
}

/** "95th", "1st", "22nd", "13th": a percentile, rounded down to a whole number, as an ordinal. */
export function percentileOrdinal(percentile: number): string {
  const whole = Math.floor(percentile);
  const lastTwo = whole % 100;
  const last = whole % 10;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][last] ?? 'th');
  return `${whole}${suffix}`;
}

/** One of a run's numbers with its workload's peers: what a run page or /try shows for it. */
export interface RunStanding {
  key: string;
  tool: string;
  summary: string;
  fieldsText: string;
  /** The run's own bar group, where the workload is drawn on its page. */
  group: string;
  metric: string;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  value: number;
  /** The lint findings on the run's own number (errors and warnings): its badges. */
  findings: CellFinding[];
  /** The other published runs' numbers without an error finding, this run's own left out. */
  peers: StandingValue[];
  /** Undefined when the peers are fewer than MIN_PEERS. */
  standing?: Standing;
}

/** A run's number against its peers: its standing when there are at least `minPeers` of them. */
export function runStanding(
  own: Omit<RunStanding, 'peers' | 'standing'>,
  peers: readonly StandingValue[],
  minPeers = MIN_PEERS,
): RunStanding {
  const standing =
    peers.length >= minPeers
      ? standingAmong(
          own.value,
          own.betterIs,
          peers.map((peer) => peer.value),
        )
      : undefined;
  return { ...own, peers: [...peers], ...(standing === undefined ? {} : { standing }) };
}

/** A run's ranked numbers of one workload (one bar group and key). */
export interface WorkloadStanding {
  key: string;
  tool: string;
  group: string;
  summary: string;
  fieldsText: string;
  metrics: RunStanding[];
}

/** A run's standings by workload, in their order. */
export function byWorkload(standings: readonly RunStanding[]): WorkloadStanding[] {
  const workloads = new Map<string, WorkloadStanding>();
  for (const standing of standings) {
    const id = `${standing.group}\u0000${standing.key}`;
    let workload = workloads.get(id);
    if (workload === undefined) {
      const { key, tool, group, summary, fieldsText } = standing;
      workload = { key, tool, group, summary, fieldsText, metrics: [] };
      workloads.set(id, workload);
    }
    workload.metrics.push(standing);
  }
  return [...workloads.values()];
}

/** "rank 5 of 6, 20th percentile", and "equal to 1 other" where some are. */
export function standingText(standing: Standing): string {
  const ties = standing.tied === 0 ? '' : `, equal to ${standing.tied} other${standing.tied === 1 ? '' : 's'}`;
  return `rank ${standing.rank} of ${standing.of}, ${percentileOrdinal(standing.percentile)} percentile${ties}`;
}

/**
 * What a workload without a rank says: "fewer than 5 other published runs of this workload free
 * of error findings (2): not ranked", or that there is none.
 */
export function tooFewText(peers: number, minPeers: number): string {
  if (peers === 0) return 'no other published run of this workload free of error findings: not ranked';
  return `fewer than ${minPeers} other published runs of this workload free of error findings (${peers}): not ranked`;
}

/** The definition, said once where standings are shown. */
export function standingDefinition(minPeers: number): string {
  return (
    'Ranked among the published runs of the same workload: the same tool, operation, block size, queue depth, ' +
    'jobs or threads, direct or buffered I/O, sync and engine (equal workload fingerprints only), each ' +
    `number without an error lint finding, and only where there are at least ${minPeers} of them. Rank 1 is ` +
    'the best; the percentile is the share of the other runs this number beats, ties counted half. A run ' +
    'with repeats counts once, by their mean (the bar on its experiment page).'
  );
}
