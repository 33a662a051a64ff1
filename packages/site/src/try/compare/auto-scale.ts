// Linear or log: a comparison whose bars span more than ten times (one published run 309× the
// reader's) flattens every other bar on a linear axis, so such a view opens on a log axis. Pure.

import { normalizeToBaseline } from '../../charts/normalize.ts';
import { isLogByDefault, positiveSpan } from '../../charts/scale-span.ts';
import type { ScaleKind } from '../../lib/page-state.ts';
import type { MetricComparison } from '../../view/model.ts';

/**
 * Largest over smallest positive bar of a metric as drawn: the ratios to `baselineRun` when
 * there is one, else the values. 1 when fewer than two bars are positive.
 */
export function barSpan(metric: MetricComparison, baselineRun: string | null): number {
  const bars =
    baselineRun === null
      ? metric.cells.map((cell) => cell.value)
      : normalizeToBaseline(metric, baselineRun).flatMap((cell) => (cell.ratio === null ? [] : [cell.ratio]));
  return positiveSpan(bars.filter((bar) => Number.isFinite(bar)));
}

/** The scale the metrics shown open on, and the span that chose it (the largest of them). */
export function autoScale(
  metrics: readonly MetricComparison[],
  baselineRun: string | null,
): { scale: ScaleKind; span: number } {
  const span = Math.max(1, ...metrics.map((metric) => barSpan(metric, baselineRun)));
  return { scale: isLogByDefault(span) ? 'log' : 'linear', span };
}
