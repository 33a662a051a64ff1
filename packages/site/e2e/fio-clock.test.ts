import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { SITE_DIR } from './helpers/build-site.ts';
import { cutOffChartText } from './helpers/chart-bounds.ts';
import { seriousAxeViolations } from './helpers/page-layout.ts';
import { servedSite } from './helpers/served-site.ts';
import { clear, openTryPage, outputSections, waitForDone } from './try/try-page-driver.ts';

// fio's logs on the wall clock beside iostat with zoned times (fixtures/fio-clock, made by
// fixtures/make-fio-clock.sh): each fio log figure has each run's device drawn beside it, and the
// iostat section marks the jobs' spans; /try reads a pasted log of the kind the reader picks.
// Screenshots go to e2e/screenshots/fio-clock--*.png (git-ignored).

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'fio-clock');
const EXPERIMENT = '2026-11-fio-clock-loopback';
const RUNS_DIR = join(FIXTURE_DIR, EXPERIMENT, 'runs');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const RUNS = ['ext4', 'xfs'];
const FIO_SECTION = '[data-section="fio-log-sequential-write-buffered"]';
const IOSTAT_SECTION = '[data-section="iostat"]';

const site = servedSite(FIXTURE_DIR);
beforeAll(() => mkdir(SCREENSHOTS_DIR, { recursive: true }));

const open = site.view;

describe('fio logs and iostat on one clock', () => {
  for (const width of [1280, 390]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`at ${width} px (${colorScheme}): each fio figure has each run’s device beside it, the iostat section the jobs’ bands, nothing cut off`, async () => {
        const page = await open(`/experiments/${EXPERIMENT}/`, { width, colorScheme });
        const section = page.locator(FIO_SECTION);
        const figure = section.locator('bf-figure:not([hidden])');
        await expect(figure.getByRole('heading', { level: 3 }).textContent()).resolves.toContain('Write bandwidth');
        for (const run of RUNS) {
          const companion = figure.locator(`svg path.companion[data-run="${run}"]`);
          await expect(companion.count(), run).resolves.toBe(1);
          await expect(companion.getAttribute('data-device'), run).resolves.toMatch(/^loop\d+$/);
        }
        await expect(figure.locator('.legend').textContent()).resolves.toMatch(/device \(iostat, loop\d+\)/);
        const notes = await section.locator('.section-notes').textContent();
        expect(notes).toMatch(/share one clock/);

        const iostat = page.locator(IOSTAT_SECTION);
        await iostat.scrollIntoViewIfNeeded();
        const bands = iostat.locator('svg rect.job-span');
        // Three jobs, two repeats, two runs.
        await expect(bands.count()).resolves.toBe(12);
        await expect(iostat.locator('table[data-job-spans] tbody tr').count()).resolves.toBe(12);
        await expect(iostat.locator('svg .job-span-label').count()).resolves.toBeGreaterThan(0);

        expect(await cutOffChartText(page, section), `${width} ${colorScheme}`).toEqual([]);
        expect(await cutOffChartText(page, iostat), `${width} ${colorScheme}`).toEqual([]);
        await section.screenshot({ path: join(SCREENSHOTS_DIR, `fio-clock--fio-${width}-${colorScheme}.png`) });
        await iostat.screenshot({ path: join(SCREENSHOTS_DIR, `fio-clock--iostat-${width}-${colorScheme}.png`) });
        expect(await seriousAxeViolations(page), `${width} ${colorScheme}`).toEqual([]);
        await page.context().close();
      });
    }
  }

  test('the device line of IOPS and of latency is the device’s w/s and w_await', async () => {
    const page = await open(`/experiments/${EXPERIMENT}/`);
    const section = page.locator('[data-section="fio-log-random-read-direct"]');
    for (const title of ['Read IOPS', 'Read completion latency, mean per window']) {
      await section.getByLabel('Metric').selectOption({ label: title });
      const shown = section.locator('bf-figure:not([hidden])');
      await expect(shown.locator('svg path.companion').count(), title).resolves.toBe(RUNS.length);
      // The table under the chart has a column per device line.
      const headers = await shown.locator('table th[scope="col"]').allTextContents();
      expect(headers.filter((header) => header.includes('device (iostat,')).length, title).toBe(RUNS.length);
    }
    await page.context().close();
  });
});

describe('/try: a pasted fio log of the kind the reader picks', () => {
  test('without a kind nothing is drawn and the page says why; with one, the log is drawn', async () => {
    const session = await openTryPage(site.browser, site.server.url);
    const { page } = session;
    const text = await readFile(join(RUNS_DIR, 'ext4', 'fio-1--random-write-direct_bw.log'), 'utf8');
    await clear(page);
    await page.locator('textarea[data-try-paste]').fill(text);
    await page.locator('button[data-try-parse]').click();
    await waitForDone(page);
    const output = outputSections(page).first();
    await expect(output.getAttribute('data-tool')).resolves.toBe('fio-log');
    await expect(output.locator('.try-warnings').textContent()).resolves.toContain('UNKNOWN_KIND');
    await expect(output.locator('.try-warning-hint').textContent()).resolves.toContain('A pasted fio log is a');
    await expect(page.locator('[data-try-sections] svg.chart').count()).resolves.toBe(0);

    await page.locator('select[data-try-log-kind]').selectOption('bw');
    await page
      .locator('[data-try-results][data-state="done"] section[data-try-output][data-name="pasted-1_bw.log"]')
      .waitFor();
    await expect(outputSections(page).first().locator('.try-warnings').count()).resolves.toBe(0);
    const chart = page.locator('[data-try-sections] svg.chart[data-chart="sweep"]');
    await expect(chart.count()).resolves.toBeGreaterThan(0);
    await expect(chart.first().getAttribute('aria-label')).resolves.toContain('Write bandwidth');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(session.problems).toEqual([]);
    await page.context().close();
  });
});
