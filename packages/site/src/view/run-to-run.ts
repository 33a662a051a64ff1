// How far two runs of the same configuration land apart on this project's own repeats, and how a
// lead between two single runs reads against it. A one-run-each lead smaller than this typical
// variation is no evidence of a difference (written ≈, never counted); a larger one is given as
// "ahead by X, one run each, not tested". No statistics library: the pages' scripts read it too.

/** The typical relative difference between two repeats of one run, and where the figure comes from. */
export interface RunToRunVariation {
  /** max/min − 1 of two repeats, as a fraction (0.21 = 21 %): the median over `pairs`. */
  relative: number;
  /** How many pairs of repeats the median is of. */
  pairs: number;
  /** Where the figure comes from, for readers. */
  source: string;
}

/**
 * This project's own repeats: every pair of repeats of one run, in the first (headline) bar
 * metric of every tool section of every experiment with repeats. Recomputed from content/results
 * by data/run-to-run.test.ts, which fails when this figure no longer matches.
 */
export const RUN_TO_RUN_VARIATION: RunToRunVariation = {
  relative: 0.21,
  pairs: 156,
  source:
    'the median difference between two repeats of the same run, over 156 pairs of repeats in this site’s own repeated runs (each tool’s headline metric)',
};

/** A lead between two single runs: inside the typical variation (≈), or ahead by more, untested. */
export interface SingleRunLead {
  kind: 'similar' | 'ahead';
  /** better/worse − 1 in the better direction, as a fraction (0.25 = ahead by 25 %). */
  margin: number;
}

/**
 * How a lead of `better` over `worse` (values of one metric, one run each) reads: `similar` when
 * it is within the typical run-to-run variation, else `ahead`. `lowerIsBetter` for latencies and
 * times, whose lead is worse/better − 1.
 */
export function singleRunLead(
  better: number,
  worse: number,
  lowerIsBetter: boolean,
  variation: RunToRunVariation = RUN_TO_RUN_VARIATION,
): SingleRunLead {
  const [high, low] = lowerIsBetter ? [worse, better] : [better, worse];
  const margin = low > 0 ? high / low - 1 : Number.POSITIVE_INFINITY;
  return { kind: margin <= variation.relative ? 'similar' : 'ahead', margin };
}
