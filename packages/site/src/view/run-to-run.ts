// How far two runs of the same configuration land apart on this project's own repeats, and how a
// lead between two single runs reads against it. A one-run-each lead smaller than this typical
// variation is no evidence of a difference (written ≈, never counted); a larger one is given as
// "ahead by X, one run each, not tested". No statistics library: the pages' scripts read it too.

/** The typical relative difference between two repeats of one run, and where the figure comes from. */
export interface RunToRunVariation {
  /**
   * max/min − 1 of two repeats, as a fraction (0.23 = 23 %): the median, over `experiments`,
   * of each experiment's median over its pairs of repeats.
   */
  relative: number;
  /** How many experiments with repeats the figure is of (each weighs once). */
  experiments: number;
  /** How many pairs of repeats those experiments have in all. */
  pairs: number;
  /** Where the figure comes from, for readers. */
  source: string;
}

/**
 * This project's own repeats: for each experiment with repeats, the median of its pairs of
 * repeats of one run, in the first (headline) bar metric of every tool section; the figure is the
 * median of those per-experiment medians, so that one experiment with hundreds of pairs does not
 * set the noise for all. Recomputed from content/results by data/run-to-run.test.ts, which fails
 * when this figure no longer matches.
 */
export const RUN_TO_RUN_VARIATION: RunToRunVariation = {
  relative: 0.23,
  experiments: 15,
  pairs: 1010,
  source:
    'the median, over 15 experiments with repeats, of each one’s median difference between two repeats of the same run (1010 pairs in all; each tool’s headline metric)',
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
