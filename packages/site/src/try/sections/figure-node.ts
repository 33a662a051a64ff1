// One figure built in the browser: caption (title and one-line summary), the chart, a note when
// the view differs from what was asked, and the data table in <details>. The same parts as the
// experiment pages' Figure.astro, drawn by renderFigure; here there is no build-time markup and no
// embedded spec, so the node keeps its spec and redraws itself. Not tied to the /try page: the
// compare page's figureNode draws the same parts.

import { type FigureSpec, figureKey, figureTitle } from '../../figures/figure-spec.ts';
import { renderFigure } from '../../figures/render-figure.ts';
import { chartTableElement } from '../../figures/table-element.ts';
import type { PageState } from '../../lib/page-state.ts';
import type { RunRef } from '../../view/model.ts';
import { element } from './elements.ts';

export interface FigureNode {
  readonly spec: FigureSpec;
  /** The `<figure>`, with `data-figure-key` and `data-kind`; empty until drawn. */
  readonly element: HTMLElement;
  /** Draws (or redraws) chart, summary, note and table for `state`; returns the chart drawn. */
  draw(state: PageState, maxWidthPx?: number): SVGSVGElement;
}

export interface FigureNodeOptions {
  /** The caption heading's level: the figure sits under a section heading of the level above. */
  heading?: 'h3' | 'h4' | 'h5';
  /** Prefix of the heading's id, which must be unique on the page. */
  idPrefix?: string;
  className?: string;
}

export function figureNode(
  spec: FigureSpec,
  runOrder: readonly RunRef[],
  document: Document,
  { heading = 'h4', idPrefix = 'figure-', className }: FigureNodeOptions = {},
): FigureNode {
  const key = figureKey(spec);
  const headingId = `${idPrefix}${key}`;
  const figure = element(document, 'figure', { className, data: { figureKey: key, kind: spec.kind } });
  figure.setAttribute('aria-labelledby', headingId);
  const title = element(document, heading, { text: figureTitle(spec) });
  title.id = headingId;
  const summary = element(document, 'p', { className: 'summary', data: { summary: '' } });
  const frame = element(document, 'div', { className: 'chart-frame', data: { chart: '' } });
  const note = element(document, 'p', { className: 'chart-note', data: { note: '' } });
  note.hidden = true;
  const tableScroll = element(document, 'div', { className: 'table-scroll', data: { table: '' } });
  const details = element(document, 'details', { className: 'data-table' });
  details.append(element(document, 'summary', { text: 'Data table' }), tableScroll);
  const caption = element(document, 'figcaption');
  caption.append(title, summary);
  figure.append(caption, frame, note, details);

  return {
    spec,
    element: figure,
    draw(state, maxWidthPx) {
      const rendered = renderFigure(spec, state, runOrder, document, maxWidthPx);
      frame.replaceChildren(rendered.svg);
      summary.textContent = rendered.summary;
      note.textContent = rendered.note ?? '';
      note.hidden = rendered.note === undefined;
      tableScroll.replaceChildren(chartTableElement(rendered.table, document));
      return rendered.svg;
    },
  };
}
