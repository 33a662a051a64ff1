import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { compareRuns as experimentCompareRuns } from '../../compare/compare-index.ts';
import { compareRuns } from '../../compare/compare-runs.ts';
import { runSections } from '../../data/run-json.ts';
import { realExperiment, repoPath } from '../../data/test-content.ts';
import { analyze } from '../analyze.ts';
import { YOUR_RUN } from '../try-view.ts';
import { pairedSections } from './paired-sections.ts';

/** A published run's sections and fingerprints, as /try fetches and lists them. */
async function published(experimentId: string, runId: string) {
  const loaded = await realExperiment(experimentId);
  const run = loaded.runs.find((candidate) => candidate.id === runId);
  if (run === undefined) throw new Error(`no run ${runId}`);
  // As its experiment's compare-runs.json lists it.
  const entry = experimentCompareRuns(loaded).find((candidate) => candidate.run === runId);
  return {
    ref: { id: `${experimentId}/${runId}`, label: runId },
    sections: runSections(loaded, run),
    fingerprints: entry?.fingerprints ?? [],
  };
}

async function yours(path: string) {
  const text = await readFile(repoPath(path), 'utf8');
  const view = await analyze([{ name: path.split('/').at(-1) as string, text }]);
  return { sections: view.sections, fingerprints: view.fingerprints };
}

/** Eleven VPS plans, each with one randwrite and one randread output, both of the fio job `myjob`. */
const VPS_FIO3 = '2017-vps-fio-3-4k-random-libaio-eleven-plans';

describe('pairedSections', () => {
  test("a reader's fio job `randwrite` lines up with the loopback run's random writes", async () => {
    // vps-comparison: one job `randwrite` (rw=randwrite, bs=4K, iodepth=16, 8 processes, group reporting):
    // `write: io=4096.0MB, bw=53966KB/s, iops=13491`. The loopback run names its random writes random-write-direct/-buf.
    const mine = await yours(
      'packages/parsers/fixtures/corpus/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt',
    );
    const theirs = await published('2026-11-ext4-xfs-btrfs-loopback', 'ext4');
    const { sections, pairs } = pairedSections(mine.sections, mine.fingerprints, theirs.sections, theirs.fingerprints);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ section: 'fio', yourGroup: 'randwrite' });
    expect(pairs[0]?.theirGroup).toMatch(/^random-write-(direct|buf)$/);
    expect(pairs[0]?.similarity?.kindMatch).toBe('same');
    const compared = compareRuns([
      { ref: YOUR_RUN, sections: mine.sections },
      { ref: theirs.ref, sections },
    ]);
    const iops = compared.find((section) => section.key === 'fio')?.metrics.find((m) => m.metric === 'write.iops');
    expect(iops?.groups.map((group) => group.key)).toEqual(['randwrite']);
    expect(new Set(iops?.cells.map((cell) => cell.run))).toEqual(new Set(['yours', theirs.ref.id]));
    // The published bar keeps its own value: the loopback job's IOPS, filed under the reader's group.
    const theirBar = theirs.sections
      .find((section) => section.tool === 'fio')
      ?.metrics.find((m) => m.metric === 'write.iops')
      ?.cells.find((cell) => cell.group === pairs[0]?.theirGroup);
    expect(iops?.cells.find((cell) => cell.run === theirs.ref.id)?.value).toBe(theirBar?.value);
    // The reader's own IOPS as fio printed it: `iops=13491`.
    expect(iops?.cells.find((cell) => cell.run === 'yours')?.value).toBe(13491);
  });

  test('a sysbench fileio run pairs by mode and threads, a bonnie++ run by its one group', async () => {
    const mine = await yours(
      'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/xfs/sysbench--fileio-rndwr-t4-1.txt',
    );
    const theirs = await published('2026-11-ext4-xfs-btrfs-loopback', 'ext4');
    const { pairs } = pairedSections(mine.sections, mine.fingerprints, theirs.sections, theirs.fingerprints);
    expect(pairs.map((pair) => [pair.yourGroup, pair.theirGroup])).toEqual([['rndwr/4', 'rndwr/4']]);

    const bonnie = await yours('packages/parsers/fixtures/corpus/bonnie/pkb__bonnie-1.96-csv.csv');
    const bonnieRun = await published('2011-11-ext4-xfs-btrfs-bonnie', 'ext4');
    const paired = pairedSections(bonnie.sections, bonnie.fingerprints, bonnieRun.sections, bonnieRun.fingerprints);
    // pkb's 7423M files beside the 2011 run's 8G files: different names, the same suite.
    expect(paired.pairs.map((pair) => [pair.yourGroup, pair.theirGroup])).toEqual([['7423M/1', '8G/1']]);
  });

  test("pairs each of kubestr's jobs with the published output of its own kind where two outputs share a job name", async () => {
    // kubestr (fio 3.20, JSON): jobs read_iops (`"rw" : "randread"`) and write_iops (`"rw" : "randwrite"`),
    // 4K at iodepth 64. The VPS run ran `--name=myjob` twice, one output per direction, drawn in the
    // groups `<run.yaml workload> · myjob`.
    const mine = await yours('packages/parsers/fixtures/corpus/fio/kubestr__fio-3.20-json-2jobs-gtod-reduce.json');
    const theirs = await published(VPS_FIO3, 'aws-ec2-micro');
    const { sections, pairs } = pairedSections(mine.sections, mine.fingerprints, theirs.sections, theirs.fingerprints);
    expect(pairs.map((pair) => [pair.yourGroup, pair.theirGroup])).toEqual([
      ['read_iops', 'randread-4k-qd4-libaio · myjob'],
      ['write_iops', 'randwrite-4k-qd4-libaio · myjob'],
    ]);
    expect(pairs.map((pair) => pair.similarity?.kindMatch)).toEqual(['same', 'same']);
    const compared = compareRuns([
      { ref: YOUR_RUN, sections: mine.sections },
      { ref: theirs.ref, sections },
    ]);
    const fio = compared.find((section) => section.key === 'fio');
    const theirIops = (metric: string, group: string) =>
      fio?.metrics.find((m) => m.metric === metric)?.cells.find((c) => c.run === theirs.ref.id && c.group === group)
        ?.value;
    // fio--randwrite.txt: `write: IOPS=3065, BW=11.0MiB/s (12.6MB/s)(3593MiB/300002msec)`;
    // fio--randread.txt: `read: IOPS=5269, BW=20.6MiB/s (21.6MB/s)(4096MiB/198990msec)`.
    expect(theirIops('write.iops', 'write_iops')).toBe(3065);
    expect(theirIops('read.iops', 'read_iops')).toBe(5269);
    // Each bar lines up beside the reader's, and none of the other direction's: kubestr's read_iops has no write bars.
    expect(theirIops('write.iops', 'read_iops')).toBeUndefined();
    expect(theirIops('read.iops', 'write_iops')).toBeUndefined();
  });
});
