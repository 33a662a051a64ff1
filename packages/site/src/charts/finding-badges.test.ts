import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { realExperiment } from '../data/test-content.ts';
import { barChartTable } from '../figures/bar-table.ts';
import { chartTableElement } from '../figures/table-element.ts';
import type { MetricComparison, ToolSection } from '../view/model.ts';
import { barChart } from './bar-chart.ts';
import { testDocument } from './chart-test-data.ts';
import { rankGrid } from './rank-grid.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const BONNIE_2011 = '2011-11-ext4-xfs-btrfs-bonnie';

async function sectionOf(id: string, tool: string): Promise<ToolSection> {
  const section = experimentView(await realExperiment(id)).sections.find((candidate) => candidate.tool === tool);
  if (section === undefined) throw new Error(`no ${tool} section in ${id}`);
  return section;
}

async function msa70WriteIops(): Promise<MetricComparison> {
  const metric = (await sectionOf(MSA70, 'fio')).metrics.find((candidate) => candidate.metric === 'write.iops');
  if (metric === undefined) throw new Error('no write.iops');
  return metric;
}

describe('lint badges in charts and tables', () => {
  it("draws MSA70 xfs random-write-buf's BF102 and BF103 beside its bar, linked to /rules/, and none beside a clean bar", async () => {
    // fio--xfs.txt: "write: io=6557.9MB, bw=27876KB/s, iops=3484 , runt=240892msec".
    const svg = barChart(await msa70WriteIops(), { width: 760, document: testDocument() });
    const badges = [...svg.querySelectorAll('.finding-badge[data-run="xfs"][data-group="random-write-buf"]')];
    expect(badges.map((badge) => badge.getAttribute('data-rule'))).toEqual(['BF102', 'BF103']);
    // A marker, not a link: a role="img" chart holds no control; its data table links the rule.
    expect(svg.querySelector('a')).toBeNull();
    expect(badges[0]?.querySelector('title')?.textContent).toContain('runtime far from its siblings');
    expect(badges[0]?.querySelector('title')?.textContent).toContain('240892 ms');
    expect(badges[0]?.querySelector('text')?.textContent).toBe('BF102');
    expect(svg.querySelector('.finding-badge[data-run="xfs"][data-group="random-write-direct"]')).toBeNull();
    // The chart is an image: its name says which bars are flagged.
    expect(svg.getAttribute('aria-label')).toMatch(/Lint findings: .*xfs, random-write-buf[^:]*: BF102, BF103/);
  });

  it("keeps every badge inside the chart's width, on a phone's 360 px too", async () => {
    const data = await msa70WriteIops();
    for (const width of [360, 760]) {
      const svg = barChart(data, { width, document: testDocument() });
      for (const rect of svg.querySelectorAll('.finding-badge rect')) {
        const right = Number(rect.getAttribute('x')) + Number(rect.getAttribute('width'));
        expect(right, `${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('puts the badges in the data table beside the chart, as links a screen reader reads', async () => {
    const table = chartTableElement(barChartTable(await msa70WriteIops()), testDocument());
    const row = [...table.querySelectorAll('tbody tr')].find((tr) =>
      tr.querySelector('th')?.textContent?.startsWith('random-write-buf'),
    );
    const badges = [...(row?.querySelectorAll('a.finding-badge') ?? [])];
    expect(badges.map((badge) => badge.getAttribute('href'))).toContain('/rules/#bf102');
    const rules = badges.map((badge) => badge.textContent);
    // ext3 (BF103, and BF303: "iops=59112"), ext4 (BF303: "iops=83840"), xfs (BF102, BF103).
    expect(rules).toEqual([
      expect.stringMatching(/^BF103 warning: one I\/O of fio job random-write-buf took 4\.49 s/),
      expect.stringMatching(/^BF303 warning: fio job random-write-buf's random writes \(rw=randwrite\): 59112 op\/s/),
      expect.stringMatching(/^BF303 warning: fio job random-write-buf's random writes \(rw=randwrite\): 83840 op\/s/),
      expect.stringMatching(/^BF102 warning: fio job random-write-buf ran 240892 ms/),
      expect.stringMatching(/^BF103 warning: one I\/O of fio job random-write-buf took 238 s/),
    ]);
  });

  it("badges bonnie++'s putc cell (98 % CPU) in the grid, and not its block output", async () => {
    // bonnie--xfs.txt: "version          8G   558  98 55174   9 ...": putc at 98 % CPU (BF202).
    const grid = (await sectionOf(BONNIE_2011, 'bonnie')).grid;
    if (grid === undefined) throw new Error('no grid');
    const table = rankGrid(grid, { document: testDocument() });
    const row = table.querySelector('th[data-run="xfs"]')?.closest('tr');
    const cells = [...(row?.querySelectorAll('td') ?? [])];
    const cellOf = (key: string) => cells[grid.columns.findIndex((column) => column.key === key)];
    expect(cellOf('putc')?.querySelector('a.finding-badge')?.getAttribute('data-rule')).toBe('BF202');
    expect(cellOf('put_block')?.querySelector('a.finding-badge')).toBeNull();
  });
});
