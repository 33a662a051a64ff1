import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';

const BUILD_TIMEOUT_MS = 120_000;

// An empty folder cannot be committed, so the empty fixture is made here.
let emptyContentDir: string;
let build: SiteBuild;
let server: StaticServer;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  emptyContentDir = await mkdtemp(join(tmpdir(), 'benchfolio-empty-results-'));
  build = await buildSite(emptyContentDir);
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
  page = await browser.newPage();
  problems = recordPageProblems(page);
  await page.goto(server.url, { waitUntil: 'networkidle' });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await build?.cleanup();
  if (emptyContentDir) await rm(emptyContentDir, { recursive: true, force: true });
});

describe('the index of experiments, built from an empty results folder', () => {
  test('says there are no experiments yet, and shows no cards and no count', async () => {
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Experiments');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('No experiments yet');
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByText(/\d+ experiments?,/).count()).toBe(0);
  });

  test('tells a submitter where an experiment goes', async () => {
    const hint = page.getByRole('region', { name: 'No experiments yet' }).getByRole('paragraph');
    expect(await hint.textContent()).toContain('content/results/<yyyy-mm>-<slug>/experiment.yaml');
  });

  test('loads without console errors or failed requests', () => {
    expect(problems).toEqual([]);
  });
});
