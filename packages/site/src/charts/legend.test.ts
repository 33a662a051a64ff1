import { describe, expect, test } from 'vitest';
import { GOVERNOR_RUNS, testDocument } from './chart-test-data.ts';
import { estimateTextWidth } from './label-fit.ts';
import { appendLegend, LEGEND_FONT_PX, type LegendItem, legendHeight, legendLayout } from './legend.ts';
import { seriesClass } from './svg.ts';

// The four hosts of content/results/2020-fio-random-write-cpu-governor, with their run.yaml labels.
const items = GOVERNOR_RUNS.map((run, index) => ({ run: run.id, label: run.label, className: seriesClass(index) }));

describe('legendLayout(items, width)', () => {
  test('puts every item on one row when they fit', () => {
    const layout = legendLayout(items, 640);
    expect(layout.positions.map((p) => p.y)).toEqual([0, 0, 0, 0]);
    expect(layout.height).toBe(18);
    const xs = layout.positions.map((p) => p.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  test('wraps into rows that stay within the width', () => {
    const width = 200;
    const layout = legendLayout(items, width);
    expect(layout.height).toBeGreaterThan(18);
    layout.positions.forEach((position, index) => {
      const label = items[index]?.label ?? '';
      expect(position.x + 14 + estimateTextWidth(label, LEGEND_FONT_PX)).toBeLessThanOrEqual(width);
    });
  });

  test('gives a line swatch more room than a mark', () => {
    const lines = items.map((item) => ({ ...item, kind: 'line' as const }));
    expect(legendLayout(lines, 640).positions[1]?.x).toBe((legendLayout(items, 640).positions[1]?.x ?? 0) + 6);
  });

  test('takes no room without items', () => {
    expect(legendHeight([], 640)).toBe(0);
  });
});

describe('appendLegend(document, parent, items, { width, at })', () => {
  test('draws a swatch and a label per item, with its run', () => {
    const document = testDocument();
    const parent = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    const height = appendLegend(
      document,
      parent,
      [items[0], { ...items[1], kind: 'line', swatchClass: 'device-1' }].filter(
        (item) => item?.label !== undefined,
      ) as LegendItem[],
      {
        width: 640,
        at: { x: 40, y: 0 },
      },
    );
    expect(height).toBe(18);
    expect(parent.querySelector('.legend')?.getAttribute('transform')).toBe('translate(40,0)');
    const entries = [...parent.querySelectorAll('.legend-item')];
    expect(entries.map((e) => e.getAttribute('data-run'))).toEqual(GOVERNOR_RUNS.slice(0, 2).map((r) => r.id));
    expect(entries[0]?.querySelector('rect.mark')).not.toBeNull();
    expect(entries[1]?.querySelector('line.line.device-1')).not.toBeNull();
    expect(entries.map((e) => e.querySelector('text')?.textContent)).toEqual(
      GOVERNOR_RUNS.slice(0, 2).map((r) => r.label),
    );
  });
});

describe('a label wider than the legend', () => {
  test('is cut to the width with an ellipsis, its whole text the title (a run label of the fio-plot import on a phone)', () => {
    const document = testDocument();
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    // 2019-08-crucial-mx200-single-vs-md-raid0-p420i-fio, runs/md-raid0-x3-8k-chunk/run.yaml label.
    const label = 'md RAID 0 of three Crucial MX200, 8K chunk';
    appendLegend(document, svg, [{ label, className: 'series-0', kind: 'line' }], { width: 180 });
    const text = svg.querySelector('.legend-item text');
    expect(text?.firstChild?.textContent).toMatch(/…$/);
    expect(estimateTextWidth(text?.firstChild?.textContent ?? '', LEGEND_FONT_PX)).toBeLessThanOrEqual(180);
    expect(text?.querySelector('title')?.textContent).toBe(label);
  });
});
