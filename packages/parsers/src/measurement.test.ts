import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Measurement, MeasurementSchema, measurementJsonSchema } from './measurement.ts';

// The example of DESIGN.md: fio 1.57, seed "ext3 vs ext4 vs xfs", job random-write-direct.
const example = {
  tool: 'fio',
  metric: 'write.iops',
  unit: 'op/s',
  value: 7118,
  labels: { job: 'random-write-direct', group: '0' },
};

describe('MeasurementSchema', () => {
  it('accepts the tidy shape of DESIGN.md', () => {
    const parsed = MeasurementSchema.parse(example);
    expect(parsed).toEqual(example);
    expectTypeOf(parsed).toEqualTypeOf<Measurement>();
    expectTypeOf<Measurement['unit']>().toEqualTypeOf<'B' | 'B/s' | 'ns' | 's' | 'op/s' | '%' | 'count'>();
  });

  it.each(['write.clat.p99', 'put_block.latency', '%util', 'r/s', 'seq_create', 'latency.p95'])(
    'accepts the metric name %s',
    (metric) => {
      expect(MeasurementSchema.safeParse({ ...example, metric }).success).toBe(true);
    },
  );

  it.each(['Write.IOPS', 'write..iops', '.write', 'write iops', ''])('refuses the metric name "%s"', (metric) => {
    expect(MeasurementSchema.safeParse({ ...example, metric }).success).toBe(false);
  });

  it('refuses a unit outside the vocabulary', () => {
    expect(MeasurementSchema.safeParse({ ...example, unit: 'KB/s' }).success).toBe(false);
  });

  it('refuses NaN and infinities: a value that was not measured is left out instead', () => {
    expect(MeasurementSchema.safeParse({ ...example, value: Number.NaN }).success).toBe(false);
    expect(MeasurementSchema.safeParse({ ...example, value: Number.POSITIVE_INFINITY }).success).toBe(false);
  });

  it('refuses unknown keys and non-string label values', () => {
    expect(MeasurementSchema.safeParse({ ...example, extra: 1 }).success).toBe(false);
    expect(MeasurementSchema.safeParse({ ...example, labels: { group: 0 } }).success).toBe(false);
  });
});

describe('the JSON Schema file shipped in the package', () => {
  it('is what the zod schema gives (run `npm run schema -w @benchfolio/parsers` after a change)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../schema/measurement.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(measurementJsonSchema());
  });

  it('is draft 2020-12 and closed to unknown keys', () => {
    const schema = measurementJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
  });
});
