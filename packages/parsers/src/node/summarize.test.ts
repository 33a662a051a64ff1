import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddExperimentFiles, type FixtureDir, writeExperimentFixture } from '../../test/content-fixture.ts';
import { loadContent } from './load-content.ts';
import { reviewNumber } from './review-number.ts';
import { summarizeExperiment } from './summarize.ts';

describe('summarizeExperiment', () => {
  let fixture: FixtureDir;
  let summary: string;

  beforeAll(async () => {
    fixture = writeExperimentFixture(ddExperimentFiles());
    const report = await loadContent(fixture.resultsDir, { displayRoot: fixture.resultsDir });
    const [experiment] = report.experiments;
    if (experiment === undefined) throw new Error(`the fixture does not load: ${JSON.stringify(report.issues)}`);
    summary = summarizeExperiment(experiment, report.issues);
  });
  afterAll(() => fixture.remove());

  it('heads the summary with the title, the variable and the runs with their values', () => {
    expect(summary.split('\n').slice(0, 3)).toEqual([
      '## Sequential 20 GB write with dd on three hosts',
      '',
      '**Variable:** Host · **Runs:** Host1 (Host1), Host2 (Host2) · **Status:** published',
    ]);
  });

  it('puts the published numbers in a table with a column per run', () => {
    // "Avg Time to Write 20GB | 20.6339 Seconds | 13.8235 Seconds" in the seed's result table.
    expect(summary).toContain('| tool | workload | metric | Host1 | Host2 |');
    expect(summary).toContain('| dd | size=20GB | write.time | 20.63 s | 13.82 s |');
  });

  it('lists the system fields that differ, one row each', () => {
    expect(summary).toContain('| raid.controller | AVAGO MegaRAID SAS 9361-4i | HPE Smart Array P440 |');
    expect(summary).toContain('| filesystem.type | ext4 | xfs |');
  });
});

describe('summarizeExperiment: lint findings', () => {
  const resultsDir = fileURLToPath(new URL('../../../../content/results', import.meta.url));
  const summaries = new Map<string, string>();

  beforeAll(async () => {
    const report = await loadContent(resultsDir, { displayRoot: resultsDir });
    for (const experiment of report.experiments) summaries.set(experiment.id, summarizeExperiment(experiment));
  });

  const sectionOf = (id: string): string[] => {
    const summary = summaries.get(id);
    if (summary === undefined) throw new Error(`${id} did not load`);
    const lines = summary.split('\n');
    const start = lines.indexOf('### Lint findings');
    const end = lines.findIndex((line, index) => index > start && line.startsWith('### '));
    return lines.slice(start, end === -1 ? undefined : end);
  };

  it('lists the MSA70 xfs random-write-buf stall with its rule, run and raw line', () => {
    const section = sectionOf('2011-07-ext3-ext4-xfs-fio-msa70');
    expect(section).toContain('| rule | severity | run | file:line | workload | message |');
    // runs/xfs/fio--xfs.txt line 51: "write: io=6557.9MB, bw=27876KB/s, iops=3484 , runt=240892msec",
    // line 52: "clat (usec): min=7 , max=237984K, ...": one 238 s write in a 241 s job.
    // The run's other findings (its 10 s runtimes, group_reporting, ...) are other rules' tests.
    const xfsRows = section.filter((line) => /^\| BF10[23] \| .*\| xfs \| fio--xfs\.txt:/.test(line));
    expect(xfsRows.map((row) => row.split(' | ').slice(0, 5))).toEqual([
      ['| BF102', 'warning', 'xfs', 'fio--xfs.txt:51', 'random-write-buf'],
      ['| BF103', 'warning', 'xfs', 'fio--xfs.txt:52', 'random-write-buf'],
    ]);
    expect(xfsRows[0]).toContain('240892 ms');
  });

  it('says so when an experiment has no finding', () => {
    // Every experiment of content/results with raw outputs has findings; this one publishes its
    // numbers in measurements.csv only, so the lint has nothing to flag.
    expect(sectionOf('2020-fio-random-write-io-scheduler-filesystem')).toEqual([
      '### Lint findings',
      '',
      'No lint findings.',
      '',
    ]);
  });
});

describe('reviewNumber', () => {
  it('writes four significant digits in the decimal units published tables use', () => {
    // fio 1.57's "bw=56946KB/s" is 58,312,704 B/s (KB = 1024 B there).
    expect(reviewNumber(58_312_704, 'B/s')).toBe('58.31 MB/s');
    // fio 1.57's "clat (usec): ... avg=645.32".
    expect(reviewNumber(645_320, 'ns')).toBe('645.3 µs');
    expect(reviewNumber(7118, 'op/s')).toBe('7,118 op/s');
    expect(reviewNumber(99.5, '%')).toBe('99.5%');
    expect(reviewNumber(4_194_304, 'B')).toBe('4.194 MB');
    expect(reviewNumber(64, 'count')).toBe('64');
    expect(reviewNumber(0, 'ns')).toBe('0 ns');
    // Seconds stay seconds, however many.
    expect(reviewNumber(1234.5, 's')).toBe('1,235 s');
  });
});
