// For tests only: runs of content/results chosen on /compare, lined up and scored as the page
// does it (compare-page.ts, compare-results.ts), from the same files the build writes: each
// experiment's compare-runs.json (compareRunsWithEvidence) and each run's sections.

import { runSectionsJson } from '../data/run-json.ts';
import { realExperiment } from '../data/test-content.ts';
import type { MetricComparison } from '../view/model.ts';
import { compareRunsWithEvidence } from './compare-evidence.ts';
import type { CompareRun } from './compare-index.ts';
import { type ComparedSection, compareRuns } from './compare-runs.ts';
import { type LeadEvidence, leadEvidenceOf } from './lead-calls.ts';
import { type Scoreboard, scoreboard } from './ratios.ts';

export const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
export const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

export interface ChosenForTest {
  /** `<experiment>/<run>`, in the order chosen. */
  ids: string[];
  sections: ComparedSection[];
  runOf: (id: string) => CompareRun | undefined;
}

/** The runs `<experiment>/<run>` as /compare has them once chosen: their compare-runs.json and sections. */
export async function chooseRuns(ids: readonly string[]): Promise<ChosenForTest> {
  const runs = new Map<string, CompareRun>();
  const inputs = await Promise.all(
    ids.map(async (id) => {
      const [experiment = '', run = ''] = id.split('/');
      const loaded = await realExperiment(experiment);
      for (const compared of compareRunsWithEvidence(loaded)) runs.set(`${experiment}/${compared.run}`, compared);
      const loadedRun = loaded.runs.find((candidate) => candidate.id === run);
      if (loadedRun === undefined) throw new Error(`no run ${id}`);
      return { ref: { id, label: loadedRun.run.label }, sections: runSectionsJson(loaded, loadedRun).sections };
    }),
  );
  return { ids: [...ids], sections: compareRuns(inputs), runOf: (id) => runs.get(id) };
}

/** A compared metric of the chosen runs by section compare key and measurement, with its board against the best. */
export function boardOf(
  chosen: ChosenForTest,
  sectionKey: string,
  metricName: string,
): { metric: MetricComparison; board: Scoreboard; evidence: LeadEvidence } {
  const metric = chosen.sections
    .find((section) => section.key === sectionKey)
    ?.metrics.find((candidate) => candidate.metric === metricName);
  if (metric === undefined) throw new Error(`no ${sectionKey} ${metricName} compared`);
  return {
    metric,
    board: scoreboard(metric, chosen.ids, null),
    evidence: leadEvidenceOf(sectionKey, metric, chosen.runOf),
  };
}
