import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { buildSite, REPO_ROOT, type SiteBuild } from '../e2e/helpers/build-site.ts';
import { launchChromium } from '../e2e/helpers/chromium.ts';
import { type StaticServer, serveStatic } from '../e2e/helpers/static-server.ts';
import { fetchFileIntoPage } from '../e2e/try/drop-file.ts';
import { buildIostatLog, type IostatLog } from '../e2e/try/iostat-log.ts';
import { makeRealOutputs } from '../e2e/try/real-outputs.ts';
import { openTryPage } from '../e2e/try/try-page-driver.ts';
import { type ParseFigures, SETTLE_MS, type WindowFigures, watchIdle, watchParse } from './try-window.ts';

/**
 * `npm run bench:try`: how well the /try page keeps answering while a large iostat log parses.
 * Builds the site as the e2e tests do, makes a log of --bytes from a real `iostat -x -t -k -p ALL`
 * output (the e2e test's 100 MB log), drops it on /try in Debian's Chromium and measures the parse
 * time, the longest gap of a 16 ms main-thread timer and of animation frames, and the slowest
 * answer to a look. The baseline, measured in the same run: the same page holding the same file,
 * left idle as long as the parse took. Exits 1 when the parse's longest timer gap is over budget.
 * Never run by the tests: they assert no durations.
 */

const USAGE = `usage: npm run bench:try -- [--bytes N] [--runs N] [--json]
  --bytes N   size of the iostat log, in bytes; K, M and G suffixes are 1024-based (default 100M)
  --runs N    parses of the log, each with its idle baseline; the worst run is judged (default 1)
  --json      print the report as JSON`;

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
/**
 * The budget: the longest the main thread may be busy at once while the log parses. Well under
 * the second or so after which a reader takes a page for frozen, and generous for a page whose
 * parse runs in a worker: what is left on the main thread is progress updates and the drawing.
 */
const MAX_TIMER_GAP_MS = 300;
/** An idle page whose timer already misses by this much is on a busy machine. */
const BUSY_IDLE_GAP_MS = 100;
/** Files the bench serves beside the site (the log): under the built site, removed with it. */
const SERVED_DIR = 'bench-try';
const LOG_NAME = 'iostat--bench.txt';
const PARSE_TIMEOUT_MS = 600_000;
const SIZE_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

interface Run {
  parse: ParseFigures;
  idle: WindowFigures;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      bytes: { type: 'string', default: '100M' },
      runs: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const targetBytes = parseBytes(values.bytes);
  const runs = Number(values.runs);
  if (values.help || targetBytes === undefined || !Number.isInteger(runs) || runs < 1) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }

  const workDir = await mkdtemp(join(tmpdir(), 'benchfolio-try-bench-'));
  let build: SiteBuild | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  // Synchronous, so that it is done before Playwright's own SIGINT handler exits the process;
  // the browser goes with the process (Playwright kills it on exit). buildSite writes everything
  // of a build (the site, its cache, the served log) under the folder holding outDir.
  const removeOnSignal = (code: number) => () => {
    rmSync(workDir, { recursive: true, force: true });
    if (build !== undefined) rmSync(dirname(build.outDir), { recursive: true, force: true });
    process.exit(code);
  };
  process.once('SIGINT', removeOnSignal(130));
  process.once('SIGTERM', removeOnSignal(143));
  try {
    process.stderr.write(
      'building the site and making real outputs of the tools (the log repeats iostat -x -t -k -p ALL)...\n',
    );
    const [built, real] = await Promise.all([buildSite(RESULTS_DIR), makeRealOutputs(workDir)]);
    build = built;
    if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
    await mkdir(join(build.outDir, SERVED_DIR));
    const log = await buildIostatLog(real.iostatAllDevices.text, targetBytes, join(build.outDir, SERVED_DIR, LOG_NAME));
    server = await serveStatic(build.outDir);
    browser = await launchChromium();

    const measured: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`run ${run}/${runs}: parsing ${log.sizeBytes} bytes, then the idle baseline...\n`);
      const parse = await measureParse(browser, server.url, log);
      const idle = await measureIdle(browser, server.url, log, parse.windowMs);
      measured.push({ parse, idle });
    }
    const report = describe(log, real.iostatAllDevices.command, measured);
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    return report.isOverBudget ? 1 : 0;
  } finally {
    await browser?.close();
    await server?.close();
    await build?.cleanup();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Bytes from `104857600`, `100M`, `512K`, `1G`; undefined when it is not a positive size. */
function parseBytes(text: string): number | undefined {
  const match = /^(\d+)([KMG]?)$/i.exec(text.trim());
  if (match === null) return undefined;
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] as string).toUpperCase()] as number);
  return bytes > 0 ? bytes : undefined;
}

/** A fresh page holding the log as a File, in its own browser context. */
async function pageWithLog(browser: Browser, siteUrl: string, log: IostatLog) {
  const session = await openTryPage(browser, siteUrl);
  const size = await fetchFileIntoPage(session.page, `/${SERVED_DIR}/${LOG_NAME}`, LOG_NAME);
  if (size !== log.sizeBytes) throw new Error(`the page fetched ${size} bytes of the log, not ${log.sizeBytes}`);
  return session;
}

async function measureParse(browser: Browser, siteUrl: string, log: IostatLog): Promise<ParseFigures> {
  const { page, problems } = await pageWithLog(browser, siteUrl, log);
  try {
    const parse = await watchParse(page, PARSE_TIMEOUT_MS);
    // Figures of a page that failed say nothing about the parse.
    if (!parse.isParsed || problems.length > 0) {
      throw new Error(`the page did not parse the log: ${problems.join('; ') || 'no section with data-ok="true"'}`);
    }
    return parse;
  } finally {
    await page.context().close();
  }
}

/** The same page holding the same file, left idle for as long as the parse was watched. */
async function measureIdle(
  browser: Browser,
  siteUrl: string,
  log: IostatLog,
  durationMs: number,
): Promise<WindowFigures> {
  const { page } = await pageWithLog(browser, siteUrl, log);
  try {
    return await watchIdle(page, durationMs);
  } finally {
    await page.context().close();
  }
}

interface Report {
  logBytes: number;
  reports: number;
  /** The command whose output the log repeats. */
  source: string;
  runs: Run[];
  /** The worst run's longest timer gap while parsing, in ms: the figure the budget judges. */
  worstTimerGapMs: number;
  /** The worst run's longest timer gap while parsing over the same run's idle baseline's. */
  gapRatio: number;
  budgetMs: number;
  isOverBudget: boolean;
  /** Whether an idle page's timer already missed by BUSY_IDLE_GAP_MS: the machine was busy. */
  isMachineBusy: boolean;
}

function describe(log: IostatLog, source: string, runs: Run[]): Report {
  const worst = runs.reduce((a, b) => (b.parse.maxTimerGapMs > a.parse.maxTimerGapMs ? b : a)) as Run;
  return {
    logBytes: log.sizeBytes,
    reports: log.reportCount,
    source,
    runs,
    worstTimerGapMs: worst.parse.maxTimerGapMs,
    gapRatio: worst.parse.maxTimerGapMs / worst.idle.maxTimerGapMs,
    budgetMs: MAX_TIMER_GAP_MS,
    isOverBudget: worst.parse.maxTimerGapMs >= MAX_TIMER_GAP_MS,
    isMachineBusy: runs.some((run) => run.idle.maxTimerGapMs >= BUSY_IDLE_GAP_MS),
  };
}

function formatReport(report: Report): string {
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '-');
  const header = ['run', 'page', 'watched s', 'parse s', 'timer gap ms', 'frame gap ms', 'slowest answer ms', 'looks'];
  const lines = report.runs.flatMap((run, index) =>
    (
      [
        ['log dropped', run.parse, (run.parse.parseMs / 1000).toFixed(2)],
        ['idle baseline', run.idle, '-'],
      ] as const
    ).map(([name, figures, parseSeconds]) => [
      String(index + 1),
      name,
      (figures.windowMs / 1000).toFixed(2),
      parseSeconds,
      ms(figures.maxTimerGapMs),
      ms(figures.maxFrameGapMs),
      ms(figures.slowestAnswerMs),
      String(figures.looks),
    ]),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  const mib = (report.logBytes / 1024 ** 2).toFixed(1);
  return [
    `iostat log: ${report.logBytes} bytes (${mib} MiB), ${report.reports} reports, from \`${report.source}\``,
    '',
    format(header),
    ...lines.map(format),
    '',
    `gaps: the longest wait between ticks of a 16 ms timer (or between animation frames) on the page's main thread, from the drop until ${SETTLE_MS} ms after the page showed the series (the drawing included).`,
    `longest timer gap while parsing / idle baseline: ${Number.isFinite(report.gapRatio) ? `${report.gapRatio.toFixed(1)}x` : '-'}`,
    ...(report.isMachineBusy
      ? [
          `note: an idle page's timer already missed by ${BUSY_IDLE_GAP_MS} ms or more: the machine is busy, and the figures say as much about it as about the page.`,
        ]
      : []),
    `budget: longest main-thread timer gap while the log parses < ${report.budgetMs} ms (worst run: ${ms(report.worstTimerGapMs)} ms): ${report.isOverBudget ? 'OVER' : 'PASS'}`,
  ].join('\n');
}

process.exitCode = await main();
