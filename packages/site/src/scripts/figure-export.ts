// A figure as a file to take away: a standalone SVG (and a PNG drawn from it) that looks right
// outside the page. On the page, a chart's colours and fonts come from the site's CSS classes
// and custom properties; a file has neither, so each element gets its styles resolved and
// written on it. They are resolved with the site's light colours, whatever the reader's scheme,
// on a light background: a file is pasted into documents and slides, mostly light.

import { wrapLabel } from '../charts/label-fit.ts';
import { SVG_NS } from '../charts/svg.ts';

/** What the file says around the chart: its title above, its citation below. */
export interface ExportCaption {
  title: string;
  citation: string;
}

/** The properties that make a chart look as it does; anything else is the SVG's default. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'display',
  'visibility',
] as const;

const PAD_PX = 16;
const TITLE_PX = 15;
const CITATION_PX = 11;
const LINE_GAP = 1.35;

/**
 * The site's light-scheme custom properties (`--text: #1c1d1f`, `--series-0: …`): those of
 * `:root` rules outside any media query, read from the page's own style sheets.
 */
function lightCustomProperties(document: Document): Map<string, string> {
  const found = new Map<string, string>();
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: not the site's
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':root') continue;
      for (const name of rule.style) {
        if (name.startsWith('--')) found.set(name, rule.style.getPropertyValue(name).trim());
      }
    }
  }
  return found;
}

/**
 * A copy of `chart` with every element's resolved styles written on it as attributes, resolved
 * in a hidden holder that sets the light colours: the copy needs no style sheet.
 */
function withResolvedStyles(chart: SVGSVGElement, light: Map<string, string>): SVGSVGElement {
  const document = chart.ownerDocument;
  const copy = chart.cloneNode(true) as SVGSVGElement;
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position:absolute;left:-100000px;top:0;color-scheme:light;';
  for (const [name, value] of light) holder.style.setProperty(name, value);
  holder.style.color = 'var(--text)';
  holder.append(copy);
  document.body.append(holder);
  const elements = [copy, ...copy.querySelectorAll('*')].filter((element) => element.localName !== 'title');
  try {
    // Every style read before any is written: the selectors match on the classes and attributes.
    const resolved = elements.map((element) => {
      const computed = getComputedStyle(element);
      return STYLE_PROPERTIES.map((property) => [property, computed.getPropertyValue(property)] as const);
    });
    elements.forEach((element, index) => {
      for (const [property, value] of resolved[index] ?? []) if (value !== '') element.setAttribute(property, value);
    });
  } finally {
    holder.remove();
  }
  return copy;
}

/** `<text>` lines at `x`, from baseline `y`, in the given size and colour. */
function appendLines(
  parent: SVGElement,
  lines: readonly string[],
  at: { x: number; y: number; sizePx: number; fill: string; weight?: string },
): void {
  const document = parent.ownerDocument;
  lines.forEach((line, index) => {
    const text = document.createElementNS(SVG_NS, 'text');
    text.setAttribute('x', String(at.x));
    text.setAttribute('y', String(Math.round(at.y + index * at.sizePx * LINE_GAP)));
    text.setAttribute('font-size', String(at.sizePx));
    text.setAttribute('font-family', 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif');
    text.setAttribute('fill', at.fill);
    if (at.weight) text.setAttribute('font-weight', at.weight);
    text.textContent = line;
    parent.append(text);
  });
}

/** A standalone file of the chart: background, title, the chart, the citation. */
export function standaloneSvg(
  chart: SVGSVGElement,
  caption: ExportCaption,
): { text: string; width: number; height: number } {
  const document = chart.ownerDocument;
  const light = lightCustomProperties(document);
  const chartWidth = Number(chart.getAttribute('width')) || 760;
  const chartHeight = Number(chart.getAttribute('height')) || 320;
  const width = chartWidth + 2 * PAD_PX;
  const titleLines = wrapLabel(caption.title, chartWidth, TITLE_PX, 2);
  const citationLines = wrapLabel(caption.citation, chartWidth, CITATION_PX, 6);
  const chartTop = PAD_PX + titleLines.length * TITLE_PX * LINE_GAP + 8;
  const citationTop = chartTop + chartHeight + 16 + CITATION_PX;
  const height = Math.ceil(citationTop + (citationLines.length - 1) * CITATION_PX * LINE_GAP + PAD_PX);

  const file = document.createElementNS(SVG_NS, 'svg');
  file.setAttribute('xmlns', SVG_NS);
  file.setAttribute('width', String(width));
  file.setAttribute('height', String(height));
  file.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', light.get('--bg') ?? '#ffffff');
  file.append(background);
  const text = light.get('--text') ?? '#1c1d1f';
  appendLines(file, titleLines, { x: PAD_PX, y: PAD_PX + TITLE_PX, sizePx: TITLE_PX, fill: text, weight: '600' });
  const drawn = withResolvedStyles(chart, light);
  drawn.setAttribute('x', String(PAD_PX));
  drawn.setAttribute('y', String(Math.round(chartTop)));
  drawn.setAttribute('overflow', 'visible');
  drawn.removeAttribute('style');
  file.append(drawn);
  const muted = light.get('--muted') ?? '#5a5d63';
  appendLines(file, citationLines, { x: PAD_PX, y: citationTop, sizePx: CITATION_PX, fill: muted });
  return { text: new XMLSerializer().serializeToString(file), width, height };
}

/** The SVG drawn on a canvas at `scale` times its size, as a PNG. */
export async function pngOfSvg(svg: { text: string; width: number; height: number }, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const image = new Image(svg.width, svg.height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(svg.width * scale);
    canvas.height = Math.round(svg.height * scale);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, svg.width, svg.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
