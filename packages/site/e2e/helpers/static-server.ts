import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  /** The server's base URL, with a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site folder over HTTP on a free localhost port, as a static host would. Further
 * folders are served as if merged into it (a path not in the site is looked for in each in turn):
 * files a test adds beside a site it shares with other test files and must not change.
 */
export async function serveStatic(root: string, ...moreRoots: string[]): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    let file: string | undefined;
    for (const dir of [root, ...moreRoots]) {
      file ??= await findFile(dir, request.url ?? '/');
    }
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const contentType = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': contentType });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The file a request names, laid out as Astro builds pages (`/` and `/about/` are `index.html`
 * files); undefined when there is none, or when the path would leave the root.
 */
async function findFile(root: string, requestUrl: string): Promise<string | undefined> {
  const pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  const path = join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  if (!path.startsWith(root + sep)) return undefined;
  try {
    return (await stat(path)).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}
