import type { FioSampleLog } from './schema.ts';

const INITIAL_ROWS = 4096;

/**
 * A sample log's rows as they are read: one Float64Array per column, grown by doubling, and
 * copied out into the result's plain arrays when taken. A store into a typed array costs a
 * fraction of a push onto an array (a per-I/O log is tens of millions of rows), and the
 * buffers are reused from piece to piece of a stream.
 */
export class RowBuffer {
  /** Rows written. */
  length = 0;
  /** Rows before this one were taken (see take). */
  taken = 0;
  capacity = INITIAL_ROWS;
  timeMs = new Float64Array(INITIAL_ROWS);
  values = new Float64Array(INITIAL_ROWS);
  values1 = new Float64Array(INITIAL_ROWS);
  directions = new Float64Array(INITIAL_ROWS);
  blockSizeBytes = new Float64Array(INITIAL_ROWS);
  offsetBytes = new Float64Array(INITIAL_ROWS);
  priorities = new Float64Array(INITIAL_ROWS);
  issueTimeNs = new Float64Array(INITIAL_ROWS);

  /** Doubles the capacity, keeping the rows. */
  grow(): void {
    const capacity = this.capacity * 2;
    const grown = (column: Float64Array) => {
      const next = new Float64Array(capacity);
      next.set(column.subarray(0, this.length));
      return next;
    };
    this.timeMs = grown(this.timeMs);
    this.values = grown(this.values);
    this.values1 = grown(this.values1);
    this.directions = grown(this.directions);
    this.blockSizeBytes = grown(this.blockSizeBytes);
    this.offsetBytes = grown(this.offsetBytes);
    this.priorities = grown(this.priorities);
    this.issueTimeNs = grown(this.issueTimeNs);
    this.capacity = capacity;
  }

  /** Rows written and not taken yet. */
  get pending(): number {
    return this.length - this.taken;
  }

  /**
   * The next `maxRows` rows not taken yet (all by default) as the result's arrays (null for a
   * column the log does not have); the buffer is emptied when every row is taken. With `asViews`,
   * each column is a Float64Array view of the buffer instead of an array (typed as the result's
   * arrays: the caller must not keep it), valid until rows are written again: for `--ndjson`,
   * which writes each piece at once (ndjson.ts), so that a piece's rows make no arrays to collect.
   */
  take(
    has: { value1: boolean; offset: boolean; priority: boolean; issueTime: boolean },
    maxRows = Number.POSITIVE_INFINITY,
    asViews = false,
  ): FioSampleLog['rows'] {
    const from = this.taken;
    const to = Math.min(this.length, from + maxRows);
    const length = to - from;
    if (to === this.length) {
      this.length = 0;
      this.taken = 0;
    } else {
      this.taken = to;
    }
    const copy = asViews
      ? (column: Float64Array) => column.subarray(from, to) as unknown as number[]
      : (column: Float64Array): number[] => {
          // A preallocated array filled in order: faster than Array.from or pushes.
          const out = new Array<number>(length);
          for (let i = 0; i < length; i++) out[i] = column[from + i] as number;
          return out;
        };
    return {
      timeMs: copy(this.timeMs),
      values: copy(this.values),
      values1: has.value1 ? copy(this.values1) : null,
      directions: copy(this.directions),
      blockSizeBytes: copy(this.blockSizeBytes),
      offsetBytes: has.offset ? copy(this.offsetBytes) : null,
      priorities: has.priority ? copy(this.priorities) : null,
      issueTimeNs: has.issueTime ? copy(this.issueTimeNs) : null,
    };
  }
}
