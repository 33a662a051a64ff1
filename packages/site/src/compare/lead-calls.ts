// Whether a lead on /compare is shown real, by the experiment page's rules: with repeats, Welch's
// t-test as the build made it for runs of one experiment (p < 0.05, compare-evidence.ts); with a
// single run on either side, the typical run-to-run variation (view/run-to-run.ts): a smaller
// lead is ≈, a larger one "ahead, not tested". A number with an error lint finding leads nothing.
// Pure and browser-safe: no statistics here, only the build's p-values.

import type { BarCell, MetricComparison, NoiseTest } from '../view/model.ts';
import { singleRunLead } from '../view/run-to-run.ts';
import type { CompareRun } from './compare-index.ts';

/** How a lead between two runs reads. */
export type LeadCall =
  /** Welch's t-test on both runs' repeats: beyond the noise (p < 0.05) or within it. */
  | { kind: 'beyond' | 'inside'; pValue: number }
  /** Not tested (one run on a side, or repeats of two experiments): within run-to-run variation, or more. */
  | { kind: 'similar' | 'ahead'; margin: number; isOneRunEach: boolean }
  /** One of the numbers has an error lint finding: it measured something else. */
  | { kind: 'broken'; rules: string[] };

/** What the build says about the numbers of one compared metric (compare-results.ts reads it from compare-runs.json). */
export interface LeadEvidence {
  /** Welch's test between runs `a` and `b` in `group`, where the build made it: its p-value and level. */
  welch(a: string, b: string, group: string): { pValue: number; alpha: number } | undefined;
  /** The error findings' rule ids on a run's number in `group`. */
  errorRules(run: string, group: string): string[];
}

/** The cells of two runs in a group, the better first (higher, or lower where lower is better). */
function ordered(metric: MetricComparison, a: BarCell, b: BarCell): [BarCell, BarCell] {
  const aIsBetter = metric.betterIs === 'lower' ? a.value <= b.value : a.value >= b.value;
  return aIsBetter ? [a, b] : [b, a];
}

/** The call between two runs' numbers in one group, whichever leads. */
export function groupCall(metric: MetricComparison, a: BarCell, b: BarCell, evidence: LeadEvidence): LeadCall {
  const rules = [...new Set([...evidence.errorRules(a.run, a.group), ...evidence.errorRules(b.run, b.group)])];
  if (rules.length > 0) return { kind: 'broken', rules };
  const welch = evidence.welch(a.run, b.run, a.group);
  if (welch !== undefined) return { kind: welch.pValue < welch.alpha ? 'beyond' : 'inside', pValue: welch.pValue };
  const [better, worse] = ordered(metric, a, b);
  const lead = singleRunLead(better.value, worse.value, metric.betterIs === 'lower');
  const isOneRunEach = (a.repeats ?? 1) <= 1 || (b.repeats ?? 1) <= 1;
  return { kind: lead.kind, margin: lead.margin, isOneRunEach };
}

/** How a run stands against another over the tests both have (a scoreboard's geometric mean). */
export interface MeanCall {
  /**
   * `beyond`: one run ahead in every test, shown real in each; `within`: ≈ in every test
   * (Welch's p ≥ 0.05, or inside the run-to-run variation); `ahead`: one run ahead in every test
   * beyond that variation, some of them untested; `mixed`: none of these; `broken`: a number has
   * an error finding.
   */
  kind: 'beyond' | 'within' | 'ahead' | 'mixed' | 'broken';
  /** Each test's call, in the order of the groups given. */
  calls: LeadCall[];
  /** The tests (groups) of `calls`, in the same order. */
  groups: string[];
  /** The error findings' rule ids, for `broken`. */
  rules: string[];
}

/**
 * The call between runs `a` and `b` over `groups` (the tests both have): what decides whether the
 * one whose geometric mean leads is shown ahead of the other.
 */
export function meanCall(
  metric: MetricComparison,
  groups: readonly string[],
  runA: string,
  runB: string,
  evidence: LeadEvidence,
): MeanCall {
  const cellOf = (run: string, group: string) => metric.cells.find((cell) => cell.run === run && cell.group === group);
  const pairs = groups.flatMap((group) => {
    const a = cellOf(runA, group);
    const b = cellOf(runB, group);
    return a === undefined || b === undefined ? [] : [{ a, b, call: groupCall(metric, a, b, evidence) }];
  });
  const calls = pairs.map(({ call }) => call);
  const tested = pairs.map(({ a }) => a.group);
  const rules = [...new Set(calls.flatMap((call) => (call.kind === 'broken' ? call.rules : [])))];
  if (rules.length > 0) return { kind: 'broken', calls, groups: tested, rules };
  // One run ahead in every test: a lead the mean may be called by.
  const leads = new Set(pairs.map(({ a, b }) => ordered(metric, a, b)[0] === a));
  const oneSideLeads = leads.size === 1;
  const kinds = new Set(calls.map((call) => call.kind));
  const only = (...allowed: LeadCall['kind'][]) =>
    calls.length > 0 && [...kinds].every((kind) => allowed.includes(kind));
  if (only('inside', 'similar')) return { kind: 'within', calls, groups: tested, rules };
  if (oneSideLeads && only('beyond')) return { kind: 'beyond', calls, groups: tested, rules };
  if (oneSideLeads && only('beyond', 'ahead')) return { kind: 'ahead', calls, groups: tested, rules };
  return { kind: 'mixed', calls, groups: tested, rules };
}

/** `<experiment>/<run>` → its two parts. */
function splitRunId(id: string): { experiment: string; run: string } {
  const slash = id.indexOf('/');
  return { experiment: id.slice(0, slash), run: id.slice(slash + 1) };
}

/**
 * The evidence of a compared metric of section `sectionKey`, from the runs' compare-runs.json
 * (their noise tests and findings, compare-evidence.ts). Runs named `<experiment>/<run>`: only
 * runs of one experiment have a Welch test between them.
 */
export function leadEvidenceOf(
  sectionKey: string,
  metric: Pick<MetricComparison, 'metric' | 'unit'>,
  runOf: (id: string) => Pick<CompareRun, 'noise' | 'findings'> | undefined,
): LeadEvidence {
  return {
    welch(a, b, group) {
      const [x, y] = [splitRunId(a), splitRunId(b)];
      if (x.experiment !== y.experiment) return undefined;
      // A test is held by the run with the better mean: look under either.
      const held = (holder: string, other: string) =>
        runOf(holder)?.noise?.find(
          (candidate) =>
            candidate.section === sectionKey &&
            candidate.metric === metric.metric &&
            candidate.unit === metric.unit &&
            candidate.group === group &&
            candidate.other === other,
        );
      const test = held(a, y.run) ?? held(b, x.run);
      return test === undefined ? undefined : { pValue: test.pValue, alpha: test.alpha };
    },
    errorRules(run, group) {
      const findings = runOf(run)?.findings ?? [];
      return findings
        .filter(
          (found) =>
            found.severity === 'error' &&
            found.section === sectionKey &&
            found.group === group &&
            (found.metrics === undefined || found.metrics.includes(metric.metric)),
        )
        .map((found) => found.rule);
    },
  };
}

/**
 * The metric's noise tests as the experiment pages' charts read them (`MetricComparison.noise`):
 * every pair of its runs that the build tested (runs of one experiment with repeats), so that
 * the bar chart's caption under the scoreboard calls leads as the experiment page does. Undefined
 * where no pair was tested.
 */
export function comparedNoise(metric: MetricComparison, evidence: LeadEvidence): MetricComparison['noise'] {
  const tests: NoiseTest[] = [];
  let alpha: number | undefined;
  for (const group of metric.groups) {
    const cells = metric.cells.filter((cell) => cell.group === group.key);
    for (const [index, a] of cells.entries()) {
      for (const b of cells.slice(index + 1)) {
        const welch = evidence.welch(a.run, b.run, group.key);
        if (welch === undefined) continue;
        alpha = welch.alpha;
        const [better, worse] = ordered(metric, a, b);
        tests.push({ group: group.key, better: better.run, worse: worse.run, pValue: welch.pValue });
      }
    }
  }
  return alpha === undefined ? undefined : { method: 'welch', alpha, tests };
}
