// The /try page's charts: the reader's run drawn with the experiment pages' chart modules, in the
// browser. Each section gets its heading, bar charts with a metric picker, sweeps, latency
// distributions, histograms, bonnie++'s rank grid and iostat's devices over time; figures are
// drawn at the container's width and again when it changes. No URL state: the run is the tab's.

import { FIGURE_SIZE } from '../figures/figure-spec.ts';
import type { PageChoices } from '../lib/page-state.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import { FigureBoard } from './sections/figure-board.ts';
import { sectionNode } from './sections/section-node.ts';
import { createViewStore } from './sections/view-store.ts';

// What a container was last rendered with stops watching its width when it is rendered again.
const stopWatching = new WeakMap<HTMLElement, () => void>();

// Wider than the widest figure, a change of width changes no figure.
const WIDEST_FIGURE_PX = Math.max(...Object.values(FIGURE_SIZE).map((size) => size.width));

/** Replaces `container`'s content with `sections` drawn for `runOrder` (in the order to draw them). */
export function renderSections(
  container: HTMLElement,
  sections: readonly ToolSection[],
  runOrder: readonly RunRef[],
): void {
  stopWatching.get(container)?.();
  const document = container.ownerDocument;
  const choices: PageChoices = {
    runs: runOrder.map((run) => run.id),
    sections: Object.fromEntries(sections.map((section) => [section.key, section.metrics.map((metric) => metric.key)])),
  };
  const store = createViewStore(choices);
  const board = new FigureBoard({
    store,
    runOrder,
    document,
    widthPx: () => widthOf(container),
    // Under the sections' h3; ids start with `try-`, as other parts of the page draw figures too.
    figureOptions: { heading: 'h4', idPrefix: 'try-figure-', className: 'try-figure' },
  });
  const context = { document, runOrder, store, board };
  container.replaceChildren(...sections.map((section) => sectionNode(section, context)));
  board.start();
  stopWatching.set(
    container,
    watchWidth(container, () => board.drawAll()),
  );
}

/** The width figures may take, undefined before layout (and in tests: jsdom lays nothing out). */
function widthOf(container: HTMLElement): number | undefined {
  const width = container.clientWidth;
  return width > 0 ? width : undefined;
}

/**
 * Calls `redraw` when the container's width changes (a rotated phone, a resized window), once a
 * frame at the most; returns the function that stops watching.
 */
function watchWidth(container: HTMLElement, redraw: () => void): () => void {
  const window = container.ownerDocument.defaultView;
  if (!window?.ResizeObserver) return () => {};
  const usableWidth = () => Math.min(container.clientWidth, WIDEST_FIGURE_PX);
  let drawnWidth = usableWidth();
  let frame: number | undefined;
  const observer = new window.ResizeObserver(() => {
    if (frame !== undefined || usableWidth() === drawnWidth) return;
    frame = window.requestAnimationFrame(() => {
      frame = undefined;
      drawnWidth = usableWidth();
      redraw();
    });
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    if (frame !== undefined) window.cancelAnimationFrame(frame);
  };
}
