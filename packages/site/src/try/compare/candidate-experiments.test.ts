import { readFile } from 'node:fs/promises';
import type { WorkloadFingerprint } from '@benchfolio/parsers';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SearchRecord } from '../../catalog/search-record.ts';
import { WORKLOAD_CATEGORY_FILTER, WORKLOAD_KIND_FILTER } from '../../compare/compare-filters.ts';
import { loadTrySearchExperiments, repoPath } from '../../data/test-content.ts';
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
beforeAll(async () => {
  records = searchRecordsOf(await loadTrySearchExperiments());
});

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
    const found = await candidateExperiments(pagefind, await fingerprintsOf(VPS_RANDWRITE));
    // Of content/results, the MSA70 (fio 1.57 random-write-direct) and the loopback (fio 3.33)
    // ran random writes; the others are bonnie++ or published tables, with no fingerprints.
    expect(found.ids).toEqual([LOOPBACK, MSA70]);
    expect(found.scope).toEqual({ likeCount: 2, relatedCount: 2, taken: 2 });
    expect(scopeText(found.scope)).toBe('');
    expect(pagefind.searches.map((search) => Object.keys(search.options.filters ?? {}))).toEqual([
      [WORKLOAD_KIND_FILTER],
      [WORKLOAD_CATEGORY_FILTER],
    ]);
    expect(pagefind.searches[0]?.options.sort).toEqual({ newest: 'asc' });
  });

  test('a bonnie++ CSV finds the experiments with a bonnie++ run, none with fio alone', async () => {
    const found = await candidateExperiments(
      fakePagefind(records),
      await fingerprintsOf(`${CORPUS}/bonnie/pkb__bonnie-1.96-csv.csv`),
    );
    expect(found.ids).toEqual([LOOPBACK, BONNIE]);
  });

  test(`on a site of many, takes the ${CANDIDATE_LIMIT} newest like the reader's and fetches only their records`, async () => {
    // 35 copies of each experiment: 70 with random writes, the loopback's copies the newest.
    const pagefind = fakePagefind(copiesOf(records, 35));
    const found = await candidateExperiments(pagefind, await fingerprintsOf(VPS_RANDWRITE));
    const copies = (id: string, count: number) =>
      Array.from({ length: 35 }, (_, n) => `${id}-copy${n + 1}`)
        .sort()
        .slice(0, count);
    expect(found.ids).toEqual([...copies(LOOPBACK, 35), ...copies(MSA70, 25)]);
    expect(pagefind.dataFetched).toHaveLength(CANDIDATE_LIMIT);
    // Enough like the reader's: no second search for related ones.
    expect(pagefind.searches).toHaveLength(1);
    expect(scopeText(found.scope)).toBe('Ranked among the 60 newest of the 70 experiments with a workload like yours.');
  });

  test('fills the bound with the newest related experiments when too few are like the reader’s', async () => {
    // Random reads: the loopback's copies ran them; the MSA70's ran writes only, of the same category.
    const found = await candidateExperiments(fakePagefind(copiesOf(records, 3)), await fingerprintsOf(VPS_RANDREAD), 4);
    expect(found.ids).toEqual([`${LOOPBACK}-copy1`, `${LOOPBACK}-copy2`, `${LOOPBACK}-copy3`, `${MSA70}-copy1`]);
    expect(found.scope).toEqual({ likeCount: 3, relatedCount: 6, taken: 4 });
    expect(scopeText(found.scope)).toBe(
      'Ranked among the 3 experiments with a workload like yours and the 1 newest of the 3 others with a related one.',
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
    const found = await candidateExperiments(pagefind, await fingerprintsOf(VPS_RANDWRITE));
    expect(found.ids).toEqual([MSA70]);
    expect(found.failures).toEqual(['404 Not Found for /pagefind/fragment/x.pf_fragment']);
  });
});
