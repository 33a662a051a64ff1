// A figure's take-aways on the page: the SVG and PNG buttons (shown once this script runs: they
// need it) and the citation's address, made absolute from where the page is served.

import { saveFile } from '../lib/save-file.ts';
import { pngOfSvg, standaloneSvg } from './figure-export.ts';

/** What the take-aways need of a figure element (figure-element.ts). */
interface ExportableFigure extends HTMLElement {
  chartForExport(): SVGSVGElement | null;
}

export function bindTakeaways(figure: ExportableFigure): void {
  const block = figure.querySelector<HTMLElement>('[data-takeaways]');
  if (block === null || block.dataset.bound === 'true') return;
  block.dataset.bound = 'true';
  const anchor = block.querySelector<HTMLAnchorElement>('[data-figure-anchor]');
  const citation = block.querySelector<HTMLElement>('[data-citation]');
  // The build knows the page's address only when it was given one; the browser always does.
  if (anchor && citation?.textContent) {
    const here = new URL(anchor.getAttribute('href') ?? '', window.location.href).href;
    citation.textContent = citation.textContent.replace(/ (\S*#figure-[^\s,]+)\./, ` ${here}.`);
  }
  const downloads = block.querySelector<HTMLElement>('[data-figure-downloads]');
  if (downloads === null) return;
  downloads.hidden = false;
  const stem = block.dataset.fileStem ?? 'figure';
  const exported = () => {
    const chart = figure.chartForExport();
    if (chart === null) return undefined;
    const title = figure.querySelector('figcaption h3')?.textContent?.trim() ?? '';
    return standaloneSvg(chart, { title, citation: citation?.textContent?.trim() ?? '' });
  };
  downloads.querySelector('[data-download="svg"]')?.addEventListener('click', () => {
    const svg = exported();
    if (svg) saveFile(document, new Blob([svg.text], { type: 'image/svg+xml' }), `${stem}.svg`);
  });
  downloads.querySelector('[data-download="png"]')?.addEventListener('click', async () => {
    const svg = exported();
    if (svg) saveFile(document, await pngOfSvg(svg), `${stem}.png`);
  });
}
