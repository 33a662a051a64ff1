// What /compare needs to judge a lead, made at build time for each experiment's
// compare-runs.json: the experiment page's noise tests between its runs (Welch's t-test on their
// repeats, data/noise.ts: jstat stays out of the page's script), and the lint findings on each
// number (the library's `lint`), by compared section, workload and metric.

import type { LintFinding, LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { noiseTests } from '../data/noise.ts';
import { runSections } from '../data/run-json.ts';
import { experimentFindings } from '../findings/cell-findings.ts';
import type { ToolSection } from '../view/model.ts';
import {
  type CompareCellFinding,
  type CompareFingerprint,
  type CompareNoiseTest,
  type CompareRun,
  compareRuns as experimentCompareRuns,
} from './compare-index.ts';
import { sectionCompareKey } from './compare-key.ts';
import { compareRuns } from './compare-runs.ts';
import { groupFingerprints } from './sources.ts';

/** A run's evidence: the noise tests it is in, the findings on its numbers. */
export interface RunEvidence {
  noise: CompareNoiseTest[];
  findings: CompareCellFinding[];
}

/**
 * Welch's t-test of every pair of the experiment's runs that both have repeats, in every group
 * of every metric they share: the tests the experiment page makes (its runs' sections lined up
 * as /compare lines them up, then data/noise.ts's noiseTests), each once, under the run with
 * the better mean (compare-runs.json holds both runs of a pair).
 */
export function experimentNoiseTests(
  loaded: LoadedExperiment,
  sectionsOf: (run: LoadedRun) => ToolSection[],
): Map<string, CompareNoiseTest[]> {
  const byRun = new Map<string, CompareNoiseTest[]>(loaded.runs.map((run) => [run.id, []]));
  const inputs = loaded.runs.map((run) => ({ ref: { id: run.id, label: run.run.label }, sections: sectionsOf(run) }));
  for (const section of compareRuns(inputs)) {
    for (const metric of section.metrics) {
      const noise = noiseTests(metric);
      for (const test of noise?.tests ?? []) {
        const common = { section: section.key, metric: metric.metric, unit: metric.unit, group: test.group };
        const alpha = noise?.alpha ?? 0;
        byRun.get(test.better)?.push({ ...common, other: test.worse, pValue: test.pValue, alpha });
      }
    }
  }
  return byRun;
}

/** Whether a finding is about the workload of a compared group: its file and workload are the group's. */
function isAboutGroup(found: LintFinding, entries: readonly CompareFingerprint[]): boolean {
  return entries.some((entry) => entry.file === found.file && entry.fingerprint.workload === found.workload);
}

/**
 * The lint findings on each compared number of a run: a finding is on a group of a section when
 * it names a file and workload the group's number was read from (sources.ts), and on the metrics
 * it names (all of them when it names none).
 */
export function runCellFindings(
  sections: ReadonlyArray<{ key: string; groups: readonly string[] }>,
  fingerprints: readonly CompareFingerprint[],
  findings: readonly LintFinding[],
): CompareCellFinding[] {
  const cells: CompareCellFinding[] = [];
  for (const { key, groups } of sections) {
    for (const group of groups) {
      const entries = groupFingerprints({ fingerprints }, key, group);
      for (const found of findings.filter((candidate) => isAboutGroup(candidate, entries))) {
        const cell: CompareCellFinding = { section: key, group, rule: found.rule, severity: found.severity };
        if (found.metrics !== undefined) cell.metrics = found.metrics;
        if (!cells.some((known) => JSON.stringify(known) === JSON.stringify(cell))) cells.push(cell);
      }
    }
  }
  return cells;
}

/** Every run's evidence, by run id: the noise tests it is in and the findings on its numbers. */
export function experimentEvidence(
  loaded: LoadedExperiment,
  fingerprintsOf: (run: string) => readonly CompareFingerprint[],
  sectionsOf: (run: LoadedRun) => ToolSection[],
): Map<string, RunEvidence> {
  const noise = experimentNoiseTests(loaded, sectionsOf);
  // Notes do not change a lead and are not badged on numbers (findings/cell-findings.ts): left out.
  const findings = experimentFindings(loaded).filter((found) => found.severity !== 'note');
  return new Map(
    loaded.runs.map((run) => {
      const sections = sectionsOf(run).map((section) => ({
        key: sectionCompareKey(section),
        groups: [...new Set(section.metrics.flatMap((metric) => metric.groups.map((group) => group.key)))],
      }));
      const own = findings.filter((found) => found.run === run.id);
      return [
        run.id,
        { noise: noise.get(run.id) ?? [], findings: runCellFindings(sections, fingerprintsOf(run.id), own) },
      ];
    }),
  );
}

/**
 * The runs as compare-runs.json lists them: compareRuns's, with the experiment page's noise tests
 * and the lint findings on their numbers (compare-evidence.ts), which /compare reads before it
 * calls a lead.
 */
export function compareRunsWithEvidence(loaded: LoadedExperiment, base = '/'): CompareRun[] {
  // Each run's sections, built once for its listing, its noise tests and its findings.
  const sections = new Map(loaded.runs.map((run) => [run.id, runSections(loaded, run)]));
  const sectionsOf = (run: LoadedRun) => sections.get(run.id) ?? [];
  const runs = experimentCompareRuns(loaded, base, sectionsOf);
  const evidence = experimentEvidence(
    loaded,
    (id) => runs.find((run) => run.run === id)?.fingerprints ?? [],
    sectionsOf,
  );
  return runs.map((run) => {
    const own = evidence.get(run.run);
    return own === undefined ? run : { ...run, noise: own.noise, findings: own.findings };
  });
}
