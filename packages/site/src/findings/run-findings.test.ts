import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runPageView } from '../data/run-page.ts';
import { realExperiment } from '../data/test-content.ts';
import { runFindings } from './run-findings.ts';

const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';

describe("a run page's lint findings", () => {
  it("lists the MSA70 xfs random-write-buf stall at the raw text's runt=240892msec line", async () => {
    const loaded = await realExperiment(FIO_SEED);
    const run = loaded.runs.find((candidate) => candidate.id === 'xfs');
    if (run === undefined) throw new Error('no xfs run');
    const text = await readFile(run.outputs[0]?.path ?? '', 'utf8');
    const lines = text.split('\n');
    const runtLine = lines.findIndex((line) => line.includes('runt=240892msec')) + 1;
    const clatLine = lines.findIndex((line) => line.includes('max=237984K')) + 1;
    expect(runtLine).toBeGreaterThan(0);

    // The run's other findings (its 10 s runtimes, group_reporting, ...) are other rules' tests.
    const findings = runPageView(loaded, run).findings.filter((found) => ['BF102', 'BF103'].includes(found.rule));
    expect(findings.map((found) => [found.rule, found.severity, found.line, found.workload])).toEqual([
      ['BF102', 'warning', runtLine, 'random-write-buf'],
      ['BF103', 'warning', clatLine, 'random-write-buf'],
    ]);
    expect(findings[0]?.file).toBe('fio--xfs.txt');
    expect(findings[0]?.fileHref).toBe(`/experiments/${FIO_SEED}/runs/xfs/fio--xfs.txt`);
    expect(findings[0]?.ruleTitle).toBe('fio job runtime far from its siblings');
    expect(findings[0]?.message).toContain('240892 ms');
  });

  it("links each rule to its entry on the site's /rules/ page", async () => {
    const loaded = await realExperiment(FIO_SEED);
    const run = loaded.runs.find((candidate) => candidate.id === 'xfs');
    if (run === undefined) throw new Error('no xfs run');
    const stall = runFindings(loaded, run).find((found) => found.rule === 'BF102');
    expect(stall?.ruleHref).toBe('/rules/#bf102');
  });

  it('has none for a run whose numbers are published rather than parsed', async () => {
    const loaded = await realExperiment('2020-dd-sequential-write-three-hosts');
    for (const run of loaded.runs) expect(runPageView(loaded, run).findings).toEqual([]);
  });
});
