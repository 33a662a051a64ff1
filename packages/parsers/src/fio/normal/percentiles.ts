import { _percentileRecord } from '../percentile-record.ts';
import type { LatencyStats } from '../schema.ts';
import type { _LineCursor } from './cursor.ts';

/**
 * One percentile block of a job (`clat percentiles (usec):` and its `|` lines), gathered line
 * by line and turned into the record when the block ends (see percentile-record.ts). One list
 * serves every block of a run in turn (`start` begins the next): its arrays are reused, so a
 * block allocates only its record.
 */
export class _PercentileList {
  private stats: LatencyStats | null = null;
  /** ns per unit of the block's heading: 1 (nsec), 1000 (usec), 10^6 (msec). */
  private factor = 1;
  private readonly percentiles: number[] = [];
  private readonly values: number[] = [];
  private count = 0;

  /** Begins the block of `stats`, whose heading printed its unit as `factor` ns. */
  start(stats: LatencyStats, factor: number): this {
    this.stats = stats;
    this.factor = factor;
    this.count = 0;
    return this;
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
      this.percentiles[this.count] = cursor.number();
      cursor.expect('th=');
      const isBracketed = cursor.accept('[');
      cursor.number();
      this.values[this.count] = cursor.scaled(this.factor);
      this.count++;
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
    const { stats } = this;
    if (stats === null) return;
    stats.percentilesNs = _percentileRecord(this.percentiles, this.values, stats.percentilesNs, this.count);
    this.stats = null;
  }
}
