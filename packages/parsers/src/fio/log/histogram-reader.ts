import {
  binLowerBound,
  binUpperBound,
  FIO_DEFAULT_PERCENTILES,
  FIO2_BIN_COUNT,
  FIO3_BIN_COUNT,
  interpolatedPercentiles,
} from '../latency-bins.ts';
import type { FioLogFileName } from './file-name.ts';
import { type FieldScanner, LogLineError } from './scan.ts';
import type { FioHistogramLog } from './schema.ts';
import { _fioLogTimeBase, type FioLogTimeBase } from './time-base.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;
/** A histogram line: time, direction, bs, then the bins (iolog.c flush_hist_samples). */
const BINS_AT = 3;

export interface HistogramShape {
  binCount: number;
  coarseness: number;
  binUnit: 'ns' | 'usec';
}

/**
 * The shape a histogram log's bin count gives: fio 3.x has 1856 bins (ns), fio 2.x 1216 (usec),
 * and each step of log_hist_coarseness (0 to 6) merges pairs of bins. The two series share no
 * count, so the count alone tells the fio generation. Null for another count.
 */
export function histogramShape(binCount: number): HistogramShape | null {
  for (let coarseness = 0; coarseness <= 6; coarseness++) {
    if (FIO3_BIN_COUNT >> coarseness === binCount) return { binCount, coarseness, binUnit: 'ns' };
    if (FIO2_BIN_COUNT >> coarseness === binCount) return { binCount, coarseness, binUnit: 'usec' };
  }
  return null;
}

/** Whether a line of this many fields is a histogram log's. */
export const isHistogramFieldCount = (count: number): boolean => histogramShape(count - BINS_AT) !== null;

/** Reads a histogram log's lines: one interval and direction per line; see SampleLogReader. */
export class HistogramLogReader {
  private readonly fileName: FioLogFileName | null;
  private readonly scanner: FieldScanner;
  private shape: HistogramShape | null = null;
  private lower: number[] = [];
  private upper: number[] = [];
  private intervals = emptyIntervals();
  private intervalPercentiles: (number | null)[][] = [];
  private totals: (Float64Array | null)[] = [null, null, null];
  private totalCounts = [0, 0, 0];
  private firstSample = 0;
  /** From the first line's time (time-base.ts). */
  private timeBase: FioLogTimeBase | null = null;
  /** Lines read, blank ones included. */
  lineCount = 0;

  constructor(fileName: FioLogFileName | null, scanner: FieldScanner) {
    this.fileName = fileName;
    this.scanner = scanner;
  }

  read(text: string): void {
    const scanner = this.scanner;
    const fields = scanner.fields;
    const end = text.length;
    let start = 0;
    while (start <= end) {
      this.lineCount++;
      let lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = end;
      const count = scanner.scan(text, start, lineEnd);
      if (count !== 0) {
        const shape = this.shape ?? this.startShape(count, start);
        if (count !== shape.binCount + BINS_AT) {
          throw new LogLineError(
            'COLUMN_COUNT',
            start,
            `expected ${shape.binCount + BINS_AT} fields (time, direction, bs and ${shape.binCount} bins) as on the first line, found ${count}`,
          );
        }
        const direction = fields[1] as number;
        if (direction > 2 || scanner.hexBits !== 0) {
          throw new LogLineError(
            'BAD_NUMBER',
            scanner.starts[1] as number,
            `expected a data direction 0 (read), 1 (write) or 2 (trim), found ${direction}`,
          );
        }
        const counts = Array.from(fields.subarray(BINS_AT, count));
        let total = 0;
        const sums = this.totals[direction] ?? new Float64Array(shape.binCount);
        this.totals[direction] = sums;
        for (let i = 0; i < counts.length; i++) {
          const binCount = counts[i] as number;
          total += binCount;
          sums[i] = (sums[i] as number) + binCount;
        }
        this.totalCounts[direction] = (this.totalCounts[direction] as number) + total;
        const intervals = this.intervals;
        intervals.timeMs.push(fields[0] as number);
        intervals.directions.push(direction);
        intervals.blockSizeBytes.push(fields[2] as number);
        intervals.counts.push(counts);
        intervals.sampleCounts.push(total);
        this.intervalPercentiles.push(interpolatedPercentiles(counts, this.lower, this.upper));
      }
      start = lineEnd + 1;
    }
  }

  private startShape(count: number, start: number): HistogramShape {
    const shape = histogramShape(count - BINS_AT);
    if (shape === null) {
      throw new LogLineError(
        'COLUMN_COUNT',
        start,
        `expected a histogram log line of time, direction, bs and ${FIO3_BIN_COUNT} bins (fio 3.x; ${FIO2_BIN_COUNT} in fio 2.x, halved per log_hist_coarseness step), found ${count} fields`,
      );
    }
    this.shape = shape;
    // A merged bin spans the 2^coarseness bins it adds up; fio 2.x bins are usec.
    const stride = 1 << shape.coarseness;
    const toNs = shape.binUnit === 'usec' ? 1000 : 1;
    for (let bin = 0; bin < shape.binCount; bin++) {
      this.lower.push(binLowerBound(bin * stride) * toNs);
      this.upper.push(binUpperBound(bin * stride + stride - 1) * toNs);
    }
    return shape;
  }

  get hasRows(): boolean {
    return this.shape !== null;
  }

  take(isLast: boolean): FioHistogramLog {
    const intervals = this.intervals;
    const intervalPercentiles = this.intervalPercentiles;
    this.intervals = emptyIntervals();
    this.intervalPercentiles = [];
    const firstSample = this.firstSample;
    this.firstSample += intervals.timeMs.length;
    if (intervals.timeMs.length > 0) this.timeBase ??= _fioLogTimeBase(intervals.timeMs[0] as number);
    const shape = this.shape ?? { binCount: 0, coarseness: 0, binUnit: 'ns' as const };
    const summary: FioHistogramLog['summary'] = [];
    if (isLast) {
      this.totals.forEach((sums, direction) => {
        if (sums === null) return;
        summary.push({
          direction: DIRECTIONS[direction] as (typeof DIRECTIONS)[number],
          count: this.totalCounts[direction] as number,
          percentilesNs: interpolatedPercentiles(sums, this.lower, this.upper),
        });
      });
    }
    return {
      type: 'histogram',
      kind: 'clat_hist',
      fileName: this.fileName,
      timeBase: this.timeBase ?? 'job-start',
      binCount: shape.binCount,
      coarseness: shape.coarseness,
      firstSample,
      binUnit: shape.binUnit,
      binLowerNs: this.lower,
      binUpperNs: this.upper,
      intervals,
      percentiles: [...FIO_DEFAULT_PERCENTILES],
      intervalPercentilesNs: intervalPercentiles,
      summary,
    };
  }
}

function emptyIntervals(): FioHistogramLog['intervals'] {
  return { timeMs: [], directions: [], blockSizeBytes: [], counts: [], sampleCounts: [] };
}
