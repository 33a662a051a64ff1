// Every figure of the rendered sections, drawn for the view state at the width the page gives
// them, and redrawn when either changes. The /try page has no run, baseline, scale or sort
// controls (one run, the reader's), so a change of state redraws only the device time series
// (the figure shown and the zoom); the metric picker shows and hides figures already drawn.

import { attachBrush } from '../../charts/brush.ts';
import { type FigureNode, type FigureNodeOptions, figureNode } from '../../figures/figure-node.ts';
import type { FigureSpec } from '../../figures/figure-spec.ts';
import type { ViewController } from '../../figures/view-controller.ts';
import type { PageState } from '../../lib/page-state.ts';
import type { RunRef } from '../../view/model.ts';

export class FigureBoard {
  readonly #nodes: FigureNode[] = [];
  readonly #store: ViewController;
  readonly #runOrder: readonly RunRef[];
  readonly #document: Document;
  readonly #widthPx: () => number | undefined;
  readonly #figureOptions: FigureNodeOptions;

  constructor(options: {
    store: ViewController;
    runOrder: readonly RunRef[];
    document: Document;
    /** The width figures may take now, undefined when unknown (not laid out). */
    widthPx: () => number | undefined;
    /** How every figure is made: its heading level, id prefix and class. */
    figureOptions: FigureNodeOptions;
  }) {
    this.#store = options.store;
    this.#runOrder = options.runOrder;
    this.#document = options.document;
    this.#widthPx = options.widthPx;
    this.#figureOptions = options.figureOptions;
  }

  /** A new figure, drawn by the board from now on; its element goes where the caller puts it. */
  add(spec: FigureSpec): HTMLElement {
    const node = figureNode(spec, this.#runOrder, this.#document, this.#figureOptions);
    this.#nodes.push(node);
    return node.element;
  }

  /** Draws every figure for the current state and width; then follows the state. */
  start(): void {
    let previous: PageState | undefined;
    this.#store.subscribe((state) => {
      const deviceViewChanged =
        previous === undefined || previous.figure !== state.figure || previous.zoom?.join() !== state.zoom?.join();
      if (previous === undefined) this.drawAll();
      else if (deviceViewChanged) this.#draw((node) => node.spec.kind === 'time-series');
      previous = state;
    });
  }

  /** Draws every figure again: after a change of width. */
  drawAll(): void {
    this.#draw(() => true);
  }

  #draw(which: (node: FigureNode) => boolean): void {
    const state = this.#store.state();
    const widthPx = this.#widthPx();
    for (const node of this.#nodes) {
      if (!which(node)) continue;
      const svg = node.draw(state, widthPx);
      // Drag across the time series to zoom; a click without a drag shows the whole run again.
      // A chart with no line to draw has no brush layer.
      if (node.spec.kind === 'time-series' && svg.querySelector('g.brush-layer')) {
        attachBrush(svg, (zoom) => this.#store.update({ zoom }));
      }
    }
  }
}
