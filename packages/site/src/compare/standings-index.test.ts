import type { LoadedExperiment } from '@benchfolio/parsers/node';
import { describe, expect, test } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { loadRealExperiments, realExperiment } from '../data/test-content.ts';
import { MIN_PEERS, percentileOrdinal, standingAmong } from '../view/standing.ts';
import { compareRuns } from './compare-index.ts';
import { standingFileName, standingKey } from './standing-key.ts';
import { expandStandingValues, experimentStandingValues, type KeyedStandingValue } from './standing-values.ts';
import { type OwnFindings, runStandings, standingsByKey } from './standings-index.ts';

const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

/** An experiment's ranked numbers as the catalog keeps them. */
function compactOf(loaded: LoadedExperiment) {
  return experimentStandingValues(experimentView(loaded).sections, compareRuns(loaded));
}

/** An experiment's ranked numbers expanded with their links, as the build folds them. */
function valuesOf(loaded: LoadedExperiment): KeyedStandingValue[] {
  const labels = new Map(loaded.runs.map((run) => [run.id, run.run.label]));
  return expandStandingValues({ id: loaded.id, title: loaded.experiment.title, labels }, compactOf(loaded), '/');
}

async function siteByKey(minPeers = MIN_PEERS) {
  return standingsByKey((await loadRealExperiments()).flatMap(valuesOf), minPeers);
}

/** The findings on a run's cells of the experiment page: its own numbers' badges. */
function findingsOn(loaded: LoadedExperiment, run: string): OwnFindings {
  const { sections } = experimentView(loaded);
  return (tool, group, metric) =>
    sections
      .filter((section) => section.tool === tool)
      .flatMap((section) => section.metrics.filter((candidate) => candidate.metric === metric))
      .flatMap((candidate) => candidate.cells.filter((cell) => cell.run === run && cell.group === group))
      .flatMap((cell) => cell.findings ?? []);
}

/** A run's standings among the site's, as its page makes them. */
async function standingsOfRun(id: string, run: string, minPeers = MIN_PEERS) {
  const loaded = await realExperiment(id);
  const own = valuesOf(loaded).filter((value) => value.run === run);
  return runStandings(own, await siteByKey(minPeers), findingsOn(loaded, run), minPeers);
}

describe('a number’s standing: rank, and the share of the others it beats with ties counted half', () => {
  test('bonnie++ block writes of the six 2011 runs, ranked as the raw tables read', async () => {
    // runs/*/bonnie--*.txt, line 4, the Sequential Output --Block-- K/sec column:
    //   xfs-mount-options  "version 8G 563 98 55423 9 ..."
    //   xfs                "version 8G 558 98 55174 9 ..."
    //   btrfs              "version 8G 254 99 54778 9 ..."
    //   xfs-mkfs-and-...   "version 8G 561 97 54674 9 ..."
    //   ext4               "version 8G 332 99 54570 12 ..."
    //   ext4-tuned         "version 8G 335 99 53396 11 ..."
    // ext4 beats ext4-tuned alone: rank 5 of 6, 1 of its 5 others, the 20th percentile.
    const standings = await standingsOfRun(BONNIE, 'ext4');
    const putBlock = standings.find((entry) => entry.metric === 'put_block');
    expect(putBlock?.value).toBe(54570 * 1024);
    expect(putBlock?.peers.map((peer) => peer.run)).toEqual([
      'xfs-mount-options',
      'xfs',
      'btrfs',
      'xfs-mkfs-and-mount-options',
      'ext4-tuned',
    ]);
    expect(putBlock?.standing).toEqual({ rank: 5, of: 6, percentile: 20, beaten: 1, tied: 0 });
    // Each peer links to its run page and raw file.
    expect(putBlock?.peers[0]).toMatchObject({
      href: `/experiments/${BONNIE}/runs/xfs-mount-options/`,
      fileHref: `/experiments/${BONNIE}/runs/xfs-mount-options/bonnie--xfs-mount-options.txt`,
    });
    // The best: xfs-mount-options beats all 5 others.
    const best = await standingsOfRun(BONNIE, 'xfs-mount-options');
    expect(best.find((entry) => entry.metric === 'put_block')?.standing).toMatchObject({ rank: 1, percentile: 100 });
  });

  test('block reads: ties count half', async () => {
    // --Block-- of Sequential Input, line 4: ext4 62905, ext4-tuned 62724, xfs-mount-options 62650,
    // xfs-mkfs-and-mount-options 62613, xfs 62598, btrfs 59932. xfs beats btrfs only: 1 of 5.
    const standings = await standingsOfRun(BONNIE, 'xfs');
    expect(standings.find((entry) => entry.metric === 'get_block')?.standing).toEqual({
      rank: 5,
      of: 6,
      percentile: 20,
      beaten: 1,
      tied: 0,
    });
    // The definition's ties, on those numbers: 62598 among 62598 and 59932 beats one, ties one.
    expect(standingAmong(62598, 'higher', [62598, 59932])).toEqual({
      rank: 1,
      of: 3,
      percentile: 75,
      beaten: 1,
      tied: 1,
    });
    // Lower is better for a latency: 164527 ns among 219133 and 334041 beats both.
    expect(standingAmong(164527, 'lower', [219133, 334041])).toMatchObject({ rank: 1, percentile: 100 });
    expect(standingAmong(1, 'neither', [2])).toBeUndefined();
    expect(['1st', '2nd', '3rd', '11th', '20th', '100th']).toEqual([1, 2, 3, 11, 20.9, 100].map(percentileOrdinal));
  });

  test('fewer than the minimum of others: no rank, the peers still counted', async () => {
    // The loopback's direct fio jobs: its xfs and btrfs runs among the others of ext4's
    // (runs made here with the same profile on other devices share the workload).
    const directOf = (standings: Awaited<ReturnType<typeof standingsOfRun>>) =>
      standings.find((entry) => entry.group === 'random-write-direct' && entry.metric === 'write.iops');
    const ranked = directOf(await standingsOfRun(LOOPBACK, 'ext4', 1));
    const others = ranked?.peers.length ?? 0;
    expect(
      ranked?.peers
        .filter((peer) => peer.experiment === LOOPBACK)
        .map((peer) => peer.run)
        .sort(),
    ).toEqual(['btrfs', 'xfs']);
    expect(ranked?.standing).toBeDefined();
    // One more than there are: listed, not ranked.
    const unranked = directOf(await standingsOfRun(LOOPBACK, 'ext4', others + 1));
    expect(unranked?.peers).toHaveLength(others);
    expect(unranked?.standing).toBeUndefined();
  });
});

describe('what is ranked together, and what is left out', () => {
  test('a number with an error finding is no one’s peer, and its own run still shows it with its badge', async () => {
    // The loopback's buffered jobs carry BF001 (error) on every run (128 MiB on 23.5 GiB of memory).
    const loopback = valuesOf(await realExperiment(LOOPBACK));
    const buffered = loopback.filter((value) => value.group === 'random-write-buf' && value.metric === 'write.iops');
    expect(buffered.map((value) => value.run)).toEqual(['ext4', 'xfs', 'btrfs']);
    for (const value of buffered) expect(value.hasError).toBe(true);
    const byKey = await siteByKey(1);
    const key = buffered[0]?.key ?? '';
    expect(byKey.get(key)).toBeUndefined();
    const own = (await standingsOfRun(LOOPBACK, 'ext4', 1)).find(
      (entry) => entry.group === 'random-write-buf' && entry.metric === 'write.iops',
    );
    expect(own?.findings.filter((found) => found.severity === 'error').map((found) => found.rule)).toEqual(['BF001']);
    expect(own?.peers).toEqual([]);
    // The direct jobs have no error finding: each run is a peer of the others.
    const direct = loopback.find((value) => value.group === 'random-write-direct' && value.metric === 'write.iops');
    expect(direct?.hasError).toBe(false);
    const peers = byKey.get(direct?.key ?? '')?.metrics[0]?.values ?? [];
    expect(peers.filter((value) => value.experiment === LOOPBACK).map((value) => value.run)).toEqual(
      expect.arrayContaining(['ext4', 'xfs', 'btrfs']),
    );
  });

  test('equal keys only: a random write never meets a sequential one, direct never buffered', async () => {
    const loopback = valuesOf(await realExperiment(LOOPBACK));
    const keyOf = (group: string) => loopback.find((value) => value.run === 'ext4' && value.group === group)?.key;
    const keys = [
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ].map(keyOf);
    expect(new Set(keys).size).toBe(4);
    // runs/ext4/fio--seed-hoffman-1.txt, global options `"bs" : "8k"`, `"numjobs" : "5"`, `"ioengine" : "sync"`
    // (lines 40-42), random-write-direct's `"rw" : "randwrite"`, `"direct" : "1"` (lines 61-62); iodepth 1 is
    // fio's default, printed in the job line.
    expect(keys[0]).toBe('fio|io|random|write|bs=8192|direct=true|iodepth=1|ioengine=sync|rw=randwrite|threads=5');
    expect(standingFileName(keys[0] ?? '')).toMatch(/^[0-9a-f]{16}$/);
  });

  test('a fio output that does not say whether its I/O was direct is not ranked, and says so', async () => {
    // The MSA70's fio 1.57 normal output prints "rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1", no direct.
    const msa70 = compactOf(await realExperiment(MSA70));
    expect(msa70.workloads).toEqual([]);
    expect(msa70.unkeyed.find((entry) => entry.run === 'ext4' && entry.group === 'random-write-direct')).toEqual({
      run: 'ext4',
      tool: 'fio',
      group: 'random-write-direct',
      missing: ['direct'],
    });
    const loaded = await realExperiment(MSA70);
    const [first] = compareRuns(loaded)[0]?.fingerprints ?? [];
    expect(first && standingKey(first.fingerprint)).toEqual({ missing: ['direct'] });
  });
});
