import { readFile, writeFile } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isRawFilePath, PAGE_CSP_HEADER, RAW_FILE_CSP } from '../lib/content-security-policy.ts';

/**
 * The headers every response of the site needs, sent by each server the project knows:
 *
 * - Raw files (each raw output and run.yaml, under `experiments/<id>/runs/<run>/`) come from
 *   strangers' pull requests: whatever their name, they are sent as `text/plain; charset=utf-8`
 *   (UTF-8: browsers guess windows-1252 without a charset, and run.yaml's "fio – ext3" reads
 *   "fio â€“ ext3"), under a policy that lets nothing load or run (RAW_FILE_CSP). A raw output
 *   named `x.html` or `x.svg` holding a script is shown as text, never run on the site's origin.
 * - Every response carries `X-Content-Type-Options: nosniff` (no browser takes text for HTML),
 *   and the page policy (lib/content-security-policy.ts) with `frame-ancestors`, which a
 *   page's meta cannot give.
 * - Other text types name UTF-8 when they name no charset.
 *
 * Where:
 * - `astro preview` (what `npm start` serves): Astro's static preview server keeps no Vite
 *   plugin of the project's and has no hook of its own, and its file server (sirv) writes the
 *   headers in `writeHead`. So in the preview process only, `writeHead` is wrapped.
 * - Netlify and Cloudflare Pages read `_headers` in the published folder, Apache `.htaccess`:
 *   the build writes both.
 *
 * nginx and Caddy are configured by their owners (docs/02-hosting.md); GitHub Pages sends no
 * header of a site's: there, `validate`'s allow-list of raw file names and the pages' meta
 * policy are what hold.
 */
export function hostHeaders(): AstroIntegration {
  let base = '/';
  return {
    name: 'benchfolio:host-headers',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        if (command === 'preview') sendHostHeaders(config.base);
      },
      'astro:config:done': ({ config }) => {
        base = config.base;
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const siteDir = fileURLToPath(dir);
        const inline = await inlineCode(siteDir, assets);
        if (inline.length > 0) {
          const error = new Error(
            `inline scripts or styles, which the pages' Content-Security-Policy refuses (src/lib/content-security-policy.ts): move each into a file of its own:\n${inline.join('\n')}`,
          );
          // The pages at fault are the message: Astro would add this hook's stack to it.
          error.stack = '';
          throw error;
        }
        await writeFile(join(siteDir, '_headers'), headersFile(base));
        await writeFile(join(siteDir, '.htaccess'), htaccessFile());
        logger.info('_headers and .htaccess: raw files as UTF-8 plain text, nosniff, the pages’ CSP');
      },
    },
  };
}

/** Types whose bytes the site writes as UTF-8 text. */
const TEXT_TYPE = /^(?:text\/[\w.+-]+|application\/(?:json|(?:x-)?yaml|xml|rss\+xml|javascript))$/i;

/** `text/yaml` → `text/yaml; charset=utf-8`; a type naming a charset, or not text, is kept. */
export function withUtf8Charset(contentType: string): string {
  if (/;\s*charset=/i.test(contentType)) return contentType;
  const type = contentType.split(';', 1)[0]?.trim() ?? '';
  return TEXT_TYPE.test(type) ? `${contentType}; charset=utf-8` : contentType;
}

/** The path of a request URL after the site's base (`/benchfolio/a/b?x` → `a/b`), decoded; undefined outside it. */
export function pathAfterBase(url: string, base: string): string | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const root = base.endsWith('/') ? base : `${base}/`;
  if (!path.startsWith(root)) return undefined;
  try {
    return decodeURIComponent(path.slice(root.length));
  } catch {
    return path.slice(root.length);
  }
}

/**
 * The headers a response for `path` (after the base) must end with, given the type its server
 * chose: raw files as UTF-8 plain text under the raw policy, the rest with a UTF-8 charset for
 * text and the page policy; nosniff on all.
 */
export function hostHeadersFor(path: string | undefined, contentType: string | undefined): Record<string, string> {
  const isRaw = path !== undefined && isRawFilePath(path);
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': isRaw ? RAW_FILE_CSP : PAGE_CSP_HEADER,
  };
  if (isRaw) headers['Content-Type'] = 'text/plain; charset=utf-8';
  else if (contentType !== undefined) headers['Content-Type'] = withUtf8Charset(contentType);
  return headers;
}

let isPatched = false;

/**
 * Makes every response of this process end with the headers of hostHeadersFor, for a site
 * served under `base`. An error response (a 404 page under a run's folder) is not a raw file.
 */
export function sendHostHeaders(base: string): void {
  if (isPatched) return;
  isPatched = true;
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, status: number, ...args: unknown[]) {
    // Headers given to writeHead itself win over those set before: the type goes there too.
    let contentType = this.getHeader('content-type');
    for (const headers of args) {
      if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) continue;
      const record = headers as Record<string, unknown>;
      for (const name of Object.keys(record)) {
        if (name.toLowerCase() !== 'content-type') continue;
        contentType = record[name] as string;
        delete record[name];
      }
    }
    const url = status < 400 ? this.req?.url : undefined;
    const path = url === undefined ? undefined : pathAfterBase(url, base);
    const type = typeof contentType === 'string' ? contentType : undefined;
    for (const [name, value] of Object.entries(hostHeadersFor(path, type))) this.setHeader(name, value);
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, [status, ...args]);
  } as typeof writeHead;
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages, under the site's base. A request matching
 * several rules gets the headers of all, a header named twice its values joined (two policies:
 * a browser enforces both), so only the raw files' rule names a type.
 */
export function headersFile(base: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return [
    '# Every response: nosniff and the pages’ Content-Security-Policy (src/integrations/host-headers.ts).',
    `${root}*`,
    '  X-Content-Type-Options: nosniff',
    `  Content-Security-Policy: ${PAGE_CSP_HEADER}`,
    '# Raw files of runs (each raw output and run.yaml), whatever their name: UTF-8 plain text that runs nothing.',
    `${root}experiments/:id/runs/:run/:file`,
    '  Content-Type: text/plain; charset=utf-8',
    `  Content-Security-Policy: ${RAW_FILE_CSP}`,
    '',
  ].join('\n');
}

/**
 * Apache's `.htaccess`, at the site's root folder. `<If>` matches the raw files by their request
 * path (any base before `experiments/`); the run page, `index.html`, is left out by name. The
 * headers need mod_headers, and are skipped without it (the pages' meta policy still holds).
 */
export function htaccessFile(): string {
  return `# Raw files of runs are UTF-8 plain text that runs nothing; every response is nosniff and carries
# the pages' Content-Security-Policy (src/integrations/host-headers.ts).
AddType text/plain .yaml .yml .log
AddCharset utf-8 .txt .csv .json .yaml .yml .log
<IfModule mod_headers.c>
  Header always set X-Content-Type-Options "nosniff"
  Header always set Content-Security-Policy "${PAGE_CSP_HEADER}"
</IfModule>
<If "%{REQUEST_URI} =~ m#/experiments/[^/]+/runs/[^/]+/[^/]+$# && %{REQUEST_URI} !~ m#/index\\.html$#">
  ForceType "text/plain; charset=utf-8"
  <IfModule mod_headers.c>
    Header always set Content-Security-Policy "${RAW_FILE_CSP}"
  </IfModule>
</If>
`;
}

/**
 * Every inline script (one a browser runs: no `src`, a JavaScript or module type) and inline
 * style element of the built pages, as `page: <script>…` lines: the pages' policy allows
 * neither, so the build refuses them rather than publish pages that break. Such code comes from
 * a page's template, never from content (write-ups' raw HTML is shown as text, every other
 * field escaped), so one page of each route is read: a build of thousands of experiments does
 * not read every page again.
 */
async function inlineCode(siteDir: string, assets: ReadonlyMap<string, readonly URL[]>): Promise<string[]> {
  const found: string[] = [];
  for (const urls of assets.values()) {
    const first = urls.find((url) => url.pathname.endsWith('.html'));
    if (first === undefined) continue;
    const path = fileURLToPath(first);
    const page = relative(siteDir, path);
    for (const tag of inlineTags(await readFile(path, 'utf8'))) found.push(`${page}: ${tag}`);
  }
  return found;
}

/** The opening tags of a page's inline scripts a browser runs, and of its style elements. */
export function inlineTags(html: string): string[] {
  const tags: string[] = [];
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>/gi)) {
    const [tag, name = '', attributes = ''] = match;
    if (name.toLowerCase() === 'style') tags.push(tag);
    else if (!/\ssrc\s*=/i.test(attributes) && isRunnableScriptType(attributes)) tags.push(tag);
  }
  return tags;
}

/** Whether a script element of these attributes is one a browser runs (JSON data blocks are not). */
function isRunnableScriptType(attributes: string): boolean {
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase();
  return (
    type === undefined ||
    type === '' ||
    type === 'module' ||
    /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(type)
  );
}
