// When each fio job ran, on the devices' time axis: a light band per job and repeat in its run's
// colour, from the plot's top to its bottom, under the lines. The first run's bands are labelled
// along their left edge where the band has room for it: the runs ran the same jobs in the same order,
// so one run's labels name the others' bands too, and labels of every run would pile up. Every
// band has its label in its title, and the table under the chart lists every span.

import type { ScaleLinear } from 'd3-scale';
import type { TimeSpan } from '../view/model.ts';
import { estimateTextWidth } from './label-fit.ts';
import { appendTitle, round, svgElement, svgText } from './plot-parts.ts';

const LABEL_FONT_PX = 10;
/** A label needs this much room, in px: its band's width, and from the previous label (its rotated line height and a gap). */
const LABEL_GAP_PX = 16;

/**
 * Appends `<g class="job-spans">` to the plot: a `<rect class="series-N job-span">` per span
 * inside the time window (clipped to it), with `data-run`, `data-from` and `data-to` (s), and a
 * `<text class="job-span-label">` where there is room.
 */
export function appendJobSpans(
  plot: SVGGElement,
  spans: readonly TimeSpan[],
  {
    x,
    plotHeight,
    classOf,
    runsInOrder,
  }: {
    x: ScaleLinear<number, number>;
    plotHeight: number;
    /** The series class of a run drawn; undefined for a run not drawn. */
    classOf: (run: string) => string | undefined;
    /** The runs drawn, in their declared order: the first one's bands are labelled. */
    runsInOrder: readonly string[];
  },
): void {
  const document = plot.ownerDocument;
  const [t0, t1] = x.domain() as [number, number];
  const group = svgElement(document, 'g', { class: 'job-spans' });
  let lastLabelPx = Number.NEGATIVE_INFINITY;
  const shown = spans
    .filter((span) => classOf(span.run) !== undefined && span.toSec >= t0 && span.fromSec <= t1)
    .sort((a, b) => a.fromSec - b.fromSec);
  const labelled = runsInOrder[0];
  for (const span of shown) {
    const from = x(Math.max(span.fromSec, t0));
    const to = x(Math.min(span.toSec, t1));
    const rect = svgElement(document, 'rect', {
      class: `${classOf(span.run)} job-span`,
      x: from,
      y: 0,
      width: Math.max(1, to - from),
      height: plotHeight,
      'data-run': span.run,
      'data-from': String(span.fromSec),
      'data-to': String(span.toSec),
    });
    appendTitle(document, rect, `${span.label}: ${round(span.fromSec)} s to ${round(span.toSec)} s`);
    group.append(rect);
    // A label goes inside its own band: one too narrow for it (a job of a fraction of a second,
    // or the whole run shown) keeps its name in the title until the reader zooms in.
    if (span.run !== labelled || to - from < LABEL_GAP_PX || from - lastLabelPx < LABEL_GAP_PX) continue;
    lastLabelPx = from;
    // Read top to bottom just inside the band's left edge (a quarter turn clockwise puts the
    // glyphs right of their baseline), shortened to the plot's height.
    const label = svgText(document, fitLabel(span.shortLabel, plotHeight - 8), {
      class: `${classOf(span.run)} job-span-label`,
      transform: `translate(${round(from + 3)},4) rotate(90)`,
      'font-size': LABEL_FONT_PX,
      'data-run': span.run,
    });
    group.append(label);
  }
  plot.append(group);
}

/** The label, or as much of it as fits in `maxPx` with an ellipsis. */
function fitLabel(label: string, maxPx: number): string {
  if (estimateTextWidth(label, LABEL_FONT_PX) <= maxPx) return label;
  let kept = label;
  while (kept.length > 1 && estimateTextWidth(`${kept}…`, LABEL_FONT_PX) > maxPx) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** The legend's key of the bands, where the chart draws some. */
export const JOB_SPAN_KEY = { label: 'fio job', className: 'job-span-key', kind: 'mark' } as const;
