import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { LoadedExperiment } from '@benchfolio/parsers/node';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { experimentPath, rawFilePath, runPagePath } from '../src/data/download-paths.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { type AstroPreview, startAstroPreview } from './helpers/astro-preview.ts';
import { REPO_ROOT, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { seriousAxeViolations, sidewaysOverflow, textOutsideCharts } from './helpers/page-layout.ts';
import { waitForReady } from './helpers/page-ready.ts';
import { sharedBuild } from './helpers/shared-build.ts';
import { openTab, type Tab, type TabVisit } from './helpers/tab.ts';

// The site of content/results served by `astro preview`, the server `npm start` runs: a page per
// run, raw files sent as UTF-8, the 404 page, and every page on a 390 px phone. Screenshots go
// to e2e/screenshots/ (git-ignored): look at them.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const BUILD_TIMEOUT_MS = 180_000;
/** Tests that visit every page or every run: limits that only turn a hang into a failure. */
const EVERY_PAGE_TIMEOUT_MS = 600_000;
const PHONE = { width: 390, height: 844 };
/** A line of the verdict's text, in px: what must be above a phone's fold. */
const FIRST_LINE_PX = 30;
const DESKTOP = { width: 1280, height: 900 };
const UNKNOWN_PATH = '/no-such-page/';

let build: SiteBuild;
let preview: AstroPreview;
let browser: Browser;
let tab: Tab;
let experiments: LoadedExperiment[];

beforeAll(async () => {
  const [built, loaded] = await Promise.all([sharedBuild(RESULTS_DIR), loadRealExperiments()]);
  build = built;
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  experiments = loaded;
  preview = await startAstroPreview(build.outDir);
  browser = await launchChromium();
  tab = await openTab(browser);
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await tab?.close();
  await browser?.close();
  await preview?.close();
  await build?.cleanup();
});

/** The site's page at `path` in the file's one tab (tab.ts), 1280 px wide and light unless told. */
function openPage(
  path: string,
  options: { viewport?: typeof PHONE; colorScheme?: 'light' | 'dark' } = {},
): Promise<TabVisit> {
  return tab.visit(new URL(path.replace(/^\//, ''), preview.url).href, {
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
  });
}

/** Every page of the built site, as site paths (`/`, `/experiments/<id>/`, ...), and an unknown one. */
async function everyPage(): Promise<string[]> {
  const entries = await readdir(build.outDir, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => `/${relative(build.outDir, entry.parentPath).split(sep).join('/')}/`.replace(/^\/\/$/, '/'));
  return [...pages.sort(), UNKNOWN_PATH];
}

/** Screenshot name of a page: its path in one word. */
function shotName(path: string, suffix: string): string {
  const name = path.replace(/^\/|\/$/g, '').replaceAll('/', '--') || 'index';
  return join(SCREENSHOTS_DIR, `${name}--${suffix}.png`);
}

describe('a page per run', () => {
  test(
    'every run of every experiment has one: its label, its system, links back and to each raw file',
    async () => {
      let runs = 0;
      for (const loaded of experiments) {
        for (const run of loaded.runs) {
          runs += 1;
          const path = runPagePath(loaded.id, run.id);
          const { page, response, problems } = await openPage(path);
          expect(response?.status(), path).toBe(200);
          expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(run.run.label);
          expect(await page.locator(`a[href="${experimentPath(loaded.id)}"]`).count(), path).toBeGreaterThan(0);
          expect(await page.getByRole('heading', { name: 'System', exact: true }).count(), path).toBe(1);
          for (const output of run.outputs) {
            const link = page.locator(`a[href="${rawFilePath(loaded.id, run.id, output.file)}"]`).first();
            expect(await link.count(), `${path} ${output.file}`).toBe(1);
          }
          for (const command of run.run.commands) {
            expect(await page.locator('.run-commands pre').textContent(), path).toContain(command);
          }
          expect(problems, path).toEqual([]);
          if (run === loaded.runs[0]) await page.screenshot({ path: shotName(path, '1280'), fullPage: true });
        }
      }
      expect(runs).toBeGreaterThan(20);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test("the MSA70 xfs run page lists BF102 at the raw text's runt=240892msec line, within 390 px", async () => {
    const loaded = experiments.find((experiment) => experiment.id === '2011-07-ext3-ext4-xfs-fio-msa70');
    const run = loaded?.runs.find((candidate) => candidate.id === 'xfs');
    const output = run?.outputs[0];
    if (loaded === undefined || run === undefined || output === undefined) throw new Error('no MSA70 xfs output');
    const text = await readFile(output.path, 'utf8');
    const runtLine = text.split('\n').findIndex((line) => line.includes('runt=240892msec')) + 1;
    expect(runtLine).toBeGreaterThan(0);
    const path = runPagePath(loaded.id, run.id);
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await openPage(path, { viewport });
      const row = page.locator('.findings-table tbody tr', { hasText: 'BF102' });
      expect(await row.count(), `${path} at ${viewport.width} px`).toBe(1);
      expect(await row.locator('.finding-line').textContent()).toBe(`line ${runtLine}`);
      expect(await row.locator(`a[href="${rawFilePath(loaded.id, run.id, output.file)}"]`).count()).toBe(1);
      expect(await row.locator('.finding-message').textContent()).toContain('240892 ms');
      await page.screenshot({ path: shotName(path, `findings-${viewport.width}`), fullPage: true });
      if (viewport === PHONE) {
        expect(await sidewaysOverflow(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
    }
  });

  test('an experiment page links each run name to its run page, in the systems table and the downloads', async () => {
    const loaded = experiments.find((experiment) => experiment.id === '2011-07-ext3-ext4-xfs-fio-msa70');
    if (loaded === undefined) throw new Error('no fio seed experiment');
    const { page } = await openPage(experimentPath(loaded.id));
    for (const run of loaded.runs) {
      const href = runPagePath(loaded.id, run.id);
      expect(await page.locator(`.systems-table thead a[href="${href}"]`).textContent()).toBe(run.run.label);
      expect(await page.locator(`.downloads a[href="${href}"]`).textContent()).toBe(run.run.label);
    }
  });

  test(
    'run pages pass axe-core without serious violations, in light and dark',
    async () => {
      for (const loaded of experiments) {
        const run = loaded.runs[0];
        if (run === undefined) continue;
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page } = await openPage(runPagePath(loaded.id, run.id), { colorScheme });
          expect(await seriousAxeViolations(page), `${loaded.id}/${run.id} (${colorScheme})`).toEqual([]);
        }
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});

describe('raw files, as astro preview serves them', () => {
  test('run.yaml and every raw output are sent as UTF-8 text', async () => {
    for (const loaded of experiments) {
      for (const run of loaded.runs) {
        for (const file of ['run.yaml', ...run.outputs.map((output) => output.file)]) {
          const response = await fetch(new URL(rawFilePath(loaded.id, run.id, file).slice(1), preview.url));
          expect(response.status, file).toBe(200);
          expect(response.headers.get('content-type'), `${loaded.id}/${run.id}/${file}`).toMatch(/;\s*charset=utf-8$/i);
        }
      }
    }
  });

  test('chromium shows the non-ASCII text of run.yaml as written: "fio – ext3"', async () => {
    const loaded = experiments.find((experiment) => experiment.id === '2011-07-ext3-ext4-xfs-fio-msa70');
    const run = loaded?.runs.find((candidate) => candidate.id === 'ext3');
    if (loaded === undefined || run === undefined) throw new Error('no fio seed ext3 run');
    const text = await readFile(join(run.dir, 'run.yaml'), 'utf8');
    // A line of the file with a character beyond ASCII, read from the file itself.
    const line = text.split('\n').find((candidate) => [...candidate].some((char) => char.charCodeAt(0) > 0x7f));
    expect(line).toContain('fio – ext3');
    const { page, response } = await openPage(rawFilePath(loaded.id, run.id, 'run.yaml'));
    expect(response?.headers()['content-type']).toMatch(/charset=utf-8/i);
    expect(await page.locator('body').textContent()).toContain(line?.trim());
  });
});

describe('an unknown address', () => {
  test('gets status 404 and the site’s own page: styled, with a way back and a search', async () => {
    const { page, response } = await openPage(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html;\s*charset=utf-8$/i);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    // The site's layout and stylesheet: its header and navigation, its font rather than the default.
    expect(await page.getByRole('navigation', { name: 'Site' }).count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
    expect(await page.locator('main a[href="/"]').count()).toBeGreaterThan(0);
    await page.getByLabel('Search the experiments').fill('bonnie');
    await Promise.all([page.waitForURL(/\?q=bonnie$/), page.getByRole('button', { name: 'Search' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/');
    // The index searches for it: let that finish before the tab moves on.
    await waitForReady(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page: again } = await openPage(UNKNOWN_PATH, { colorScheme });
      expect(await seriousAxeViolations(again), colorScheme).toEqual([]);
    }
  });
});

describe('on a 390 px phone', () => {
  test(
    'no page, nor any element of it, is wider than the screen',
    async () => {
      const pages = await everyPage();
      expect(pages).toEqual(expect.arrayContaining(['/', '/compare/', '/try/', UNKNOWN_PATH]));
      const found: string[] = [];
      const shotted = new Set<string>();
      for (const path of pages) {
        const { page } = await openPage(path, { viewport: PHONE });
        for (const problem of await sidewaysOverflow(page)) found.push(`${path}: ${problem}`);
        // One screenshot per kind of page: the first run of an experiment stands for the others.
        const runsOf = /^(.*\/runs\/)[^/]+\/$/.exec(path)?.[1];
        if (runsOf === undefined || !shotted.has(runsOf)) {
          if (runsOf !== undefined) shotted.add(runsOf);
          await page.screenshot({ path: shotName(path, '390'), fullPage: true });
        }
      }
      expect(found).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    'no chart cuts its own text, on a phone and at 1280 px',
    async () => {
      const pages = (await everyPage()).filter((path) => path.startsWith('/experiments/'));
      const found: string[] = [];
      for (const path of pages) {
        for (const viewport of [PHONE, DESKTOP]) {
          const { page } = await openPage(path, { viewport });
          for (const problem of await textOutsideCharts(page))
            found.push(`${path} at ${viewport.width} px: ${problem}`);
        }
      }
      expect(found).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    "every experiment page with a verdict shows its first line on a 390×844 phone's first screen, in light and dark",
    async () => {
      const withVerdict = experiments.filter((loaded) => loaded.experiment.status === 'published');
      expect(withVerdict.length).toBeGreaterThan(0);
      const below: string[] = [];
      let checked = 0;
      for (const loaded of withVerdict) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page } = await openPage(experimentPath(loaded.id), { viewport: PHONE, colorScheme });
          // The verdict's first line, or its sentence where it has too many workloads for lines.
          const first = page.locator('.verdict :is(.verdict-lines li, .verdict-summary)').first();
          if ((await page.locator('.verdict').count()) === 0) continue; // one run, or nothing compared
          checked += 1;
          const box = await first.boundingBox();
          // Its first line of text, at least, above the fold.
          if (box === null || box.y + FIRST_LINE_PX > PHONE.height) {
            below.push(`${loaded.id} (${colorScheme}): ${box === null ? 'no line' : `${Math.round(box.y)} px`}`);
          }
        }
      }
      expect(below).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    'header and content share one left edge, on a phone and at 1280 px',
    async () => {
      const paths = [
        '/',
        experimentPath('2011-07-ext3-ext4-xfs-fio-msa70'),
        runPagePath('2011-07-ext3-ext4-xfs-fio-msa70', 'ext3'),
        '/compare/',
        '/try/',
        UNKNOWN_PATH,
      ];
      for (const viewport of [PHONE, DESKTOP]) {
        for (const path of paths) {
          const { page } = await openPage(path, { viewport });
          const siteName = await page.locator('.site-name').boundingBox();
          const heading = await page.locator('main h1').first().boundingBox();
          expect(
            Math.abs((siteName?.x ?? -1) - (heading?.x ?? -2)),
            `${path} at ${viewport.width} px`,
          ).toBeLessThanOrEqual(1);
        }
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});
