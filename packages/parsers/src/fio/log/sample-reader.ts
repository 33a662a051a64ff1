import { binIndexOf, binValue, FIO_DEFAULT_PERCENTILES, FIO3_BIN_COUNT, fioPercentiles } from '../latency-bins.ts';
import type { FioLogFileName, FioLogKind } from './file-name.ts';
import { chooseLayout, type LogLayoutOptions, versionNumber } from './layout.ts';
import { type FieldScanner, LogLineError } from './scan.ts';
import type { FioSampleLog, SampleLogColumn } from './schema.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;
const LINE_END = 10;

/** The kind of a sample log, or `unknown` when neither the format nor the file name gave it. */
export type SampleLogKind = Exclude<FioLogKind, 'clat_hist'> | 'unknown';

export interface SampleReaderInit extends LogLayoutOptions {
  kind: SampleLogKind;
  kindSource: 'format' | 'file-name' | null;
  fileName: FioLogFileName | null;
}

const isLatency = (kind: SampleLogKind) => kind === 'lat' || kind === 'clat' || kind === 'slat';

/** Per direction, what the summary needs, in bounded memory (a histogram, not the values). */
class DirectionTotals {
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  bins: Float64Array | null = null;
}

/**
 * Reads a sample log's lines (bw, iops, lat, clat, slat; per I/O or windowed) into columnar
 * rows. Lines come as texts of whole lines (a whole log, or a stream's batches); `take` hands
 * out the rows read since the last take, so a stream holds one batch of rows at a time.
 */
export class SampleLogReader {
  private readonly init: SampleReaderInit;
  private readonly scanner: FieldScanner;
  /** Multiplier to base units: bw KiB/s to B/s, fio 2.x usec to ns. */
  private readonly scale: number;
  private readonly printedUnit: FioSampleLog['printedUnit'];
  private readonly unit: FioSampleLog['unit'];

  private columns: SampleLogColumn[] | null = null;
  private valueIndex = 1;
  private value1Index = -1;
  private directionIndex = 2;
  private blockSizeIndex = 3;
  private offsetIndex = -1;
  private priorityIndex = -1;
  private issueTimeIndex = -1;
  private priorityEncoding: FioSampleLog['priorityEncoding'] = null;

  private rows = emptyRows(false, false, false, false);
  private firstSample = 0;
  private rowCount = 0;
  private isWindowed = true;
  private readonly totals = [new DirectionTotals(), new DirectionTotals(), new DirectionTotals()];

  constructor(init: SampleReaderInit, scanner: FieldScanner) {
    this.init = init;
    this.scanner = scanner;
    const version = versionNumber(init.fioVersion);
    const isUsec = version !== null && version < 300;
    const kind = init.kind;
    if (kind === 'bw') {
      this.scale = 1024;
      this.printedUnit = 'KiB/s';
      this.unit = 'B/s';
    } else if (kind === 'iops') {
      this.scale = 1;
      this.printedUnit = 'op/s';
      this.unit = 'op/s';
    } else if (kind === 'unknown') {
      this.scale = 1;
      this.printedUnit = null;
      this.unit = null;
    } else {
      this.scale = isUsec ? 1000 : 1;
      this.printedUnit = isUsec ? 'usec' : 'ns';
      this.unit = 'ns';
    }
  }

  /** Reads the lines of `text` (whole lines joined by `\n`). Throws a LogLineError (offset in `text`). */
  read(text: string): void {
    const scanner = this.scanner;
    const fields = scanner.fields;
    const totals = this.totals;
    const scale = this.scale;
    const end = text.length;
    let start = 0;
    while (start <= end) {
      let lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = end;
      const count = scanner.scan(text, start, lineEnd);
      if (count !== 0) {
        if (this.columns === null) this.startLayout(count, text, start);
        const columns = this.columns as SampleLogColumn[];
        if (count !== columns.length) {
          throw new LogLineError(
            'COLUMN_COUNT',
            start,
            `expected ${columns.length} fields (${columns.join(', ')}) as on the first line, found ${count}`,
          );
        }
        const direction = fields[this.directionIndex] as number;
        if (direction > 2) {
          throw new LogLineError(
            'BAD_NUMBER',
            scanner.starts[this.directionIndex] as number,
            `expected a data direction 0 (read), 1 (write) or 2 (trim), found ${direction}`,
          );
        }
        if (this.priorityEncoding === 'flag' && (fields[this.priorityIndex] as number) > 1) {
          throw new LogLineError(
            'BAD_NUMBER',
            scanner.starts[this.priorityIndex] as number,
            `expected a priority flag 0 or 1 (the first line had one), found ${fields[this.priorityIndex]}`,
          );
        }
        const value = (fields[this.valueIndex] as number) * scale;
        const rows = this.rows;
        rows.timeMs.push(fields[0] as number);
        rows.values.push(value);
        rows.directions.push(direction);
        const blockSize = fields[this.blockSizeIndex] as number;
        rows.blockSizeBytes.push(blockSize);
        if (blockSize !== 0) this.isWindowed = false;
        if (this.value1Index >= 0) rows.values1?.push((fields[this.value1Index] as number) * scale);
        if (this.offsetIndex >= 0) rows.offsetBytes?.push(fields[this.offsetIndex] as number);
        if (this.priorityIndex >= 0) rows.priorities?.push(fields[this.priorityIndex] as number);
        if (this.issueTimeIndex >= 0) rows.issueTimeNs?.push(fields[this.issueTimeIndex] as number);
        const total = totals[direction] as DirectionTotals;
        total.count++;
        total.sum += value;
        if (value < total.min) total.min = value;
        if (value > total.max) total.max = value;
        if (total.bins !== null) {
          const bin = binIndexOf(value);
          total.bins[bin] = (total.bins[bin] as number) + 1;
        }
        this.rowCount++;
      }
      start = lineEnd + 1;
    }
  }

  /** Chooses the layout from the first line (its fields are in the scanner). */
  private startLayout(count: number, text: string, start: number): void {
    const scanner = this.scanner;
    const isHex = Array.from({ length: count }, (_, i) => i < 31 && (scanner.hexBits & (1 << i)) !== 0);
    const columns = chooseLayout(scanner.fields, isHex, count, this.init);
    if (columns === null) {
      const lineEnd = text.indexOf('\n', start);
      throw new LogLineError(
        'COLUMN_COUNT',
        start,
        `no fio log layout has these ${count} fields (time, value[, value1], direction 0-2, bs[, offset][, priority][, issue time])` +
          (lineEnd === -1 && count < 4 ? '' : ''),
      );
    }
    this.columns = columns;
    this.valueIndex = columns.indexOf('value');
    this.value1Index = columns.indexOf('value1');
    this.directionIndex = columns.indexOf('direction');
    this.blockSizeIndex = columns.indexOf('blockSize');
    this.offsetIndex = columns.indexOf('offset');
    this.priorityIndex = columns.indexOf('priority');
    this.issueTimeIndex = columns.indexOf('issueTime');
    if (this.priorityIndex >= 0) this.priorityEncoding = isHex[this.priorityIndex] === true ? 'ioprio' : 'flag';
    this.rows = emptyRows(
      this.value1Index >= 0,
      this.offsetIndex >= 0,
      this.priorityIndex >= 0,
      this.issueTimeIndex >= 0,
    );
    if (isLatency(this.init.kind)) for (const total of this.totals) total.bins = new Float64Array(FIO3_BIN_COUNT);
  }

  /** Whether any line has been read. */
  get hasRows(): boolean {
    return this.rowCount > 0;
  }

  /** The rows read since the last take, as a result; `isLast` adds the summary of the whole log. */
  take(isLast: boolean): FioSampleLog {
    const rows = this.rows;
    this.rows = emptyRows(
      rows.values1 !== null,
      rows.offsetBytes !== null,
      rows.priorities !== null,
      rows.issueTimeNs !== null,
    );
    const firstSample = this.firstSample;
    this.firstSample += rows.timeMs.length;
    const { kind, kindSource, fileName } = this.init;
    return {
      type: 'samples',
      kind,
      kindSource,
      fileName,
      columns: this.columns ?? [],
      printedUnit: this.printedUnit,
      unit: this.unit,
      priorityEncoding: this.priorityEncoding,
      isWindowed: this.isWindowed && this.rowCount > 0,
      firstSample,
      rows,
      percentiles: [...FIO_DEFAULT_PERCENTILES],
      summary: isLast ? this.summary() : [],
    };
  }

  private summary(): FioSampleLog['summary'] {
    const summary: FioSampleLog['summary'] = [];
    const binValues =
      this.totals[0]?.bins === null ? [] : Array.from({ length: FIO3_BIN_COUNT }, (_, i) => binValue(i));
    this.totals.forEach((total, direction) => {
      if (total.count === 0) return;
      summary.push({
        direction: DIRECTIONS[direction] as (typeof DIRECTIONS)[number],
        count: total.count,
        mean: total.sum / total.count,
        min: total.min,
        max: total.max,
        percentilesNs:
          total.bins === null || this.isWindowed
            ? null
            : fioPercentiles(binValues, Array.from(total.bins), FIO_DEFAULT_PERCENTILES),
      });
    });
    return summary;
  }
}

function emptyRows(
  hasValue1: boolean,
  hasOffset: boolean,
  hasPriority: boolean,
  hasIssueTime: boolean,
): FioSampleLog['rows'] {
  return {
    timeMs: [],
    values: [],
    values1: hasValue1 ? [] : null,
    directions: [],
    blockSizeBytes: [],
    offsetBytes: hasOffset ? [] : null,
    priorities: hasPriority ? [] : null,
    issueTimeNs: hasIssueTime ? [] : null,
  };
}

export { DIRECTIONS, LINE_END };
