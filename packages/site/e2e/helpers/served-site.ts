import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions, SiteBuild } from './build-site.ts';
import { launchChromium } from './chromium.ts';
import { waitForReady } from './page-ready.ts';
import { sharedBuild } from './shared-build.ts';
import { type StaticServer, serveStatic } from './static-server.ts';

// What most browser test files share: the site built from one content folder (once per test run,
// shared-build.ts), served as a static host serves it, and Debian's chromium, made before the
// file's tests and closed after them.

const BUILD_TIMEOUT_MS = 180_000;

export interface ServedSite {
  readonly build: SiteBuild;
  readonly server: StaticServer;
  readonly browser: Browser;
  /** The address of a path of the site (`/glossary/`). */
  url(path: string): string;
  /** A blank page in a fresh context, so no test sees another's state. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh context's page at `path`, loaded. */
  open(path: string, options?: BrowserContextOptions): Promise<Page>;
  /** A fresh context's page at `path`, `width` × 900 px in a colour scheme, ready (page-ready.ts). */
  view(path: string, options?: { width?: number; colorScheme?: 'light' | 'dark' }): Promise<Page>;
}

/**
 * Registers the file's beforeAll (build, serve, launch) and afterAll (close all three); the object
 * returned is ready inside the tests. A failed build fails the file with astro's output.
 */
export function servedSite(contentDir: string, options: BuildOptions = {}): ServedSite {
  let made: { build: SiteBuild; server?: StaticServer; browser?: Browser } | undefined;
  beforeAll(async () => {
    made = { build: await sharedBuild(contentDir, options) };
    if (!made.build.isSuccess) throw new Error(`astro build failed:\n${made.build.output}`);
    made.server = await serveStatic(made.build.outDir);
    made.browser = await launchChromium();
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await made?.browser?.close();
    await made?.server?.close();
    await made?.build.cleanup();
  });
  const ready = () => {
    if (made?.server === undefined || made.browser === undefined) throw new Error('the site is not served yet');
    return { build: made.build, server: made.server, browser: made.browser };
  };
  const url = (path: string) => new URL(path.replace(/^\//, ''), ready().server.url).href;
  const newPage = async (options: BrowserContextOptions = {}) => (await ready().browser.newContext(options)).newPage();
  const open = async (path: string, options: BrowserContextOptions = {}) => {
    const page = await newPage(options);
    await page.goto(url(path));
    return page;
  };
  return {
    get build() {
      return ready().build;
    },
    get server() {
      return ready().server;
    },
    get browser() {
      return ready().browser;
    },
    url,
    newPage,
    open,
    async view(path, { width = 1280, colorScheme = 'light' } = {}) {
      const page = await open(path, { viewport: { width, height: 900 }, colorScheme });
      await waitForReady(page);
      return page;
    },
  };
}
