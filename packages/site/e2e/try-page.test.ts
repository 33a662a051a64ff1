import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { injectAxe } from './helpers/page-layout.ts';
import { sharedBuild } from './helpers/shared-build.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';
import { dropFetchedFile, fetchFileIntoPage, type ProgressSample, sampleProgress } from './try/drop-file.ts';
import { buildIostatLog, type IostatLog } from './try/iostat-log.ts';
import {
  bonnieFirstIoRate,
  bonnieVersion,
  fioVersion,
  fioWriteIops,
  iostatHighestPeak,
  sysbenchEventsPerSecond,
  sysbenchVersion,
  sysbenchWritesPerSecond,
} from './try/raw-numbers.ts';
import { makeRealOutputs, type RealOutput, type RealOutputs } from './try/real-outputs.ts';
import { loadSeedOutputs, type SeedOutput } from './try/seed-outputs.ts';
import { downloadZip, fillDiskModels, fillSubmission, listedIssues, unzipInto, validate } from './try/submission.ts';
import {
  charts,
  chooseFiles,
  DESKTOP,
  exactValues,
  holdsValue,
  openTryPage,
  outputAttributes,
  outputSections,
  PHONE,
  pasteAndParse,
  type TrySession,
  waitForDone,
} from './try/try-page-driver.ts';

// The /try page of the site built from content/results, driven as a reader drives it: real
// outputs of fio 3.33, bonnie++ 2.00a, sysbench 1.0.20 and iostat 12.6.1 made when the file
// starts, every raw output committed from the seed posts, several files at once, a 100 MB iostat
// log dropped on the page, a broken output, the page's script budget, and the promise that
// nothing leaves the browser. Screenshots go to e2e/screenshots/try-*.png (git-ignored).

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const BEFORE_ALL_TIMEOUT_MS = 240_000;
const PAGE_TIMEOUT_MS = 30_000;
const SEEDS_TIMEOUT_MS = 60_000;
/** Building the log, reading it into the page, parsing it in the worker, drawing its charts. */
const BIG_LOG_TIMEOUT_MS = 300_000;
const BIG_LOG_PARSE_TIMEOUT_MS = 240_000;
const BIG_LOG_BYTES = 100 * 1024 * 1024;
/** The issue: at most 150 KB of script, gzipped, before a file is given. */
const MAX_SCRIPT_GZIP_BYTES = 150 * 1024;
/** Files the tests serve beside the site (the 100 MB log): from the temporary folder, never in the repository. */
const SERVED_DIR = 'e2e-try';

let build: SiteBuild;
let server: StaticServer;
let browser: Browser;
let real: RealOutputs;
let seeds: SeedOutput[];
let tempDir: string;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'benchfolio-try-e2e-'));
  const [built, outputs, seedOutputs] = await Promise.all([
    sharedBuild(RESULTS_DIR),
    makeRealOutputs(tempDir),
    loadSeedOutputs(RESULTS_DIR),
  ]);
  build = built;
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  real = outputs;
  seeds = seedOutputs;
  // The built site is shared with other test files: what the tests add is served from tempDir.
  server = await serveStatic(build.outDir, join(tempDir, 'served'));
  browser = await launchChromium();
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
}, BEFORE_ALL_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await build?.cleanup();
  if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
});

function open(viewport: { width: number; height: number } = DESKTOP): Promise<TrySession> {
  return openTryPage(browser, server.url, viewport);
}

/** Nothing went wrong on the page, and nothing left the site's origin. */
async function closeClean(session: TrySession, what: string): Promise<void> {
  expect(session.problems, `${what}: page problems`).toEqual([]);
  expect(session.foreignRequests, `${what}: requests leaving the origin`).toEqual([]);
  await session.page.context().close();
}

describe('the /try page before any output', () => {
  test(
    'says that nothing leaves the browser',
    async () => {
      const session = await open();
      const privacy = session.page.locator('[data-try-privacy]');
      expect(await privacy.isVisible()).toBe(true);
      expect(await privacy.textContent()).toMatch(/nothing leaves your browser/i);
      expect(await session.page.locator('[data-try-results]').getAttribute('data-state')).toBe('idle');
      expect(await session.page.getByLabel('Paste an output').count()).toBe(1);
      await closeClean(session, 'empty page');
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    `loads at most ${MAX_SCRIPT_GZIP_BYTES / 1024} KB of JavaScript, gzipped, before a file is given`,
    async () => {
      const session = await open();
      const scripts = await session.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.endsWith('.js')),
      );
      let gzipBytes = 0;
      for (const script of scripts) {
        const path = decodeURIComponent(new URL(script).pathname);
        gzipBytes += gzipSync(await readFile(join(build.outDir, path))).length;
      }
      expect(gzipBytes, scripts.join(', ')).toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
      await closeClean(session, 'script budget');
    },
    PAGE_TIMEOUT_MS,
  );
});

interface RealCase {
  title: string;
  output: () => RealOutput;
  tool: string;
  format: string;
  /** The version as the output prints it; empty when the tool prints none (iostat). */
  version: (text: string) => string;
  /** A number a reader would quote, read from the raw text, in the unit the page prints it. */
  keyNumber: (text: string) => { value: number; unit: string; what: string };
}

const REAL_CASES: RealCase[] = [
  {
    title: 'fio 3.33, normal output',
    output: () => real.fioNormal,
    tool: 'fio',
    format: 'normal',
    version: fioVersion,
    keyNumber: (text) => ({ value: fioWriteIops(text), unit: 'op/s', what: 'write IOPS' }),
  },
  {
    title: 'fio 3.33, JSON output',
    output: () => real.fioJson,
    tool: 'fio',
    format: 'json',
    version: fioVersion,
    keyNumber: (text) => ({ value: fioWriteIops(text), unit: 'op/s', what: 'write IOPS' }),
  },
  {
    title: 'bonnie++ 2.00a, table and CSV line',
    output: () => real.bonnie,
    tool: 'bonnie',
    format: 'table',
    version: bonnieVersion,
    keyNumber: (text) => {
      const { test, bytesPerSec } = bonnieFirstIoRate(text);
      return { value: bytesPerSec, unit: 'B/s', what: test };
    },
  },
  {
    title: 'sysbench 1.0.20 cpu',
    output: () => real.sysbenchCpu,
    tool: 'sysbench',
    format: 'text',
    version: sysbenchVersion,
    keyNumber: (text) => ({ value: sysbenchEventsPerSecond(text), unit: 'op/s', what: 'events per second' }),
  },
  {
    title: 'sysbench 1.0.20 fileio',
    output: () => real.sysbenchFileio,
    tool: 'sysbench',
    format: 'text',
    version: sysbenchVersion,
    keyNumber: (text) => ({ value: sysbenchWritesPerSecond(text), unit: 'op/s', what: 'writes/s' }),
  },
  {
    title: 'iostat 12.6.1 -x -t -k',
    output: () => real.iostat,
    tool: 'iostat',
    format: 'text',
    version: () => '',
    keyNumber: (text) => {
      const peak = iostatHighestPeak(text, 'w/s');
      return { value: peak.value, unit: 'op/s', what: `${peak.device}'s peak w/s` };
    },
  },
];

/** fio names itself `fio-3.33` (3.x) or `fio 1.57` (1.x): the page may keep or drop the prefix, not the number. */
function versionNumber(version: string | null): string {
  return (version ?? '').replace(/^fio[- ]/, '');
}

describe('real outputs made in the test, pasted', () => {
  test.each(REAL_CASES)(
    '$title: the tool, format and version detected, its key number in the table, a chart',
    async ({ output, tool, format, version, keyNumber }) => {
      const { text, command } = output();
      const session = await open();
      await pasteAndParse(session.page, text);
      const sections = outputSections(session.page);
      expect(await sections.count(), command).toBe(1);
      const section = sections.first();
      const attributes = await outputAttributes(section);
      expect(attributes, command).toMatchObject({ ok: 'true', tool, format });
      expect(versionNumber(attributes.version), command).toBe(versionNumber(version(text)));
      const detected = (await section.locator('[data-try-detected]').textContent()) ?? '';
      if (version(text) !== '') expect(detected).toContain(versionNumber(version(text)));
      const key = keyNumber(text);
      const values = await exactValues(section, key.unit);
      expect(holdsValue(values, key.value), `${command}: ${key.what} ${key.value} ${key.unit} in ${values}`).toBe(true);
      expect(await charts(session.page).count(), `${command}: charts`).toBeGreaterThan(0);
      await closeClean(session, command);
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('the raw outputs of the seed posts, pasted', () => {
  test(
    'each is read as the tool run.yaml names, with its version and key number',
    async () => {
      // 2011-07 (fio 1.57, three runs) and 2011-11 (bonnie++ 1.96, six runs) keep raw outputs.
      expect(seeds.map((seed) => seed.tool).sort()).toEqual([...Array(6).fill('bonnie'), ...Array(3).fill('fio')]);
      const session = await open();
      for (const seed of seeds) {
        const where = `${seed.experiment}/${seed.run}/${seed.name}`;
        await pasteAndParse(session.page, seed.text);
        const section = outputSections(session.page).first();
        const attributes = await outputAttributes(section);
        expect(attributes, where).toMatchObject({ ok: 'true', tool: seed.tool });
        if (seed.tool === 'fio') {
          expect(versionNumber(attributes.version), where).toBe(fioVersion(seed.text));
          const iops = fioWriteIops(seed.text);
          expect(holdsValue(await exactValues(section, 'op/s'), iops), `${where}: iops=${iops}`).toBe(true);
        } else {
          expect(attributes.version, where).toBe(bonnieVersion(seed.text));
          const { test: bonnieTest, bytesPerSec } = bonnieFirstIoRate(seed.text);
          expect(holdsValue(await exactValues(section, 'B/s'), bytesPerSec), `${where}: ${bonnieTest}`).toBe(true);
        }
        expect(await charts(session.page).count(), `${where}: charts`).toBeGreaterThan(0);
      }
      await closeClean(session, 'seed outputs');
    },
    SEEDS_TIMEOUT_MS,
  );
});

describe('several files chosen at once', () => {
  test(
    'give one section per file, in the order given, each with its tool',
    async () => {
      const files = [real.sysbenchCpu, real.fioNormal, real.iostat, real.bonnie, real.fioJson];
      const session = await open();
      await chooseFiles(session.page, files);
      const sections = outputSections(session.page);
      expect(await sections.count()).toBe(files.length);
      const seen = await Promise.all(files.map((_, index) => outputAttributes(sections.nth(index))));
      expect(seen.map((attributes) => `${attributes.name} ${attributes.tool} ${attributes.ok}`)).toEqual([
        `${real.sysbenchCpu.name} sysbench true`,
        `${real.fioNormal.name} fio true`,
        `${real.iostat.name} iostat true`,
        `${real.bonnie.name} bonnie true`,
        `${real.fioJson.name} fio true`,
      ]);
      expect(await session.page.locator('[data-try-status]').textContent()).toMatch(/Parsed 5 outputs/);
      await closeClean(session, 'several files');
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('an output with a number broken', () => {
  test(
    'shows the error code, where, and its line highlighted in view',
    async () => {
      // fio's "IOPS=180k" with its first digit replaced by "x": not a number any more.
      const lines = real.fioNormal.text.split('\n');
      const index = lines.findIndex((line) => /^\s*write: IOPS=\d/.test(line));
      const original = lines[index] as string;
      const column = original.indexOf('IOPS=') + 'IOPS='.length + 1;
      const broken = `${original.slice(0, column - 1)}x${original.slice(column)}`;
      lines[index] = broken;
      const session = await open();
      await pasteAndParse(session.page, lines.join('\n'));
      const section = outputSections(session.page).first();
      expect(await outputAttributes(section)).toMatchObject({ ok: 'false', tool: 'fio' });
      const error = section.locator('[data-try-error]');
      expect(await error.isVisible()).toBe(true);
      expect(await error.locator('[data-error-code]').textContent()).toBe('BAD_NUMBER');
      expect(await error.locator('[data-error-where]').textContent()).toBe(`line ${index + 1}, column ${column}`);
      expect(((await error.locator('[data-error-message]').textContent()) ?? '').length).toBeGreaterThan(0);
      expect(((await error.locator('[data-error-expected]').textContent()) ?? '').length).toBeGreaterThan(0);
      const offending = error.locator('ol[data-try-excerpt] li[data-offending="true"]');
      expect(await offending.count()).toBe(1);
      expect(await offending.getAttribute('data-line')).toBe(String(index + 1));
      expect(await offending.getAttribute('class')).toContain('is-offending');
      expect(await offending.textContent()).toBe(broken);
      expect(await isInViewport(offending)).toBe(true);
      await closeClean(session, 'broken output');
    },
    PAGE_TIMEOUT_MS,
  );
});

/** Whether the element is wholly inside the window, as the reader sees it without scrolling. */
async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

function seed(name: string): SeedOutput {
  const found = seeds.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no ${name} among the seed outputs`);
  return found;
}

/** Ticks the published run alone in "Compare with published runs" and waits for its charts. */
async function showComparison(page: Page, runId: string): Promise<void> {
  const choice = page.locator(`input[data-compare-choice][value="${runId}"]`);
  await choice.waitFor({ state: 'visible', timeout: 10_000 });
  const ticked = await page
    .locator('input[data-compare-choice]:checked')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  for (const other of ticked.filter((value) => value !== runId)) {
    await page.locator(`input[data-compare-choice][value="${other}"]`).uncheck();
  }
  await choice.check();
  await page
    .locator('[data-compare-results] figure[data-metric="compare-fio-write-iops"] rect.bar[data-run]')
    .first()
    .waitFor({ timeout: 10_000 });
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-compare-results] figure[data-metric="compare-fio-write-iops"] svg').length > 0 &&
      !document.querySelector('[data-compare-results][aria-busy]'),
  );
}

/**
 * What sticks out of the window sideways (the page then scrolls sideways on a phone): the
 * outermost elements wider than the viewport, as `tag.class[data-…]`.
 */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const describe = (node: Element) => {
      const data = Object.keys((node as HTMLElement).dataset ?? {}).map(
        (key) => `[data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}]`,
      );
      const classes = node.classList.length > 0 ? `.${Array.from(node.classList).join('.')}` : '';
      const name = node.getAttribute('name');
      return `${node.tagName.toLowerCase()}${classes}${data.join('')}${name === null ? '' : `[name=${name}]`}`;
    };
    const culprits: string[] = [];
    for (const node of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (node.getBoundingClientRect().right <= width + 1) continue;
      // Only the outermost: inside a scrolling or clipping box, overflow is the box's business.
      const parent = node.parentElement;
      if (parent !== null && parent.getBoundingClientRect().right > width + 1) continue;
      let box = parent;
      while (box !== null && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (box !== null && box !== document.body && box !== document.documentElement) continue;
      // A label says little: name the control it holds too.
      const control = node.querySelector('select, input, textarea, table, svg');
      const inner = control === null ? '' : ` holding ${describe(control)}`;
      culprits.push(`${describe(node)}${inner} (${Math.round(node.getBoundingClientRect().width)} px)`);
    }
    return culprits;
  });
}

describe('a 100 MB iostat log dropped on the page', () => {
  test(
    'parses in the background: the page answers throughout, shows progress, then the series',
    async () => {
      const logPath = join(tempDir, 'served', SERVED_DIR, 'iostat--100mb.txt');
      await mkdir(join(tempDir, 'served', SERVED_DIR), { recursive: true });
      const log: IostatLog = await buildIostatLog(real.iostatAllDevices.text, BIG_LOG_BYTES, logPath);
      const session = await open();
      const { page } = session;
      const size = await fetchFileIntoPage(page, `/${SERVED_DIR}/iostat--100mb.txt`, 'iostat--100mb.txt');
      expect(size).toBe(log.sizeBytes);

      // Over 1 MB, the page parses in a web worker (the issue): note the workers it starts.
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      const started = performance.now();
      await dropFetchedFile(page);
      // Look at the page until it has drawn the log. How fast it answers is measured by
      // `npm run bench:try`, not here: this test passes on a machine whose cores are all busy.
      const samples: ProgressSample[] = [];
      while (performance.now() - started < BIG_LOG_PARSE_TIMEOUT_MS) {
        const sample = await sampleProgress(page);
        samples.push(sample);
        if (sample.state === 'done') break;
        await page.waitForTimeout(200);
      }
      await waitForDone(page, 1_000);
      const parsing = samples.filter((sample) => sample.state === 'parsing');
      const progressValues = new Set(parsing.flatMap((sample) => (sample.isProgressShown ? [sample.progress] : [])));
      const report = `${log.sizeBytes} bytes, ${log.reportCount} reports, ${progressValues.size} progress values over ${samples.length} looks`;

      expect(progressValues.size, report).toBeGreaterThanOrEqual(3);
      // The page answered every look: each found the results element and its state.
      expect(
        samples.filter((sample) => sample.state === null),
        report,
      ).toEqual([]);
      const section = outputSections(page).first();
      expect(await outputAttributes(section)).toMatchObject({ name: 'iostat--100mb.txt', ok: 'true', tool: 'iostat' });
      // The compare view's search index (Pagefind) runs in a worker of its own: not a parse worker.
      expect(
        workers.filter((url) => !url.includes('/pagefind/')),
        'a parse worker',
      ).toHaveLength(1);
      // Every report was read: the device table counts those after the since-boot one.
      const caption = await section.locator('table[data-try-table] caption').first().textContent();
      expect(caption).toContain(`(${log.reportCount - 1} reports after the since-boot one)`);
      // The log repeats the real output's interval reports: the highest %util peak is theirs.
      const peak = iostatHighestPeak(real.iostatAllDevices.text, '%util');
      expect(holdsValue(await exactValues(section, '%'), peak.value), `${peak.device} peak %util ${peak.value}`).toBe(
        true,
      );
      expect(await charts(page).count(), 'time-series charts').toBeGreaterThan(0);
      await page.locator('[data-try-sections]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS_DIR, 'try-iostat-100mb-desktop.png') });
      await closeClean(session, '100 MB log');
      await rm(logPath);
    },
    BIG_LOG_TIMEOUT_MS,
  );
});

describe('the submission form', () => {
  test(
    'downloads a zip of a new experiment with this run that benchfolio validate accepts',
    async () => {
      const session = await open();
      const { page } = session;
      await pasteAndParse(page, real.fioNormal.text);
      const form = page.locator('[data-try-submission] form');
      await form.waitFor({ state: 'visible', timeout: 10_000 });
      // The date of the runs: what the outputs gave (fio prints when the job ran), else today.
      const dateControl = form.locator('[name="experiment.date"]');
      if ((await dateControl.inputValue()).trim() === '') await dateControl.fill(new Date().toISOString().slice(0, 10));
      const month = (await dateControl.inputValue()).slice(0, 7);
      // fio ran on a folder under the OS temp dir: ext4 on the machine the tests were written on.
      await fillSubmission(form, {
        'experiment-id': `${month}-try-page-fio-randwrite`,
        'experiment.title': 'fio random writes through the page cache on a temporary folder',
        'experiment.summary': 'One second of 4k random writes with fio 3.33, made by the /try page test.',
        'experiment.variable.kind': 'filesystem',
        'experiment.authors': 'benchfolio e2e test',
        'experiment.license': 'CC-BY-4.0',
        'run-id': 'tmp',
        label: 'temporary folder',
        value: 'ext4',
        'system.filesystem.type': 'ext4',
      });
      await fillDiskModels(form);
      const zipDir = await mkdtemp(join(tempDir, 'submission-'));
      const button = form.locator('button[data-submission-download]');
      let zipPath: string;
      try {
        zipPath = await downloadZip(page, button, zipDir);
      } catch (error) {
        const status = await form.locator('.submission-download-status').textContent();
        throw new Error(`no download (${status}); the form lists: ${(await listedIssues(form)).join(' | ')}`, {
          cause: error,
        });
      }
      const unzipped = join(zipDir, 'unzipped');
      const names = await unzipInto(zipPath, unzipped);
      const experimentYaml = names.find((name) => name.endsWith('experiment.yaml'));
      if (experimentYaml === undefined) throw new Error(`no experiment.yaml in the zip: ${names.join(', ')}`);
      expect(names, names.join(', ')).toContain(experimentYaml.replace('experiment.yaml', 'runs/tmp/run.yaml'));
      const experimentDir = join(unzipped, experimentYaml.replace(/\/?experiment\.yaml$/, ''));
      // The pasted output goes into the run folder beside run.yaml, as validate parses it.
      const runFiles = names.filter((name) => name.includes('runs/tmp/') && !name.endsWith('run.yaml'));
      expect(runFiles, names.join(', ')).toHaveLength(1);
      const zipped = await readFile(join(unzipped, runFiles[0] as string), 'utf8');
      expect(zipped).toBe(real.fioNormal.text);
      const result = await validate(experimentDir);
      expect(result.exitCode, `benchfolio validate ${experimentDir}:\n${result.output}`).toBe(0);
      await closeClean(session, 'submission');
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('compare with a published run', () => {
  test(
    "a seed's own output beside its published run: every bar the same, each at 1x the baseline",
    async () => {
      const ext3 = seed('fio--ext3.txt');
      const session = await open();
      const { page } = session;
      await pasteAndParse(page, ext3.text);
      const published = `${ext3.experiment}/${ext3.run}`;
      await showComparison(page, published);
      const bars = await page
        .locator('[data-compare-results] rect.bar')
        .evaluateAll((rects) => rects.map((rect) => ({ ...(rect as SVGElement).dataset })));
      const yours = bars.filter((bar) => bar.run === 'yours');
      expect(yours.length).toBeGreaterThan(0);
      for (const bar of yours) {
        const theirs = bars.filter((other) => other.run === published && other.group === bar.group);
        expect(
          theirs.map((other) => other.value),
          `${bar.group}`,
        ).toContain(bar.value);
        expect(Number(bar.ratio), `${bar.group} ratio`).toBe(1);
      }
      // fio--ext3.txt: "iops=7118" for random-write-direct, the first job.
      expect(yours.map((bar) => Number(bar.value))).toContain(fioWriteIops(ext3.text));
      await closeClean(session, 'compare');
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('screenshots', () => {
  test(
    'of the parsed, error and compare states, on a desktop and a 390 px phone, none wider than the window',
    async () => {
      const ext3 = seed('fio--ext3.txt');
      const overflows: string[] = [];
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const session = await open(viewport);
        const { page } = session;
        const look = async (state: string, fullPage: boolean) => {
          await page.screenshot({ path: join(SCREENSHOTS_DIR, `try-${state}-${device}.png`), fullPage });
          for (const culprit of await horizontalOverflow(page)) overflows.push(`${state} on ${device}: ${culprit}`);
        };
        await pasteAndParse(page, real.fioNormal.text);
        await look('parsed', true);
        await pasteAndParse(page, real.fioNormal.text.replace(/IOPS=\d/, 'IOPS=x'));
        await look('error', false);
        // The seed's fio 1.57 output beside its own published run.
        await pasteAndParse(page, ext3.text);
        await showComparison(page, `${ext3.experiment}/${ext3.run}`);
        await look('compare', true);
        await closeClean(session, `screenshots (${device})`);
      }
      expect(overflows).toEqual([]);
    },
    PAGE_TIMEOUT_MS * 2,
  );
});

describe('accessibility', () => {
  /** axe-core's serious and critical violations on the page as it is, as "rule: target" lines. */
  async function seriousViolations(page: Page): Promise<string[]> {
    await injectAxe(page);
    const violations = await page.evaluate(async () => {
      type Violation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
      return (await (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe.run())
        .violations;
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }

  test(
    'axe-core finds no serious or critical problem when empty, parsed, compared or failed, in light and dark',
    async () => {
      const ext3 = seed('fio--ext3.txt');
      const found: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        const session = await open();
        const { page } = session;
        await page.emulateMedia({ colorScheme: scheme });
        const check = async (state: string) => {
          for (const problem of await seriousViolations(page)) found.push(`${scheme}, ${state}: ${problem}`);
        };
        await check('empty');
        await pasteAndParse(page, ext3.text);
        await showComparison(page, `${ext3.experiment}/${ext3.run}`);
        await check('parsed and compared');
        await pasteAndParse(page, real.fioNormal.text.replace(/IOPS=\d/, 'IOPS=x'));
        await check('failed');
        await closeClean(session, `accessibility (${scheme})`);
      }
      expect(found).toEqual([]);
    },
    PAGE_TIMEOUT_MS * 2,
  );
});

describe('an iostat log pasted', () => {
  test('reads out the devices at the time under the pointer, as the experiment pages do', async () => {
    const session = await open();
    const { page } = session;
    await pasteAndParse(page, real.iostat.text);
    const chart = page.locator('[data-try-sections] figure[data-kind="time-series"] svg').first();
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    if (box === null) throw new Error('no time-series chart');
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    // "At 1 s: Your run · vda 0% · Your run · …": the time, then each device line drawn.
    await expect
      .poll(() => page.locator('[data-try-sections] [data-readout]').first().textContent())
      .toMatch(/^At \d+(\.\d+)? s: Your run · \S+ /);
    await page.mouse.move(0, 0);
    await expect.poll(() => page.locator('[data-try-sections] [data-readout]').first().textContent()).toBe('');
    await closeClean(session, 'iostat read-out');
  });
});
