// Which link targets a write-up may have, read once for both places that judge them: validate
// (markdown-check.ts, at the link's line and column) and the site's renderer (its safe-links
// hast plugin, which makes text of what this refuses). One reading, so that the two never
// disagree on a spelling.

/** The schemes a write-up may link to; a target without one (relative, `#fragment`) is always fine. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

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
 * The scheme a link target has, lowercased, or undefined for a relative one (a path, `#fragment`,
 * `?query`, `//host/...`). Read more strictly than a browser: percent-escapes are decoded and
 * every ignored character dropped, and any text before a colon that comes before the first `/`,
 * `?` or `#` is a scheme (`java%09script:`, `1x:`), so that no spelling of one passes as a path
 * (a write-up links `./a:b` for that). Entity references are the caller's to decode: the Markdown
 * parser and hast have done so.
 */
export function linkScheme(url: string): string | undefined {
  const plain = [...percentDecoded(url)].filter((character) => !isIgnored(character.charCodeAt(0))).join('');
  return /^([^/?#:]*):/.exec(plain)?.[1]?.toLowerCase();
}

/** Whether a write-up may link to `url`: `http:`, `https:`, `mailto:`, or no scheme at all. */
export function isSafeLinkTarget(url: string): boolean {
  const scheme = linkScheme(url);
  return scheme === undefined || SAFE_SCHEMES.has(scheme);
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%`: decode what can be, escape by escape.
    return text.replace(/%[0-9a-f]{2}/gi, (code) => String.fromCharCode(Number.parseInt(code.slice(1), 16)));
  }
}
