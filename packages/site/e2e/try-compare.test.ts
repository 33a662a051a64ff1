import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, SITE_DIR } from './helpers/build-site.ts';
import { seriousAxeViolations, sidewaysOverflow, textOutsideCharts } from './helpers/page-layout.ts';
import { servedSite } from './helpers/served-site.ts';
import {
  chooseFiles,
  DESKTOP,
  openTryPage,
  outputSections,
  PHONE,
  pasteAndParse,
  type TrySession,
  waitForDone,
} from './try/try-page-driver.ts';

// /try's "Compare with published runs" on the site built from content/results, given real
// outputs as a reader pastes them: a third-party fio randwrite (vps-comparison), kubestr's fio
// JSON, a sysbench fileio run, the loopback's iostat logs and a one-report iostat, a bonnie++ CSV
// cut short; and the "Try a sample" buttons. Screenshots go to e2e/screenshots/try-compare-*.png.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const TIMEOUT_MS = 60_000;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const CORPUS = 'packages/parsers/fixtures/corpus';

const site = servedSite(RESULTS_DIR);

function text(path: string): Promise<string> {
  return readFile(join(REPO_ROOT, path), 'utf8');
}

function open(
  viewport: { width: number; height: number } = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<TrySession> {
  return openTryPage(site.browser, site.url('/'), viewport, colorScheme);
}

async function closeClean(session: TrySession, what: string): Promise<void> {
  expect(session.problems, `${what}: page problems`).toEqual([]);
  expect(session.foreignRequests, `${what}: requests leaving the origin`).toEqual([]);
  await session.page.context().close();
}

/** Waits until the compare view has listed the runs and drawn what is ticked. */
async function compared(page: Page): Promise<void> {
  await page.locator('[data-compare-status]').filter({ hasNotText: 'Loading' }).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => {
    const results = document.querySelector('[data-compare-results]');
    return results !== null && !results.hasAttribute('aria-busy') && results.childElementCount > 0;
  });
}

/** The ticked runs' bars of the write IOPS figure in a group, as `run → value`. */
async function iopsBars(page: Page, group: string): Promise<Map<string, number>> {
  const bars = await page
    .locator(`[data-compare-results] figure[data-metric="compare-fio-write-iops"] rect.bar[data-group="${group}"]`)
    .evaluateAll((rects) => rects.map((rect) => [rect.getAttribute('data-run'), rect.getAttribute('data-value')]));
  return new Map(bars.map(([run, value]) => [run ?? '', Number(value)]));
}

describe('matching by workload', () => {
  test(
    'a third-party fio randwrite finds the published random writes, says why, and is drawn beside three of them',
    async () => {
      // vps-comparison: `randwrite: (g=0): rw=randwrite, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=16`,
      // `write: io=4096.0MB, bw=53966KB/s, iops=13491`. MSA70 ext3's random-write-direct: fio 1.57,
      // `rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1`.
      const vps = await text(`${CORPUS}/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt`);
      expect(vps).toContain('iops=13491');
      const session = await open();
      const { page } = session;
      await pasteAndParse(page, vps);
      await compared(page);
      // The runs listed, most alike first (the ranking itself: compare-with.test.ts); the MSA70's among them.
      const items = page.locator('[data-compare-choice-item]');
      const listed = await items.evaluateAll((nodes) =>
        nodes.map((node) => (node as HTMLElement).dataset.compareChoiceItem),
      );
      expect(listed).toEqual(expect.arrayContaining([`${MSA70}/ext3`, `${LOOPBACK}/ext4`]));
      const msa70 = page.locator(`[data-compare-choice-item="${MSA70}/ext3"]`);
      const reason = (await msa70.locator('[data-compare-reason]').textContent()) ?? '';
      expect(reason).toMatch(
        /^your randwrite ↔ random-write-direct: same random writes; differs: block size 4 KiB vs 8 KiB, iodepth 16 vs 1/,
      );
      expect(await msa70.locator('a[data-compare-raw]').getAttribute('href')).toBe(
        `/experiments/${MSA70}/runs/ext3/fio--ext3.txt`,
      );
      const tickedRuns = () =>
        page
          .locator('input[data-compare-choice]:checked')
          .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
      expect(await tickedRuns()).toEqual(listed.slice(0, 3));
      // The reader's randwrite beside each ticked run's random writes: one bar each in one group.
      const bars = await iopsBars(page, 'randwrite');
      expect(bars.get('yours')).toBe(13491);
      expect([...bars.keys()].sort()).toEqual(['yours', ...listed.slice(0, 3)].sort());
      // The MSA70's and the loopback's runs ticked (under the fold: opened as a reader opens it) join the same group.
      const fold = page.locator('.run-choices-more');
      if ((await fold.count()) > 0 && !(await fold.evaluate((node) => (node as HTMLDetailsElement).open)))
        await fold.locator('> summary').click();
      for (const run of [`${MSA70}/ext3`, `${LOOPBACK}/ext4`]) {
        await page.locator(`input[data-compare-choice][value="${run}"]`).check();
      }
      const expected = new Set(await tickedRuns()).size + 1;
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll(
            '[data-compare-results] figure[data-metric="compare-fio-write-iops"] rect.bar[data-group="randwrite"]',
          ).length === count,
        expected,
      );
      // fio--ext3.txt: "iops=7118" for random-write-direct, filed under the reader's randwrite.
      expect((await iopsBars(page, 'randwrite')).get(`${MSA70}/ext3`)).toBe(7118);
      expect(await page.locator('[data-compare-pairs]').textContent()).toContain(
        'its random-write-direct beside your randwrite',
      );
      await closeClean(session, 'vps randwrite');
    },
    TIMEOUT_MS,
  );

  test(
    'bars spanning more than 10x open on a log scale, and the reader can switch to linear',
    async () => {
      const kubestr = await text(`${CORPUS}/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json`);
      const session = await open();
      const { page } = session;
      await pasteAndParse(page, kubestr);
      await compared(page);
      const values = [...(await iopsBars(page, 'write_iops')).values()];
      expect(Math.max(...values) / Math.min(...values)).toBeGreaterThan(10);
      const iops = page.locator('[data-compare-results] figure[data-metric="compare-fio-write-iops"] svg.chart');
      expect(await iops.getAttribute('data-scale')).toBe('log');
      // The note names the widest span of the figures shown (one metric per section), as drawn:
      // ratios to the reader's bars, the baseline.
      const spans = await page.locator('[data-compare-results] figure:not([hidden])').evaluateAll((figures) =>
        figures.map((figure) => {
          const ratios = [...figure.querySelectorAll('rect.bar')]
            .map((rect) => Number(rect.getAttribute('data-ratio')))
            .filter((ratio) => Number.isFinite(ratio) && ratio > 0);
          return ratios.length < 2 ? 1 : Math.max(...ratios) / Math.min(...ratios);
        }),
      );
      const span = Math.max(1, ...spans);
      expect(span).toBeGreaterThan(10);
      expect(await page.locator('[data-compare-scale-note]').textContent()).toBe(
        `Log scale: the bars span ${Math.round(span)}×, more than 10×; a linear axis would flatten all but the longest.`,
      );
      await page.locator('input[name="compare-scale"][value="linear"]').check();
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-compare-results] figure[data-metric="compare-fio-write-iops"] svg.chart')
            ?.getAttribute('data-scale') === 'linear',
      );
      await closeClean(session, 'kubestr');
    },
    TIMEOUT_MS,
  );

  test(
    'a sysbench fileio run and a bonnie++ CSV each find published runs of their kind, with reasons',
    async () => {
      const session = await open();
      const { page } = session;
      // e6118: sysbench 1.1.0 fileio rndrw, `Block size 16KiB`, `Extra file open flags: 0`; the loopback's rndrw
      // ran with `--file-extra-flags=direct`.
      await pasteAndParse(page, await text(`${CORPUS}/sysbench/e6118__v1.1.0-dev-fileio-rndrw.txt`));
      await compared(page);
      expect(await page.locator('[data-compare-reason]').first().textContent()).toMatch(
        /^your fileio rndrw ↔ fileio rndrw: same 16 KiB random mixed reads and writes; .*differs: direct no vs yes$/,
      );
      expect(
        await page.locator('[data-compare-results] figure[data-metric^="compare-sysbench"]').count(),
      ).toBeGreaterThan(0);
      // pkb's bonnie++ 1.96 CSV (7423M files) beside the 2011 runs' 8G.
      await pasteAndParse(page, await text(`${CORPUS}/bonnie/pkb__bonnie-1.96-csv.csv`));
      await compared(page);
      expect(await page.locator('[data-compare-reason]').first().textContent()).toMatch(
        /^your perfkit-7b22f510-0 ↔ .+: same filesystem test suites; .*file size 7\.2 GiB vs 8 GiB/,
      );
      expect(
        await page.locator('[data-compare-results] figure[data-metric^="compare-bonnie"]').count(),
      ).toBeGreaterThan(0);
      await closeClean(session, 'sysbench and bonnie++');
    },
    TIMEOUT_MS,
  );
});

describe('iostat, truncated outputs and samples', () => {
  test(
    'an iostat log is compared per device; a one-report iostat is a table; a cut CSV says where it stops (on a phone)',
    async () => {
      await mkdir(SCREENSHOTS_DIR, { recursive: true });
      const session = await open(PHONE);
      const { page } = session;
      // Chosen as a file: typing 140 KB into the paste box is slow.
      await chooseFiles(page, [
        { name: 'iostat--xfs.txt', text: await text(`content/results/${LOOPBACK}/runs/xfs/iostat--xfs.txt`) },
      ]);
      await compared(page);
      await page
        .locator('section[aria-labelledby="try-compare-title"]')
        .screenshot({ path: join(SCREENSHOTS_DIR, 'try-compare-iostat-phone.png') });
      expect(await sidewaysOverflow(page)).toEqual([]);
      const tables = page.locator('[data-compare-iostat] table');
      expect(await tables.count()).toBe(4);
      expect(await tables.locator('caption').allTextContents()).toEqual([
        "%util per device: mean, 95th percentile and maximum over each log's reports",
        "await per device: mean, 95th percentile and maximum over each log's reports",
        "r/s per device: mean, 95th percentile and maximum over each log's reports",
        "w/s per device: mean, 95th percentile and maximum over each log's reports",
      ]);
      const runsAndDevices = await tables
        .first()
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => {
            const parts = (row.children[0]?.textContent ?? '').split(' · ');
            return `${parts[0]} ${parts.at(-1)}`;
          }),
        );
      // The reader's two devices, then each ticked published run's (the most alike iostat logs:
      // loop devices, zram and the virtio disk under them, as the runs made here have them).
      expect(runsAndDevices.slice(0, 2)).toEqual(['Your run loop0', 'Your run vda']);
      const published = runsAndDevices.slice(2);
      expect(published.length).toBeGreaterThanOrEqual(2);
      for (const row of published) expect(row).toMatch(/^\S.* (?:loop\d+|vda|zram\d+)$/);

      // jc's Ubuntu 18.04 `iostat -x`, run once: one report, averages since boot.
      const once = await text(`${CORPUS}/iostat/jc__ubuntu1804-iostat-x.txt`);
      await pasteAndParse(page, once);
      const table = outputSections(page).first().locator('table[data-try-table]');
      expect(await table.locator('caption').textContent()).toBe(
        'The one report of pasted-1.txt (averages since boot), per device',
      );
      const devices = await table.locator('tbody tr td:first-child').allTextContents();
      const lines = once.split('\n');
      const printed = lines
        .slice(lines.findIndex((line) => line.startsWith('Device')) + 1)
        .filter((line) => /^\S+\s+\d/.test(line))
        .map((line) => line.split(/\s+/)[0]);
      expect(devices).toEqual(printed);
      // No empty plot: the charts section stays hidden.
      expect(await page.locator('[data-try-sections]').evaluate((node) => node.closest('section')?.hidden)).toBe(true);

      // pkb's bonnie++ CSV line cut after its 25th field: no line end, one line.
      const csv = (await text(`${CORPUS}/bonnie/pkb__bonnie-1.96-csv.csv`)).trim();
      await pasteAndParse(page, csv.slice(0, csv.indexOf('49223')));
      await page.locator('[data-try-outputs]').screenshot({ path: join(SCREENSHOTS_DIR, 'try-truncated-phone.png') });
      const truncated = page.locator('[data-try-truncated]');
      expect(await truncated.getAttribute('data-try-truncated')).toBe('1');
      expect(await truncated.textContent()).toBe(
        'This output is truncated: it stops at line 1, read as bonnie++ CSV output.',
      );
      await closeClean(session, 'iostat and truncated');
    },
    TIMEOUT_MS,
  );

  test(
    'each "Try a sample" button loads a real output of its tool from its published address (on a phone)',
    async () => {
      const session = await open(PHONE);
      const { page } = session;
      await mkdir(SCREENSHOTS_DIR, { recursive: true });
      await page.locator('[data-try-form]').screenshot({ path: join(SCREENSHOTS_DIR, 'try-samples-phone.png') });
      expect(await sidewaysOverflow(page)).toEqual([]);
      const buttons = page.locator('button[data-try-sample]');
      const tools = await buttons.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.trySample));
      expect(tools).toEqual(['fio', 'bonnie', 'sysbench', 'iostat', 'dd']);
      for (const tool of tools) {
        const button = page.locator(`button[data-try-sample="${tool}"]`);
        const href = (await button.getAttribute('data-href')) ?? '';
        const name = (await button.getAttribute('data-name')) ?? '';
        expect(href).toMatch(new RegExp(`^/experiments/[^/]+/runs/[^/]+/${name.replace(/[.+]/g, '\\$&')}$`));
        await page.locator('[data-try-results]').evaluate((node) => {
          (node as HTMLElement).dataset.state = 'idle';
        });
        await button.click();
        await waitForDone(page);
        const section = outputSections(page).first();
        expect(await section.getAttribute('data-name')).toBe(name);
        expect(await section.getAttribute('data-tool')).toBe(tool);
        // The bytes the page was given are those of the run folder.
        const [, experiment, run] = /^\/experiments\/([^/]+)\/runs\/([^/]+)\//.exec(href) ?? [];
        const raw = await text(`content/results/${experiment}/runs/${run}/${name}`);
        expect(await page.locator('textarea[data-try-paste]').inputValue()).toBe(raw);
        // Each finds published runs to compare with, and says why.
        await compared(page);
        expect(await page.locator('[data-compare-reason]').first().textContent(), tool).toMatch(/^your .+ ↔ .+: /);
      }
      await closeClean(session, 'samples');
    },
    TIMEOUT_MS,
  );
});

describe('layout', () => {
  test(
    'the compare view at 390 and 1280 px, light and dark: nothing sideways, no chart text outside, no serious axe violation',
    async () => {
      await mkdir(SCREENSHOTS_DIR, { recursive: true });
      const vps = await text(`${CORPUS}/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt`);
      const found: string[] = [];
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const session = await open(viewport);
        const { page } = session;
        await pasteAndParse(page, vps);
        await compared(page);
        for (const scheme of ['light', 'dark'] as const) {
          // Colours come from CSS custom properties: a scheme change needs no redraw.
          await page.emulateMedia({ colorScheme: scheme });
          const where = `${device} ${scheme}`;
          await page
            .locator('section[aria-labelledby="try-compare-title"]')
            .screenshot({ path: join(SCREENSHOTS_DIR, `try-compare-${device}-${scheme}.png`) });
          for (const problem of await sidewaysOverflow(page)) found.push(`${where}: ${problem}`);
          for (const problem of await textOutsideCharts(page)) found.push(`${where}: ${problem}`);
          for (const problem of await seriousAxeViolations(page)) found.push(`${where}: ${problem}`);
        }
        await closeClean(session, device);
      }
      expect(found).toEqual([]);
    },
    TIMEOUT_MS * 2,
  );
});
