// Whether a run may be singled out: its lead over the next run is beyond the noise (Welch's t-test
// where both have repeats; else more than this project's typical run-to-run variation), and its
// number carries no error finding. The verdict, the captions and the ratio table all read leads
// through here, so nothing is crowned by one and left plain by another. Pure reads of the view
// model: no statistics (the p-values were made at build time, data/noise.ts).

import type { BarCell, CellFinding, MetricComparison } from './model.ts';
import { noiseCall, rankedCells } from './noise.ts';
import { RUN_TO_RUN_VARIATION, singleRunLead } from './run-to-run.ts';

/** How the difference between a better and a worse cell of one group reads. */
export type LeadCall =
  /** Welch's t-test on both runs' repeats: p below alpha (beyond) or not (inside). */
  | { kind: 'beyond'; pValue: number }
  | { kind: 'inside'; pValue: number }
  /** One value each: more than the typical run-to-run variation apart, not tested. */
  | { kind: 'ahead'; margin: number }
  /** One value each: within the typical run-to-run variation (≈). */
  | { kind: 'similar'; margin: number }
  /** Nothing to judge: a metric without a better direction. */
  | { kind: 'untested' };

/** The call on `better` against `worse` (cells of one group, `better` ranked first). */
export function leadCall(data: MetricComparison, better: BarCell, worse: BarCell): LeadCall {
  if (data.betterIs === 'neither') return { kind: 'untested' };
  const tested = noiseCall(data, better.group, better.run, worse.run);
  if (tested.kind !== 'untested') return tested;
  const { kind, margin } = singleRunLead(better.value, worse.value, data.betterIs === 'lower');
  return { kind, margin };
}

/** Whether a call shows a real difference: Welch beyond, or one run each and more than the variation apart. */
export function isRealLead(call: LeadCall): boolean {
  return call.kind === 'beyond' || call.kind === 'ahead';
}

/** Whether a call is within the stated noise: Welch inside, or one run each within the variation (≈). */
export function isWithinNoise(call: LeadCall): boolean {
  return call.kind === 'inside' || call.kind === 'similar';
}

/** A cell's error findings: a number that is not a measurement of what it is labelled. */
export function errorFindings(cell: BarCell): CellFinding[] {
  return (cell.findings ?? []).filter((finding) => finding.severity === 'error');
}

/** A group's ranking for crowning: the runs free of error findings best first, and those left out. */
export interface GroupRanking {
  /** Free of error findings, best first. */
  ranked: BarCell[];
  /** With an error finding: never crowned, not ranked. */
  flagged: BarCell[];
  /** The first of `ranked`, when its lead over the second is real; undefined otherwise. */
  leader?: BarCell;
  /** The call on the first of `ranked` against the second; undefined with fewer than two. */
  call?: LeadCall;
}

/** Who leads a group, if anyone may be crowned there. */
export function groupRanking(data: MetricComparison, group: string): GroupRanking {
  const cells = rankedCells(data, group);
  const ranked = cells.filter((cell) => errorFindings(cell).length === 0);
  const flagged = cells.filter((cell) => errorFindings(cell).length > 0);
  const [first, second] = ranked;
  if (first === undefined || second === undefined) return { ranked, flagged };
  const call = leadCall(data, first, second);
  return { ranked, flagged, call, ...(isRealLead(call) ? { leader: first } : {}) };
}

/** "23.0 %": the typical run-to-run variation, as the pages print it. */
export function variationText(): string {
  return `${(RUN_TO_RUN_VARIATION.relative * 100).toFixed(1)}\u00a0%`;
}

/** "within the 23.0 % two runs of one configuration typically differ by here": why a one-run lead is ≈. */
export function similarText(): string {
  return `within the ${variationText()} two runs of one configuration typically differ by here`;
}

/** "flagged BF001: not ranked": why a run with an error finding is left out of a ranking. */
export function flaggedText(cell: BarCell): string {
  const rules = [...new Set(errorFindings(cell).map((finding) => finding.rule))];
  return `flagged ${rules.join(', ')}: not ranked`;
}
