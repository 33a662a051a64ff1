import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatValue } from '../src/lib/format-value.ts';
import { buildSite, REPO_ROOT, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { seriousAxeViolations } from './helpers/page-layout.ts';
import { gotoReady } from './helpers/page-ready.ts';
import { sharedBuild } from './helpers/shared-build.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';

// The rest of issue 18's spreads, in the browser: fio's per-interval bandwidth and IOPS samples of
// single one-job runs (a fixture of real fio 3.33 runs, e2e/fixtures/make-fio-samples.sh), said
// and drawn apart from the bars and never tested for noise; their absence said where fio combined
// them (MSA70, jobs=5); and the EC2 post's published sd without N, which no noise test can use.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SAMPLES_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'samples');
const SAMPLES_ID = '2026-11-fio-one-job-tmpfs-vs-var-tmp';
const EC2 = '2014-ec2-m3-large-m3-medium-t2-medium-rails';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const BUILD_TIMEOUT_MS = 240_000;
const MAX_SCRIPT_GZIP_BYTES = 60 * 1024;

let real: SiteBuild;
let samples: SiteBuild;
let realServer: StaticServer;
let samplesServer: StaticServer;
let browser: Browser;

beforeAll(async () => {
  [real, samples] = await Promise.all([sharedBuild(RESULTS_DIR), buildSite(SAMPLES_DIR)]);
  for (const build of [real, samples]) if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  [realServer, samplesServer] = await Promise.all([serveStatic(real.outDir), serveStatic(samples.outDir)]);
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await realServer?.close();
  await samplesServer?.close();
  await real?.cleanup();
  await samples?.cleanup();
});

async function open(
  server: StaticServer,
  id: string,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const { width = 1280, height = 800, colorScheme = 'light' } = options;
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  await gotoReady(page, new URL(`experiments/${id}/`, server.url).href);
  return page;
}

const UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2 };

/** fio's printed sample lines of a job: `bw (UNIT/s): ..., avg=, stdev=, samples=` and `iops : ...`. */
function printedSamples(text: string, job: string): Record<'bw' | 'iops', { mean: number; sd: number; n: number }> {
  const block = text.slice(text.indexOf(`${job}: (groupid=`));
  const bw =
    /bw \(\s*(KiB|MiB)\/s\): min=\s*\d+, max=\s*\d+, per=[\d.]+%, avg=([\d.]+), stdev=([\d.]+), samples=\s*(\d+)/.exec(
      block,
    );
  const iops = /iops\s+: min=\s*\d+, max=\s*\d+, avg=([\d.]+), stdev=\s*([\d.]+), samples=\s*(\d+)/.exec(block);
  if (bw === null || iops === null) throw new Error(`no sample lines for ${job}`);
  const factor = UNITS[bw[1] as string] as number;
  return {
    bw: { mean: Number(bw[2]) * factor, sd: Number(bw[3]) * factor, n: Number(bw[4]) },
    iops: { mean: Number(iops[1]), sd: Number(iops[2]), n: Number(iops[3]) },
  };
}

describe('fio’s per-interval samples of single one-job runs', () => {
  test('are drawn as a marker at the samples’ mean, as fio printed it, and said on the chart with their N', async () => {
    const page = await open(samplesServer, SAMPLES_ID);
    let checked = 0;
    for (const run of ['tmpfs', 'var-tmp']) {
      const text = await readFile(join(SAMPLES_DIR, SAMPLES_ID, 'runs', run, 'fio.txt'), 'utf8');
      for (const [job, direction] of [
        ['random-write', 'write'],
        ['random-read', 'read'],
      ] as const) {
        const printed = printedSamples(text, job);
        for (const what of ['bw', 'iops'] as const) {
          const figure = page.locator(`bf-figure[data-metric="fio-${direction}-${what}"]`);
          const marker = figure.locator(`svg g.sample-spread[data-run="${run}"][data-group="${job}"]`);
          await expect(marker.count(), `${run} ${job} ${what}`).resolves.toBe(1);
          const mean = Number(await marker.getAttribute('data-mean'));
          const sd = Number(await marker.getAttribute('data-sd'));
          // Within fio's printed precision: two decimals of its unit.
          expect(Math.abs(mean - printed[what].mean)).toBeLessThan(0.01 * (what === 'bw' ? 1024 ** 2 : 1));
          expect(Math.abs(sd - printed[what].sd)).toBeLessThan(0.01 * (what === 'bw' ? 1024 ** 2 : 1));
          const legend = (await figure.locator('svg .spread-legend').allTextContents()).join(' ');
          expect(legend).toContain(`per-interval ${what === 'bw' ? 'bandwidth' : 'IOPS'} samples`);
          expect(legend).toContain(`N\u00a0=\u00a0${printed[what].n} per bar`);
          expect(legend).toContain('not how sure the bar is');
          // The table gives them beside the value, with N.
          const table = await figure.locator('table').textContent();
          const unit = what === 'bw' ? 'B/s' : 'op/s';
          expect(table).toContain(`samples ${formatValue(mean, unit)} ± ${formatValue(sd, unit)}`);
          expect(table).toContain(`N\u00a0=\u00a0${printed[what].n}`);
          checked++;
        }
      }
    }
    expect(checked).toBe(8);
    // No whisker around the bars: the bar is fio's BW=/IOPS=, not the samples' mean.
    await expect(page.locator('bf-figure[data-metric="fio-read-bw"] svg g.spread').count()).resolves.toBe(0);
    await page.context().close();
  });

  test('never make a win: the verdict and captions say the runs were not tested for noise', async () => {
    const page = await open(samplesServer, SAMPLES_ID);
    const verdict = (await page.locator('[data-verdict]').textContent()) ?? '';
    expect(verdict).toContain('one run each, not tested for noise');
    expect(verdict).not.toMatch(/beyond the noise|within the noise/);
    const summary = await page.locator('bf-figure[data-metric="fio-read-bw"]').textContent();
    expect(summary).toContain('One run each, not tested for noise.');
    await page.context().close();
  });

  test('leave the page within the issue’s bounds: verdict first, 390 px wide, axe clean, script budget', async () => {
    const wide = await open(samplesServer, SAMPLES_ID);
    const top = await wide.evaluate(
      () => (document.querySelector('[data-verdict]')?.getBoundingClientRect().top ?? Infinity) + window.scrollY,
    );
    expect(top).toBeLessThan(800);
    const scripts = await wide.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    let gzipBytes = 0;
    for (const script of scripts) {
      gzipBytes += gzipSync(await readFile(join(samples.outDir, decodeURIComponent(new URL(script).pathname)))).length;
    }
    expect(gzipBytes).toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
    await wide.context().close();
    const phone = await open(samplesServer, SAMPLES_ID, { width: 390, height: 844 });
    const widths = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      charts: [...document.querySelectorAll('svg.chart')].map((svg) => svg.getBoundingClientRect().right),
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    for (const right of widths.charts) expect(right).toBeLessThanOrEqual(390.5);
    await phone.context().close();
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(samplesServer, SAMPLES_ID, { colorScheme });
      expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
      await page.context().close();
    }
  });

  test('are not drawn where fio combined them over jobs=5 (MSA70), and the chart says why', async () => {
    const page = await open(realServer, MSA70);
    await expect(page.locator('svg g.sample-spread').count()).resolves.toBe(0);
    const legend = (
      await page.locator('bf-figure[data-metric="fio-write-bw"] svg .spread-legend').allTextContents()
    ).join(' ');
    expect(legend).toContain('samples are not drawn: fio combined them over the 5 jobs of each bar');
    await page.context().close();
  });

  test('are not drawn where runs have repeats (loopback): the repeats’ min–max stays', async () => {
    const page = await open(realServer, LOOPBACK);
    await expect(page.locator('svg g.sample-spread').count()).resolves.toBe(0);
    const legend = await page
      .locator('bf-figure[data-metric="fio-write-iops"] svg .spread-legend')
      .first()
      .textContent();
    expect(legend).toMatch(/whisker = min–max of N = 2 repeats/);
    await page.context().close();
  });
});

describe('the EC2 page’s published sd', () => {
  test('is said to be an sd of single requests as published, N not published, with the values of measurements.csv', async () => {
    const csv = await readFile(join(RESULTS_DIR, EC2, 'measurements.csv'), 'utf8');
    const rows = csv
      .split('\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    const page = await open(realServer, EC2);
    const figure = page.locator('bf-figure[data-metric="nginx-request-time-mean"]');
    const legend = (await figure.locator('svg .spread-legend').allTextContents()).join(' ');
    expect(legend).toContain('± 1 sd of single requests as published (N not published)');
    for (const run of ['m3-large', 'm3-medium', 't2-medium']) {
      const value = (metric: string) => Number(rows.find((row) => row[0] === run && row[2] === metric)?.[3]);
      const title = await figure.locator(`svg rect.bar[data-run="${run}"] title`).textContent();
      expect(title).toContain(
        `${formatValue(value('request_time.mean'), 's')} (± ${formatValue(value('request_time.stddev'), 's')}, sd of single requests as published, N not published)`,
      );
    }
    await page.context().close();
  });

  test('says why it is not tested for noise (no N: Welch’s t-test cannot run), not “one run each”', async () => {
    const page = await open(realServer, EC2);
    const verdict = (await page.locator('[data-verdict]').textContent()) ?? '';
    expect(verdict).toContain('N not published, so not tested for noise (Welch’s t-test needs it)');
    expect(verdict).not.toContain('one run each');
    const caption = await page.locator('bf-figure[data-metric="nginx-request-time-mean"]').textContent();
    expect(caption).toContain('N not published, so not tested for noise (Welch’s t-test needs it).');
    await page.context().close();
  });
});
