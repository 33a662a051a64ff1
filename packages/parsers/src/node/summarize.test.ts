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
