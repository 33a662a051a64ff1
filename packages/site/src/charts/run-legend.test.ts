import { describe, expect, test } from 'vitest';
import { GOVERNOR_RUNS } from './chart-test-data.ts';
import { estimateTextWidth } from './label-fit.ts';
import { LEGEND_FONT_PX, layoutLegend } from './run-legend.ts';

// The four hosts of content/results/2020-fio-random-write-cpu-governor, with their run.yaml labels.
const items = GOVERNOR_RUNS.map((run, seriesIndex) => ({ run: run.id, label: run.label, seriesIndex }));

describe('layoutLegend(items, width)', () => {
  test('puts every item on one row when they fit', () => {
    const layout = layoutLegend(items, 640);
    expect(layout.map((p) => p.y)).toEqual([0, 0, 0, 0]);
    expect(layout.height).toBe(18);
    const xs = layout.map((p) => p.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  test('wraps into rows that stay within the width', () => {
    const width = 200;
    const layout = layoutLegend(items, width);
    expect(layout.height).toBeGreaterThan(18);
    layout.forEach((position, index) => {
      const label = items[index]?.label ?? '';
      expect(position.x + 14 + estimateTextWidth(label, LEGEND_FONT_PX)).toBeLessThanOrEqual(width);
    });
  });

  test('takes no room without items', () => {
    expect(layoutLegend([], 640).height).toBe(0);
  });
});
