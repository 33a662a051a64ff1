import type { _LineCursor } from './normal-cursor.ts';
import { _percentileRecord } from './percentile-record.ts';
import type { LatencyStats } from './schema.ts';

/**
 * One percentile block of a job (`clat percentiles (usec):` and its `|` lines), gathered line
 * by line and turned into the record when the block ends (see percentile-record.ts).
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
    this.stats.percentilesNs = _percentileRecord(this.percentiles, this.values, this.stats.percentilesNs);
  }
}
