import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { SITE_DIR } from './helpers/build-site.ts';
import { injectAxe } from './helpers/page-layout.ts';
import { servedSite } from './helpers/served-site.ts';

// The runner's fio logs (fixtures/fio-logs: fio-seed-hoffman on ext4, xfs and btrfs loop images,
// two repeats, per_job_logs=0) drawn over time on the experiment page and a run's page. The
// numbers expected are read from the raw log lines here. Screenshots go to e2e/screenshots/.

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'fio-logs');
const EXPERIMENT = '2026-11-fio-logs-loopback';
const RUNS_DIR = join(FIXTURE_DIR, EXPERIMENT, 'runs');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const SECTION = '[data-section="fio-log-random-write-direct"]';

const site = servedSite(FIXTURE_DIR);
beforeAll(() => mkdir(SCREENSHOTS_DIR, { recursive: true }));

const open = site.view;

/** The first window's bandwidth of a repeat, KiB/s: its processes' lines before 1.5 s added up. */
async function firstWindowKib(run: string, repeat: number): Promise<number> {
  const text = await readFile(join(RUNS_DIR, run, `fio--seed-hoffman-${repeat}--random-write-direct_bw.log`), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => line.split(',').map(Number))
    .filter(([timeMs]) => (timeMs as number) < 1500)
    .reduce((sum, row) => sum + (row[1] as number), 0);
}

describe('fio logs on the experiment page', () => {
  test('draw a job’s bandwidth over time, each run’s repeats averaged window by window', async () => {
    const page = await open(`/experiments/${EXPERIMENT}/`);
    const section = page.locator(SECTION);
    await expect(section.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      'fio logs · random-write-direct',
    );
    const figure = section.locator('bf-figure:not([hidden])');
    await expect(figure.count()).resolves.toBe(1);
    await expect(figure.getByRole('heading', { level: 3 }).textContent()).resolves.toContain('Write bandwidth');
    const expected = (((await firstWindowKib('ext4', 1)) + (await firstWindowKib('ext4', 2))) / 2) * 1024;
    const drawn = await figure.locator('circle.point[data-run="ext4"]').first().getAttribute('data-value');
    expect(Number(drawn)).toBe(expected);
    const captions = (await figure.locator('.axis-caption').allTextContents()).join(' | ');
    expect(captions).toContain('band: min–max of 2 repeats');
    await page.context().close();
  });

  test('pick another figure of the job: p99 from the histogram log', async () => {
    const page = await open(`/experiments/${EXPERIMENT}/`);
    const section = page.locator(SECTION);
    await section.getByLabel('Metric').selectOption({ label: 'Write completion latency, p99 per window' });
    const shown = section.locator('bf-figure:not([hidden])');
    await expect(shown.count()).resolves.toBe(1);
    await expect(shown.getByRole('heading', { level: 3 }).textContent()).resolves.toContain('p99 per window');
    expect(new URL(page.url()).searchParams.get('metric-fio-log-random-write-direct')).toMatch(/clat-p99-write$/);
    await page.context().close();
  });

  test('pass axe-core in light and dark, and leave screenshots at 1280 and 390 px', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const page = await open(`/experiments/${EXPERIMENT}/`, { width, colorScheme });
        await page.locator(SECTION).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS_DIR, `fio-logs--${width}-${colorScheme}.png`), fullPage: true });
        await page
          .locator(SECTION)
          .screenshot({ path: join(SCREENSHOTS_DIR, `fio-logs--section-${width}-${colorScheme}.png`) });
        await injectAxe(page);
        const violations = await page.evaluate(async () => {
          type Violation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
          const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
          return (await axe.run()).violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
        });
        expect(violations, `${colorScheme} ${width}`).toEqual([]);
        await page.context().close();
      }
    }
  });
});

describe('fio logs elsewhere', () => {
  test('a run’s page draws its own logs', async () => {
    const page = await open(`/experiments/${EXPERIMENT}/runs/xfs/`);
    await expect(page.locator(`${SECTION} circle.point[data-run="xfs"]`).count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });

  test('the glossary explains the logs’ figures', async () => {
    const page = await open('/glossary/');
    await expect(page.locator('#fio-log-bw').count()).resolves.toBe(1);
    await expect(page.locator('#fio-log-clat-p99').textContent()).resolves.toMatch(/p99/);
    await page.context().close();
  });
});
