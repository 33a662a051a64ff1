import type { _LineCursor } from './normal-cursor.ts';
import { _percentileKey, type LatencyStats } from './schema.ts';

/** fio's default percentile list (options.c, `percentile_list`), in the order it prints them. */
const DEFAULT_LIST = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];

/** Caches the key of each percentile, keyed by its value (a handful of distinct ones). */
const PERCENTILE_KEYS = new Map<number, string>();

function percentileKey(value: number): string {
  let key = PERCENTILE_KEYS.get(value);
  if (key === undefined) {
    key = _percentileKey(value);
    PERCENTILE_KEYS.set(value, key);
  }
  return key;
}

/**
 * One percentile block of a job (`clat percentiles (usec):` and its `|` lines), gathered line
 * by line and turned into the record when the block ends. The default list, which almost
 * every output has, is built as one object literal: adding 17 keys one by one to an empty
 * object costs several times more, on every job of a long output.
 */
export class _PercentileList {
  private readonly stats: LatencyStats;
  /** ns per unit of the block's heading: 1 (nsec), 1000 (usec), 10^6 (msec). */
  private readonly factor: number;
  private readonly percentiles: number[] = [];
  private readonly values: number[] = [];

  constructor(stats: LatencyStats, factor: number) {
    this.stats = stats;
    this.factor = factor;
  }

  /**
   * One line of the list. fio 2.x/3.x: `|  1.00th=[  302],  5.00th=[  326],` (values in
   * brackets, in the unit of the heading); fio 1.x: ` 1.00th=123, 5.00th=456,` on the heading
   * line and on continuation lines. The cursor is after the `|` or at the first percentile.
   */
  read(cursor: _LineCursor): void {
    for (;;) {
      cursor.skipSpaces();
      if (cursor.atEnd()) return;
      this.percentiles.push(cursor.number());
      cursor.expect('th=');
      const isBracketed = cursor.accept('[');
      cursor.number();
      this.values.push(cursor.scaled(this.factor));
      if (isBracketed) {
        cursor.skipSpaces();
        cursor.expect(']');
      }
      cursor.skipSpaces();
      if (!cursor.accept(',')) {
        cursor.skipSpaces();
        if (!cursor.atEnd()) throw cursor.error('UNEXPECTED_LINE', 'expected "," or the end of the percentile line');
        return;
      }
    }
  }

  /** Stores the block in its latency record (in ns, keyed "1.00", "99.90", ...). */
  finish(): void {
    const { percentiles, values, stats } = this;
    if (stats.percentilesNs === null && isDefaultList(percentiles)) {
      stats.percentilesNs = defaultRecord(values);
      return;
    }
    const record = stats.percentilesNs ?? {};
    for (let i = 0; i < percentiles.length; i++) record[percentileKey(percentiles[i] as number)] = values[i] as number;
    stats.percentilesNs = record;
  }
}

function isDefaultList(percentiles: readonly number[]): boolean {
  if (percentiles.length !== DEFAULT_LIST.length) return false;
  for (let i = 0; i < percentiles.length; i++) if (percentiles[i] !== DEFAULT_LIST[i]) return false;
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
