import { describe, expect, it } from 'vitest';
import { attachBrush, brushDomain } from './brush.ts';
import { corpusFile, iostatSeries, testDocument } from './output-test-data.ts';
import { timeSeriesChart } from './time-series-chart.ts';

// The corpus' Fedora 20 iostat log (57 s of 3 s reports), as in time-series-chart.test.ts.
const series = iostatSeries('fc20', corpusFile('iostat/pbench__sysstat10-fc20-iostat-xmtN-ampm.txt'), ['sda']);

describe('brushDomain', () => {
  it('turns plot pixels into seconds of the shown window', () => {
    expect(brushDomain([0, 100], 400, [0, 60])).toEqual([0, 15]);
    expect(brushDomain([300, 100], 400, [20, 60])).toEqual([30, 50]);
    // A brush dragged past the plot stops at its edges.
    expect(brushDomain([-20, 500], 400, [10, 20])).toEqual([10, 20]);
    // Rounded to hundredths of a second, for the URL.
    expect(brushDomain([100, 200], 543.24, [0, 57])).toEqual([10.49, 20.99]);
  });
});

describe('attachBrush', () => {
  it('attaches a d3 x-brush to the chart’s brush layer, the size of the plot, and takes it off', () => {
    const svg = timeSeriesChart(series, { width: 640, height: 280, document: testDocument(), figure: 'util' });
    const detach = attachBrush(svg, () => {});
    const layer = svg.querySelector('g.brush-layer');
    const overlay = layer?.querySelector('rect.overlay');
    expect(overlay).not.toBeNull();
    expect(overlay?.getAttribute('width')).toBe(layer?.getAttribute('data-width'));
    expect(overlay?.getAttribute('height')).toBe(layer?.getAttribute('data-height'));
    expect(layer?.querySelector('rect.selection')).not.toBeNull();
    detach();
    expect(layer?.childElementCount).toBe(0);
  });

  it('refuses an svg that is not a time-series chart', () => {
    const document = testDocument();
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    expect(() => attachBrush(svg, () => {})).toThrow(/not a time-series chart/);
  });
});
