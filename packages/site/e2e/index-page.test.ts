import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SITE_DIR } from './helpers/build-site.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { servedSite } from './helpers/served-site.ts';

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'results');
const EXPERIMENT_ID = '2020-02-dd-sequential-write';
const TITLE = 'Sequential 20 GB write with dd on three hosts';
const site = servedSite(FIXTURE_DIR);

/** Opens the index in a fresh context, so no test sees another's state. */
function openIndex(options: BrowserContextOptions = {}): Promise<Page> {
  return site.open('/', options);
}

describe('the index of experiments, built from one experiment', () => {
  test('has a single h1, a count and one card per experiment', async () => {
    const page = await openIndex();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Experiments']);
    expect(await page.getByText('1 experiment, newest first.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('article').count()).toBe(1);
    await page.context().close();
  });

  test('shows the title, variable, tools, hardware, date, runs and author of the experiment on its card', async () => {
    const page = await openIndex();
    const card = page.getByRole('article');
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(TITLE);
    expect(await card.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/experiments/${EXPERIMENT_ID}/`);
    // Text content, not inner text: the terms are upper-cased by CSS only.
    expect(await card.getByRole('term').allTextContents()).toEqual([
      'Variable',
      'Tool',
      'Hardware',
      'Date',
      'Runs',
      'Author',
      'Source',
    ]);
    // From the fixture's run.yaml files (two hosts: their RAID and CPU) and its measurements.csv (dd).
    expect(await card.getByRole('definition').allTextContents()).toEqual([
      'Host',
      'dd',
      'RAID 0, AVAGO MegaRAID SAS 9361-4i / RAID 5, HPE Smart Array P440 · Xeon(R) E-2288G CPU @ 3.70GHz / Xeon(R) CPU E5-2650 v4 @ 2.20GHz',
      'February 2020',
      '2',
      'Unknown (the post names no author)',
      'IO Performance Case I',
    ]);
    expect(await card.locator('time').getAttribute('datetime')).toBe('2020-02');
    await page.context().close();
  });

  test('shows the summary from experiment.yaml', async () => {
    const yaml = await readFile(join(FIXTURE_DIR, EXPERIMENT_ID, 'experiment.yaml'), 'utf8');
    const page = await openIndex();
    const summary = (await page.getByRole('article').locator('p.card-summary').textContent()) ?? '';
    // The YAML folds the summary over lines; the page shows it as one paragraph.
    expect(yaml.replace(/\s+/g, ' ')).toContain(summary);
    expect(summary).toMatch(/^dd writes 20 GB with O_DIRECT .+ filesystems\.$/);
    await page.context().close();
  });

  test('has no dead links within the site', async () => {
    const page = await openIndex();
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const root = site.url('/');
    const internal = hrefs.filter((href) => href.startsWith(root));
    // The site name and the nav (experiments, compare, try, glossary), the chip of the one kind of
    // variable (whole hosts: `variable: kind: host`), the experiment's page, and the footer's feed,
    // glossary and lint rules.
    expect(internal).toEqual([
      root,
      root,
      site.url('/compare/'),
      site.url('/try/'),
      site.url('/glossary/'),
      site.url('/?variable=host'),
      site.url(`/experiments/${EXPERIMENT_ID}/`),
      site.url('/rss.xml'),
      site.url('/glossary/'),
      site.url('/rules/'),
    ]);
    for (const href of internal) expect((await fetch(href)).status, href).toBe(200);
    await page.context().close();
  });

  test('loads without console errors or failed requests', async () => {
    const page = await site.newPage();
    const problems = recordPageProblems(page);
    await page.goto(site.url('/'), { waitUntil: 'networkidle' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('shows the same content with JavaScript disabled, without the filters it would need', async () => {
    const page = await openIndex({ javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Experiments');
    expect(await page.getByRole('article').getByRole('heading').textContent()).toBe(TITLE);
    expect(await page.getByText('1 experiment, newest first.', { exact: true }).count()).toBe(1);
    // The filters and search need the index script: hidden until it runs.
    expect(await page.getByRole('search').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    await page.context().close();
  });

  test('fits a 390px-wide phone screen without scrolling sideways', async () => {
    const page = await openIndex({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(tmpdir(), 'site-index-mobile.png'), fullPage: true });
    await page.context().close();
  });

  test('renders on a desktop screen', async () => {
    const page = await openIndex({ viewport: { width: 1280, height: 800 } });
    expect(await page.getByRole('article').isVisible()).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'site-index.png'), fullPage: true });
    await page.context().close();
  });
});
