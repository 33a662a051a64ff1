import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddExperimentFiles, type FixtureDir, writeExperimentFixture } from '../../test/content-fixture.ts';
import { formatValue } from '../content/format-value.ts';
import { loadContent } from './load-content.ts';
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
    expect(summary).toContain('| dd | size=20GB | write.time | 20.6 s | 13.8 s |');
  });

  it('lists the system fields that differ, one row each', () => {
    expect(summary).toContain('| raid.controller | AVAGO MegaRAID SAS 9361-4i | HPE Smart Array P440 |');
    expect(summary).toContain('| filesystem.type | ext4 | xfs |');
  });
});

describe('formatValue', () => {
  it('scales to three significant digits in decimal units', () => {
    // fio 1.57's "bw=56946KB/s" is 58,312,704 B/s (KB = 1024 B there).
    expect(formatValue(58_312_704, 'B/s')).toBe('58.3 MB/s');
    expect(formatValue(645_320, 'ns')).toBe('645 µs');
    expect(formatValue(7118, 'op/s')).toBe('7.12 k op/s');
    expect(formatValue(99.5, '%')).toBe('99.5%');
    expect(formatValue(0, 'ns')).toBe('0 ns');
  });
});
