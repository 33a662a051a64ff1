import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { experimentFiles, experimentZip } from '../data/raw-zip.ts';
import { realExperiment } from '../data/test-content.ts';
import { citationOf, citationText } from './figure-citation.ts';
import { iopsLatencyPairs } from './iops-latency.ts';

const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';
const BONNIE_SEED = '2011-11-ext4-xfs-btrfs-bonnie';

describe('citationText', () => {
  it('names the experiment, its author and month, the figure address, and the post it comes from', async () => {
    const { experiment } = await realExperiment(FIO_SEED);
    const url = `https://example.org/experiments/${FIO_SEED}/#figure-fio-write-iops`;
    // experiment.yaml: authors [Evan Hoffman], date "2011-07", source published "2011-07-22".
    expect(citationText(citationOf(experiment), 'Write IOPS', url)).toBe(
      'Evan Hoffman, “ext3 vs ext4 vs xfs with fio 1.57 on an HP MSA70 (24 × 10k SAS, RAID 10)”, July 2011. ' +
        `benchfolio, figure “Write IOPS”, ${url}. ` +
        'Source: “Benchmarking disk IO on ext3 vs ext4 vs xfs with fio”, Evan Hoffman, July 22, 2011, ' +
        'http://www.evanhoffman.com/evan/2011/07/22/benchmarking-disk-io-on-ext3-vs-ext4-with-fio/.',
    );
  });

  it('cites an unnamed author as "Unknown", leaving why to the experiment page', async () => {
    const { experiment } = await realExperiment(BONNIE_SEED);
    const text = citationText(citationOf(experiment), 'Random seeks', '/x/#figure-bonnie-seeks');
    // experiment.yaml: "Unknown (the post names no author; the WordPress data gives only ...)".
    expect(text).toMatch(/^Unknown, “/);
    expect(text).not.toContain('WordPress');
    expect(text).toContain('https://cd34.com/blog/infrastructure/ext4-xfs-and-btrfs-benchmarks-and-testing/');
  });
});

describe('experimentZip', () => {
  it('holds every file of the experiment folder under <id>/, byte for byte', async () => {
    const loaded = await realExperiment(FIO_SEED);
    const entries = unzipSync(await experimentZip(loaded.id, loaded.dir));
    const files = await experimentFiles(loaded.dir);
    expect(files).toEqual(expect.arrayContaining(['experiment.yaml', 'runs/ext3/run.yaml', 'runs/ext3/fio--ext3.txt']));
    expect(Object.keys(entries).sort()).toEqual(files.map((file) => `${loaded.id}/${file}`));
    for (const file of files) {
      expect(
        Buffer.from(entries[`${loaded.id}/${file}`] ?? []).equals(await readFile(join(loaded.dir, file))),
        file,
      ).toBe(true);
    }
  });
});

describe('iopsLatencyPairs', () => {
  it('pairs each fio job’s IOPS with its completion latency, per run, as fio printed them', async () => {
    const view = experimentView(await realExperiment(FIO_SEED));
    const fio = view.sections.find((section) => section.key === 'fio');
    if (fio === undefined) throw new Error('no fio section');
    const pairs = iopsLatencyPairs(
      fio,
      view.runs.map(({ id, label }) => ({ id, label })),
    );
    expect(pairs.map((pair) => pair.title)).toEqual(['Write IOPS beside completion latency']);
    const job = pairs[0]?.jobs.find((candidate) => candidate.group.key.includes('random-write-direct'));
    const ext3 = job?.runs.find((row) => row.run.id === 'ext3');
    // fio--ext3.txt, random-write-direct: "iops=7118", "clat (usec): ... avg=645.32, stdev=4647.69".
    expect(ext3?.iops?.value).toBe(7118);
    expect(ext3?.meanNs?.value).toBeCloseTo(645_320, 0);
    // fio 1.57 prints no percentiles.
    expect(ext3?.p99Ns).toBeUndefined();
    expect(job?.runs.map((row) => row.run.id)).toEqual(['ext3', 'ext4', 'xfs']);
  });

  it('has nothing for a tool other than fio', async () => {
    const view = experimentView(await realExperiment(BONNIE_SEED));
    expect(view.sections.flatMap((section) => iopsLatencyPairs(section, []))).toEqual([]);
  });
});
