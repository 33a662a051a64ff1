// <bf-figure>: a chart rendered at build time that redraws itself for the page's view state.

import { attachBrush } from '../charts/brush.ts';
import type { FigureSpec } from '../figures/figure-spec.ts';
import { renderFigure } from '../figures/render-figure.ts';
import { chartTableElement } from '../figures/table-element.ts';
import type { PageState } from '../lib/page-state.ts';
import type { RunRef } from '../view/model.ts';
import { bindTakeaways } from './figure-takeaways.ts';

export class FigureElement extends HTMLElement {
  #spec: FigureSpec | undefined;
  /** The view last drawn, when the script has drawn one: what an export draws again. */
  #drawn: { state: PageState; runOrder: readonly RunRef[] } | undefined;

  connectedCallback(): void {
    bindTakeaways(this);
  }

  /** The figure's data, from the JSON the page embeds beside it. */
  get spec(): FigureSpec {
    this.#spec ??= JSON.parse(this.querySelector('script[data-spec]')?.textContent ?? 'null') as FigureSpec;
    return this.#spec;
  }

  /** The width the chart has on screen, when less than its drawn size asks for. */
  availableWidthPx(): number | undefined {
    const frame = this.querySelector<HTMLElement>('[data-chart]');
    const width = frame?.clientWidth ?? 0;
    return width > 0 ? width : undefined;
  }

  /** Whether the chart drawn at build time is wider than the space it has (a phone). */
  isCramped(): boolean {
    const svg = this.querySelector<SVGSVGElement>('[data-chart] svg');
    const width = this.availableWidthPx();
    return svg !== null && width !== undefined && Number(svg.getAttribute('width')) > width + 1;
  }

  /**
   * Redraws chart, summary, note and table for `state`. `onZoom` is called when the reader
   * brushes a time window on a time-series chart.
   */
  draw(state: PageState, runOrder: readonly RunRef[], onZoom?: (zoom: [number, number] | null) => void): void {
    this.#drawn = { state, runOrder };
    const rendered = renderFigure(this.spec, state, runOrder, document, this.availableWidthPx());
    const frame = this.querySelector('[data-chart]');
    frame?.replaceChildren(rendered.svg);
    const summary = this.querySelector('[data-summary]');
    if (summary) summary.textContent = rendered.summary;
    const note = this.querySelector<HTMLElement>('[data-note]');
    if (note) {
      note.textContent = rendered.note ?? '';
      note.hidden = rendered.note === undefined;
    }
    this.querySelector('[data-table]')?.replaceChildren(chartTableElement(rendered.table, document));
    if (this.spec.kind === 'time-series' && onZoom) attachBrush(rendered.svg, onZoom);
  }

  /**
   * The chart at its full size in the view on screen, for a file: drawn again where the screen
   * is narrower than the chart (a phone lays it out for its width), else the one shown.
   */
  chartForExport(): SVGSVGElement | null {
    if (this.#drawn !== undefined) {
      return renderFigure(this.spec, this.#drawn.state, this.#drawn.runOrder, document).svg;
    }
    return this.querySelector<SVGSVGElement>('[data-chart] svg');
  }
}
