// Lines up runs of different experiments: the same tool and workload, the same metric in the
// same unit, the same group (fio job, sysbench test, bonnie++ size). Browser-safe and pure: the
// compare page runs it on the run JSON files it fetches.

import type { BarCell, BarGroup, MetricComparison, RunRef, ToolSection } from '../view/model.ts';
import { sectionCompareKey } from './compare-key.ts';

export interface CompareInput {
  /** A run id unique across experiments (`<experiment>/<run>`), and its label for readers. */
  ref: RunRef;
  /** The run's sections alone, as its run JSON has them. */
  sections: readonly ToolSection[];
}

export interface ComparedSection {
  /** The compare key: `fio`, `sysbench:fileio`, `fio:published`. */
  key: string;
  title: string;
  metrics: MetricComparison[];
}

/**
 * The metrics two or more of `inputs` share, each restricted to the groups at least two of them
 * have: a bar alone in its group compares with nothing. Runs keep the order given.
 */
export function compareRuns(inputs: readonly CompareInput[]): ComparedSection[] {
  const sections = new Map<string, { title: string; metrics: Map<string, MetricComparison[]> }>();
  for (const input of inputs) {
    for (const section of input.sections) {
      const key = sectionCompareKey(section);
      const entry = sections.get(key) ?? { title: section.title, metrics: new Map() };
      sections.set(key, entry);
      for (const metric of section.metrics) {
        const metricKey = `${metric.metric}|${metric.unit}`;
        const own = {
          ...metric,
          runs: [input.ref],
          cells: metric.cells.map((cell) => ({ ...cell, run: input.ref.id })),
        };
        entry.metrics.set(metricKey, [...(entry.metrics.get(metricKey) ?? []), own]);
      }
    }
  }
  const compared: ComparedSection[] = [];
  for (const [key, { title, metrics }] of sections) {
    const merged = [...metrics.values()].flatMap((parts) => {
      const metric = mergeMetric(key, parts);
      return metric === undefined ? [] : [metric];
    });
    if (merged.length > 0) compared.push({ key, title, metrics: merged });
  }
  return compared;
}

function mergeMetric(sectionKey: string, parts: readonly MetricComparison[]): MetricComparison | undefined {
  const first = parts[0];
  if (first === undefined || parts.length < 2) return undefined;
  const runsPerGroup = new Map<string, Set<string>>();
  for (const part of parts) {
    for (const cell of part.cells)
      runsPerGroup.set(cell.group, (runsPerGroup.get(cell.group) ?? new Set()).add(cell.run));
  }
  const shared = new Set([...runsPerGroup].filter(([, runs]) => runs.size >= 2).map(([group]) => group));
  if (shared.size === 0) return undefined;
  const groups = new Map<string, BarGroup>();
  for (const part of parts) for (const group of part.groups) if (shared.has(group.key)) groups.set(group.key, group);
  const cells: BarCell[] = parts.flatMap((part) => part.cells.filter((cell) => shared.has(cell.group)));
  return {
    ...first,
    key: `compare-${sectionKey.replace(/[^a-z0-9]+/g, '-')}-${first.metric.replace(/[^a-z0-9]+/g, '-')}`,
    groups: [...groups.values()],
    runs: parts.flatMap((part) => part.runs),
    cells,
  };
}
