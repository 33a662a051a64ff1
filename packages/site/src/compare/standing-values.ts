// The numbers a run adds to the standings (view/standing.ts), read once per experiment at build
// time for the catalog: each bar of a ranked metric (standing-key.ts) with its workload's key,
// and the lint findings on it. An error finding keeps the number out of every other run's
// peers; the run's own page still shows where it would stand, with its badge.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import { runPagePath } from '../data/download-paths.ts';
import { joinBase } from '../lib/url.ts';
import type { BaseUnit, BetterIs, CellFinding, ToolSection } from '../view/model.ts';
import type { StandingValue } from '../view/standing.ts';
import type { CompareRun } from './compare-index.ts';
import { sectionGroupFingerprints } from './group-fingerprints.ts';
import { hasStandings, isStandingMetric, standingKey } from './standing-key.ts';

/** A run's number in a ranked metric, with its workload's key. */
export interface KeyedStandingValue extends StandingValue {
  key: string;
  tool: string;
  /** The library's words for the workload. */
  summary: string;
  /** The key's fields for a reader. */
  fieldsText: string;
  metric: string;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  /** The lint findings on the number, errors and warnings: its badges. */
  findings: CellFinding[];
}

/** A workload of a run whose output leaves out what its key needs: never ranked, and said why. */
export interface UnkeyedWorkload {
  run: string;
  tool: string;
  group: string;
  /** The fingerprint fields the output does not state. */
  missing: string[];
}

export interface ExperimentStandingValues {
  values: KeyedStandingValue[];
  unkeyed: UnkeyedWorkload[];
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

/**
 * Every ranked number of an experiment's runs: the experiment page's sections (`sections`,
 * findings on their cells) and each run's fingerprints with their raw files (`runs`, compareRuns).
 */
export function experimentStandingValues(
  experiment: { id: string; title: string },
  sections: readonly ToolSection[],
  runs: ReadonlyArray<
    Pick<CompareRun, 'run' | 'label'> & {
      fingerprints: ReadonlyArray<{ fingerprint: WorkloadFingerprint; fileHref?: string }>;
    }
  >,
  base: string,
): ExperimentStandingValues {
  const values: KeyedStandingValue[] = [];
  const unkeyed: UnkeyedWorkload[] = [];
  for (const section of sections) {
    if (section.origin === 'published' || !hasStandings(section.tool)) continue;
    for (const run of runs) {
      const files = new Map(run.fingerprints.map((entry) => [entry.fingerprint, entry.fileHref]));
      const byGroup = sectionGroupFingerprints(
        section,
        run.fingerprints.map((entry) => entry.fingerprint),
      );
      for (const [group, fingerprint] of byGroup) {
        const key = standingKey(fingerprint);
        if ('missing' in key) {
          if (section.metrics.some((metric) => metric.cells.some((c) => c.run === run.run && c.group === group)))
            unkeyed.push({ run: run.run, tool: section.tool, group, missing: missingLabels(fingerprint, key.missing) });
          continue;
        }
        const common = {
          key: key.key,
          tool: section.tool,
          summary: fingerprint.summary,
          fieldsText: keyFieldsText(fingerprint, key.key),
          experiment: experiment.id,
          experimentTitle: experiment.title,
          run: run.run,
          label: run.label,
          group,
          href: joinBase(base, runPagePath(experiment.id, run.run)),
          fileHref: files.get(fingerprint) ?? '',
        };
        for (const metric of section.metrics) {
          if (!isStandingMetric(section.tool, metric.metric)) continue;
          const cell = metric.cells.find((candidate) => candidate.run === run.run && candidate.group === group);
          if (cell === undefined || !Number.isFinite(cell.value)) continue;
          values.push({
            ...common,
            metric: metric.metric,
            title: metric.title,
            unit: metric.unit,
            betterIs: metric.betterIs,
            value: cell.value,
            findings: (cell.findings ?? []).filter((found) => found.severity !== 'note'),
          });
        }
      }
    }
  }
  return { values, unkeyed };
}

/** Fields by their keys as the tool labels them where it can (`direct`), else the key itself. */
function missingLabels(fingerprint: WorkloadFingerprint, keys: readonly string[]): string[] {
  const labels: Record<string, string> = { rw: 'rw', bs: 'block size', iodepth: 'iodepth', test: 'test' };
  return keys.map((key) => (key === 'size' && fingerprint.tool === 'bonnie' ? 'file size' : (labels[key] ?? key)));
}

/** Whether a number carries an error finding: it is then no one's peer. */
export function hasErrorFinding(value: Pick<KeyedStandingValue, 'findings'>): boolean {
  return value.findings.some((found) => found.severity === 'error');
}
