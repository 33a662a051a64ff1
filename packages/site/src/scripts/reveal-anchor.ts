// A link to a figure (`#figure-<key>`) must land on it even where the page hides it: a bar chart
// whose metric is not the one its section's select shows, or a figure in a closed block.

import type { ViewController } from '../figures/view-controller.ts';

/** Shows the figure the address's anchor names, and scrolls to it; now and on each anchor change. */
export function revealAnchoredFigures(controller: ViewController): void {
  const reveal = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id.startsWith('figure-')) return;
    const heading = document.getElementById(id);
    const figure = heading?.closest<HTMLElement>('bf-figure');
    if (!heading || !figure) return;
    const metric = figure.dataset.metric;
    const section = figure.closest<HTMLElement>('[data-section]')?.dataset.section;
    if (figure.hidden && metric && section) {
      controller.update({ metrics: { ...controller.state().metrics, [section]: metric } });
    }
    for (let block = figure.closest('details'); block; block = block.parentElement?.closest('details') ?? null) {
      block.open = true;
    }
    heading.scrollIntoView();
  };
  reveal();
  window.addEventListener('hashchange', reveal);
}
