import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { barTableRows, formatSpread } from '../../charts/bar-summary.ts';
import { experimentView } from '../../data/experiment-view.ts';
import { realExperiment, repoPath } from '../../data/test-content.ts';
import { formatValue } from '../../lib/format-value.ts';

// Every "±" of the MSA70 page's mean completion latency, against the text fio 1.57 printed:
// per job, `clat (usec): min=…, max=…, avg=645.32, stdev=4647.69`. The page must print the stdev
// itself (4.65 ms), never half of a whisker clipped at zero.

const ID = '2011-07-ext3-ext4-xfs-fio-msa70';
const RUNS = ['ext3', 'ext4', 'xfs'];

/** Each job's write clat avg and stdev in µs, read from the raw output with a regular expression. */
async function rawClat(run: string): Promise<Map<string, { avgUs: number; stdevUs: number }>> {
  const text = await readFile(repoPath(`content/results/${ID}/runs/${run}/fio--${run}.txt`), 'utf8');
  const found = new Map<string, { avgUs: number; stdevUs: number }>();
  const pattern = /^(\S+): \(groupid=\d+, jobs=\d+\)[\s\S]*?^\s+clat \(usec\):[^\n]*avg=([\d.]+), stdev=([\d.]+)/gm;
  for (const match of text.matchAll(pattern)) {
    found.set(match[1] as string, { avgUs: Number(match[2]), stdevUs: Number(match[3]) });
  }
  return found;
}

describe('the MSA70 page’s write completion latency, against fio’s own text', async () => {
  const view = experimentView(await realExperiment(ID));
  const clat = view.sections.find((s) => s.key === 'fio')?.metrics.find((m) => m.key === 'fio-write-clat-mean');
  if (clat === undefined) throw new Error('no fio-write-clat-mean');
  const rows = barTableRows(clat);

  it.each(RUNS)('prints fio’s avg and stdev for every job of %s', async (run) => {
    const raw = await rawClat(run);
    expect(raw.size).toBe(4);
    for (const [job, { avgUs, stdevUs }] of raw) {
      const cell = clat.cells.find((c) => c.run === run && c.group === job);
      expect(cell?.value).toBeCloseTo(avgUs * 1000, 3);
      expect(cell?.sd).toBeCloseTo(stdevUs * 1000, 3);
      expect(cell?.spread).toBe('stddev');
      const expected = `± ${formatValue(stdevUs * 1000, 'ns')}`;
      if (cell) expect(formatSpread(cell, 'ns')).toBe(expected);
      const row = rows.find((r) => r.runId === run && r.groupKey === job);
      expect(row?.spreadText).toBe(expected);
      expect(row?.valueText).toBe(formatValue(avgUs * 1000, 'ns'));
    }
  });

  it('prints 645 µs ± 4.65 ms for ext3 random-write-direct (avg=645.32, stdev=4647.69)', () => {
    const row = rows.find((r) => r.runId === 'ext3' && r.groupKey === 'random-write-direct');
    expect(`${row?.valueText} ${row?.spreadText}`).toBe('645 µs ± 4.65 ms');
  });
});
