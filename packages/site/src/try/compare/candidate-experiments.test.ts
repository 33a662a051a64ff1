import { readFile } from 'node:fs/promises';
import type { WorkloadFingerprint, WorkloadKind } from '@benchfolio/parsers';
import { beforeAll, describe, expect, test } from 'vitest';
import { newestFirst } from '../../catalog/catalog.ts';
import type { SearchRecord } from '../../catalog/search-record.ts';
import { WORKLOAD_CATEGORY_FILTER, WORKLOAD_KIND_FILTER } from '../../compare/compare-filters.ts';
import { compareRuns } from '../../compare/compare-index.ts';
import { loadRealExperiments, repoPath } from '../../data/test-content.ts';
import { analyze } from '../analyze.ts';
import { copiesOf, fakePagefind, searchRecordsOf } from '../test-pagefind.ts';
import { CANDIDATE_LIMIT, candidateExperiments, scopeText } from './candidate-experiments.ts';
import { categoryValues, likeKindValues } from './candidate-filters.ts';

const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
const CORPUS = 'packages/parsers/fixtures/corpus';
/** vps-comparison's fio 2.2.10 `rw=randwrite, bs=4K, iodepth=16`: random writes. */
const VPS_RANDWRITE = `${CORPUS}/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt`;
/** The same benchmark's `rw=randread`: random reads, which the MSA70 (writes only) did not run. */
const VPS_RANDREAD = `${CORPUS}/fio/vps-comparison__fio-2.2.10-randread-8jobs-group.txt`;

/** The search records of content/results, as the build writes them. */
let records: SearchRecord[];
/** Each experiment of content/results with its date and the kinds of its runs' workloads (compareRuns' fingerprints). */
let experiments: Array<{ id: string; date: string; kinds: WorkloadKind[] }>;
beforeAll(async () => {
  const loaded = await loadRealExperiments();
  records = searchRecordsOf(loaded);
  experiments = loaded.map((each) => ({
    id: each.id,
    date: each.experiment.date,
    kinds: compareRuns(each).flatMap((run) => run.fingerprints.map(({ fingerprint }) => fingerprint.kind)),
  }));
});

/** Whether two parts agree, or one side does not say it (the library's kindMatch `same` or `unknown`). */
function agrees<T>(a: T | null, b: T | null): boolean {
  return a === null || b === null || a === b;
}

/**
 * Of content/results, newest first as the catalog orders them, read from the experiments' own
 * fingerprints rather than the search index: those with a workload like one of `yours` (same
 * category, access and op agreeing) and those with a related one (the same category).
 */
function contentWith(yours: readonly WorkloadFingerprint[]): { like: string[]; related: string[] } {
  const ordered = [...experiments].sort(newestFirst);
  const ids = (test: (kind: WorkloadKind, mine: WorkloadKind) => boolean) =>
    ordered
      .filter((each) => each.kinds.some((kind) => yours.some((mine) => test(kind, mine.kind))))
      .map((each) => each.id);
  return {
    like: ids(
      (kind, mine) => kind.category === mine.category && agrees(kind.access, mine.access) && agrees(kind.op, mine.op),
    ),
    related: ids((kind, mine) => kind.category === mine.category),
  };
}

/** The workloads /try reads from a real output. */
async function fingerprintsOf(path: string): Promise<WorkloadFingerprint[]> {
  const view = await analyze([
    { name: path.split('/').at(-1) as string, text: await readFile(repoPath(path), 'utf8') },
  ]);
  return view.fingerprints.map(({ fingerprint }) => fingerprint);
}

describe('the filter values of workloads like the reader’s', () => {
  test('random writes: that kind, or a kind that leaves access or op unsaid', async () => {
    const yours = await fingerprintsOf(VPS_RANDWRITE);
    expect(yours.map((each) => each.kind)).toMatchObject([{ category: 'io', access: 'random', op: 'write' }]);
    expect(likeKindValues(yours)).toEqual(['io:any:any', 'io:any:write', 'io:random:any', 'io:random:write']);
    expect(categoryValues(yours)).toEqual(['io']);
  });

  test('writes whose access the output does not say: random, sequential or unsaid alike', async () => {
    const [randwrite] = await fingerprintsOf(VPS_RANDWRITE);
    const unsaid = { ...(randwrite as WorkloadFingerprint), kind: { ...randwrite?.kind, access: null } };
    expect(likeKindValues([unsaid as WorkloadFingerprint])).toEqual([
      'io:any:any',
      'io:any:write',
      'io:random:any',
      'io:random:write',
      'io:sequential:any',
      'io:sequential:write',
    ]);
  });
});

describe('candidateExperiments', () => {
  test('finds the experiments of content/results with random writes, newest first, and all of them', async () => {
    const pagefind = fakePagefind(records);
    const yours = await fingerprintsOf(VPS_RANDWRITE);
    const found = await candidateExperiments(pagefind, yours);
    const { like, related } = contentWith(yours);
    // The MSA70 (fio 1.57 random-write-direct) and the loopback (fio 3.33) ran random writes.
    expect(like).toEqual(expect.arrayContaining([LOOPBACK, MSA70]));
    // Fewer like the reader's than the bound: the related ones (the same category) fill it, and
    // the site has fewer of those than the bound too, so every one of them is taken.
    expect(related.length).toBeLessThan(CANDIDATE_LIMIT);
    expect(found.ids).toEqual(related);
    expect(found.scope).toEqual({ likeCount: like.length, relatedCount: related.length, taken: related.length });
    expect(scopeText(found.scope)).toBe('');
    expect(pagefind.searches.map((search) => Object.keys(search.options.filters ?? {}))).toEqual([
      [WORKLOAD_KIND_FILTER],
      [WORKLOAD_CATEGORY_FILTER],
    ]);
    expect(pagefind.searches[0]?.options.sort).toEqual({ newest: 'asc' });
  });

  test('a bonnie++ CSV finds the experiments with a bonnie++ run, none with fio alone', async () => {
    const yours = await fingerprintsOf(`${CORPUS}/bonnie/pkb__bonnie-1.96-csv.csv`);
    const found = await candidateExperiments(fakePagefind(records), yours);
    expect(found.ids).toEqual(contentWith(yours).related);
    // The loopback ran bonnie++ beside fio, the 2011 experiment bonnie++ alone; the MSA70 ran fio alone.
    expect(found.ids).toEqual(expect.arrayContaining([LOOPBACK, BONNIE]));
    expect(found.ids).not.toContain(MSA70);
  });

  test(`on a site of many, takes the ${CANDIDATE_LIMIT} newest like the reader's and fetches only their records`, async () => {
    // 35 copies of each experiment: more with random writes than the bound.
    const pagefind = fakePagefind(copiesOf(records, 35));
    const yours = await fingerprintsOf(VPS_RANDWRITE);
    const found = await candidateExperiments(pagefind, yours);
    const { like } = contentWith(yours);
    expect(like.length * 35).toBeGreaterThan(CANDIDATE_LIMIT);
    // Each experiment's copies sort by their folder names (`-copy1`, `-copy10`, ...), as one date.
    const copies = (id: string) => Array.from({ length: 35 }, (_, n) => `${id}-copy${n + 1}`).sort();
    expect(found.ids).toEqual(like.flatMap(copies).slice(0, CANDIDATE_LIMIT));
    expect(pagefind.dataFetched).toHaveLength(CANDIDATE_LIMIT);
    // Enough like the reader's: no second search for related ones.
    expect(pagefind.searches).toHaveLength(1);
    expect(scopeText(found.scope)).toBe(
      `Ranked among the 60 newest of the ${(like.length * 35).toLocaleString('en-US')} experiments with a workload like yours.`,
    );
  });

  test('fills the bound with the newest related experiments when too few are like the reader’s', async () => {
    // Random reads: the MSA70 ran random writes only, of the same category: related, not like.
    const yours = await fingerprintsOf(VPS_RANDREAD);
    const { like, related } = contentWith(yours);
    expect(like).not.toContain(MSA70);
    expect(related).toContain(MSA70);
    // A bound of one more than the experiments like the reader's: the newest related one fills it.
    const bound = like.length + 1;
    const found = await candidateExperiments(fakePagefind(records), yours, bound);
    const newestOther = related.find((id) => !like.includes(id));
    expect(found.ids).toEqual(related.filter((id) => like.includes(id) || id === newestOther));
    expect(found.scope).toEqual({ likeCount: like.length, relatedCount: related.length, taken: bound });
    expect(scopeText(found.scope)).toBe(
      `Ranked among the ${like.length} experiments with a workload like yours and the 1 newest of the ${related.length - like.length} others with a related one.`,
    );
  });

  test('names a record whose data did not load, and takes the others', async () => {
    const pagefind = fakePagefind(records);
    const search = pagefind.search.bind(pagefind);
    pagefind.search = async (term, options) => {
      const found = await search(term, options);
      const [first, ...rest] = found?.results ?? [];
      if (found === null || first === undefined) return found;
      const broken = {
        id: first.id,
        data: () => Promise.reject(new Error('404 Not Found for /pagefind/fragment/x.pf_fragment')),
      };
      return { ...found, results: [broken, ...rest] };
    };
    const yours = await fingerprintsOf(VPS_RANDWRITE);
    const found = await candidateExperiments(pagefind, yours);
    // The related search's first record (the newest) did not load: every other related one is taken.
    expect(found.ids).toEqual(contentWith(yours).related.slice(1));
    expect(found.failures).toEqual(['404 Not Found for /pagefind/fragment/x.pf_fragment']);
  });
});
