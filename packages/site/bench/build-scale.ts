import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite, REPO_ROOT } from '../e2e/helpers/build-site.ts';

/**
 * `npm run bench:site`: how the site's build time grows with the number of experiments. Builds
 * the site over an empty folder (Astro's fixed cost), over content/results, and over a temporary
 * folder of generated experiments (the real ones copied under new ids, never committed), and
 * reports seconds per experiment for each and their ratio. A build that stays proportional to
 * the number of experiments has about the same marginal seconds per experiment at every size.
 * Never run by the tests.
 */

const USAGE = `usage: npm run bench:site -- [--count N] [--runs N] [--content DIR] [--json]
  --count N   generated experiments (default 500)
  --content   the experiments to measure and copy (default content/results)
  --runs N    builds of each folder; the median is reported (default 3)
  --json      print the report as JSON`;

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');

interface Measured {
  name: string;
  experiments: number;
  /** Median wall-clock seconds of `astro build`. */
  seconds: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '500' },
      runs: { type: 'string', default: '3' },
      content: { type: 'string', default: RESULTS_DIR },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const runs = Number(values.runs);
  if (values.help || !Number.isInteger(count) || count < 1 || !Number.isInteger(runs) || runs < 1) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }

  const workDir = await mkdtemp(join(tmpdir(), 'benchfolio-site-bench-'));
  const removeOnSignal = () => {
    void rm(workDir, { recursive: true, force: true }).finally(() => process.exit(130));
  };
  process.once('SIGINT', removeOnSignal);
  process.once('SIGTERM', removeOnSignal);
  try {
    const emptyDir = join(workDir, 'empty');
    await mkdir(emptyDir);
    const contentDir = resolve(values.content);
    const realIds = await experimentIds(contentDir);
    const generatedDir = join(workDir, 'generated');
    await generateExperiments(contentDir, realIds, generatedDir, count);

    // A first build warms the disk cache and Node's compile cache; it is not counted.
    process.stderr.write('warming up...\n');
    await timeBuilds(emptyDir, 1);
    const rows: Measured[] = [];
    for (const [name, dir, experiments] of [
      ['empty folder', emptyDir, 0],
      [contentDir === RESULTS_DIR ? 'content/results' : contentDir, contentDir, realIds.length],
      [`${count} generated`, generatedDir, count],
    ] as const) {
      process.stderr.write(`building the site over ${name} (${experiments} experiments) ×${runs}...\n`);
      rows.push({ name, experiments, seconds: await timeBuilds(dir, runs) });
    }
    const report = describe(rows);
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    return 0;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The experiment folders of a results folder, by name. */
async function experimentIds(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * `count` experiments made by copying the real ones in turn under new ids: the real id with
 * `-copy<n>`, so the `<yyyy>-<mm>-` prefix still matches each experiment's date.
 */
async function generateExperiments(from: string, ids: readonly string[], to: string, count: number): Promise<void> {
  if (ids.length === 0) throw new Error(`no experiments in ${from} to copy`);
  await mkdir(to);
  for (let n = 0; n < count; n++) {
    const id = ids[n % ids.length] as string;
    await cp(join(from, id), join(to, `${id}-copy${n + 1}`), { recursive: true });
  }
}

/** The median wall-clock seconds of `runs` builds of the site over a folder. */
async function timeBuilds(contentDir: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const build = await buildSite(contentDir);
    const seconds = (performance.now() - started) / 1000;
    await build.cleanup();
    if (!build.isSuccess) throw new Error(`astro build over ${contentDir} failed:\n${build.output}`);
    times.push(seconds);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor((times.length - 1) / 2)] as number;
}

interface Report {
  rows: Array<Measured & { secondsPerExperiment: number | null; marginalSecondsPerExperiment: number | null }>;
  /** Marginal seconds per experiment at the generated size over the same at content/results. */
  marginalRatio: number | null;
  /** Seconds per experiment (fixed cost included) at the generated size over content/results. */
  ratio: number | null;
}

function describe(rows: readonly Measured[]): Report {
  const fixed = rows[0]?.seconds ?? 0;
  const withRates = rows.map((row) => ({
    ...row,
    secondsPerExperiment: row.experiments === 0 ? null : row.seconds / row.experiments,
    // What each experiment adds beyond the build of an empty site.
    marginalSecondsPerExperiment: row.experiments === 0 ? null : (row.seconds - fixed) / row.experiments,
  }));
  const [, real, generated] = withRates;
  const ratioOf = (a: number | null | undefined, b: number | null | undefined) =>
    a == null || b == null || b === 0 ? null : a / b;
  return {
    rows: withRates,
    ratio: ratioOf(generated?.secondsPerExperiment, real?.secondsPerExperiment),
    marginalRatio: ratioOf(generated?.marginalSecondsPerExperiment, real?.marginalSecondsPerExperiment),
  };
}

function formatReport(report: Report): string {
  const seconds = (value: number | null) => (value === null ? '-' : value.toFixed(3));
  const header = ['content', 'experiments', 'build s', 's / experiment', 'marginal s / experiment'];
  const lines = report.rows.map((row) => [
    row.name,
    String(row.experiments),
    row.seconds.toFixed(2),
    seconds(row.secondsPerExperiment),
    seconds(row.marginalSecondsPerExperiment),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  const ratio = (value: number | null) => (value === null ? '-' : `${value.toFixed(2)}x`);
  return [
    format(header),
    ...lines.map(format),
    '',
    `generated vs content/results, s / experiment: ${ratio(report.ratio)}; marginal (empty build subtracted): ${ratio(report.marginalRatio)}`,
    'marginal = (build s - empty folder build s) / experiments; about 1x means the build grows in proportion to the experiments.',
  ].join('\n');
}

process.exitCode = await main();
