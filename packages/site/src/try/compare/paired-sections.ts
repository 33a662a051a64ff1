// How a reader's bars line up with a published run's when the two named their workloads
// differently (the reader's fio job `randwrite`, the published `random-write-direct`).
//
// The rule: within a tool's section (same compare key: fio with fio, sysbench fileio with
// sysbench fileio), each of the reader's bar groups is paired with the published group whose
// workload fingerprint is the most alike (compareFingerprints' score, which ranks a workload of
// the same kind first); only pairs of the same kind, or of a kind one side does not say, are
// drawn. A published group may stand beside several of the reader's (its bars are repeated
// under each). The published run's bars are then filed under the reader's group keys, so that
// compareRuns lines them up; published groups paired with none are left out. Where neither side
// has a fingerprint for a group (a published table), groups of the same key still pair. Pure.

import { compareFingerprints, type Similarity } from '@benchfolio/parsers';
import { sectionCompareKey } from '../../compare/compare-key.ts';
import type { ComparedSection } from '../../compare/compare-runs.ts';
import { type OutputFingerprint, sectionGroupFingerprints } from '../../compare/group-fingerprints.ts';
import type { MetricComparison, ToolSection } from '../../view/model.ts';

/** A reader's bar group and the published one drawn beside it. */
export interface GroupPair {
  /** The compare key of their section: `fio`, `sysbench:fileio`. */
  section: string;
  yourGroup: string;
  theirGroup: string;
  /** Their workloads' similarity; null when paired by the same key alone. */
  similarity: Similarity | null;
}

/** Every group key of a section's metrics, in order, each once. */
function groupKeys(section: ToolSection): string[] {
  return [...new Set(section.metrics.flatMap((metric) => metric.groups.map((group) => group.key)))];
}

/** For each of the reader's groups in a section, the published group of the same section drawn beside it. */
export function pairGroups(
  yours: ToolSection,
  yourFingerprints: readonly OutputFingerprint[],
  theirs: ToolSection,
  theirFingerprints: readonly OutputFingerprint[],
): GroupPair[] {
  const section = sectionCompareKey(yours);
  const mine = sectionGroupFingerprints(yours, yourFingerprints);
  const their = sectionGroupFingerprints(theirs, theirFingerprints);
  const theirGroups = groupKeys(theirs);
  const pairs: GroupPair[] = [];
  for (const yourGroup of groupKeys(yours)) {
    const fingerprint = mine.get(yourGroup);
    let best: GroupPair | undefined;
    let bestScore = -1;
    for (const theirGroup of theirGroups) {
      const other = their.get(theirGroup);
      if (fingerprint === undefined || other === undefined) continue;
      const similarity = compareFingerprints(fingerprint, other);
      if (similarity.kindMatch !== 'same' && similarity.kindMatch !== 'unknown') continue;
      // Between equal scores, the group of the same name; then the published order.
      const score = similarity.score + (theirGroup === yourGroup ? 1e-6 : 0);
      if (score > bestScore) {
        best = { section, yourGroup, theirGroup, similarity };
        bestScore = score;
      }
    }
    // Without fingerprints on either side, the same key is the same workload (published tables).
    if (best === undefined && theirGroups.includes(yourGroup) && (fingerprint === undefined || their.size === 0)) {
      best = { section, yourGroup, theirGroup: yourGroup, similarity: null };
    }
    if (best !== undefined) pairs.push(best);
  }
  return pairs;
}

/**
 * The published run's sections with their bars filed under the reader's group keys (see the
 * rule above), and the pairs made. Sections the reader has none of are left as they are.
 */
export function pairedSections(
  yours: readonly ToolSection[],
  yourFingerprints: readonly OutputFingerprint[],
  theirs: readonly ToolSection[],
  theirFingerprints: readonly OutputFingerprint[],
): { sections: ToolSection[]; pairs: GroupPair[] } {
  const allPairs: GroupPair[] = [];
  const sections = theirs.map((section) => {
    const key = sectionCompareKey(section);
    const mine = yours.find((candidate) => sectionCompareKey(candidate) === key);
    if (mine === undefined) return section;
    const pairs = pairGroups(mine, yourFingerprints, section, theirFingerprints);
    allPairs.push(...pairs);
    return { ...section, metrics: section.metrics.map((metric) => refiled(metric, mine, pairs)) };
  });
  return { sections, pairs: allPairs };
}

/** A metric's bars under the reader's group keys and labels; its noise tests dropped (they name its own groups). */
function refiled(metric: MetricComparison, mine: ToolSection, pairs: readonly GroupPair[]): MetricComparison {
  const labels = new Map(mine.metrics.flatMap((each) => each.groups.map((group) => [group.key, group.label])));
  const present = pairs.filter((pair) => metric.groups.some((group) => group.key === pair.theirGroup));
  const { noise: _noise, ...rest } = metric;
  return {
    ...rest,
    groups: present.map((pair) => ({ key: pair.yourGroup, label: labels.get(pair.yourGroup) ?? pair.yourGroup })),
    cells: present.flatMap((pair) =>
      metric.cells.filter((cell) => cell.group === pair.theirGroup).map((cell) => ({ ...cell, group: pair.yourGroup })),
    ),
  };
}

/**
 * The compared sections restricted to the reader's bars: groups where the reader's run has a
 * bar, metrics and sections left with any. The published runs also share sections among
 * themselves (their sysbench runs, when the reader gave fio), which say nothing of the reader's run.
 */
export function withYourBars(compared: readonly ComparedSection[], yourRun: string): ComparedSection[] {
  return compared.flatMap((section) => {
    const metrics = section.metrics.flatMap((metric) => {
      const yours = new Set(metric.cells.filter((cell) => cell.run === yourRun).map((cell) => cell.group));
      if (yours.size === 0) return [];
      return [
        {
          ...metric,
          groups: metric.groups.filter((group) => yours.has(group.key)),
          cells: metric.cells.filter((cell) => yours.has(cell.group)),
        },
      ];
    });
    return metrics.length === 0 ? [] : [{ ...section, metrics }];
  });
}
