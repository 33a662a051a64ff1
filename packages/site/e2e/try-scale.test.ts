import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CANDIDATE_LIMIT } from '../src/try/compare/candidate-experiments.ts';
import { REPO_ROOT } from './helpers/build-site.ts';
import { servedSite } from './helpers/served-site.ts';
import { openTryPage, pasteAndParse } from './try/try-page-driver.ts';

// /try on a site with more experiments of one workload than it ranks among: 61 copies of the
// MSA70's fio random writes (content/results, 2011-07) under new folder names. The page carries
// no list of them, and fetches the runs of the 60 newest alone, each experiment's from its file.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const COPIES = CANDIDATE_LIMIT + 1;
const TIMEOUT_MS = 120_000;

const contentDir = mkdtempSync(join(tmpdir(), 'benchfolio-try-scale-'));
for (let n = 1; n <= COPIES; n++)
  cpSync(join(RESULTS_DIR, MSA70), join(contentDir, `${MSA70}-copy${n}`), { recursive: true });
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const site = servedSite(contentDir);

describe('/try on a site of more experiments than it ranks among', () => {
  test(
    'the page lists no experiment, and a pasted fio randwrite fetches the runs of the 60 newest like it, and says so',
    async () => {
      const html = readFileSync(join(site.build.outDir, 'try', 'index.html'), 'utf8');
      // One experiment is named, by the fio sample button's raw file; no list of them.
      const named = new Set(html.match(new RegExp(`${MSA70}-copy\\d+`, 'g')));
      expect(named.size).toBeLessThanOrEqual(1);
      const settings = /id="try-settings"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
      expect(Object.keys(JSON.parse(settings ?? 'null'))).toEqual(['base']);

      const session = await openTryPage(site.browser, site.url('/'));
      const { page } = session;
      const fetched: Array<{ path: string; bytes: number }> = [];
      page.context().on('response', async (response) => {
        const { pathname } = new URL(response.url());
        fetched.push({ path: pathname, bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
      });
      const vps = readFileSync(
        join(REPO_ROOT, 'packages/parsers/fixtures/corpus/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt'),
        'utf8',
      );
      await pasteAndParse(page, vps);
      const status = page.locator('[data-compare-status]');
      await status.filter({ hasNotText: 'Loading' }).waitFor({ timeout: 60_000 });
      expect(await status.textContent()).toBe(
        `${CANDIDATE_LIMIT * 3} published runs ran workloads like yours; the 3 most alike of the same kind are ticked. ` +
          `Ranked among the ${CANDIDATE_LIMIT} newest of the ${COPIES} experiments with a workload like yours.`,
      );
      const runFiles = fetched.filter(({ path }) => path.endsWith('/compare-runs.json'));
      expect(runFiles).toHaveLength(CANDIDATE_LIMIT);
      expect(fetched.filter(({ path }) => path.endsWith('/compare/runs.json'))).toEqual([]);
      // Each experiment's file holds its three runs: a few kilobytes, however many experiments there are.
      for (const { path, bytes } of runFiles) expect(bytes, path).toBeLessThan(30_000);
      // All experiments are equally alike (copies): the newest experiment first, the folder name breaking ties.
      const first = await page.locator('[data-compare-choice-item]').first().getAttribute('data-compare-choice-item');
      expect(first).toBe(`${MSA70}-copy1/ext3`);
      // Of the search index: its script, worker and wasm, its small entry, meta and filter files,
      // and one record (fragment) per candidate for its id.
      const fragments = fetched.filter(({ path }) => /^\/pagefind\/\d+\/fragment\//.test(path));
      expect(fragments).toHaveLength(CANDIDATE_LIMIT);
      for (const { path, bytes } of fetched.filter(({ path }) => path.startsWith('/pagefind/'))) {
        expect(bytes, path).toBeLessThan(100_000);
      }
      expect(session.problems).toEqual([]);
      await page.context().close();
    },
    TIMEOUT_MS,
  );
  test(
    'the submission form finds a published experiment by words of its title, and checks a folder name',
    async () => {
      const session = await openTryPage(site.browser, site.url('/'));
      const { page } = session;
      const vps = readFileSync(
        join(REPO_ROOT, 'packages/parsers/fixtures/corpus/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt'),
        'utf8',
      );
      await pasteAndParse(page, vps);
      const form = page.locator('[data-submission-form]');
      await form.getByLabel('Add this run to a published experiment').check();
      const field = form.getByLabel('Experiment: its folder name, or words of its title to find it');
      // The MSA70's title: "ext3 vs ext4 vs xfs with fio 1.57 on an HP MSA70 (24 × 10k SAS, RAID 10)".
      await field.fill('MSA70');
      const found = form.locator('[data-existing-suggestions]');
      await found.filter({ hasText: 'match' }).waitFor();
      expect(await found.textContent()).toBe('8 published experiments match “MSA70”: pick one from the field’s list.');
      const suggested = await form
        .locator('datalist option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(suggested).toHaveLength(8);
      expect(suggested.every((id) => new RegExp(`^${MSA70}-copy\\d+$`).test(id))).toBe(true);
      const issue = form.locator('[data-submission-issues] li[data-field="existing-experiment"]');
      await field.fill(suggested[0] as string);
      await issue.waitFor({ state: 'detached' });
      await field.fill(`${MSA70}-copy${COPIES + 1}`);
      await issue.filter({ hasText: 'no published experiment has the folder name' }).waitFor();
      expect(session.problems).toEqual([]);
      await page.context().close();
    },
    TIMEOUT_MS,
  );
});
