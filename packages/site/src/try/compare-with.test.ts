import { readFile } from 'node:fs/promises';
import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { formatRatio } from '../charts/normalize.ts';
import { type CompareIndex, compareIndex } from '../data/compare-index.ts';
import { runSections, runSectionsJson } from '../data/run-json.ts';
import { loadRealExperiments, realExperiment, repoPath } from '../data/test-content.ts';
import type { ToolSection } from '../view/model.ts';
import { mountCompareWith } from './compare-with.ts';
import { YOUR_RUN } from './try-view.ts';

const BASE = '/benchfolio/';
const INDEX_HREF = `${BASE}compare/runs.json`;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

/** What the build emits: /compare/runs.json and every run's sections JSON, by address. */
let published: Map<string, unknown>;
let index: CompareIndex;
/** The loopback experiment's ext4 run as the reader's: the data layer's sections, run YOUR_RUN. */
let yours: ToolSection[];

beforeAll(async () => {
  const experiments = await loadRealExperiments();
  index = compareIndex(experiments, BASE);
  published = new Map<string, unknown>([[INDEX_HREF, index]]);
  for (const loaded of experiments) {
    for (const run of loaded.runs) {
      const href = index.runs.find((entry) => entry.experiment === loaded.id && entry.run === run.id)?.sectionsHref;
      published.set(href ?? '', runSectionsJson(loaded, run));
    }
  }
  yours = asYourRun(await realExperiment(LOOPBACK), 'ext4');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function asYourRun(loaded: LoadedExperiment, runId: string): ToolSection[] {
  const run = loaded.runs.find((candidate) => candidate.id === runId);
  if (run === undefined) throw new Error(`no run ${runId} in ${loaded.id}`);
  const relabelled: LoadedRun = { ...run, id: YOUR_RUN.id, run: { ...run.run, label: YOUR_RUN.label } };
  return runSections(loaded, relabelled);
}

/** `fetch` answering from `bodies` as a static server would, JSON as text; 404 for anything else. */
function stubFetch(bodies: ReadonlyMap<string, unknown>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = bodies.get(url);
    return body === undefined
      ? new Response('not found', { status: 404, statusText: 'Not Found' })
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

async function mounted(sections: readonly ToolSection[] = yours) {
  const { window } = new JSDOM('<div data-try-compare></div>');
  const container = window.document.querySelector<HTMLElement>('[data-try-compare]');
  if (container === null) throw new Error('no container');
  await mountCompareWith(container, { yours: sections, yourRun: YOUR_RUN, indexHref: INDEX_HREF });
  const choose = (selector: string, value: string) => {
    const select = container.querySelector<HTMLSelectElement>(selector);
    if (select === null) throw new Error(`no ${selector}`);
    select.value = value;
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
  };
  return { container, window, choose };
}

/** The exact IOPS of a job in a fio file printed with --output-format=normal,json (its JSON part). */
async function fioJsonIops(path: string, job: string, direction: 'read' | 'write'): Promise<number> {
  const text = await readFile(repoPath(path), 'utf8');
  // The JSON document comes first (from a line "{" to a line "}"), the normal text after it.
  const start = text.indexOf('\n{\n') + 1;
  const json = JSON.parse(text.slice(start, text.indexOf('\n}\n', start) + 2)) as {
    jobs: Array<{ jobname: string; read: { iops: number }; write: { iops: number } }>;
  };
  const found = json.jobs.find((entry) => entry.jobname === job);
  if (found === undefined) throw new Error(`no job ${job} in ${path}`);
  return found[direction].iops;
}

/** The cell of `column` in the row of `group` of a figure's data table. */
function tableCell(figure: Element, group: string, column: string): string {
  const table = figure.querySelector('table');
  const headers = [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
  const row = [...(table?.querySelectorAll('tbody tr') ?? [])].find((tr) =>
    tr.querySelector('th')?.textContent?.startsWith(group),
  );
  const cells = [...(row?.children ?? [])];
  return cells[headers.indexOf(column)]?.textContent ?? '';
}

describe('mountCompareWith', () => {
  test('lists exactly the published runs that share a tool and workload, most shared first', async () => {
    const asked = stubFetch(published);
    const { container } = await mounted();
    expect(asked).toEqual([INDEX_HREF]);
    const options = [...container.querySelectorAll<HTMLOptionElement>('select[data-compare-run] option')].filter(
      (option) => option.value !== '',
    );
    // The loopback runs ran the same fio jobs, bonnie++ size and sysbench tests and dd write (21 workloads);
    // the 2011 msa70 runs the same four fio job names (fio-seed-hoffman.fio is Hoffman's job file).
    // No other experiment has parsed fio, bonnie++ 128M or sysbench fileio.
    expect(options.map((option) => option.value)).toEqual([
      `${LOOPBACK}/ext4`,
      `${LOOPBACK}/xfs`,
      `${LOOPBACK}/btrfs`,
      `${MSA70}/ext3`,
      `${MSA70}/ext4`,
      `${MSA70}/xfs`,
    ]);
    expect(options[0]?.textContent).toContain('shares 21: random-write-direct, random-write-buf');
    expect(options[4]?.textContent).toMatch(
      /^ext4 \(.+\) · shares 4: random-write-direct, random-write-buf, sequential-write-direct, …$/,
    );
    const label = container.querySelector('select[data-compare-run]')?.closest('label');
    expect(label?.textContent).toContain('Compare with');
  });

  test('shows your run against the published one, its bars as ratios to it by default', async () => {
    stubFetch(published);
    const { container, choose } = await mounted();
    choose('select[data-compare-run]', `${MSA70}/ext4`);
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());

    const baseline = container.querySelector<HTMLSelectElement>('select[data-compare-baseline]');
    expect(baseline?.value).toBe(`${MSA70}/ext4`);
    expect([...(baseline?.options ?? [])].map((option) => option.value)).toEqual(['', 'yours', `${MSA70}/ext4`]);

    const iops = results?.querySelector('figure[data-metric="compare-fio-write-iops"]');
    if (!iops) throw new Error('no write IOPS figure');
    // Yours: the mean of the two repeats' exact IOPS (the JSON part of each file); theirs:
    // "write: io=589392KB, bw=58933KB/s, iops=7366" under random-write-direct in fio--ext4.txt.
    const repeats = await Promise.all(
      [1, 2].map((n) =>
        fioJsonIops(`content/results/${LOOPBACK}/runs/ext4/fio--seed-hoffman-${n}.txt`, 'random-write-direct', 'write'),
      ),
    );
    const msa70 = await readFile(repoPath(`content/results/${MSA70}/runs/ext4/fio--ext4.txt`), 'utf8');
    const theirs = Number(/random-write-direct: \(groupid=0.*\n\s+write:.*iops=(\d+)/.exec(msa70)?.[1]);
    expect(theirs).toBe(7366);
    const [first = Number.NaN, second = Number.NaN] = repeats;
    const ratio = (first + second) / 2 / theirs;

    const bar = iops.querySelector(`rect[data-run="yours"][data-group="random-write-direct"]`);
    expect(Number(bar?.getAttribute('data-ratio'))).toBeCloseTo(ratio, 9);
    const columns = [...iops.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(columns[1]).toBe('Your run');
    expect(tableCell(iops, 'random-write-direct', 'Your run')).toMatch(new RegExp(`, ${formatRatio(ratio)}$`));
    expect(tableCell(iops, 'random-write-direct', columns[2] ?? '')).toMatch(/, baseline$/);
    expect(iops.querySelector('[data-summary]')?.textContent).toContain('Against ext4 (');

    const link = container.querySelector<HTMLAnchorElement>('a[data-compare-experiment]');
    expect(link?.getAttribute('href')).toBe(`${BASE}experiments/${MSA70}/`);
  });

  test('the baseline can be your run or none, and the scale log', async () => {
    stubFetch(published);
    const { container, window, choose } = await mounted();
    choose('select[data-compare-run]', `${MSA70}/ext4`);
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());

    choose('select[data-compare-baseline]', 'yours');
    await vi.waitFor(() => expect(results?.querySelector('svg[data-baseline="yours"]')).not.toBeNull());
    const iops = () => results?.querySelector('figure[data-metric="compare-fio-write-iops"]');
    const theirBar = iops()?.querySelector(`rect[data-run="${MSA70}/ext4"][data-group="random-write-direct"]`);
    const yourBar = iops()?.querySelector(`rect[data-run="yours"][data-group="random-write-direct"]`);
    expect(Number(theirBar?.getAttribute('data-ratio'))).toBeCloseTo(
      Number(theirBar?.getAttribute('data-value')) / Number(yourBar?.getAttribute('data-value')),
      12,
    );

    choose('select[data-compare-baseline]', '');
    await vi.waitFor(() => expect(results?.querySelector('svg[data-baseline]')).toBeNull());
    expect(tableCell(iops() as Element, 'random-write-direct', 'Your run')).not.toContain(',');

    const log = container.querySelector<HTMLInputElement>('input[name="compare-scale"][value="log"]');
    if (!log) throw new Error('no log radio');
    log.checked = true;
    log.dispatchEvent(new window.Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(results?.querySelector('svg[data-scale="log"]')).not.toBeNull());

    // Another run keeps the view: still no baseline, still log.
    choose('select[data-compare-run]', `${LOOPBACK}/xfs`);
    await vi.waitFor(() => expect(results?.querySelector('figure[data-metric^="compare-bonnie"]')).not.toBeNull());
    expect(container.querySelector<HTMLSelectElement>('select[data-compare-baseline]')?.value).toBe('');
    expect(results?.querySelector('svg[data-scale="linear"]')).toBeNull();
  });

  test('shows one metric of a section at a time, through a picker that keeps its choice', async () => {
    stubFetch(published);
    const { container, choose } = await mounted();
    choose('select[data-compare-run]', `${MSA70}/ext4`);
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());
    const picker = () => results?.querySelector<HTMLSelectElement>('select[name="metric-fio"]');
    const shown = () =>
      [...(results?.querySelectorAll<HTMLElement>('figure[data-metric^="compare-fio-"]') ?? [])]
        .filter((figure) => !figure.hidden)
        .map((figure) => figure.dataset.metric);
    const options = [...(picker()?.options ?? [])];
    // One option per compared fio metric, the first shown, the rest drawn and hidden.
    expect(options.length).toBe(results?.querySelectorAll('figure[data-metric^="compare-fio-"]').length);
    // The fio metrics both runs have, in the section's order.
    expect(options.map((option) => option.textContent)).toEqual([
      'Write IOPS',
      'Write bandwidth',
      'Write completion latency, mean',
      'Write total latency, mean',
    ]);
    expect(shown()).toEqual([options[0]?.value]);

    choose('select[name="metric-fio"]', 'compare-fio-write-clat-mean');
    expect(shown()).toEqual(['compare-fio-write-clat-mean']);
    // Another baseline redraws every figure; the picked metric stays.
    choose('select[data-compare-baseline]', 'yours');
    await vi.waitFor(() => expect(results?.querySelector('svg[data-baseline="yours"]')).not.toBeNull());
    expect(picker()?.value).toBe('compare-fio-write-clat-mean');
    expect(shown()).toEqual(['compare-fio-write-clat-mean']);
  });

  test('says plainly when no published run shares a workload, and what the published runs have', async () => {
    // Only the experiments with published tables: none ran the loopback's fio jobs.
    const tablesOnly = { runs: index.runs.filter((run) => run.keys.every((key) => key.includes(':published|'))) };
    expect(tablesOnly.runs.length).toBeGreaterThan(0);
    stubFetch(new Map([[INDEX_HREF, tablesOnly]]));
    const { container } = await mounted();
    const status = container.querySelector('[data-compare-status]')?.textContent ?? '';
    expect(status).toMatch(/^No published run has the same tool and workload as yours \(fio: random-write-direct/);
    expect(status).toContain('The published runs have nginx (published table);');
    expect(status).toContain('fio (published table): bs=4k;threads=32');
    expect(status).toContain('dd (published table)');
    expect(
      container.querySelector<HTMLElement>('select[data-compare-run]')?.closest<HTMLElement>('[hidden]'),
    ).not.toBeNull();
  });

  test('shows a failed fetch in place', async () => {
    stubFetch(new Map());
    const { container } = await mounted();
    const error = container.querySelector<HTMLElement>('[data-compare-error]');
    expect(error?.hidden).toBe(false);
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toBe(`Could not load the published runs: 404 Not Found for ${INDEX_HREF}.`);
  });

  test('shows a run that fails to load in place, and loads it when chosen again', async () => {
    const withoutXfs = new Map(published);
    const xfsHref = index.runs.find((run) => run.experiment === MSA70 && run.run === 'xfs')?.sectionsHref ?? '';
    withoutXfs.delete(xfsHref);
    stubFetch(withoutXfs);
    const { container, choose } = await mounted();
    const error = container.querySelector<HTMLElement>('[data-compare-error]');
    choose('select[data-compare-run]', `${MSA70}/xfs`);
    await vi.waitFor(() => expect(error?.hidden).toBe(false));
    expect(error?.textContent).toMatch(/^Could not load xfs \(.+\): 404 Not Found for .+xfs\.sections\.json\.$/);
    expect(container.querySelector('[data-compare-results] figure')).toBeNull();

    stubFetch(published);
    choose('select[data-compare-run]', `${MSA70}/xfs`);
    await vi.waitFor(() => expect(container.querySelector('[data-compare-results] figure')).not.toBeNull());
    expect(error?.hidden).toBe(true);
  });
});
