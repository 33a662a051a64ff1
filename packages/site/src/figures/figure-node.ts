// One figure built in the browser: caption (title and one-line summary), the chart, a note when
// the view differs from what was asked, and the data table in <details>. The same parts as the
// experiment pages' Figure.astro, drawn by renderFigure; here there is no build-time markup and no
// embedded spec, so the node keeps its spec and redraws itself. The /try page's sections and
// comparisons and the compare page all draw their figures with it.

import type { PageState } from '../lib/page-state.ts';
import type { RunRef } from '../view/model.ts';
import { type FigureSpec, figureKey, figureTitle } from './figure-spec.ts';
import { renderFigure } from './render-figure.ts';
import { chartTableElement } from './table-element.ts';

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
  const figure = document.createElement('figure');
  if (className !== undefined) figure.className = className;
  figure.dataset.figureKey = key;
  figure.dataset.kind = spec.kind;
  figure.setAttribute('aria-labelledby', headingId);
  const title = document.createElement(heading);
  title.id = headingId;
  title.textContent = figureTitle(spec);
  const summary = part(document, 'p', 'summary', 'summary');
  const frame = part(document, 'div', 'chart-frame', 'chart');
  const note = part(document, 'p', 'chart-note', 'note');
  note.hidden = true;
  const tableScroll = part(document, 'div', 'table-scroll', 'table');
  const details = document.createElement('details');
  details.className = 'data-table';
  const detailsSummary = document.createElement('summary');
  detailsSummary.textContent = 'Data table';
  details.append(detailsSummary, tableScroll);
  const caption = document.createElement('figcaption');
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

/** A part of the figure: its class, and the empty `data-*` attribute scripts and tests find it by. */
function part(document: Document, name: 'p' | 'div', className: string, dataName: string): HTMLElement {
  const made = document.createElement(name);
  made.className = className;
  made.dataset[dataName] = '';
  return made;
}
