import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatValue } from '../src/lib/format-value.ts';
import { SITE_DIR } from './helpers/build-site.ts';
import { seriousAxeViolations, sidewaysOverflow, textOutsideCharts } from './helpers/page-layout.ts';
import {
  loopDevice,
  type RawDisk,
  rawEntries,
  SADF_EXPERIMENT,
  SADF_FIXTURE_DIR,
  SADF_RUNS_DIR,
} from './helpers/sadf-fixture.ts';
import { servedSite } from './helpers/served-site.ts';
import { pasteAndParse } from './try/try-page-driver.ts';

// sadf -j of sar data files drawn as devices over time, beside iostat of the same seconds
// (fixtures/sadf: make-sadf-iostat.sh, a loop device under fio with each I/O scheduler), on the
// experiment page, a run's page and /try. The numbers expected are read from the raw JSON here.
// Screenshots go to e2e/screenshots/sadf--*.png.

const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const PAGE_TIMEOUT_MS = 60_000;
const SADF = '[data-section="sadf"]';
const IOSTAT = '[data-section="iostat"]';
const SADF_FIGURE_TITLES = [
  'Utilization',
  'Average wait per request',
  'Transfers per second',
  'Read throughput',
  'Write throughput',
];

const site = servedSite(SADF_FIXTURE_DIR);
beforeAll(() => mkdir(SCREENSHOTS_DIR, { recursive: true }));

const open = site.view;

/**
 * A run's loop device (its iostat command names it), its tps at every sadf entry as printed, and
 * the disks of the data file that did nothing throughout.
 */
async function rawDisks(run: string): Promise<{ device: string; tps: number[]; idle: string[] }> {
  const device = await loopDevice(run);
  const disks = (await rawEntries(run)).flatMap((entry) => entry.disk ?? []);
  const tps = disks.filter((disk) => disk['disk-device'] === device).map((disk) => disk.tps);
  const isBusy = (disk: RawDisk) =>
    [disk.tps, disk.rd_sec, disk.wr_sec, disk.await, disk['util-percent']].some((value) => value !== 0);
  const names = [...new Set(disks.map((disk) => disk['disk-device']))];
  const idle = names.filter((name) => !disks.some((disk) => disk['disk-device'] === name && isBusy(disk)));
  return { device, tps, idle };
}

describe('sadf on the experiment page', () => {
  test('draws each run’s busy disks over time, with sar’s figures and their summary', async () => {
    const page = await open(`/experiments/${SADF_EXPERIMENT}/`);
    const section = page.locator(SADF);
    await expect(section.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('sadf during the run');
    const options = await section.locator('select[data-figure-select] option').allTextContents();
    expect(options).toEqual(SADF_FIGURE_TITLES);
    const { device, tps, idle } = await rawDisks('none');
    const other = await rawDisks('mq-deadline');
    const lines = section.locator('svg[data-figure] path.line');
    const drawn = await lines.evaluateAll((paths) =>
      paths.map((path) => `${path.getAttribute('data-run')}/${path.getAttribute('data-device')}`),
    );
    expect(drawn).toContain(`none/${device}`);
    expect(drawn).toContain(`mq-deadline/${other.device}`);
    // Disks idle throughout (other loop devices in the data file) are left out.
    expect(idle.length).toBeGreaterThan(0);
    for (const name of idle) expect(drawn).not.toContain(`none/${name}`);

    // The summary's tps column: the mean and peak of what sadf printed.
    const headers = await section.locator('table.device-summary thead th').allTextContents();
    expect(headers).toEqual(['Run', 'Device', ...SADF_FIGURE_TITLES]);
    const row = section.locator('table.device-summary tbody tr', { hasText: device }).first();
    const cells = await row.locator('td').allTextContents();
    const mean = tps.reduce((a, b) => a + b, 0) / tps.length;
    expect(cells[3]).toBe(`${formatValue(mean, 'op/s')} (${formatValue(Math.max(...tps), 'op/s')})`);
    await page.context().close();
  });

  test('shares the page’s figure with iostat: r/s asked of iostat shows sar’s tps', async () => {
    const page = await open(`/experiments/${SADF_EXPERIMENT}/`);
    await page.locator(IOSTAT).locator('select[data-figure-select]').selectOption('writesPerSec');
    await expect
      .poll(() => page.locator(`${IOSTAT} svg[data-figure]`).getAttribute('data-figure'))
      .toBe('writesPerSec');
    await expect
      .poll(() => page.locator(`${SADF} svg[data-figure]`).getAttribute('data-figure'))
      .toBe('transfersPerSec');
    await expect(page.locator(`${SADF} select[data-figure-select]`).inputValue()).resolves.toBe('transfersPerSec');
    expect(new URL(page.url()).searchParams.get('figure')).toBe('writesPerSec');
    // And back: the URL's figure, restored on opening, the same way.
    await page.locator(SADF).locator('select[data-figure-select]').selectOption('writeBytesPerSec');
    await expect
      .poll(() => page.locator(`${IOSTAT} svg[data-figure]`).getAttribute('data-figure'))
      .toBe('writeBytesPerSec');
    await page.context().close();
  });

  test(
    'cuts nothing off at 1280 and 390 px, passes axe-core in light and dark, and leaves screenshots',
    async () => {
      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const width of [1280, 390]) {
          const page = await open(`/experiments/${SADF_EXPERIMENT}/`, { width, colorScheme });
          const where = `${colorScheme} ${width}`;
          for (const problem of await sidewaysOverflow(page)) found.push(`${where}: ${problem}`);
          for (const problem of await textOutsideCharts(page)) found.push(`${where}: ${problem}`);
          await page.locator(SADF).scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SCREENSHOTS_DIR, `sadf--${width}-${colorScheme}.png`), fullPage: true });
          await page
            .locator(SADF)
            .screenshot({ path: join(SCREENSHOTS_DIR, `sadf--section-${width}-${colorScheme}.png`) });
          for (const problem of await seriousAxeViolations(page)) found.push(`${where}: ${problem}`);
          await page.context().close();
        }
      }
      expect(found).toEqual([]);
    },
    PAGE_TIMEOUT_MS * 4,
  );
});

describe('sadf elsewhere', () => {
  test('a run’s page draws its own disks', async () => {
    const page = await open(`/experiments/${SADF_EXPERIMENT}/runs/mq-deadline/`);
    const { device } = await rawDisks('mq-deadline');
    const runs = await page
      .locator(`${SADF} path.line`)
      .evaluateAll((paths) => [...new Set(paths.map((path) => path.getAttribute('data-run')))]);
    expect(runs).toEqual(['mq-deadline']);
    await expect(page.locator(`${SADF} path.line[data-device="${device}"]`).count()).resolves.toBe(1);
    await page.context().close();
  });

  test('the glossary explains sar’s figures and how they differ from iostat’s', async () => {
    const page = await open('/glossary/');
    await expect(page.locator('#sadf-devices').textContent()).resolves.toMatch(/r\/s plus w\/s/);
    await expect(page.locator('#sadf-tps').count()).resolves.toBe(1);
    await page.context().close();
  });

  test(
    '/try draws a pasted sadf -j as the experiment pages do, on a phone too',
    async () => {
      const text = await readFile(join(SADF_RUNS_DIR, 'none', 'sadf.json'), 'utf8');
      const { device } = await rawDisks('none');
      for (const width of [1280, 390]) {
        const page = await open('/try/', { width });
        await pasteAndParse(page, text);
        const section = page.locator('[data-try-sections] [data-section="sadf"]');
        await expect(section.getByRole('heading', { level: 3 }).textContent()).resolves.toBe('sadf');
        const options = await section.locator('select[data-figure-select] option').allTextContents();
        expect(options).toEqual(SADF_FIGURE_TITLES);
        await expect(section.locator(`path.line[data-device="${device}"]`).count()).resolves.toBe(1);
        await section.locator('select[data-figure-select]').selectOption('transfersPerSec');
        await expect
          .poll(() => section.locator('svg[data-figure]').getAttribute('data-figure'))
          .toBe('transfersPerSec');
        const headers = await section.locator('table[data-device-summary] thead th').allTextContents();
        expect(headers).toEqual(['Run', 'Device', ...SADF_FIGURE_TITLES]);
        expect(await sidewaysOverflow(page), `${width}`).toEqual([]);
        await section.screenshot({ path: join(SCREENSHOTS_DIR, `sadf--try-${width}.png`) });
        await page.context().close();
      }
    },
    PAGE_TIMEOUT_MS * 2,
  );
});
