// What a figure on an experiment page shows: a chart kind and its plain data. The page embeds
// it as JSON beside the chart rendered at build time; the page script redraws from it.

import type { LatencyView } from '../charts/latency-chart.ts';
import type {
  AnyDeviceFigure,
  DeviceSeries,
  LatencyDistribution,
  LatencyHistogram,
  MetricComparison,
  SweepSeries,
  TimeSpan,
} from '../view/model.ts';

export type FigureSpec =
  | { kind: 'bars'; data: MetricComparison; groupNoun?: readonly [string, string] }
  | { kind: 'sweep'; data: SweepSeries }
  | { kind: 'latency'; data: LatencyDistribution; view?: LatencyView }
  | { kind: 'histogram'; data: LatencyHistogram }
  | {
      kind: 'time-series';
      key: string;
      title: string;
      data: DeviceSeries[];
      /** The figures its section offers (ToolSection.deviceFigures); iostat's when absent. */
      figures?: AnyDeviceFigure[];
      /** fio's jobs on its time axis (ToolSection.spans). */
      spans?: TimeSpan[];
    };

/** The figure's key, unique on the page. */
export function figureKey(spec: FigureSpec): string {
  if (spec.kind === 'time-series') return spec.key;
  if (spec.kind === 'latency' && spec.view !== undefined) return `${spec.data.key}-${spec.view}`;
  return spec.data.key;
}

/** The figure's title, as its caption says it. */
export function figureTitle(spec: FigureSpec): string {
  if (spec.kind === 'time-series') return spec.title;
  if (spec.kind === 'latency' && spec.view !== undefined) return `${spec.data.title} (${spec.view})`;
  return spec.data.title;
}

/** Chart sizes in CSS pixels; the SVG scales down with narrow screens. */
export const FIGURE_SIZE = {
  bars: { width: 760, height: 320 },
  sweep: { width: 760, height: 320 },
  latency: { width: 760, height: 300 },
  histogram: { width: 760, height: 260 },
  'time-series': { width: 960, height: 260 },
} as const satisfies Record<FigureSpec['kind'], { width: number; height: number }>;

/** Narrower than this, a chart is drawn at this width and scales down: labels need room. */
const MIN_WIDTH_PX = 320;

/**
 * The size to draw a figure at: its usual size, or narrower when its container is (a phone),
 * so labels are laid out for the space they get instead of shrinking with the whole chart.
 */
export function figureSize(kind: FigureSpec['kind'], maxWidthPx?: number): { width: number; height: number } {
  const size = FIGURE_SIZE[kind];
  if (maxWidthPx === undefined || maxWidthPx >= size.width) return size;
  return { width: Math.max(MIN_WIDTH_PX, Math.floor(maxWidthPx)), height: size.height };
}
