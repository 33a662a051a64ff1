import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SearchRecord } from '../catalog/search-record.ts';
import { type CompareRun, compareRuns, type ExperimentCompareRuns } from '../compare/compare-index.ts';
import { compareRunsJsonPath } from '../data/download-paths.ts';
import { runSectionsJson } from '../data/run-json.ts';
import { loadTrySearchExperiments, repoPath } from '../data/test-content.ts';
import { loadPagefind, type Pagefind } from '../lib/pagefind.ts';
import { href } from '../lib/url.ts';
import { analyze } from './analyze.ts';
import { mountCompareWith } from './compare-with.ts';
import { fakePagefind, searchRecordsOf } from './test-pagefind.ts';
import { type TryView, YOUR_RUN } from './try-view.ts';

const BASE = '/benchfolio/';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

/** What the build emits, by address: each experiment's compare-runs.json, each run's sections JSON, raw iostat logs. */
let published: Map<string, unknown>;
/** Every run of the site, for finding their files' addresses. */
let everyRun: CompareRun[];
/** The search records of content/results, which the site's Pagefind index holds. */
let records: SearchRecord[];
/** A reader's outputs as /try analyzes them: sections, fingerprints, iostat summaries. */
type Yours = Pick<TryView, 'sections' | 'fingerprints' | 'iostat'>;

/** An experiment's compare-runs.json address, with the base. */
function compareRunsHref(id: string): string {
  return href(compareRunsJsonPath(id), BASE);
}

beforeAll(async () => {
  const experiments = await loadTrySearchExperiments();
  records = searchRecordsOf(experiments, BASE);
  published = new Map<string, unknown>();
  everyRun = [];
  for (const loaded of experiments) {
    const runs = compareRuns(loaded, BASE);
    everyRun.push(...runs);
    published.set(compareRunsHref(loaded.id), {
      experiment: loaded.id,
      alias: loaded.id,
      runs,
    } satisfies ExperimentCompareRuns);
    for (const run of loaded.runs) {
      const sectionsHref = runs.find((entry) => entry.run === run.id)?.sectionsHref;
      published.set(sectionsHref ?? '', runSectionsJson(loaded, run));
    }
  }
  // The raw iostat logs, which /try fetches and summarises as the reader's.
  for (const run of everyRun) {
    for (const { file, fileHref, fingerprint } of run.fingerprints) {
      if (fingerprint.tool !== 'iostat') continue;
      published.set(
        fileHref,
        await readFile(repoPath(`content/results/${run.experiment}/runs/${run.run}/${file}`), 'utf8'),
      );
    }
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Real outputs pasted: the page's own analysis of them (analyze.ts). */
async function pasted(...paths: string[]): Promise<Yours> {
  const inputs = await Promise.all(
    paths.map(async (path) => ({
      name: path.split('/').at(-1) as string,
      text: await readFile(repoPath(path), 'utf8'),
    })),
  );
  return analyze(inputs);
}

/** `fetch` answering from `bodies` as a static server would, JSON as text; 404 for anything else. */
function stubFetch(bodies: ReadonlyMap<string, unknown>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = bodies.get(url);
    if (body === undefined) return new Response('not found', { status: 404, statusText: 'Not Found' });
    // Raw outputs are served as text, the rest as JSON.
    return typeof body === 'string'
      ? new Response(body)
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** The compare view mounted for `yours`, on the site's search index (by default, a fake over the real records). */
async function mounted(yours: Yours, loadSearch: () => Promise<Pagefind> = async () => fakePagefind(records)) {
  const { window } = new JSDOM('<div data-try-compare></div>');
  const container = window.document.querySelector<HTMLElement>('[data-try-compare]');
  if (container === null) throw new Error('no container');
  await mountCompareWith(container, {
    yours: yours.sections,
    yourRun: YOUR_RUN,
    yourFingerprints: yours.fingerprints,
    yourIostat: yours.iostat,
    loadSearch,
    base: BASE,
  });
  const choose = (selector: string, value: string) => {
    const select = container.querySelector<HTMLSelectElement>(selector);
    if (select === null) throw new Error(`no ${selector}`);
    select.value = value;
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
  };
  const tick = (id: string, checked: boolean) => {
    const box = container.querySelector<HTMLInputElement>(`input[data-compare-choice][value="${id}"]`);
    if (box === null) throw new Error(`no choice ${id}`);
    box.checked = checked;
    box.dispatchEvent(new window.Event('change', { bubbles: true }));
  };
  const ticked = () =>
    [...container.querySelectorAll<HTMLInputElement>('input[data-compare-choice]')]
      .filter((box) => box.checked)
      .map((box) => box.value);
  return { container, window, choose, tick, ticked };
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

const VPS_RANDWRITE = 'packages/parsers/fixtures/corpus/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt';
const KUBESTR = 'packages/parsers/fixtures/corpus/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json';

describe('mountCompareWith', () => {
  test("lists the published runs like the reader's, with the library's reasons, the three most alike ticked", async () => {
    const asked = stubFetch(published);
    const { container, ticked } = await mounted(await pasted(VPS_RANDWRITE));
    // vps-comparison's one job `randwrite`: rw=randwrite, bs=4K, iodepth=16, 512MB file. The
    // published random writes are the MSA70's and the loopback's random-write-direct/-buf (8 KiB,
    // QD 1); the loopback's job lines also say direct and runtime, which the reader's does not.
    const items = [...container.querySelectorAll<HTMLElement>('[data-compare-choice-item]')];
    expect(items.map((item) => item.dataset.compareChoiceItem)).toEqual([
      `${MSA70}/ext3`,
      `${MSA70}/ext4`,
      `${MSA70}/xfs`,
      `${LOOPBACK}/ext4`,
      `${LOOPBACK}/xfs`,
      `${LOOPBACK}/btrfs`,
    ]);
    const reason = items[0]?.querySelector('[data-compare-reason]')?.textContent ?? '';
    expect(reason).toMatch(
      /^your randwrite ↔ random-write-direct: same random writes; differs: block size 4 KiB vs 8 KiB, iodepth 16 vs 1/,
    );
    expect(items[0]?.textContent).toContain('same kind');
    // The matched raw output is one link away.
    expect(items[0]?.querySelector('a[data-compare-raw]')?.getAttribute('href')).toBe(
      `${BASE}experiments/${MSA70}/runs/ext3/fio--ext3.txt`,
    );
    expect(ticked()).toEqual([`${MSA70}/ext3`, `${MSA70}/ext4`, `${MSA70}/xfs`]);
    expect(container.querySelector('[data-compare-status]')?.textContent).toBe(
      '6 published runs ran workloads like yours; the 3 most alike of the same kind are ticked.',
    );
    await vi.waitFor(() => expect(container.querySelector('[data-compare-results] figure')).not.toBeNull());
    expect(asked.filter((url) => url.endsWith('.sections.json'))).toHaveLength(3);
    // The runs came from the two experiments with random writes, each from its own file; nothing
    // that lists every run of the site was asked for.
    expect(asked.filter((url) => !url.endsWith('.sections.json'))).toEqual([
      compareRunsHref(LOOPBACK),
      compareRunsHref(MSA70),
    ]);
  });

  test("draws the reader's randwrite beside every ticked run's random-write-direct, as ratios to the reader's", async () => {
    stubFetch(published);
    const { container, tick } = await mounted(await pasted(VPS_RANDWRITE));
    tick(`${LOOPBACK}/ext4`, true);
    const results = container.querySelector('[data-compare-results]');
    const iops = () => results?.querySelector('figure[data-metric="compare-fio-write-iops"]');
    await vi.waitFor(() => expect(iops()?.querySelectorAll('rect[data-group="randwrite"]').length).toBe(5));
    // The reader's bar: `write: io=4096.0MB, bw=53966KB/s, iops=13491`; MSA70 ext4's random-write-direct:
    // `write: io=589392KB, bw=58933KB/s, iops=7366`.
    const msa70 = await readFile(repoPath(`content/results/${MSA70}/runs/ext4/fio--ext4.txt`), 'utf8');
    const theirs = Number(/random-write-direct: \(groupid=0.*\n\s+write:.*iops=(\d+)/.exec(msa70)?.[1]);
    expect(theirs).toBe(7366);
    const bar = iops()?.querySelector(`rect[data-run="${MSA70}/ext4"][data-group="randwrite"]`);
    expect(Number(bar?.getAttribute('data-value'))).toBe(7366);
    expect(Number(bar?.getAttribute('data-ratio'))).toBeCloseTo(7366 / 13491, 9);
    expect(container.querySelector<HTMLSelectElement>('select[data-compare-baseline]')?.value).toBe('yours');
    // The loopback's random-write-direct, from the JSON part of its two repeats.
    const repeats = await Promise.all(
      [1, 2].map((n) =>
        fioJsonIops(`content/results/${LOOPBACK}/runs/ext4/fio--seed-hoffman-${n}.txt`, 'random-write-direct', 'write'),
      ),
    );
    const loop = iops()?.querySelector(`rect[data-run="${LOOPBACK}/ext4"][data-group="randwrite"]`);
    expect(Number(loop?.getAttribute('data-value'))).toBeCloseTo(((repeats[0] ?? 0) + (repeats[1] ?? 0)) / 2, 6);
    expect(tableCell(iops() as Element, 'randwrite', 'Your run')).toMatch(/, baseline$/);
    // In times, as every ratio of the figure once one is beyond a factor of two (1/0.386 for xfs).
    expect(tableCell(iops() as Element, 'randwrite', 'ext4 · 2011-07')).toBe(
      `7.37 k op/s, ${(7366 / 13491).toPrecision(3)}×`,
    );
    // Which published workload stands under the reader's name is said.
    expect(results?.querySelector('[data-compare-pairs]')?.textContent).toContain(
      'its random-write-direct beside your randwrite',
    );
  });

  test('opens on a log scale when the bars span more than ten times, and keeps the linear scale once picked', async () => {
    stubFetch(published);
    // kubestr's write_iops (4 KiB random writes at QD 64) beside the loopback's random-write-direct.
    const { container, window } = await mounted(await pasted(KUBESTR));
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());
    const iops = results?.querySelector('figure[data-metric="compare-fio-write-iops"]');
    const values = [...(iops?.querySelectorAll('rect[data-group="write_iops"]') ?? [])].map((rect) =>
      Number(rect.getAttribute('data-value')),
    );
    const span = Math.max(...values) / Math.min(...values);
    expect(span).toBeGreaterThan(10);
    expect(results?.querySelector('svg[data-scale="log"]')).not.toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[name="compare-scale"][value="log"]')?.checked).toBe(true);
    expect(container.querySelector('[data-compare-scale-note]')?.textContent).toBe(
      `Log scale: the bars span ${Math.round(span)}×, more than 10×; a linear axis would flatten all but the longest.`,
    );
    const linear = container.querySelector<HTMLInputElement>('input[name="compare-scale"][value="linear"]');
    if (!linear) throw new Error('no linear radio');
    linear.checked = true;
    linear.dispatchEvent(new window.Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(results?.querySelector('svg[data-scale="linear"]')).not.toBeNull());
    expect(container.querySelector('[data-compare-scale-note]')?.textContent).toBe('');
  });

  test('the baseline can be none or any ticked run; unticking a run removes its bars', async () => {
    stubFetch(published);
    const { container, choose, tick } = await mounted(await pasted(VPS_RANDWRITE));
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());
    const baseline = container.querySelector<HTMLSelectElement>('select[data-compare-baseline]');
    expect([...(baseline?.options ?? [])].map((option) => option.value)).toEqual([
      '',
      'yours',
      `${MSA70}/ext3`,
      `${MSA70}/ext4`,
      `${MSA70}/xfs`,
    ]);
    choose('select[data-compare-baseline]', `${MSA70}/xfs`);
    await vi.waitFor(() => expect(results?.querySelector(`svg[data-baseline="${MSA70}/xfs"]`)).not.toBeNull());
    choose('select[data-compare-baseline]', '');
    await vi.waitFor(() => expect(results?.querySelector('svg[data-baseline]')).toBeNull());
    tick(`${MSA70}/ext3`, false);
    await vi.waitFor(() =>
      expect(
        results?.querySelectorAll('figure[data-metric="compare-fio-write-iops"] rect[data-group="randwrite"]'),
      ).toHaveLength(3),
    );
    expect(container.querySelector<HTMLSelectElement>('select[data-compare-baseline]')?.value).toBe('');
  });

  test('shows one metric of a section at a time, through a picker that keeps its choice', async () => {
    stubFetch(published);
    const { container, choose } = await mounted(await pasted(VPS_RANDWRITE));
    const results = container.querySelector('[data-compare-results]');
    await vi.waitFor(() => expect(results?.querySelector('figure')).not.toBeNull());
    const picker = () => results?.querySelector<HTMLSelectElement>('select[name="metric-fio"]');
    const shown = () =>
      [...(results?.querySelectorAll<HTMLElement>('figure[data-metric^="compare-fio-"]') ?? [])]
        .filter((figure) => !figure.hidden)
        .map((figure) => figure.dataset.metric);
    const options = [...(picker()?.options ?? [])];
    expect(options.map((option) => option.textContent)).toEqual([
      'Write IOPS',
      'Write bandwidth',
      'Write completion latency, mean',
      'Write total latency, mean',
    ]);
    expect(shown()).toEqual([options[0]?.value]);
    choose('select[name="metric-fio"]', 'compare-fio-write-clat-mean');
    expect(shown()).toEqual(['compare-fio-write-clat-mean']);
    choose('select[data-compare-baseline]', '');
    await vi.waitFor(() => expect(results?.querySelector('svg[data-baseline]')).toBeNull());
    expect(picker()?.value).toBe('compare-fio-write-clat-mean');
  });

  test("compares an iostat log per device with the published runs' logs", async () => {
    stubFetch(published);
    const { container } = await mounted(await pasted(`content/results/${LOOPBACK}/runs/xfs/iostat--xfs.txt`));
    const box = () => container.querySelector('[data-compare-iostat]');
    await vi.waitFor(() => expect(box()?.querySelectorAll('table')).toHaveLength(4));
    // Each log's interval reports, its first (since boot) left out: one `avg-cpu:` heading per report.
    const xfsLog = await readFile(repoPath(`content/results/${LOOPBACK}/runs/xfs/iostat--xfs.txt`), 'utf8');
    const intervals = (xfsLog.match(/^avg-cpu:/gm)?.length ?? 0) - 1;
    expect(box()?.querySelector('p.note')?.textContent).toMatch(new RegExp(`^Reports read: Your run ${intervals}; `));
    const util = box()?.querySelector('table');
    expect(util?.querySelector('caption')?.textContent).toBe(
      "%util per device: mean, 95th percentile and maximum over each log's reports",
    );
    const rows = [...(util?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      (row.children[0]?.textContent ?? '').split(' · '),
    );
    expect(rows.map((parts) => `${parts[0]} ${parts.at(-1)}`)).toEqual([
      'Your run loop0',
      'Your run vda',
      'ext4 loop0',
      'ext4 vda',
      'xfs loop0',
      'xfs vda',
      'btrfs loop0',
      'btrfs vda',
    ]);
  });

  test('says plainly when no published run ran a related workload, and what the published ones ran', async () => {
    const asked = stubFetch(published);
    // gvisor's sysbench 1.0.11 cpu test: the site has no CPU benchmark.
    const { container } = await mounted(
      await pasted('packages/parsers/fixtures/corpus/sysbench/gvisor__v1.0.11-cpu.txt'),
    );
    const status = container.querySelector('[data-compare-status]')?.textContent ?? '';
    expect(status).toMatch(/^No published run ran a workload related to yours \(.+\)\. /);
    // Of content/results, the MSA70 and the loopback ran fio (the loopback sysbench fileio and dd
    // too), the 2011 bonnie++ experiment and the loopback bonnie++, and the loopback logged iostat.
    expect(status).toContain(
      'The published experiments ran file and device I/O (2 experiments), filesystem test suites (2 experiments) and device activity (1 experiment).',
    );
    expect(container.querySelector('input[data-compare-choice]')).toBeNull();
    expect(asked).toEqual([]);
  });

  test("says so when the site's search index does not load", async () => {
    stubFetch(published);
    // No pagefind/shards.json where a test runs: the real loader, failing as on a site built without it.
    const { container } = await mounted(await pasted(VPS_RANDWRITE), loadPagefind);
    const error = container.querySelector<HTMLElement>('[data-compare-error]');
    expect(error?.hidden).toBe(false);
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toMatch(
      /^Could not load the published runs: the site's search index \(\/pagefind\/\) did not load: 404 Not Found for \/pagefind\/shards\.json\.$/,
    );
  });

  test("shows a failed fetch of the experiments' runs in place", async () => {
    stubFetch(new Map());
    const { container } = await mounted(await pasted(VPS_RANDWRITE));
    const error = container.querySelector<HTMLElement>('[data-compare-error]');
    expect(error?.hidden).toBe(false);
    expect(error?.textContent).toBe(
      `Could not load the published runs: 404 Not Found for ${compareRunsHref(LOOPBACK)}.`,
    );
  });

  test('ranks without an experiment whose runs did not load, and says so', async () => {
    const withoutLoopback = new Map(published);
    withoutLoopback.delete(compareRunsHref(LOOPBACK));
    stubFetch(withoutLoopback);
    const { container } = await mounted(await pasted(VPS_RANDWRITE));
    const items = [...container.querySelectorAll<HTMLElement>('[data-compare-choice-item]')];
    expect(items.map((item) => item.dataset.compareChoiceItem)).toEqual([
      `${MSA70}/ext3`,
      `${MSA70}/ext4`,
      `${MSA70}/xfs`,
    ]);
    expect(container.querySelector('[data-compare-status]')?.textContent).toBe(
      `3 published runs ran workloads like yours; the 3 most alike of the same kind are ticked. Left out what did not load: 404 Not Found for ${compareRunsHref(LOOPBACK)}.`,
    );
  });

  test('shows a run that fails to load in place, draws the others, and loads it when ticked again', async () => {
    const withoutXfs = new Map(published);
    const xfsHref = everyRun.find((run) => run.experiment === MSA70 && run.run === 'xfs')?.sectionsHref ?? '';
    withoutXfs.delete(xfsHref);
    stubFetch(withoutXfs);
    const { container, tick } = await mounted(await pasted(VPS_RANDWRITE));
    const error = container.querySelector<HTMLElement>('[data-compare-error]');
    await vi.waitFor(() => expect(error?.hidden).toBe(false));
    expect(error?.textContent).toMatch(/^Could not load xfs · 2011-07: 404 Not Found for .+xfs\.sections\.json\.$/);
    const bars = () =>
      container.querySelectorAll('figure[data-metric="compare-fio-write-iops"] rect[data-group="randwrite"]');
    expect(bars()).toHaveLength(3);
    stubFetch(published);
    tick(`${MSA70}/xfs`, false);
    tick(`${MSA70}/xfs`, true);
    await vi.waitFor(() => expect(bars()).toHaveLength(4));
    expect(error?.hidden).toBe(true);
  });
});
