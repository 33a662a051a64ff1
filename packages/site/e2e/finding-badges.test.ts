import { join } from 'node:path';
import type { LoadedExperiment } from '@benchfolio/parsers/node';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type ExperimentView, experimentView } from '../src/data/experiment-view.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { verdict } from '../src/data/verdict.ts';
import { REPO_ROOT } from './helpers/build-site.ts';
import { waitForReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';

// Issue 36: every verdict entry, ratio cell and bar whose number has a lint finding shows the
// rule's id as a badge, linked to the rule's entry on /rules/; the seeds' anomalies (MSA70's
// xfs random-write-buf stall, the loopback's buffered bars) are beside their verdict rows at
// 1280 and 390 px.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const LOAD_TIMEOUT_MS = 120_000;
const EVERY_PAGE_TIMEOUT_MS = 180_000;
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

const site = servedSite(RESULTS_DIR);
let views: ExperimentView[];

beforeAll(async () => {
  const loaded: LoadedExperiment[] = await loadRealExperiments();
  views = loaded.map((experiment) => experimentView(experiment));
}, LOAD_TIMEOUT_MS);

async function open(id: string, width: number): Promise<Page> {
  const page = await site.open(`/experiments/${id}/`, { viewport: { width, height: 900 } });
  await waitForReady(page);
  return page;
}

/** What the page shows: each verdict entry's and ratio cell's badges, and each bar's. */
interface Shown {
  key: string;
  group: string;
  run: string;
  rules: string[];
}

function shownVerdict(page: Page): Promise<Shown[]> {
  return page.$$eval('[data-verdict] .verdict-entry', (entries) =>
    entries.map((entry) => ({
      key: entry.closest('[data-verdict-metric]')?.getAttribute('data-verdict-metric') ?? '',
      group: entry.closest('li')?.getAttribute('data-group') ?? '',
      run: entry.getAttribute('data-run') ?? '',
      rules: [...entry.querySelectorAll('a.finding-badge')].map((badge) => badge.getAttribute('data-rule') ?? ''),
    })),
  );
}

function shownBars(page: Page): Promise<Shown[]> {
  return page.$$eval('svg.chart[data-chart="bar"] rect.bar', (bars) =>
    bars.map((bar) => {
      const svg = bar.closest('svg');
      const run = bar.getAttribute('data-run') ?? '';
      const group = bar.getAttribute('data-group') ?? '';
      const badges = [...(svg?.querySelectorAll('.finding-badge') ?? [])].filter(
        (badge) => badge.getAttribute('data-run') === run && badge.getAttribute('data-group') === group,
      );
      return {
        key: svg?.getAttribute('data-key') ?? '',
        group,
        run,
        rules: badges.map((badge) => badge.getAttribute('data-rule') ?? ''),
      };
    }),
  );
}

/** The rules of a bar cell in the view, by chart key (sections' metrics: keys are unique on the page). */
function cellRules(view: ExperimentView, key: string, run: string, group: string): string[] {
  for (const section of view.sections) {
    const cell = section.metrics
      .find((metric) => metric.key === key)
      ?.cells.find((c) => c.run === run && c.group === group);
    if (cell !== undefined) return (cell.findings ?? []).map((found) => found.rule);
  }
  return [];
}

/** Experiments with an error or warning finding: those are badged on their numbers (notes are not). */
const flagged = () => views.filter((view) => view.findings.list.some((found) => found.severity !== 'note'));

describe('lint badges on the experiment pages', () => {
  test(
    'on every verdict entry and bar whose number has a finding, its rule ids; none elsewhere',
    async () => {
      expect(flagged().map((view) => view.id)).toEqual(expect.arrayContaining([MSA70, LOOPBACK]));
      let badged = 0;
      for (const view of views) {
        const page = await open(view.id, 1280);
        const metrics = verdict(view.sections, view.experiment.headline);
        for (const entry of await shownVerdict(page)) {
          const metric = metrics.find((candidate) => (candidate.chartKey ?? candidate.title) === entry.key);
          const line = metric?.lines.find((candidate) => candidate.groupKey === entry.group);
          const expected = line?.entries.find((candidate) => candidate.run === entry.run)?.findings ?? [];
          expect(entry.rules, `${view.id} verdict ${entry.key} ${entry.group} ${entry.run}`).toEqual(
            expected.map((found) => found.rule),
          );
        }
        // Pages without bars (a published sweep, an experiment awaiting runs) have none to check.
        const bars = await shownBars(page);
        for (const bar of bars) {
          if (bar.rules.length > 0) badged++;
          expect(bar.rules, `${view.id} bar ${bar.key} ${bar.group} ${bar.run}`).toEqual(
            cellRules(view, bar.key, bar.run, bar.group),
          );
        }
        await page.context().close();
      }
      // MSA70's and the loopback's flagged bars at the least.
      expect(badged).toBeGreaterThan(10);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  test('links every badge to its rule’s entry on /rules/, whose anchor is there', async () => {
    const hrefs = new Set<string>();
    for (const view of flagged()) {
      const page = await open(view.id, 1280);
      const found = await page.$$eval('a.finding-badge', (badges) =>
        badges.map((badge) => badge.getAttribute('href') ?? ''),
      );
      expect(found.length, view.id).toBeGreaterThan(0);
      for (const href of found) hrefs.add(href);
      await page.context().close();
    }
    const rules = await site.open('/rules/');
    for (const href of hrefs) {
      const [path, anchor = ''] = href.split('#');
      expect(path, href).toBe('/rules/');
      expect(anchor, href).toMatch(/^bf\d{3}$/);
      await expect(rules.locator(`[id="${anchor}"]`).count(), href).resolves.toBe(1);
      // The entry names its rule.
      await expect(rules.locator(`[id="${anchor}"] dt`).textContent()).resolves.toContain(anchor.toUpperCase());
    }
    await rules.context().close();
  });

  test('shows the seeds’ anomalies beside their verdict rows at 1280 and 390 px', async () => {
    const cases = [
      { id: MSA70, group: 'random-write-buf', run: 'xfs', rules: ['BF102', 'BF103'] },
      { id: LOOPBACK, group: 'sequential-write-buffered', run: 'xfs', rules: ['BF001'] },
    ];
    for (const width of [1280, 390]) {
      for (const { id, group, run, rules } of cases) {
        const page = await open(id, width);
        const entry = page
          .locator(`[data-verdict] li[data-group="${group}"] .verdict-entry[data-run="${run}"]`)
          .first();
        for (const rule of rules) {
          const badge = entry.locator(`a.finding-badge[data-rule="${rule}"]`);
          await expect(badge.isVisible(), `${id} ${rule} at ${width}`).resolves.toBe(true);
          const box = await badge.boundingBox();
          expect(box === null ? Infinity : box.x + box.width, `${id} ${rule} at ${width}`).toBeLessThanOrEqual(width);
        }
        await page.context().close();
      }
    }
  });
});
