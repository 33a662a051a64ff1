// The standings of every workload, folded at build time from each experiment's ranked numbers
// (standing-values.ts, kept in the catalog): one `standings/<name>.json` per workload key, and a
// run page's numbers against their peers. Pure.

import type { CellFinding } from '../view/model.ts';
import {
  MIN_PEERS,
  type RunStanding,
  runStanding,
  type StandingValue,
  type WorkloadStandings,
} from '../view/standing.ts';
import { STANDING_NAME_BUCKETS, standingFileName, standingNameBucket } from './standing-key.ts';
import type { KeyedStandingValue } from './standing-values.ts';

/**
 * Every workload's standings by key, from every experiment's numbers (expandStandingValues): its
 * metrics in the order first met, its values best first, none with an error finding.
 */
export function standingsByKey(
  values: Iterable<KeyedStandingValue>,
  minPeers = MIN_PEERS,
): Map<string, WorkloadStandings> {
  const byKey = new Map<string, WorkloadStandings>();
  for (const value of values) {
    if (value.hasError) continue;
    let workload = byKey.get(value.key);
    if (workload === undefined) {
      const { key, tool, summary, fieldsText } = value;
      workload = { key, tool, summary, fieldsText, minPeers, metrics: [] };
      byKey.set(value.key, workload);
    }
    let metric = workload.metrics.find((candidate) => candidate.metric === value.metric);
    if (metric === undefined) {
      const { title, unit, betterIs } = value;
      metric = { metric: value.metric, title, unit, betterIs, values: [] };
      workload.metrics.push(metric);
    }
    metric.values.push(publishedValue(value));
  }
  for (const workload of byKey.values()) {
    for (const metric of workload.metrics) {
      const sign = metric.betterIs === 'lower' ? 1 : -1;
      metric.values.sort((a, b) => sign * (a.value - b.value) || a.experiment.localeCompare(b.experiment));
    }
  }
  return byKey;
}

/** A number as the standings file carries it: the run and where it comes from. */
function publishedValue(value: KeyedStandingValue): StandingValue {
  const { experiment, experimentTitle, run, label, group, href, fileHref } = value;
  return { experiment, experimentTitle, run, label, group, value: value.value, href, fileHref };
}

/** The workloads of the site as files: `standings/<name>.json` and its body. */
export function standingFiles(
  byKey: ReadonlyMap<string, WorkloadStandings>,
): Array<{ name: string; body: WorkloadStandings }> {
  return [...byKey.values()].map((body) => ({ name: standingFileName(body.key), body }));
}

/** Each bucket of names (standing-key.ts) and the sorted names of the files in it; every bucket, empty or not. */
export function standingNameBuckets(
  byKey: ReadonlyMap<string, WorkloadStandings>,
): Array<{ bucket: string; names: string[] }> {
  const names = standingFiles(byKey)
    .map((file) => file.name)
    .sort();
  return STANDING_NAME_BUCKETS.map((bucket) => ({
    bucket,
    names: names.filter((name) => standingNameBucket(name) === bucket),
  }));
}

/** The lint findings on a run's own number, by its tool, bar group and metric (its badges). */
export type OwnFindings = (tool: string, group: string, metric: string) => CellFinding[];

/**
 * A run's ranked numbers (`own`: its values, expanded), each against the other published runs of
 * its workload and metric without an error finding (the run's own numbers left out), in the
 * order of its sections; `findingsOf` gives each its badges.
 */
export function runStandings(
  own: readonly KeyedStandingValue[],
  byKey: ReadonlyMap<string, WorkloadStandings>,
  findingsOf: OwnFindings = () => [],
  minPeers = MIN_PEERS,
): RunStanding[] {
  return own.map((value) => {
    const published = byKey.get(value.key)?.metrics.find((metric) => metric.metric === value.metric)?.values ?? [];
    const peers = published.filter((peer) => !(peer.experiment === value.experiment && peer.run === value.run));
    const { key, tool, summary, fieldsText, group, metric, title, unit, betterIs } = value;
    const findings = findingsOf(tool, group, metric).filter((found) => found.severity !== 'note');
    return runStanding(
      { key, tool, summary, fieldsText, group, metric, title, unit, betterIs, value: value.value, findings },
      peers,
      minPeers,
    );
  });
}
