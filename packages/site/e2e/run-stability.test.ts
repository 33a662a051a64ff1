import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seriesStats } from '@benchfolio/parsers/content';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  hasCommand,
  printedHeadline,
  type RunResult,
  removeAll,
  runnerArgs,
  runRunner,
  tempDir,
  validate,
} from '../../../scripts/runner/helpers.ts';
import { runPagePath } from '../src/data/download-paths.ts';
import { formatHeadline } from '../src/data/run-stability.ts';
import { buildSite, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { seriousAxeViolations, sidewaysOverflow } from './helpers/page-layout.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';
import { openTab, type Tab } from './helpers/tab.ts';

// A run page's "Repeats and spread" (run.yaml `stability:`), on runs made here by the real runner:
// sysbench cpu and memory at 1 thread for 1 s, with --repeat auto --max-repeat 5 --warmup 1 and
// two targets that decide why repeating stops whatever the machine's noise (as
// scripts/runner/repeat-auto.test.ts picks them): 0.0001%, which no series of printed numbers
// meets (stopped at the 5th measured repeat, so drift is tested), and 200%, which any 3 positive
// values meet (at most sqrt(3) = 173%; stopped at the 3rd, drift untested). The table is held to
// the raw outputs, run.yaml and what the runner printed, never to a snapshot of the page. Whether
// a drift is flagged depends on the machine: the test checks whichever happened. Screenshots go
// to e2e/screenshots/run-stability--*.png.

/** The runner's sysbench profiles need sysbench; without it the tests are skipped, saying so. */
const HAS_TOOLS = hasCommand('sysbench');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
/** The runner's six runs and the build, on a machine whose cores are busy. */
const SETUP_TIMEOUT_MS = 600_000;
const MONTH = new Date().toISOString().slice(0, 7);
const EXPERIMENT = `${MONTH}-repeat-auto-target-rsd`;
const MAX_REPEAT = 5;
const RUNS = [
  { run: 'strict', targetRsd: '0.0001', stopped: 'max-repeat' },
  { run: 'loose', targetRsd: '200', stopped: 'target-rsd' },
] as const;
type RunName = (typeof RUNS)[number]['run'];
const WORKLOADS = ['cpu-t1', 'memory-t1'];

/** The fields of run.yaml this test reads. */
interface RunYaml {
  outputs: Array<{ file: string; tool: string; workload: string; repeat: number; warmup?: boolean }>;
  stability: Array<{
    workload: string;
    tool: string;
    metric: string;
    unit: string;
    target_rsd_percent: number;
    max_repeat: number;
    measured: number;
    values: number[];
    mean: number;
    sd: number;
    rsd_percent: number;
    stopped: string;
    drift?: { flagged: boolean; direction: string; change_percent: number; mann_kendall_s: number; p_value: number };
  }>;
}

/** Mann-Kendall's S, rises minus falls over every pair of the series, worked out here. */
function mannKendallS(values: readonly number[]): number {
  let s = 0;
  values.forEach((earlier, i) => {
    for (const later of values.slice(i + 1)) s += Math.sign(later - earlier);
  });
  return s;
}

/** The number in a page's text ("63.6%", "p = 0.82"). */
function numberIn(text: string): number {
  const match = /-?\d+(?:\.\d+)?(?:e-?\d+)?/.exec(text);
  if (match === null) throw new Error(`no number in "${text}"`);
  return Number(match[0]);
}

/** Half a unit of the last digit a number was written with: how far rounding may have moved it. */
function roundingOf(text: string): number {
  const decimals = /\.(\d+)/.exec(text)?.[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals;
}

/** The RSD the runner printed last for a workload, as it printed it ("63.58"). */
function printedRsd(stderr: string, workload: string): string {
  const lines = stderr.split('\n').filter((line) => line.includes(` ${workload}: RSD `));
  const rsd = /: RSD ([\d.]+)% after/.exec(lines.at(-1) ?? '')?.[1];
  if (rsd === undefined) throw new Error(`the runner printed no RSD of ${workload}:\n${stderr}`);
  return rsd;
}

let scratch: string | undefined;
let contentDir: string;
let build: SiteBuild | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;
let tab: Tab | undefined;
const results = new Map<RunName, RunResult>();

const runDir = (run: RunName) => join(contentDir, EXPERIMENT, 'runs', run);
const runYaml = async (run: RunName) => parseYaml(await readFile(join(runDir(run), 'run.yaml'), 'utf8')) as RunYaml;

async function open(run: RunName, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
  if (tab === undefined || server === undefined) throw new Error('the site is not served');
  const { width = 1280, colorScheme = 'light' } = options;
  const url = new URL(runPagePath(EXPERIMENT, run).slice(1), server.url).href;
  return tab.visit(url, { viewport: { width, height: 900 }, colorScheme });
}

/** The "Repeats and spread" section of a run page. */
function stabilitySection(page: Page): Locator {
  return page.getByRole('region', { name: 'Repeats and spread', exact: true });
}

/** A workload's row of the table, as column header -> cell text (the row header under "Workload"). */
async function rowCells(section: Locator, workload: string): Promise<Record<string, string>> {
  const headers = await section.getByRole('columnheader').allTextContents();
  const row = section.getByRole('row').filter({ has: section.page().getByRole('rowheader', { name: workload }) });
  expect(await row.count(), workload).toBe(1);
  const cells = [
    await row.getByRole('rowheader').textContent(),
    ...(await row.getByRole('cell').allTextContents()),
  ].map((text) => (text ?? '').replace(/\s+/g, ' ').trim());
  return Object.fromEntries(headers.map((header, index) => [header.trim(), cells[index] ?? '']));
}

/** The experiment.yaml a contributor would write for these two runs. */
function experimentYaml(): string {
  return [
    'title: sysbench cpu and memory repeated until stable, at a target RSD of 0.0001% and of 200%',
    'summary: >-',
    '  scripts/benchfolio-run --repeat auto on one machine, after one warm-up run: a target no',
    '  series meets stops at --max-repeat 5, one that any three repeats meet stops at 3.',
    'question: How many repeats does --repeat auto take, and why does it stop?',
    'variable:',
    '  kind: other',
    '  name: Target RSD of --repeat auto',
    "  unit: '%'",
    'constant:',
    '  - The same machine and sysbench, 1 thread and 1 second per run, --max-repeat 5 and --warmup 1.',
    'method: >-',
    '  scripts/benchfolio-run --profile sysbench-cpu,sysbench-memory --threads 1 --runtime 1',
    '  --repeat auto --max-repeat 5 --warmup 1 --no-drop-caches --iostat-interval 0, once with',
    '  --target-rsd 0.0001 and once with --target-rsd 200.',
    `date: '${new Date().toISOString().slice(0, 10)}'`,
    'authors: [benchfolio tests]',
    'license: CC-BY-4.0',
    '',
  ].join('\n');
}

beforeAll(async () => {
  if (!HAS_TOOLS) return;
  scratch = await tempDir('site-stability');
  contentDir = join(scratch, 'results');
  for (const { run, targetRsd } of RUNS) {
    const dir = join(scratch, `dir-${run}`);
    await mkdir(dir);
    const result = await runRunner(
      runnerArgs({
        dir,
        experiment: EXPERIMENT,
        run,
        value: targetRsd,
        label: `Target RSD ${targetRsd}%`,
        profile: 'sysbench-cpu,sysbench-memory',
        threads: 1,
        runtime: 1,
        repeat: 'auto',
        maxRepeat: MAX_REPEAT,
        targetRsd,
        warmup: 1,
        noDropCaches: true,
        iostatInterval: 0,
        out: runDir(run),
      }),
    );
    if (result.code !== 0) throw new Error(`the runner failed on ${run}:\n${result.stderr}`);
    results.set(run, result);
  }
  await writeFile(join(contentDir, EXPERIMENT, 'experiment.yaml'), experimentYaml());
  const { errors } = await validate(join(contentDir, EXPERIMENT));
  if (errors.length > 0) throw new Error(`the experiment does not validate:\n${errors.join('\n')}`);
  build = await buildSite(contentDir);
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
  tab = await openTab(browser);
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await tab?.close();
  await browser?.close();
  await server?.close();
  await build?.cleanup();
  await removeAll(scratch);
});

describe.skipIf(!HAS_TOOLS)(
  "a run page's repeats and spread, from runs of the real runner (skipped without sysbench)",
  () => {
    test('the runs stopped as their targets decide: at --max-repeat 5 for 0.0001%, at 3 for 200%', async () => {
      for (const { run, stopped } of RUNS) {
        const yaml = await runYaml(run);
        expect(yaml.stability.map((entry) => [entry.workload, entry.stopped])).toEqual(
          WORKLOADS.map((workload) => [workload, stopped]),
        );
      }
    });

    test('each row shows N, the warm-up, mean, RSD and range of the raw outputs, as run.yaml and the runner have them', async () => {
      for (const { run } of RUNS) {
        const yaml = await runYaml(run);
        const stderr = results.get(run)?.stderr ?? '';
        const { page, problems } = await open(run);
        const section = stabilitySection(page);
        for (const entry of yaml.stability) {
          const outputs = yaml.outputs.filter((o) => o.workload === entry.workload && o.tool === entry.tool);
          const measured = outputs.filter((o) => o.warmup !== true);
          const warmups = outputs.filter((o) => o.warmup === true);
          const values = await Promise.all(
            measured.map(async (o) => printedHeadline(o.tool, await readFile(join(runDir(run), o.file), 'utf8'))),
          );
          expect(entry.values).toEqual(values);
          const stats = seriesStats(values);
          const cells = await rowCells(section, entry.workload);
          const where = `${run} ${entry.workload}`;
          expect(cells.Workload, where).toBe(`${entry.workload} ${entry.tool}`);
          expect(cells.Headline, where).toBe(`${entry.metric} printed in ${entry.unit}`);
          expect(warmups.length, where).toBe(1);
          expect(cells.N, where).toBe(`${measured.length} + ${warmups.length} warm-up`);
          expect(entry.mean / stats.mean, where).toBeCloseTo(1, 5);
          expect(cells.Mean, where).toBe(formatHeadline(entry.mean, entry.unit));
          expect(entry.sd / stats.sd, where).toBeCloseTo(1, 4);
          expect(cells.sd, where).toBe(formatHeadline(entry.sd, entry.unit));
          expect(cells['Min–max'], where).toBe(
            `${formatHeadline(Math.min(...values), entry.unit)}–${formatHeadline(Math.max(...values), entry.unit)}`,
          );
          // The RSD as shown, against the raw outputs' and the runner's last "RSD x.xx%" line.
          const rsd = cells.RSD ?? '';
          expect(rsd, where).toMatch(/^\d+(?:\.\d+)?%$/);
          // (run.yaml keeps 6 significant digits, which may move a rounding by a hair)
          expect(Math.abs(numberIn(rsd) - stats.rsd_percent), where).toBeLessThanOrEqual(
            roundingOf(rsd) + stats.rsd_percent * 1e-5,
          );
          const printed = printedRsd(stderr, entry.workload);
          expect(Math.abs(numberIn(rsd) - Number(printed)), where).toBeLessThanOrEqual(
            roundingOf(rsd) + roundingOf(printed),
          );
        }
        // The warm-up outputs are listed with the others, marked.
        const outputs = page.getByRole('region', { name: 'Outputs', exact: true });
        for (const output of yaml.outputs) {
          const row = outputs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: output.file }) });
          const repeat = (await row.getByRole('cell').nth(3).textContent())?.replace(/\s+/g, ' ').trim();
          expect(repeat, output.file).toBe(output.warmup === true ? `${output.repeat} warm-up` : `${output.repeat}`);
        }
        expect(problems, run).toEqual([]);
      }
    });

    test('each row says why repeating stopped, and a workload that never settled is warned of above the table', async () => {
      for (const { run, targetRsd } of RUNS) {
        const yaml = await runYaml(run);
        const stderr = results.get(run)?.stderr ?? '';
        const { page } = await open(run);
        const section = stabilitySection(page);
        const warnings = section.getByRole('list', { name: 'Warnings about the repeats' });
        for (const entry of yaml.stability) {
          const cells = await rowCells(section, entry.workload);
          const where = `${run} ${entry.workload}`;
          const unsettled = warnings.getByRole('listitem').filter({ hasText: `Not stable: ${entry.workload} ` });
          if (entry.stopped === 'max-repeat') {
            expect(stderr).toMatch(
              new RegExp(
                `warning: ${entry.workload}: RSD .* still not under --target-rsd ${targetRsd}%: --max-repeat 5 reached`,
              ),
            );
            expect(entry.measured).toBe(MAX_REPEAT);
            expect(cells.Stopped, where).toBe(
              `not stable: RSD over ${targetRsd}% at the most repeats allowed (${MAX_REPEAT})`,
            );
            expect(await unsettled.count(), where).toBe(1);
            const text = (await unsettled.textContent())?.replace(/\s+/g, ' ').trim();
            expect(text, where).toBe(
              `Not stable: ${entry.workload} (sysbench) ended at RSD ${cells.RSD} after ${MAX_REPEAT} repeats, ` +
                `the most allowed, above its ${targetRsd}% target.`,
            );
          } else {
            expect(stderr).toMatch(new RegExp(`${entry.workload}: RSD .* under --target-rsd ${targetRsd}%: stable`));
            expect(entry.measured).toBe(3);
            expect(cells.Stopped, where).toBe(`stable: RSD under ${targetRsd}%`);
            expect(await unsettled.count(), where).toBe(0);
          }
        }
        // The runs that settled have nothing to warn of unless a drift was flagged, which 3 repeats never are.
        if (run === 'loose') expect(await warnings.count()).toBe(0);
      }
    });

    test("each row gives the drift test's outcome: tested from 5 repeats, flagged and warned of only when run.yaml says so", async () => {
      for (const { run } of RUNS) {
        const yaml = await runYaml(run);
        const { page } = await open(run);
        const section = stabilitySection(page);
        for (const entry of yaml.stability) {
          const cells = await rowCells(section, entry.workload);
          const where = `${run} ${entry.workload}`;
          const warning = section
            .getByRole('list', { name: 'Warnings about the repeats' })
            .getByRole('listitem')
            .filter({ hasText: `Drift in ${entry.workload} ` });
          const { drift } = entry;
          if (entry.measured < 5) {
            expect(drift, where).toBeUndefined();
            expect(cells.Drift, where).toBe('not tested (fewer than 5 repeats)');
            expect(await warning.count(), where).toBe(0);
            continue;
          }
          if (drift === undefined) throw new Error(`${where}: no drift in run.yaml after ${entry.measured} repeats`);
          expect(drift.mann_kendall_s, where).toBe(mannKendallS(entry.values));
          // Of 5 values, only a series rising or falling at every step has p <= 0.05 (2/120).
          if (Math.abs(drift.mann_kendall_s) < 10) expect(drift.flagged, where).toBe(false);
          const p = /p = ([\d.e-]+)\)$/.exec(cells.Drift ?? '')?.[1];
          expect(p, `${where}: ${cells.Drift}`).toBeDefined();
          expect(Math.abs(Number(p) - drift.p_value), where).toBeLessThanOrEqual(drift.p_value * 0.05);
          if (drift.flagged) {
            expect(cells.Drift, where).toMatch(new RegExp(`^${drift.direction} [\\d.]+% from first to last repeat `));
            const change = Math.abs(drift.change_percent);
            expect(Math.abs(numberIn(cells.Drift?.replace(/^\D+/, '') ?? '') - change), where).toBeLessThanOrEqual(
              change * 0.05,
            );
            expect(await warning.count(), where).toBe(1);
          } else {
            expect(cells.Drift, where).toMatch(/^none \(p = /);
            expect(await warning.count(), where).toBe(0);
          }
        }
      }
    });

    test('the section fits a 390 px phone, its table scrolling with the workloads in view; axe-core passes in light and dark', async () => {
      for (const { run } of RUNS) {
        for (const width of [1280, 390]) {
          for (const colorScheme of ['light', 'dark'] as const) {
            const { page } = await open(run, { width, colorScheme });
            const where = `${run} ${width} px ${colorScheme}`;
            expect(await sidewaysOverflow(page), where).toEqual([]);
            if (width === 1280) expect(await seriousAxeViolations(page), where).toEqual([]);
            await page.screenshot({
              path: join(SCREENSHOTS_DIR, `run-stability--${run}--${width}-${colorScheme}.png`),
              fullPage: true,
            });
            const section = stabilitySection(page);
            await section.screenshot({
              path: join(SCREENSHOTS_DIR, `run-stability--${run}--${width}-${colorScheme}--section.png`),
            });
            if (width !== 390) continue;
            // Scrolled to its last column, the table still names each row's workload.
            const box = section.getByRole('region', { name: 'Repeats and spread, scrollable' });
            await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
            await expect(box.evaluate((element) => element.scrollLeft > 0)).resolves.toBe(true);
            const frame = await box.boundingBox();
            for (const header of await section.getByRole('rowheader').all()) {
              const cell = await header.boundingBox();
              expect(cell?.x, `${where}: ${await header.textContent()}`).toBeGreaterThanOrEqual((frame?.x ?? 0) - 1);
            }
            await section.screenshot({
              path: join(SCREENSHOTS_DIR, `run-stability--${run}--${width}-${colorScheme}--section-scrolled.png`),
            });
          }
        }
      }
    });
  },
);
