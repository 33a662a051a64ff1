import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { normalizeToBaseline, ratioNotation } from '../src/charts/normalize.ts';
import { type ExperimentView, experimentView } from '../src/data/experiment-view.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { REPO_ROOT, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { seriousAxeViolations } from './helpers/page-layout.ts';
import { pageSearchParams } from './helpers/page-location.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady, reloadReady } from './helpers/page-ready.ts';
import { sharedBuild } from './helpers/shared-build.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';
import { openTab, type Tab } from './helpers/tab.ts';

// Every experiment page of content/results, built and served as a reader gets them: charts as
// the data says, the view controls and their URL, downloads, accessibility, the script budget.
// Screenshots of each page go to e2e/screenshots/ (git-ignored): look at them.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const BUILD_TIMEOUT_MS = 180_000;
/** Tests that visit every experiment page, some twice. */
const EVERY_PAGE_TIMEOUT_MS = 600_000;
const PAGE_TIMEOUT_MS = 30_000;
/** The budget for an experiment page: JavaScript, gzipped. */
const MAX_SCRIPT_GZIP_BYTES = 60 * 1024;
const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';

let build: SiteBuild;
let server: StaticServer;
let browser: Browser;
/** For the tests that visit every page and only look: one tab (tab.ts). */
let tab: Tab;
let views: ExperimentView[];

beforeAll(async () => {
  const [built, experiments] = await Promise.all([sharedBuild(RESULTS_DIR), loadRealExperiments()]);
  build = built;
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  views = experiments.map(experimentView);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
  tab = await openTab(browser);
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await tab?.close();
  await browser?.close();
  await server?.close();
  await build?.cleanup();
});

async function openPage(
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  const problems = recordPageProblems(page);
  await gotoReady(page, new URL(path, server.url).href);
  return { page, problems };
}

function view(id: string): ExperimentView {
  const found = views.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no experiment ${id}`);
  return found;
}

/**
 * What only the project's own workflow means, never a citation: the numbered saved copies of
 * the posts the first experiments came from ("seed 003"), the script that imported them, the
 * corpus manifest, folders outside the repository.
 */
const BUILD_NOTES = [
  /\bseeds? \d{3}\b/i,
  /\bthe seeds?\b/i,
  /import-seeds/,
  /MANIFEST\.md/,
  /\.\.\/shared\b/,
  /\/work\//,
];

/** Every HTML file of the built site. */
async function builtHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The text a reader can see or hear of a page: tags, scripts and styles removed, attributes kept out. */
function visibleText(html: string): string {
  const withoutCode = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ');
  const titles = [...withoutCode.matchAll(/\b(?:title|alt|aria-label)="([^"]*)"/g)].map((match) => match[1]);
  return `${withoutCode.replace(/<[^>]*>/g, ' ')} ${titles.join(' ')}`.replace(/\s+/g, ' ');
}

describe('every experiment page', () => {
  test(
    'shows readers no build notes: no seed numbers, repository scripts, manifests or paths outside the site',
    async () => {
      const pages = await builtHtmlFiles(build.outDir);
      expect(pages.length).toBeGreaterThan(views.length);
      const found: string[] = [];
      for (const path of pages) {
        const text = visibleText(await readFile(path, 'utf8'));
        for (const note of BUILD_NOTES) {
          const match = note.exec(text);
          if (match !== null) found.push(`${path.slice(build.outDir.length)}: "${match[0]}"`);
        }
      }
      expect(found).toEqual([]);
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'has a page per experiment of content/results, with its title as the one h1',
    async () => {
      expect(views.length).toBeGreaterThanOrEqual(8);
      for (const experiment of views) {
        const html = await readFile(join(build.outDir, 'experiments', experiment.id, 'index.html'), 'utf8');
        expect(html.match(/<h1[ >]/g), experiment.id).toHaveLength(1);
        expect(html).toContain(experiment.experiment.title.replaceAll('&', '&amp;'));
      }
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'draws one bar per run and group of every metric, with its value, as the data says',
    async () => {
      for (const experiment of views) {
        const { page, problems } = await tab.visit(new URL(experiment.href, server.url).href);
        for (const section of experiment.sections) {
          for (const [index, metric] of section.metrics.entries()) {
            const figure = page.locator(`bf-figure[data-key="${metric.key}"]`);
            // The section's picker shows its first metric; the others wait in the page, drawn.
            expect(await figure.isVisible(), `${experiment.id} ${metric.key} visible`).toBe(index === 0);
            const bars = figure.locator('rect.bar');
            expect(await bars.count(), `${experiment.id} ${metric.key}`).toBe(metric.cells.length);
            const values = await bars.evaluateAll((rects) =>
              rects.map((rect) => `${rect.dataset.run}|${rect.dataset.group}|${rect.dataset.value}`),
            );
            expect(values.sort(), `${experiment.id} ${metric.key}`).toEqual(
              metric.cells.map((cell) => `${cell.run}|${cell.group}|${cell.value}`).sort(),
            );
          }
        }
        expect(problems, experiment.id).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS_DIR, `${experiment.id}.png`), fullPage: true });
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    'an experiment awaiting runs shows its method and runner command instead of charts',
    async () => {
      const awaiting = views.filter((experiment) => experiment.experiment.status === 'awaiting-runs');
      expect(awaiting.length).toBeGreaterThan(0);
      for (const experiment of awaiting) {
        const { page } = await openPage(experiment.href);
        const section = page.getByRole('region', { name: 'Awaiting runs' });
        // Its runs are declared, none measured: the header says planned, as the index card does.
        const runCount = experiment.runs.length;
        expect(await page.locator('.experiment-header .eyebrow').textContent()).toMatch(
          new RegExp(` · ${runCount} runs? planned$`),
        );
        // The method once: the write-up's section on it, or experiment.yaml's in this section.
        expect(await page.getByRole('heading', { name: /^Method\b/ }).count()).toBe(1);
        // One block per command line, an option per line: joined again, they are the lines.
        const command = experiment.experiment.reproduce?.command ?? '';
        const shown = await section.locator('pre code').allTextContents();
        expect(shown.map((text) => text.replace(/ \\\n\s+/g, ' '))).toEqual(command.trim().split('\n'));
        expect(await page.locator('rect.bar').count()).toBe(0);
        // No downloads of numbers it does not have.
        expect(await page.getByRole('region', { name: 'Downloads' }).count()).toBe(0);
        expect(await page.locator('a[href$="measurements.csv"]').count()).toBe(0);
        await page.context().close();
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    'passes axe-core without serious violations, in light and dark',
    async () => {
      for (const experiment of views) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page } = await tab.visit(new URL(experiment.href, server.url).href, { colorScheme });
          expect(await seriousAxeViolations(page), `${experiment.id} (${colorScheme})`).toEqual([]);
        }
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test(
    `ships at most ${MAX_SCRIPT_GZIP_BYTES / 1024} KB of JavaScript, gzipped`,
    async () => {
      for (const experiment of views) {
        const { page } = await openPage(experiment.href);
        const scripts = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => name.endsWith('.js')),
        );
        let gzipBytes = 0;
        for (const script of scripts) {
          const path = new URL(script).pathname;
          gzipBytes += gzipSync(await readFile(join(build.outDir, decodeURIComponent(path)))).length;
        }
        expect(gzipBytes, `${experiment.id}: ${scripts.join(', ')}`).toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
        await page.context().close();
      }
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});

describe('the fio 1.57 seed experiment page', () => {
  test(
    'highlights the system rows that differ and marks the variable',
    async () => {
      const { page } = await openPage(view(FIO_SEED).href);
      const table = page.locator('table.systems-table');
      const differing = await table.locator('tr.differs').evaluateAll((rows) => rows.map((row) => row.dataset.path));
      const expected = view(FIO_SEED)
        .systemsTable.rows.filter((row) => row.differs)
        .map((row) => row.path);
      expect(differing).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'choosing a baseline shows each bar as its ratio to the baseline, in the URL too',
    async () => {
      const experiment = view(FIO_SEED);
      const iops = experiment.sections[0]?.metrics.find((metric) => metric.metric === 'write.iops');
      if (iops === undefined) throw new Error('no write IOPS in the fio seed experiment');
      const { page, problems } = await openPage(experiment.href);
      await page.getByLabel('Relative to').selectOption('ext3');
      expect((await pageSearchParams(page)).get('baseline')).toBe('ext3');

      const check = async () => {
        const figure = page.locator(`bf-figure[data-key="${iops.key}"]`);
        const normalized = normalizeToBaseline(iops, 'ext3');
        for (const [index, cell] of iops.cells.entries()) {
          const bar = figure.locator(`rect.bar[data-run="${cell.run}"][data-group="${cell.group}"]`);
          const ratio = normalized[index]?.ratio;
          // fio--ext3.txt "iops=7118", fio--ext4.txt "iops=7366" (random-write-direct): 7366 / 7118.
          if (cell.run === 'ext4' && cell.group === 'random-write-direct') expect(ratio).toBeCloseTo(7366 / 7118, 12);
          expect(Number(await bar.getAttribute('data-ratio'))).toBeCloseTo(ratio ?? Number.NaN, 9);
        }
        // The data table says the same: ext4's random-write-direct cell reads its ratio to ext3.
        // (The table sits in a closed <details>: found by text, as roles skip hidden elements.)
        const row = figure.locator('table tbody tr').filter({ hasText: 'random-write-direct' });
        // In the chart's one notation: times, as other ratios of this chart reach 309×.
        const ratios = normalized.flatMap((n) => (n.ratio === null || n.isBaseline ? [] : [n.ratio]));
        expect(await row.locator('td').nth(1).textContent()).toContain(ratioNotation(ratios)(7366 / 7118));
      };
      await check();
      await reloadReady(page);
      expect(await page.getByLabel('Relative to').inputValue()).toBe('ext3');
      await check();
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'the metric picker, scale and run toggles write the URL and reloading restores them',
    async () => {
      const experiment = view(FIO_SEED);
      const section = experiment.sections[0];
      const bandwidth = section?.metrics.find((metric) => metric.metric === 'write.bw');
      if (section === undefined || bandwidth === undefined) throw new Error('no write bandwidth');
      const { page } = await openPage(experiment.href);
      await page.getByLabel('Metric').selectOption(bandwidth.key);
      await page.getByRole('radio', { name: 'log' }).check();
      await page.getByRole('checkbox', { name: 'xfs' }).uncheck();
      const params = await pageSearchParams(page);
      expect(params.get(`metric-${section.key}`)).toBe(bandwidth.key);
      expect(params.get('scale')).toBe('log');
      expect(params.get('runs')).toBe('ext3,ext4');
      await reloadReady(page);
      const figure = page.locator(`bf-figure[data-key="${bandwidth.key}"]`);
      expect(await figure.isVisible()).toBe(true);
      expect(await figure.locator('svg').getAttribute('data-scale')).toBe('log');
      expect(await figure.locator('rect.bar[data-run="xfs"]').count()).toBe(0);
      expect(await figure.locator('rect.bar[data-run="ext4"]').count()).toBe(
        bandwidth.cells.filter((cell) => cell.run === 'ext4').length,
      );
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'serves every raw file byte for byte, the parsed runs and the measurements as CSV',
    async () => {
      const experiment = view(FIO_SEED);
      for (const run of experiment.runs) {
        for (const output of run.outputs) {
          const response = await fetch(new URL(output.href, server.url));
          expect(response.status).toBe(200);
          const served = Buffer.from(await response.arrayBuffer());
          const committed = await readFile(join(RESULTS_DIR, experiment.id, 'runs', run.id, output.file));
          expect(served.equals(committed), output.file).toBe(true);
        }
        const json = (await (await fetch(new URL(run.jsonHref, server.url))).json()) as { run: { id: string } };
        expect(json.run.id).toBe(run.id);
      }
      const csv = await (await fetch(new URL(experiment.measurementsCsvHref, server.url))).text();
      // RFC 4180: lines end in CRLF.
      expect(csv.split('\r\n')[0]).toBe('run,tool,metric,value,unit,labels,source');
      expect(csv).toMatch(/^ext3,fio,write\.iops,7118,op\/s,/m);
    },
    PAGE_TIMEOUT_MS,
  );
});

/**
 * Where the time series' brush takes the pointer. The build draws the brush layer empty; the
 * page's script attaches d3's brush, whose overlay rect is what the pointer must hit.
 */
async function brushOverlayBox(figure: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const overlay = figure.locator('g.brush-layer rect.overlay');
  await overlay.waitFor();
  const box = await overlay.boundingBox();
  if (box === null) throw new Error('the brush overlay has no box');
  return box;
}

describe('iostat on an experiment page', () => {
  test('reads out every line at the time under the pointer, and nothing once it leaves', async () => {
    const experiment = views.find((candidate) => candidate.sections.some((section) => section.devices?.length));
    if (experiment === undefined) throw new Error('no experiment of content/results has iostat logs');
    const { page, problems } = await openPage(experiment.href);
    const figure = page.locator('bf-figure[data-kind="time-series"]').first();
    await figure.scrollIntoViewIfNeeded();
    const box = await brushOverlayBox(figure);
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    const readout = page.locator('[data-readout]').first();
    // "At 93.9 s: ext4 · loop0 78.1% · ext4 · vda 41.2% · …": one reading per run and device drawn.
    const lines = await figure.locator('svg path.line').count();
    await expect.poll(() => readout.textContent()).toMatch(/^At \d+(\.\d+)? s: /);
    expect(((await readout.textContent()) ?? '').split(' · ').length).toBe(lines * 2);
    await page.mouse.move(0, 0);
    await expect.poll(() => readout.textContent()).toBe('');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test(
    'brushing the time series zooms into that window, in the URL too, and the reset shows the whole run',
    async () => {
      const experiment = views.find((candidate) => candidate.sections.some((section) => section.devices?.length));
      if (experiment === undefined) throw new Error('no experiment of content/results has iostat logs');
      const { page, problems } = await openPage(experiment.href);
      const figure = page.locator('bf-figure[data-kind="time-series"]').first();
      await figure.scrollIntoViewIfNeeded();
      const svg = figure.locator('svg');
      const whole = (await svg.getAttribute('data-domain'))?.split(',').map(Number) ?? [];
      const box = await brushOverlayBox(figure);
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      const zoom = (await pageSearchParams(page)).get('zoom');
      expect(zoom).toMatch(/^\d+(\.\d+)?-\d+(\.\d+)?$/);
      const zoomed = (await figure.locator('svg').getAttribute('data-domain'))?.split(',').map(Number) ?? [];
      const [t0 = 0, t1 = 0] = whole;
      expect(zoomed[0]).toBeCloseTo(t0 + (t1 - t0) * 0.25, 0);
      expect(zoomed[1]).toBeCloseTo(t0 + (t1 - t0) * 0.5, 0);

      await reloadReady(page);
      expect(await page.locator('bf-figure[data-kind="time-series"] svg').first().getAttribute('data-domain')).toBe(
        zoomed.join(','),
      );
      await page.getByRole('button', { name: 'Show the whole run' }).click();
      expect((await pageSearchParams(page)).get('zoom')).toBeNull();

      // By keyboard: a window typed into the two fields.
      await page.getByRole('spinbutton', { name: 'from', exact: true }).fill('1');
      await page.getByRole('spinbutton', { name: 'to', exact: true }).fill('5');
      await page.keyboard.press('Tab');
      expect((await pageSearchParams(page)).get('zoom')).toBe('1-5');
      const typed = page.locator('bf-figure[data-kind="time-series"] svg').first();
      expect(await typed.getAttribute('data-domain')).toBe('1,5');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});
