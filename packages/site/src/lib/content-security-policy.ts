// The Content-Security-Policy of the site's pages and of its raw files: what a browser may load
// and run on them. Base.astro puts the page policy in every page's <meta http-equiv>, and
// integrations/host-headers.ts sends it as a header (astro preview, _headers, .htaccess).
//
// The site's pages load nothing but their own files: no third-party origin, and no inline
// script (the build checks each page for one: host-headers.ts). What each directive allows
// beyond 'self', and why:

const PAGE_DIRECTIVES = [
  "default-src 'self'",
  // Pagefind's search runs WebAssembly: compiling it needs 'wasm-unsafe-eval' (it allows no
  // eval() or new Function(), only WebAssembly.compile/instantiate).
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  // Charts and bars set a style attribute in the markup (`style="--share: 7.4"`, an SVG's
  // size): an attribute cannot load or run anything.
  "style-src-attr 'unsafe-inline'",
  // A chart's PNG export draws the chart's SVG from a blob: URL (scripts/figure-export.ts).
  "img-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** The policy of every page, as its `<meta http-equiv="Content-Security-Policy">` carries it. */
export const PAGE_CSP = PAGE_DIRECTIVES.join('; ');

/**
 * The policy of every page as a header: the meta's and `frame-ancestors 'none'` (no other site
 * may frame a page), which browsers read from a header only.
 */
export const PAGE_CSP_HEADER = `${PAGE_CSP}; frame-ancestors 'none'`;

/**
 * The policy of a raw file (served as text/plain): nothing may load or run, even if a browser
 * took it for another type, and it runs sandboxed in an origin of its own.
 */
export const RAW_FILE_CSP = "default-src 'none'; sandbox";

/**
 * Whether a request path (after the site's base, without it) is a raw file of a run:
 * `experiments/<id>/runs/<run>/<file>`, each raw output and run.yaml. The run page is that
 * folder's `index.html`, a name no raw output may have (RUN_GENERATED_FILES in @benchfolio/parsers/content).
 */
export function isRawFilePath(path: string): boolean {
  const match = /^\/?experiments\/[^/]+\/runs\/[^/]+\/([^/]+)$/.exec(path);
  return match !== null && match[1] !== 'index.html';
}
