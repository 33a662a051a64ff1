import type { Element } from 'hast';
import { defineHastPlugin, type HastVisitorContext } from 'satteri';

/** The schemes a write-up may link to; relative and `#` targets have none. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

// What a browser's URL parser ignores or a spelling could hide: ASCII controls and spaces
// (stripped at the ends, tabs and newlines removed anywhere: `java\tscript:` is javascript:),
// and the invisible format characters.
function isIgnored(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x2060 ||
    code === 0xfeff
  );
}

/**
 * Whether a link or image target may stay in a write-up: `http:`, `https:`, `mailto:`, or none
 * (a relative path, `#fragment`, `?query`, `//host/...`). The value is read as a browser would
 * and more: hast values are already entity-decoded (`java&#115;cript:`), and here percent-escapes
 * are decoded and every ignored character dropped too, so that no spelling of a scheme gets past.
 * A colon before the first `/`, `?` or `#` makes a scheme, and any other scheme is refused, even
 * one a browser would read as a path (`java%09script:`): a write-up links `./a:b` for that.
 */
export function isAllowedLinkTarget(target: string): boolean {
  const plain = [...percentDecoded(target)].filter((character) => !isIgnored(character.charCodeAt(0))).join('');
  const scheme = /^([^/?#:]*):/.exec(plain)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase());
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%`: decode what can be, escape by escape.
    return text.replace(/%[0-9a-f]{2}/gi, (code) => String.fromCharCode(Number.parseInt(code.slice(1), 16)));
  }
}

/**
 * Write-ups are Markdown from pull requests, rendered by Astro's Markdown processor
 * (astro.config.mjs): `validate` refuses raw HTML and script links by their source lines, and
 * this hast plugin makes the rendered page safe whatever got past it:
 *
 * - a link whose target is not allowed (isAllowedLinkTarget) becomes its text, an image its
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
  if (target === undefined || target === null || isAllowedLinkTarget(String(target))) return;
  if (element.tagName === 'img') {
    const alt = element.properties.alt;
    context.replaceNode(element, alt ? [{ type: 'text', value: String(alt) }] : []);
  } else {
    context.replaceNode(element, [...element.children]);
  }
}
