import { describe, expect, test } from 'vitest';
import { formatValue } from '../lib/format-value.ts';
import { EC2_REQUEST_TIME, msa70Comparison, testDocument } from './chart-test-data.ts';
import { hbarChart } from './hbar-chart.ts';

// Real data (chart-test-data.ts): fio 1.57 on the MSA70, parsed from the raw files, and the EC2
// nginx request times as published (mean ± stddev).
const document = testDocument();
const iops = msa70Comparison('write.iops', { title: 'Write IOPS', betterIs: 'higher' });

describe('hbarChart(data, options)', () => {
  const svg = hbarChart(iops, { width: 760, document });

  test('draws a bar per cell with its value, and prints the value at its end, never turned', () => {
    const bars = [...svg.querySelectorAll('rect.bar')];
    expect(bars).toHaveLength(iops.cells.length);
    const labels = [...svg.querySelectorAll('text.value-label')];
    for (const cell of iops.cells) {
      const bar = svg.querySelector(`rect.bar[data-run="${cell.run}"][data-group="${cell.group}"]`);
      expect(Number(bar?.getAttribute('data-value'))).toBe(cell.value);
      const label = labels.find(
        (l) => l.getAttribute('data-run') === cell.run && l.getAttribute('data-group') === cell.group,
      );
      expect(label?.textContent).toBe(formatValue(cell.value, 'op/s'));
      // At the bar's end: its x is past the bar's right edge.
      expect(Number(label?.getAttribute('x'))).toBeGreaterThan(
        Number(bar?.getAttribute('x')) + Number(bar?.getAttribute('width')),
      );
    }
    expect(svg.innerHTML).not.toMatch(/rotate\(/);
  });

  test('says the unit and which way is better on the chart', () => {
    expect(svg.querySelector('.axis-caption')?.textContent).toBe(
      'Write IOPS, operations per second · higher is better',
    );
    expect(svg.getAttribute('data-orientation')).toBe('horizontal');
  });

  test('prints the tool’s sd itself beside the mean and says what the whiskers are', () => {
    // m3.medium: 15.88136 s ± 9.29829 s.
    const chart = hbarChart(EC2_REQUEST_TIME, { width: 500, document });
    const label = chart.querySelector('text.value-label[data-run="m3-medium"]');
    expect(label?.textContent).toBe('15.9 s ± 9.3 s');
    expect(chart.querySelector('.spread-legend')?.textContent).toMatch(/^Whiskers: ± 1 sd of single operations/);
    expect(chart.querySelectorAll('g.spread')).toHaveLength(3);
  });

  test('with a baseline, prints every ratio in one notation: all times when any is beyond a factor of two', () => {
    const chart = hbarChart(iops, { width: 760, document, baseline: 'ext3' });
    const texts = [...chart.querySelectorAll('text.value-label')].map((t) => t.textContent ?? '');
    const readings = texts.filter((text) => text !== 'baseline');
    expect(readings.every((text) => text.endsWith('×'))).toBe(true);
    // ext4 random-write-direct: 7366 / 7118 (fio--ext4.txt, fio--ext3.txt).
    const bar = chart.querySelector('rect.bar[data-run="ext4"][data-group="random-write-direct"]');
    expect(Number(bar?.getAttribute('data-ratio'))).toBeCloseTo(7366 / 7118, 12);
    expect([...chart.querySelectorAll('.axis-values text')].every((t) => /×$|^0$/.test(t.textContent ?? ''))).toBe(
      true,
    );
  });

  test("sort 'value' puts the best first in each group", () => {
    const chart = hbarChart(iops, { width: 760, document, sort: 'value' });
    const runs = [...chart.querySelectorAll('rect.bar[data-group="sequential-write-buffered"]')].map((b) =>
      b.getAttribute('data-run'),
    );
    // xfs 96347, ext4 20460, ext3 2491.
    expect(runs).toEqual(['xfs', 'ext4', 'ext3']);
  });
});
