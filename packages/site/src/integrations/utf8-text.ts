import { readdir, readFile, writeFile } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { CatalogEntry } from '../data/catalog.ts';
import { builtCatalog } from '../data/shared-slot.ts';

/**
 * Raw outputs and run.yaml are served as the files they are, typed by their extension, and a
 * server that names no charset leaves the browser to guess one: Chromium guesses windows-1252,
 * and run.yaml's "fio – ext3" reads "fio â€“ ext3". Every text file of the site is UTF-8, so
 * this integration makes the servers say so:
 *
 * - `astro preview` (what `npm start` serves): Astro's static preview server keeps no Vite
 *   plugin of the project's and has no hook of its own, and its file server (sirv) writes the
 *   Content-Type in `writeHead`. So in the preview process only, `writeHead` adds
 *   `charset=utf-8` to text types that name none.
 * - Netlify and Cloudflare Pages read `_headers` in the published folder: the build writes one
 *   for every run.yaml, and for each raw output that is not plain ASCII (ASCII reads the same
 *   in any charset a browser may guess).
 * - Apache reads `.htaccess`: the build writes one that types .yaml as text and names UTF-8
 *   for the text extensions.
 *
 * nginx and Caddy are configured by their owners (docs/02-hosting.md).
 */
export function utf8Text(): AstroIntegration {
  let base = '/';
  return {
    name: 'benchfolio:utf8-text',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'preview') serveTextAsUtf8();
      },
      'astro:config:done': ({ config }) => {
        base = config.base;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const siteDir = fileURLToPath(dir);
        const catalog = await builtCatalog();
        // The catalog knows each raw output's bytes; without it (a build whose content loader ran
        // elsewhere) the written files are read instead.
        const nonAscii = catalog ? catalogNonAsciiFiles(catalog.entries) : await nonAsciiRawFiles(siteDir);
        await writeFile(join(siteDir, '_headers'), headersFile(base, nonAscii));
        await writeFile(join(siteDir, '.htaccess'), HTACCESS);
        logger.info(`_headers and .htaccess name UTF-8 for run.yaml and ${nonAscii.length} other raw files`);
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

let isPatched = false;

/** Makes every response of this process that sends a text type without a charset name UTF-8. */
export function serveTextAsUtf8(): void {
  if (isPatched) return;
  isPatched = true;
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const headers of args) {
      if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) continue;
      const record = headers as Record<string, unknown>;
      for (const name of Object.keys(record)) {
        if (name.toLowerCase() === 'content-type') record[name] = withUtf8Charset(String(record[name]));
      }
    }
    const set = this.getHeader('content-type');
    if (typeof set === 'string') this.setHeader('content-type', withUtf8Charset(set));
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
  } as typeof writeHead;
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages: run.yaml by placeholder (one rule for
 * all), and each other raw file given, by its site path (without the base).
 */
export function headersFile(base: string, rawPaths: readonly string[]): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  const rule = (path: string) => `${root}${path.replace(/^\/+/, '')}\n  Content-Type: text/plain; charset=utf-8\n`;
  return [
    '# Raw files are UTF-8 text; without a charset browsers guess another (integrations/utf8-text.ts).\n',
    rule('experiments/:id/runs/:run/run.yaml'),
    ...rawPaths.map(rule),
  ].join('');
}

const HTACCESS = `# Raw files are UTF-8 text; without a charset browsers guess another (integrations/utf8-text.ts).
AddType text/plain .yaml .yml .log
AddCharset utf-8 .txt .csv .json .yaml .yml .log
`;

/** Site paths of the raw outputs the catalog found a non-ASCII byte in. */
export function catalogNonAsciiFiles(entries: readonly CatalogEntry[]): string[] {
  return entries
    .flatMap((entry) =>
      entry.runs.flatMap((run) =>
        run.nonAsciiFiles.map(
          (file) => `experiments/${[entry.id, 'runs', run.id, file].map(encodeURIComponent).join('/')}`,
        ),
      ),
    )
    .sort();
}

/** Site paths of the raw files under experiments/<id>/runs/<run>/ (not pages, not run.yaml) that hold a non-ASCII byte. */
async function nonAsciiRawFiles(siteDir: string): Promise<string[]> {
  const experiments = join(siteDir, 'experiments');
  const entries = await readdir(experiments, { recursive: true, withFileTypes: true }).catch(() => []);
  const paths: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name === 'index.html' || entry.name === 'run.yaml') continue;
    const path = join(entry.parentPath, entry.name);
    const parts = relative(experiments, path).split(sep);
    // <id>/runs/<run>/<file>
    if (parts.length !== 4 || parts[1] !== 'runs') continue;
    const bytes = await readFile(path);
    if (bytes.some((byte) => byte > 0x7f)) paths.push(`experiments/${parts.map(encodeURIComponent).join('/')}`);
  }
  return paths.sort();
}
