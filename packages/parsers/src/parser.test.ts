import { describe, expect, it } from 'vitest';
import { _withLazyMeasurements } from './parser.ts';

describe('_withLazyMeasurements', () => {
  const measurement = { tool: 'fio' as const, metric: 'write.iops', unit: 'op/s' as const, value: 7118, labels: {} };

  it('builds the measurements once, on first read', () => {
    let builds = 0;
    const output = _withLazyMeasurements(
      { tool: 'fio', format: 'normal', toolVersion: null, result: {}, warnings: [] },
      () => {
        builds++;
        return [measurement];
      },
    );
    expect(builds).toBe(0);
    expect(output.measurements).toEqual([measurement]);
    expect(output.measurements).toBe(output.measurements);
    expect(builds).toBe(1);
  });

  it('shows them to JSON.stringify, spreading and structuredClone like a plain property', () => {
    const output = _withLazyMeasurements(
      { tool: 'fio', format: 'normal', toolVersion: null, result: {}, warnings: [] },
      () => [measurement],
    );
    expect(JSON.parse(JSON.stringify(output)).measurements).toEqual([measurement]);
    expect({ ...output }.measurements).toEqual([measurement]);
    expect(structuredClone(output).measurements).toEqual([measurement]);
  });
});
