import { describe, expect, it } from 'vitest';
import { corpusFile, iostatSeries, testDocument } from './output-test-data.ts';
import { readout, timeSeriesChart } from './time-series-chart.ts';
import { moveHoverRule, plotGeometry, timeAtX } from './time-series-hover.ts';

// The corpus' Fedora 20 iostat log: sda, 20 reports 3 s apart (0–57 s).
const series = iostatSeries('fc20', corpusFile('iostat/pbench__sysstat10-fc20-iostat-xmtN-ampm.txt'), ['sda']);

describe('time-series hover', () => {
  const svg = timeSeriesChart(series, { width: 640, height: 280, document: testDocument(), figure: 'util' });
  const geometry = plotGeometry(svg);

  it('reads the plot area and window the chart wrote', () => {
    expect(geometry).not.toBeNull();
    expect(geometry?.t0).toBe(0);
    expect(geometry?.t1).toBe(57);
    expect((geometry?.left ?? 0) + (geometry?.width ?? 0)).toBeLessThan(640);
  });

  it('turns a pointer x into seconds, null outside the plot', () => {
    if (!geometry) throw new Error('no geometry');
    expect(timeAtX(geometry, geometry.left)).toBe(0);
    expect(timeAtX(geometry, geometry.left + geometry.width)).toBe(57);
    expect(timeAtX(geometry, geometry.left + geometry.width / 3)).toBeCloseTo(19, 9);
    expect(timeAtX(geometry, geometry.left - 1)).toBeNull();
    // Under the pointer at 19 s, the nearest report is at 18 s: sda %util "17.07".
    expect(readout(series, 'util', 19)[0]?.text).toBe('17.1%');
  });

  it('moves the rule to a sample and hides it', () => {
    if (!geometry) throw new Error('no geometry');
    moveHoverRule(svg, 18);
    const rule = svg.querySelector('line.hover-rule');
    expect(rule?.getAttribute('visibility')).toBe('visible');
    expect(Number(rule?.getAttribute('x1'))).toBeCloseTo((18 / 57) * geometry.width, 1);
    moveHoverRule(svg, null);
    expect(rule?.getAttribute('visibility')).toBe('hidden');
  });

  it('finds no geometry on an svg that is not a time-series chart', () => {
    const document = testDocument();
    expect(plotGeometry(document.createElementNS('http://www.w3.org/2000/svg', 'svg'))).toBeNull();
  });
});
