// The numbers a run adds to the standings (view/standing.ts), read once per experiment at build
// time for the catalog: each bar of a ranked metric (standing-key.ts) with its workload's key,
// and whether an error finding is on it (then it is no other run's peer; the run's own page
// still shows where it would stand, with its badge). Kept compact, as the catalog holds every
// experiment's: each key's and each metric's words once, the numbers as tuples referring to them.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import { rawFilePath, runPagePath } from '../data/download-paths.ts';
import { joinBase } from '../lib/url.ts';
import type { BaseUnit, BetterIs, ToolSection } from '../view/model.ts';
import type { StandingValue } from '../view/standing.ts';
import type { CompareRun } from './compare-index.ts';
import { type OutputFingerprint, sectionGroupFingerprints } from './group-fingerprints.ts';
import { hasStandings, isStandingMetric, standingKey } from './standing-key.ts';

/** A workload key an experiment has, with its words. */
export interface StandingKeyWords {
  key: string;
  tool: string;
  /** The library's words for the workload: "8 KiB random writes at QD 1". */
  summary: string;
  /** The key's fields for a reader: "rw randwrite · block size 8 KiB · ...". */
  fieldsText: string;
}

/** A ranked metric of a tool, with its words. */
export interface StandingMetricWords {
  tool: string;
  metric: string;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
}

/** One run's numbers in one bar group: `[metric index, value, 1 when an error finding is on it]`. */
export interface StandingWorkload {
  /** Index into `keys`. */
  key: number;
  run: string;
  group: string;
  /** The raw output the workload was read from (its name in the run folder). */
  file: string;
  values: Array<[metric: number, value: number, hasError: 0 | 1]>;
}

/** A workload of a run whose output leaves out what its key needs: never ranked, and said why. */
export interface UnkeyedWorkload {
  run: string;
  tool: string;
  group: string;
  /** The fingerprint fields the output does not state. */
  missing: string[];
}

/** An experiment's ranked numbers, as the catalog keeps them. */
export interface ExperimentStandingValues {
  keys: StandingKeyWords[];
  metrics: StandingMetricWords[];
  workloads: StandingWorkload[];
  unkeyed: UnkeyedWorkload[];
}

/** A run's number in a ranked metric with its workload's key and words: the compact form expanded. */
export interface KeyedStandingValue extends StandingValue, StandingKeyWords {
  metric: string;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  hasError: boolean;
}

/** The key's fields as a reader reads them: "rw randwrite · block size 8 KiB · iodepth 1". */
export function keyFieldsText(fingerprint: WorkloadFingerprint, key: string): string {
  const keyed = new Set(
    key.split('|').flatMap((part) => (part.includes('=') ? [part.slice(0, part.indexOf('='))] : [])),
  );
  return fingerprint.fields
    .filter((field) => keyed.has(field.key))
    .map((field) => `${field.label} ${field.text}`)
    .join(' · ');
}

/** Index of an entry of `list` equal by `same`, added when there is none. */
function indexOf<T>(list: T[], entry: T, same: (a: T, b: T) => boolean): number {
  const found = list.findIndex((candidate) => same(candidate, entry));
  if (found !== -1) return found;
  list.push(entry);
  return list.length - 1;
}

type StandingRun = Pick<CompareRun, 'run'> & {
  fingerprints: ReadonlyArray<OutputFingerprint & { file?: string }>;
};

/**
 * Every ranked number of an experiment's runs: the experiment page's sections (`sections`,
 * findings on their cells) and each run's fingerprints with their raw files (`runs`, compareRuns).
 */
export function experimentStandingValues(
  sections: readonly ToolSection[],
  runs: readonly StandingRun[],
): ExperimentStandingValues {
  const out: ExperimentStandingValues = { keys: [], metrics: [], workloads: [], unkeyed: [] };
  for (const section of sections) {
    if (section.origin === 'published' || !hasStandings(section.tool)) continue;
    const ranked = section.metrics.filter((metric) => isStandingMetric(section.tool, metric.metric));
    for (const run of runs) {
      const files = new Map(run.fingerprints.map((entry) => [entry.fingerprint, entry.file ?? '']));
      const byGroup = sectionGroupFingerprints(section, run.fingerprints);
      for (const [group, fingerprint] of byGroup) {
        const hasCells = section.metrics.some((metric) =>
          metric.cells.some((c) => c.run === run.run && c.group === group),
        );
        const key = standingKey(fingerprint);
        if ('missing' in key) {
          if (hasCells)
            out.unkeyed.push({ run: run.run, tool: section.tool, group, missing: missingLabels(key.missing) });
          continue;
        }
        const words = {
          key: key.key,
          tool: section.tool,
          summary: fingerprint.summary,
          fieldsText: keyFieldsText(fingerprint, key.key),
        };
        const values: StandingWorkload['values'] = [];
        for (const metric of ranked) {
          const cell = metric.cells.find((candidate) => candidate.run === run.run && candidate.group === group);
          if (cell === undefined || !Number.isFinite(cell.value)) continue;
          const { title, unit, betterIs } = metric;
          const at = indexOf(
            out.metrics,
            { tool: section.tool, metric: metric.metric, title, unit, betterIs },
            (a, b) => a.tool === b.tool && a.metric === b.metric,
          );
          const hasError = (cell.findings ?? []).some((found) => found.severity === 'error');
          values.push([at, cell.value, hasError ? 1 : 0]);
        }
        if (values.length === 0) continue;
        const at = indexOf(out.keys, words, (a, b) => a.key === b.key);
        out.workloads.push({ key: at, run: run.run, group, file: files.get(fingerprint) ?? '', values });
      }
    }
  }
  return out;
}

/** Fields by the words a reader knows them by. */
function missingLabels(keys: readonly string[]): string[] {
  const labels: Record<string, string> = { bs: 'block size', size: 'file size' };
  return keys.map((key) => labels[key] ?? key);
}

/** The experiment a compact form belongs to: its id, title and runs' labels. */
export interface StandingExperiment {
  id: string;
  title: string;
  /** Each run's label by its folder name. */
  labels: ReadonlyMap<string, string>;
}

/** The compact form expanded: one value per run, group and metric, with its links (with the site's base). */
export function expandStandingValues(
  experiment: StandingExperiment,
  compact: ExperimentStandingValues,
  base: string,
): KeyedStandingValue[] {
  return compact.workloads.flatMap((workload) => {
    const words = compact.keys[workload.key] as StandingKeyWords;
    const common = {
      ...words,
      experiment: experiment.id,
      experimentTitle: experiment.title,
      run: workload.run,
      label: experiment.labels.get(workload.run) ?? workload.run,
      group: workload.group,
      href: joinBase(base, runPagePath(experiment.id, workload.run)),
      fileHref: workload.file === '' ? '' : joinBase(base, rawFilePath(experiment.id, workload.run, workload.file)),
    };
    return workload.values.map(([at, value, hasError]) => {
      const { metric, title, unit, betterIs } = compact.metrics[at] as StandingMetricWords;
      return { ...common, metric, title, unit, betterIs, value, hasError: hasError === 1 };
    });
  });
}
