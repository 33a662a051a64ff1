import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedExperiment } from '@benchfolio/parsers/node';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { buildSite, REPO_ROOT, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';

// The site of content/results built as for GitHub project pages: under a folder (BENCHFOLIO_BASE)
// with a known address (BENCHFOLIO_SITE_URL), served from that folder. Its feed, sitemap and
// Open Graph tags, and links that stay within the folder.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const BASE = '/benchfolio/';
const SITE_URL = 'https://example.github.io/benchfolio/';
const BUILD_TIMEOUT_MS = 120_000;

let build: SiteBuild;
let serveDir: string;
let server: StaticServer;
let siteUrl: string;
let browser: Browser;
/** Newest first, as the site lists them. */
let experiments: LoadedExperiment[];

beforeAll(async () => {
  let loaded: LoadedExperiment[];
  [build, loaded] = await Promise.all([
    buildSite(RESULTS_DIR, { env: { BENCHFOLIO_BASE: BASE, BENCHFOLIO_SITE_URL: SITE_URL } }),
    loadRealExperiments(),
  ]);
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  experiments = [...loaded].sort(
    (a, b) => b.experiment.date.localeCompare(a.experiment.date) || a.id.localeCompare(b.id),
  );
  // The host serves the built folder as /benchfolio/, as GitHub Pages serves a project's site.
  serveDir = await mkdtemp(join(tmpdir(), 'benchfolio-base-'));
  await symlink(build.outDir, join(serveDir, 'benchfolio'));
  server = await serveStatic(serveDir);
  siteUrl = `${server.url}benchfolio/`;
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await build?.cleanup();
  if (serveDir) await rm(serveDir, { recursive: true, force: true });
});

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** The text of every `<tag>` element of an XML document, in order. */
function elementTexts(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1] ?? '');
}

function decodeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

describe('the feed, under the base path', () => {
  test('lists every experiment newest first, with its title, question, address and date', async () => {
    const xml = await fetchText(`${siteUrl}rss.xml`);
    const items = [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((match) => match[1] ?? '');
    expect(items.length).toBe(experiments.length);
    expect(items.length).toBeGreaterThanOrEqual(8);
    items.forEach((item, index) => {
      const { id, experiment } = experiments[index] as LoadedExperiment;
      expect(decodeXml(elementTexts(item, 'title')[0] ?? '')).toBe(experiment.title);
      expect(decodeXml(elementTexts(item, 'description')[0] ?? '')).toBe(experiment.question ?? experiment.summary);
      expect(elementTexts(item, 'link')).toEqual([`${SITE_URL}experiments/${id}/`]);
      // Dates as precise as known; the feed gives their first day.
      const pubDate = new Date(elementTexts(item, 'pubDate')[0] ?? '');
      expect(pubDate.toISOString().slice(0, experiment.date.length)).toBe(experiment.date);
    });
  });

  test('every experiment it links to is served', async () => {
    const xml = await fetchText(`${siteUrl}rss.xml`);
    for (const link of elementTexts(xml, 'link').filter((url) => url.includes('/experiments/'))) {
      const served = link.replace(SITE_URL, siteUrl);
      expect((await fetch(served)).status, served).toBe(200);
    }
  });
});

describe('the sitemap, under the base path', () => {
  test('lists the index and every experiment page at the site address', async () => {
    const index = await fetchText(`${siteUrl}sitemap-index.xml`);
    const sitemaps = elementTexts(index, 'loc');
    expect(sitemaps).toEqual([`${SITE_URL}sitemap-0.xml`]);
    const pages = elementTexts(await fetchText(`${siteUrl}sitemap-0.xml`), 'loc');
    expect(pages).toContain(SITE_URL);
    for (const { id } of experiments) expect(pages).toContain(`${SITE_URL}experiments/${id}/`);
  });
});

describe('the index, under the base path', () => {
  test('has Open Graph and Twitter tags, its own address, and links to the feed', async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe('Experiments');
    expect(await meta('meta[property="og:description"]')).toMatch(/^Storage benchmark experiments/);
    expect(await meta('meta[property="og:type"]')).toBe('website');
    expect(await meta('meta[property="og:url"]')).toBe(SITE_URL);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary');
    const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    expect(await feed.getAttribute('href')).toBe(`${BASE}rss.xml`);
    await page.close();
  });

  test('every link within the site stays under the base path and is served', async () => {
    const page = await browser.newPage();
    const problems = recordPageProblems(page);
    await page.goto(siteUrl, { waitUntil: 'networkidle' });
    const hrefs = await page
      .locator('a[href], link[href]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
    const internal = hrefs.filter((href) => href.startsWith('/'));
    // The site name, the icon, the feed (head and footer), and one link per card.
    expect(internal.length).toBeGreaterThanOrEqual(experiments.length + 3);
    for (const href of internal) {
      expect(href.startsWith(BASE), href).toBe(true);
      expect((await fetch(new URL(href, server.url))).status, href).toBe(200);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  test('search loads its index from under the base path', async () => {
    const page = await browser.newPage();
    const problems = recordPageProblems(page);
    await page.goto(`${siteUrl}?q=barriers`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('.count')?.textContent?.startsWith('1 of'));
    // content/results/2011-11-ext4-xfs-btrfs-bonnie/index.md is the one write-up with the word.
    const shown = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.id));
    expect(shown).toEqual(['2011-11-ext4-xfs-btrfs-bonnie']);
    expect(problems).toEqual([]);
    await page.close();
  });
});
