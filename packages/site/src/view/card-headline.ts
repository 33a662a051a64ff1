/**
 * An experiment's answer in one line, for its card on the index: the verdict's first headline
 * metric, its first workload, the best run against the next, and what the noise allows.
 */
export interface CardHeadline {
  /** "fio · Write IOPS". */
  metric: string;
  /** The workload, where the metric has several ("random-write-direct"). */
  group?: string;
  /** How many workloads the page's verdict has beyond this one. */
  moreGroups: number;
  /** The best run of the workload; absent where `summary` speaks instead. */
  best?: { label: string; valueText: string };
  /** The runner-up, against the best. */
  next?: { label: string; valueText: string; ratioText?: string };
  /**
   * What the noise allows: `lead` (the best is crowned: beyond the noise, or ahead of one run
   * each by more than the variation), `within` (the runner-up is within the best's noise: no
   * lead), or `untested` (neither shown).
   */
  call: 'lead' | 'within' | 'untested';
  /** Said of the call, in words ("Welch's t-test, p < 0.05", "one run each, ahead by 16 %"). */
  callText: string;
  /** Too many workloads for lines: the verdict's sentence on who leads where, instead of best and next. */
  summary?: string;
}
