import { isSafeLinkTarget } from '@benchfolio/parsers/content';
import type { Element } from 'hast';
import { defineHastPlugin, type HastVisitorContext } from 'satteri';

/**
 * Write-ups are Markdown from pull requests, rendered by Astro's Markdown processor
 * (astro.config.mjs): `validate` refuses raw HTML and script links by their source lines, and
 * this hast plugin makes the rendered page safe whatever got past it:
 *
 * - a link whose target is not allowed (isSafeLinkTarget, the library's reading, which validate
 *   applies too) becomes its text, an image its
 *   alt text;
 * - raw HTML is shown as the text it is, never parsed into the page.
 */
export const safeLinks = defineHastPlugin({
  name: 'benchfolio:safe-links',
  element: [
    { filter: ['a'], visit: (link, context) => keepIfAllowed(link, 'href', context) },
    { filter: ['img'], visit: (image, context) => keepIfAllowed(image, 'src', context) },
  ],
  raw(raw, context) {
    context.replaceNode(raw, { type: 'text', value: raw.value });
  },
});

function keepIfAllowed(element: Readonly<Element>, property: 'href' | 'src', context: HastVisitorContext): void {
  const target = element.properties[property];
  if (target === undefined || target === null || isSafeLinkTarget(String(target))) return;
  if (element.tagName === 'img') {
    const alt = element.properties.alt;
    context.replaceNode(element, alt ? [{ type: 'text', value: String(alt) }] : []);
  } else {
    context.replaceNode(element, [...element.children]);
  }
}
