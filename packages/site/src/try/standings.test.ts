import { describe, expect, test } from 'vitest';
import { compareRuns } from '../compare/compare-index.ts';
import { standingFileName } from '../compare/standing-key.ts';
import { expandStandingValues, experimentStandingValues } from '../compare/standing-values.ts';
import { standingFiles, standingNameBuckets, standingsByKey } from '../compare/standings-index.ts';
import { experimentView } from '../data/experiment-view.ts';
import { loadRealExperiments, repoPath } from '../data/test-content.ts';
import { analyze } from './analyze.ts';
import { yourStandings } from './standings.ts';
import { YOUR_RUN } from './try-view.ts';

// /try's standings for a pasted real output, against the standings files the build writes for
// content/results, served by a stand-in for fetch that records what the page asks for.

async function siteFiles(): Promise<Map<string, unknown>> {
  const experiments = await loadRealExperiments();
  const byKey = standingsByKey(
    experiments.flatMap((loaded) =>
      expandStandingValues(
        {
          id: loaded.id,
          title: loaded.experiment.title,
          labels: new Map(loaded.runs.map((run) => [run.id, run.run.label])),
        },
        experimentStandingValues(experimentView(loaded).sections, compareRuns(loaded)),
        '/',
      ),
    ),
  );
  return new Map<string, unknown>([
    ...standingFiles(byKey).map(({ name, body }) => [`/standings/${name}.json`, body] as const),
    ...standingNameBuckets(byKey).map(({ bucket, names }) => [`/standings/names/${bucket}.json`, names] as const),
  ]);
}

async function standingsOfPaste(path: string) {
  const { readFile } = await import('node:fs/promises');
  const view = await analyze([{ name: 'pasted-1.txt', text: await readFile(repoPath(path), 'utf8') }]);
  const files = await siteFiles();
  const asked: string[] = [];
  const fetchJson = async (url: string) => {
    asked.push(url);
    const body = files.get(url);
    return body === undefined ? new Response('', { status: 404 }) : Response.json(body);
  };
  const result = await yourStandings({
    yours: view.sections,
    yourRun: YOUR_RUN,
    yourFingerprints: view.fingerprints,
    base: '/',
    fetchJson,
  });
  return { result, asked, files };
}

describe('where the reader’s run stands', () => {
  test('a pasted bonnie++ output of the 2011 experiment: its six runs are the others, and nothing else is asked', async () => {
    // runs/ext4/bonnie--ext4.txt line 4: "version 8G 332 99 54570 12 23512 5 1615 98 62905 6 131.8 3".
    const { result, asked, files } = await standingsOfPaste(
      'content/results/2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt',
    );
    const putBlock = result.standings.find((standing) => standing.metric === 'put_block');
    expect(putBlock?.value).toBe(54570 * 1024);
    // Beats ext4-tuned's 53396, equals the published ext4's 54570: (1 + 1/2) of 6.
    expect(putBlock?.standing).toEqual({ rank: 5, of: 7, percentile: 25, beaten: 1, tied: 1 });
    // Its --Block-- input, 62905 K/sec, beats ext4-tuned 62724, xfs-mount-options 62650,
    // xfs-mkfs-and-mount-options 62613, xfs 62598 and btrfs 59932, and equals the published ext4's: (5 + 1/2) of 6.
    expect(result.standings.find((standing) => standing.metric === 'get_block')?.standing).toEqual({
      rank: 1,
      of: 7,
      percentile: (100 * 5.5) / 6,
      beaten: 5,
      tied: 1,
    });
    const name = standingFileName(putBlock?.key ?? '');
    expect(asked).toEqual([`/standings/names/${name.charAt(0)}.json`, `/standings/${name}.json`]);
    expect(files.has(`/standings/${name}.json`)).toBe(true);
  });

  test('a pasted fio output whose buffered jobs no published run shares free of errors: no file asked for them', async () => {
    const { result, asked } = await standingsOfPaste(
      'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4/fio--seed-hoffman-1.txt',
    );
    const buffered = result.standings.filter((standing) => standing.group === 'random-write-buf');
    expect(buffered.length).toBeGreaterThan(0);
    for (const standing of buffered) expect(standing.peers).toEqual([]);
    // Only the two direct jobs' workloads have a file (the loopback's three runs each); the buffered
    // ones', whose every number carries BF001, are not asked for.
    const direct = result.standings.find(
      (standing) => standing.group === 'random-write-direct' && standing.metric === 'write.iops',
    );
    expect(
      direct?.peers
        .filter((peer) => peer.experiment === '2026-11-ext4-xfs-btrfs-loopback')
        .map((peer) => peer.run)
        .sort(),
    ).toEqual(['btrfs', 'ext4', 'xfs']);
    expect(asked.filter((url) => url.startsWith('/standings/') && !url.startsWith('/standings/names/'))).toHaveLength(
      2,
    );
  });
});
