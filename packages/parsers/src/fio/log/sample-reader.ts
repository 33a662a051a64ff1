import { binIndexOf, binValue, FIO_DEFAULT_PERCENTILES, FIO3_BIN_COUNT, fioPercentiles } from '../latency-bins.ts';
import type { FioLogFileName, FioLogKind } from './file-name.ts';
import { chooseLayout, type LogLayoutOptions, versionNumber } from './layout.ts';
import { RowBuffer } from './row-buffer.ts';
import { type FieldScanner, LogLineError } from './scan.ts';
import type { FioSampleLog, SampleLogColumn } from './schema.ts';
import { _fioLogTimeBase, type FioLogTimeBase } from './time-base.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;
const encoder = new TextEncoder();
const LINE_END = 10;

/** The kind of a sample log, or `unknown` when neither the format nor the file name gave it. */
export type SampleLogKind = Exclude<FioLogKind, 'clat_hist'> | 'unknown';

export interface SampleReaderInit extends LogLayoutOptions {
  kind: SampleLogKind;
  kindSource: 'format' | 'file-name' | null;
  fileName: FioLogFileName | null;
}

const isLatency = (kind: SampleLogKind) => kind === 'lat' || kind === 'clat' || kind === 'slat';

const ZERO = 48;
const NINE = 57;
const COMMA = 44;
const SPACE = 32;
const LOWER_X = 120;
const LOWER_A = 97;
const LOWER_F = 102;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

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

  private readonly rows = new RowBuffer();
  private firstSample = 0;
  /** From the first line's time (time-base.ts). */
  private timeBase: FioLogTimeBase | null = null;
  private rowCount = 0;
  /** Lines read, blank ones included: where a stream's next batch starts. */
  lineCount = 0;
  /** Blank lines read after the first line (counted by scanRows). */
  private blankLines = 0;
  private isWindowed = true;
  /** The bytes of the text being read (see read). */
  private bytes = new Uint8Array(0);
  /** The fields of the line being read. */
  private readonly lineFields = new Float64Array(16);
  /** Where scanFastLine stopped reading its line. */
  private fastLineEnd = 0;
  // Per direction (read, write, trim), what the summary needs in bounded memory: count, sum,
  // extremes, and for latencies fio's histogram of the values (not the values).
  private readonly counts = new Float64Array(3);
  private readonly sums = new Float64Array(3);
  private readonly mins = new Float64Array(3).fill(Number.POSITIVE_INFINITY);
  private readonly maxs = new Float64Array(3).fill(Number.NEGATIVE_INFINITY);
  private bins: Float64Array | null = null;

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

  /**
   * Reads the lines of `text` (whole lines joined by `\n`). Throws a LogLineError (offset in
   * `text`). The common line (the layout's count of integers, `, ` between them) is read in one
   * pass over the text's bytes (scanRows); any other line goes through the scanner, which reads
   * blanks, tabs and hex anywhere and reports what is wrong.
   */
  read(text: string): void {
    const end = text.length;
    let start = 0;
    if (this.columns === null) start = this.readFirstLine(text);
    if (start > end) return;
    // The fast path reads the text's bytes: an ASCII text (every log) has one byte per
    // character, so offsets agree; typed array reads beat charCodeAt on the sliced and joined
    // strings a stream's batches are. A text with other characters takes the scanner's path.
    // One byte more than the text: a line end written after it ends the last line, so the scan
    // never checks for the end of the text.
    if (this.bytes.length <= end) this.bytes = new Uint8Array(Math.max(end + 1, this.bytes.length * 2));
    const encoded = encoder.encodeInto(text, this.bytes);
    const isAscii = encoded.read === end && encoded.written === end;
    this.bytes[end] = LINE_END;
    const rowsBefore = this.rows.length;
    const linesBefore = this.blankLines;
    const rowsAfter = this.scanRows(text, start, isAscii);
    const added = rowsAfter - rowsBefore;
    this.rows.length = rowsAfter;
    this.rowCount += added;
    this.lineCount += added + (this.blankLines - linesBefore);
    if (this.isWindowed) {
      const blockSizes = this.rows.blockSizeBytes;
      for (let row = rowsBefore; row < rowsAfter; row++) {
        if (blockSizes[row] !== 0) {
          this.isWindowed = false;
          break;
        }
      }
    }
  }

  /**
   * The loop of `read`, from `start` to the end of the text (its bytes in `this.bytes`, a line
   * end after them): the rows go into the row buffer from its length on, the totals into the
   * summary's arrays; returns the row buffer's new length. Kept apart from `read`, with nothing
   * after the loop but the return: V8 compiles a long loop while it runs (on-stack
   * replacement), and code after the loop that had not run yet then deoptimised it at the end
   * of every batch.
   */
  private scanRows(text: string, from: number, isAscii: boolean): number {
    const end = text.length;
    const bytes = this.bytes;
    const scanner = this.scanner;
    const fieldCount = (this.columns as SampleLogColumn[]).length;
    const fields = this.lineFields;
    const scale = this.scale;
    const valueIndex = this.valueIndex;
    const value1Index = this.value1Index;
    const directionIndex = this.directionIndex;
    const blockSizeIndex = this.blockSizeIndex;
    const offsetIndex = this.offsetIndex;
    const priorityIndex = this.priorityIndex;
    const issueTimeIndex = this.issueTimeIndex;
    const isFlag = this.priorityEncoding === 'flag';
    const rows = this.rows;
    const hasValue1 = value1Index >= 0;
    const hasOffset = offsetIndex >= 0;
    const hasPriority = priorityIndex >= 0;
    const hasIssueTime = issueTimeIndex >= 0;
    let row = rows.length;
    let capacity = rows.capacity;
    let { timeMs, values, values1, directions, blockSizeBytes, offsetBytes, priorities, issueTimeNs } = rows;
    let start = from;
    while (start <= end) {
      const field = isAscii ? this.scanFastLine(start, fieldCount) : 0;
      let lineEnd = this.fastLineEnd;
      const isFast = field === fieldCount && bytes[lineEnd] === LINE_END && (fields[directionIndex] as number) <= 2;
      if (!isFast) {
        // The scanner reads the line again: it takes what the fast path does not (blanks, tabs),
        // and throws for what no log holds.
        lineEnd = text.indexOf('\n', start);
        if (lineEnd === -1) lineEnd = end;
        const count = scanner.scan(text, start, lineEnd);
        if (count === 0) {
          this.blankLines++;
          start = lineEnd + 1;
          continue;
        }
        this.checkLine(count, start);
        for (let i = 0; i < count; i++) fields[i] = scanner.fields[i] as number;
      } else if (isFlag && (fields[priorityIndex] as number) > 1) {
        scanner.scan(text, start, lineEnd);
        this.checkLine(fieldCount, start);
      }
      // 0, 1 or 2 (checked above): an integer index.
      const direction = (fields[directionIndex] as number) | 0;
      const value = (fields[valueIndex] as number) * scale;
      if (row === capacity) {
        rows.length = row;
        rows.grow();
        capacity = rows.capacity;
        ({ timeMs, values, values1, directions, blockSizeBytes, offsetBytes, priorities, issueTimeNs } = rows);
      }
      timeMs[row] = fields[0] as number;
      values[row] = value;
      directions[row] = direction;
      blockSizeBytes[row] = fields[blockSizeIndex] as number;
      if (hasValue1) values1[row] = (fields[value1Index] as number) * scale;
      if (hasOffset) offsetBytes[row] = fields[offsetIndex] as number;
      if (hasPriority) priorities[row] = fields[priorityIndex] as number;
      if (hasIssueTime) issueTimeNs[row] = fields[issueTimeIndex] as number;
      row++;
      this.addToTotals(direction, value);
      start = lineEnd + 1;
    }
    return row;
  }

  /**
   * The fast path of scanRows for the line at `start`: digits, `0x` hex digits, and `, `
   * between the fields, read from `this.bytes` into `this.lineFields`. Returns how many fields
   * it read before the first byte it does not take; `fastLineEnd` is that byte's index, a line
   * end when the whole line was read. The byte after the text is a line end, so the scan never
   * passes the text's end.
   */
  private scanFastLine(start: number, fieldCount: number): number {
    const bytes = this.bytes;
    const fields = this.lineFields;
    let at = start;
    let field = 0;
    let code = bytes[at] as number;
    for (;;) {
      if (code < ZERO || code > NINE) break;
      let value = code - ZERO;
      code = bytes[++at] as number;
      if (value === 0 && code === LOWER_X) {
        code = bytes[++at] as number;
        let digits = 0;
        for (;;) {
          const digit =
            code >= ZERO && code <= NINE ? code - ZERO : code >= LOWER_A && code <= LOWER_F ? code - 87 : -1;
          if (digit < 0) break;
          value = value * 16 + digit;
          digits++;
          code = bytes[++at] as number;
        }
        if (digits === 0) break;
      } else {
        while (code >= ZERO && code <= NINE) {
          value = value * 10 + (code - ZERO);
          code = bytes[++at] as number;
        }
      }
      if (value > MAX_SAFE) break;
      fields[field++] = value;
      if (code !== COMMA || field === fieldCount) break;
      code = bytes[++at] as number;
      if (code === SPACE) code = bytes[++at] as number;
    }
    this.fastLineEnd = at;
    return field;
  }

  /** Counts a row's value in the summary of its direction: count, sum, extremes, histogram. */
  private addToTotals(direction: number, value: number): void {
    const { counts, sums, mins, maxs, bins } = this;
    counts[direction] = (counts[direction] as number) + 1;
    sums[direction] = (sums[direction] as number) + value;
    if (value < (mins[direction] as number)) mins[direction] = value;
    if (value > (maxs[direction] as number)) maxs[direction] = value;
    if (bins !== null) {
      const bin = direction * FIO3_BIN_COUNT + binIndexOf(value);
      bins[bin] = (bins[bin] as number) + 1;
    }
  }

  /** Reads lines up to the first that is not blank, and chooses the layout from it; returns where the next line starts. */
  private readFirstLine(text: string): number {
    const end = text.length;
    let start = 0;
    while (start <= end) {
      let lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = end;
      const count = this.scanner.scan(text, start, lineEnd);
      if (count !== 0) {
        this.startLayout(count, text, start);
        return start;
      }
      this.lineCount++;
      start = lineEnd + 1;
    }
    return start;
  }

  /** Throws for a line (its fields in the scanner) that the layout does not take. */
  private checkLine(count: number, start: number): void {
    const scanner = this.scanner;
    const columns = this.columns as SampleLogColumn[];
    if (count !== columns.length) {
      throw new LogLineError(
        'COLUMN_COUNT',
        start,
        `expected ${columns.length} fields (${columns.join(', ')}) as on the first line, found ${count}`,
      );
    }
    const direction = scanner.fields[this.directionIndex] as number;
    if (direction > 2) {
      throw new LogLineError(
        'BAD_NUMBER',
        scanner.starts[this.directionIndex] as number,
        `expected a data direction 0 (read), 1 (write) or 2 (trim), found ${direction}`,
      );
    }
    if (this.priorityEncoding === 'flag' && (scanner.fields[this.priorityIndex] as number) > 1) {
      throw new LogLineError(
        'BAD_NUMBER',
        scanner.starts[this.priorityIndex] as number,
        `expected a priority flag 0 or 1 (the first line had one), found ${scanner.fields[this.priorityIndex]}`,
      );
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
    if (isLatency(this.init.kind)) this.bins = new Float64Array(3 * FIO3_BIN_COUNT);
  }

  /** Whether any line has been read. */
  get hasRows(): boolean {
    return this.rowCount > 0;
  }

  /** Rows read and not taken yet. */
  get pendingRows(): number {
    return this.rows.pending;
  }

  /**
   * The rows read since the last take (at most `maxRows` of them), as a result; `isLast` adds
   * the summary of the whole log; `asViews`: see RowBuffer.take.
   */
  take(isLast: boolean, maxRows?: number, asViews = false): FioSampleLog {
    const rows = this.rows.take(
      {
        value1: this.value1Index >= 0,
        offset: this.offsetIndex >= 0,
        priority: this.priorityIndex >= 0,
        issueTime: this.issueTimeIndex >= 0,
      },
      maxRows,
      asViews,
    );
    const firstSample = this.firstSample;
    this.firstSample += rows.timeMs.length;
    if (rows.timeMs.length > 0) this.timeBase ??= _fioLogTimeBase(rows.timeMs[0] as number);
    const { kind, kindSource, fileName } = this.init;
    return {
      type: 'samples',
      kind,
      kindSource,
      fileName,
      timeBase: this.timeBase ?? 'job-start',
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
    const bins = this.bins;
    const binValues = bins === null ? [] : Array.from({ length: FIO3_BIN_COUNT }, (_, i) => binValue(i));
    for (let direction = 0; direction < 3; direction++) {
      const count = this.counts[direction] as number;
      if (count === 0) continue;
      const directionBins =
        bins === null ? null : Array.from(bins.subarray(direction * FIO3_BIN_COUNT, (direction + 1) * FIO3_BIN_COUNT));
      summary.push({
        direction: DIRECTIONS[direction] as (typeof DIRECTIONS)[number],
        count,
        mean: (this.sums[direction] as number) / count,
        min: this.mins[direction] as number,
        max: this.maxs[direction] as number,
        percentilesNs:
          directionBins === null || this.isWindowed
            ? null
            : fioPercentiles(binValues, directionBins, FIO_DEFAULT_PERCENTILES),
      });
    }
    return summary;
  }
}
