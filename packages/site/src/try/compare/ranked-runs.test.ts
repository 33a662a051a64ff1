import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { compareFingerprints } from '@benchfolio/parsers';
import { beforeAll, describe, expect, test } from 'vitest';
import { newestFirst } from '../../catalog/catalog.ts';
import { type CompareRun, compareRuns } from '../../compare/compare-index.ts';
import { loadTrySearchExperiments, repoPath } from '../../data/test-content.ts';
import { analyze } from '../analyze.ts';
import { type FakePagefind, fakePagefind, searchRecordsOf } from '../test-pagefind.ts';
import type { TryView } from '../try-view.ts';
import { candidateExperiments } from './candidate-experiments.ts';
import { defaultChosenRuns, pairText, type RankedRun, rankPublishedRuns } from './ranked-runs.ts';

/** Each experiment's runs, as its `/experiments/<id>/compare-runs.json` has them. */
let runsOf: Map<string, CompareRun[]>;
/** Every run of the site, newest experiment first: what the page never loads, for checking it. */
let everyRun: CompareRun[];
/** The site's search index over the real experiments' records. */
let pagefind: FakePagefind;
beforeAll(async () => {
  const experiments = await loadTrySearchExperiments();
  runsOf = new Map(experiments.map((loaded) => [loaded.id, compareRuns(loaded)]));
  everyRun = experiments
    .map((loaded) => ({ id: loaded.id, date: loaded.experiment.date }))
    .sort(newestFirst)
    .flatMap(({ id }) => runsOf.get(id) ?? []);
  pagefind = fakePagefind(searchRecordsOf(experiments));
});

/** The runs /try ranks for a view: those of the experiments the search index names for its workloads. */
async function candidateRuns(view: TryView): Promise<CompareRun[]> {
  const { ids } = await candidateExperiments(
    pagefind,
    view.fingerprints.map(({ fingerprint }) => fingerprint),
  );
  return ids.flatMap((id) => runsOf.get(id) ?? []);
}

/** The view's ranking among the candidates' runs, as /try makes it. */
async function ranked(view: TryView): Promise<RankedRun[]> {
  return rankPublishedRuns(view.fingerprints, await candidateRuns(view));
}

/** Every file under a folder, recursively, as repository paths. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(repoPath(folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(repoPath(''), join(entry.parentPath, entry.name)))
    .sort();
}

/** The corpus's fio, bonnie++ and sysbench outputs (not invalid/, not the expected-output files of other tools). */
async function corpusOutputs(): Promise<string[]> {
  const tools = ['fio', 'bonnie', 'sysbench'];
  const lists = await Promise.all(tools.map((tool) => filesUnder(`packages/parsers/fixtures/corpus/${tool}`)));
  return lists.flat().filter((path) => !path.includes('/invalid/') && !/\.expected\./.test(path));
}

/** Every raw output of content/results: each file of a run folder but its run.yaml. */
async function publishedOutputs(): Promise<string[]> {
  return (await filesUnder('content/results')).filter(
    (path) => /\/runs\/[^/]+\/[^/]+$/.test(path) && !path.endsWith('/run.yaml'),
  );
}

/** The page's own analysis of one pasted output (parse, sections, fingerprints), as /try does it. */
async function analyzed(path: string): Promise<TryView> {
  const text = await readFile(repoPath(path), 'utf8');
  return analyze([{ name: path.split('/').at(-1) as string, text }]);
}

/** Whether the site has a workload of the same kind as one of the view's (brute force over every run). */
function siteHasSameKind(view: TryView): boolean {
  return view.fingerprints.some(({ fingerprint }) =>
    everyRun.some((run) =>
      run.fingerprints.some((theirs) => compareFingerprints(fingerprint, theirs.fingerprint).kindMatch === 'same'),
    ),
  );
}

/** The first run's first pair of the same kind, with its text as the page shows it. */
function sameKindPair(ranked: readonly RankedRun[]) {
  const first = ranked[0];
  const pair = first?.pairs.find((candidate) => candidate.similarity.kindMatch === 'same');
  return pair === undefined ? undefined : { run: first as RankedRun, pair, text: pairText(pair) };
}

describe('rankPublishedRuns on every real output', () => {
  test('each fio, bonnie++ and sysbench output of the corpus and each raw output of content/results finds a published run of its kind where the site has one, with reasons', async () => {
    const paths = [...(await corpusOutputs()), ...(await publishedOutputs())];
    // The corpus has 24 fio, 7 bonnie++ and 20 sysbench outputs; content/results 220 raw files.
    expect(paths.length).toBeGreaterThan(250);
    const noSameKind: string[] = [];
    let checked = 0;
    for (const path of paths) {
      const view = await analyzed(path);
      const found = await ranked(view);
      // The candidates hold every run related to the reader's: ranked among them as among all.
      expect(found, path).toEqual(rankPublishedRuns(view.fingerprints, everyRun));
      if (!siteHasSameKind(view)) {
        noSameKind.push(path);
        continue;
      }
      checked++;
      const same = sameKindPair(found);
      expect(same, path).toBeDefined();
      if (same === undefined) continue;
      // The reasons start with what is alike, as the library words it ("same 8 KiB random writes at QD 1").
      expect(same.pair.similarity.reasons[0], path).toMatch(/^same /);
      expect(same.text, path).toContain(`your ${same.pair.yours.fingerprint.workload} ↔ `);
      expect(same.text, path).toContain(same.pair.similarity.text);
      // The default choice is some of the best kind's runs, the first among them.
      expect(defaultChosenRuns(found)[0], path).toBe(same.run.id);
    }
    // 24 + 7 + 20 corpus outputs and 220 raw files, of which 99 are fio logs (no job parameters).
    expect(checked).toBeGreaterThanOrEqual(140);
    for (const path of noSameKind) {
      const view = await analyzed(path);
      if (path.endsWith('.log')) {
        expect(view.fingerprints, path).toEqual([]);
        continue;
      }
      const kinds = view.fingerprints.map(({ fingerprint }) => fingerprint.kind);
      // The site has random and sequential reads and writes (fio, sysbench fileio) and bonnie++
      // suites: an output of those kinds never lands here. Those left are CPU, memory, mutex and
      // OLTP runs, sequential mixed I/O, and outputs that do not say random or sequential.
      const isKnownIo = kinds.some(
        (kind) => kind.category === 'io' && kind.access !== null && (kind.op === 'read' || kind.op === 'write'),
      );
      expect(isKnownIo, path).toBe(false);
      expect(
        kinds.some((kind) => kind.category === 'filesystem-suite'),
        path,
      ).toBe(false);
      // An I/O output that does not say random or sequential (fio's job line cut, dd without its
      // command) still finds runs whose kind it cannot contradict: reads with reads, writes with writes.
      const unsaid = view.fingerprints.find(
        ({ fingerprint }) => fingerprint.kind.category === 'io' && fingerprint.kind.access === null,
      );
      if (unsaid !== undefined) {
        const found = await ranked(view);
        const pair = found[0]?.pairs.find((candidate) => candidate.similarity.kindMatch === 'unknown');
        expect(found[0]?.kindMatch, path).toBe('unknown');
        expect(pair?.similarity.reasons[0], path).toMatch(/\(one does not say\)$/);
        const op = pair?.yours.fingerprint.kind.op;
        if (op === 'read' || op === 'write') expect(pair?.theirs.fingerprint.kind.op, path).toBe(op);
      }
    }
  }, 120_000);
});

describe('rankPublishedRuns on chosen outputs', () => {
  test("a third-party fio randwrite finds the published random writes first, with the library's reasons", async () => {
    // vps-comparison: `randwrite: (g=0): rw=randwrite, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=16`.
    // The first same-kind pair found is a published random write of 8 KiB (the MSA70's or the
    // loopback's jobs), with the library's reasons.
    const view = await analyzed(
      'packages/parsers/fixtures/corpus/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt',
    );
    const found = sameKindPair(await ranked(view));
    expect(found?.pair.theirs.fingerprint.kind).toMatchObject({ access: 'random', op: 'write' });
    expect(found?.pair.similarity.reasons[0]).toBe('same random writes');
    expect(found?.pair.similarity.text).toContain('differs: block size 4 KiB vs 8 KiB');
    expect(found?.text).toMatch(/^your randwrite ↔ random-write-(direct|buf): same random writes/);
  });

  test('a bonnie++ CSV finds the published bonnie++ runs, the file size among the differences', async () => {
    const view = await analyzed('packages/parsers/fixtures/corpus/bonnie/pkb__bonnie-1.96-csv.csv');
    const found = await ranked(view);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((run) => run.kindMatch === 'same')).toBe(true);
    // pkb: `7423M`; the published runs: 8G (2011) and 128M (loopback).
    expect(found[0]?.pairs[0]?.similarity.text).toMatch(/differs: .*size 7\.2 GiB vs/);
  });

  test('an iostat log finds the published iostat logs', async () => {
    const view = await analyzed('content/results/2026-11-ext4-xfs-btrfs-loopback/runs/xfs/iostat--xfs.txt');
    const found = await ranked(view);
    expect(found.map((run) => run.pairs[0]?.theirs.file)).toEqual([
      'iostat--ext4.txt',
      'iostat--xfs.txt',
      'iostat--btrfs.txt',
    ]);
    expect(found.every((run) => run.run.experiment === '2026-11-ext4-xfs-btrfs-loopback')).toBe(true);
  });
});
