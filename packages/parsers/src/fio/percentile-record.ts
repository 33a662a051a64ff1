import { _percentileKey } from './schema.ts';

/**
 * Percentile records (`percentilesNs`), shared by the normal and terse readers.
 *
 * fio's default list (options.c, `percentile_list`) is what almost every output has: its
 * record is built as one object literal. Adding 17 keys one by one to an empty object costs
 * several times more, and past a dozen keys added by a computed name V8 turns the object into
 * a slow dictionary, which every later read (the measurements' `for...in`) pays for again.
 */
const DEFAULT_LIST = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];

/** The key of each percentile, by its value (a handful of distinct ones in a real input). */
const PERCENTILE_KEYS = new Map<number, string>();
const MAX_CACHED_KEYS = 1000;

export function _cachedPercentileKey(value: number): string {
  let key = PERCENTILE_KEYS.get(value);
  if (key === undefined) {
    key = _percentileKey(value);
    if (PERCENTILE_KEYS.size < MAX_CACHED_KEYS) PERCENTILE_KEYS.set(value, key);
  }
  return key;
}

/**
 * The record of `percentiles[i]` → `values[i]` (ns) for the first `count` of them (all by
 * default), added to `into` when there is one (a second block for the same latency), else a
 * new record.
 */
export function _percentileRecord(
  percentiles: readonly number[],
  values: readonly number[],
  into: Record<string, number> | null,
  count = percentiles.length,
): Record<string, number> {
  if (into === null && isDefaultList(percentiles, count)) return defaultRecord(values);
  const record = into ?? {};
  for (let i = 0; i < count; i++) {
    record[_cachedPercentileKey(percentiles[i] as number)] = values[i] as number;
  }
  return record;
}

function isDefaultList(percentiles: readonly number[], count: number): boolean {
  if (count !== DEFAULT_LIST.length) return false;
  for (let i = 0; i < count; i++) if (percentiles[i] !== DEFAULT_LIST[i]) return false;
  return true;
}

function defaultRecord(v: readonly number[]): Record<string, number> {
  const at = (i: number) => v[i] as number;
  return {
    '1.00': at(0),
    '5.00': at(1),
    '10.00': at(2),
    '20.00': at(3),
    '30.00': at(4),
    '40.00': at(5),
    '50.00': at(6),
    '60.00': at(7),
    '70.00': at(8),
    '80.00': at(9),
    '90.00': at(10),
    '95.00': at(11),
    '99.00': at(12),
    '99.50': at(13),
    '99.90': at(14),
    '99.95': at(15),
    '99.99': at(16),
  };
}
