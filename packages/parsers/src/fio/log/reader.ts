import { type FioLogFileName, type FioLogKind, readLogFileName } from './file-name.ts';
import { HistogramLogReader, isHistogramFieldCount } from './histogram-reader.ts';
import type { LogLayoutOptions } from './layout.ts';
import { type SampleLogKind, SampleLogReader } from './sample-reader.ts';
import { FieldScanner } from './scan.ts';
import type { FioLogResult } from './schema.ts';

export const FIO_LOG_FORMATS = ['hist-log', 'log', 'bw-log', 'iops-log', 'lat-log', 'clat-log', 'slat-log'] as const;
export type FioLogFormat = (typeof FIO_LOG_FORMATS)[number];

/** The kind each format names; `log` leaves it to the file name. */
const FORMAT_KINDS: Record<FioLogFormat, FioLogKind | null> = {
  'hist-log': 'clat_hist',
  log: null,
  'bw-log': 'bw',
  'iops-log': 'iops',
  'lat-log': 'lat',
  'clat-log': 'clat',
  'slat-log': 'slat',
};

/** The options of `parseFioLog` beyond format and name. */
export type FioLogOptions = LogLayoutOptions;

/**
 * Reads a fio log of any kind: picks the reader at the first line (a histogram log when the
 * format or file name says so, or when `log`'s first line has a histogram's field count) and
 * feeds it texts of whole lines; see SampleLogReader.
 */
export class FioLogReader {
  private readonly format: FioLogFormat;
  private readonly fileName: FioLogFileName | null;
  private readonly options: FioLogOptions;
  private readonly scanner = new FieldScanner();
  private reader: SampleLogReader | HistogramLogReader | null = null;
  /** Blank batches read before the first line (the reader counts the lines from there). */
  private blankLines = 0;

  constructor(format: FioLogFormat, name: string | undefined, options: FioLogOptions = {}) {
    this.format = format;
    this.fileName = name === undefined ? null : readLogFileName(name);
    this.options = options;
  }

  /**
   * Reads whole lines joined by `\n`; throws a LogLineError whose offset is in `text`.
   * `isUnterminated`: the input ends inside the text's last line (no line end after it). fio ends
   * every line of a log with one (iolog.c, flush_samples and flush_hist_samples), so that line is
   * cut: `1000, 2345, 0, 40` cut to `1000, 23` would pass for a sample. It is left out, and
   * `cutLine` names it.
   */
  read(text: string, isUnterminated = false): void {
    if (!isUnterminated) {
      this.readWhole(text);
      return;
    }
    const lastEnd = text.lastIndexOf('\n');
    const last = text.slice(lastEnd + 1);
    if (lastEnd !== -1) this.readWhole(text.slice(0, lastEnd));
    if (/\S/.test(last)) {
      this.cutLine = this.lineCount + 1;
      this.cutLineText = last;
    }
  }

  /** The line (1-based) the input ended inside, left out; null when it ended with a line end. */
  cutLine: number | null = null;
  cutLineText = '';

  private readWhole(text: string): void {
    if (this.reader === null) {
      const first = firstLine(text);
      if (first === null) {
        this.blankLines += text.split('\n').length;
        return;
      }
      const count = this.scanner.scan(text, first.start, first.end);
      this.reader = this.makeReader(count);
    }
    this.reader.read(text);
  }

  private makeReader(firstFieldCount: number): SampleLogReader | HistogramLogReader {
    const formatKind = FORMAT_KINDS[this.format];
    const kind = formatKind ?? this.fileName?.kind ?? null;
    if (kind === 'clat_hist' || (kind === null && isHistogramFieldCount(firstFieldCount))) {
      return new HistogramLogReader(this.fileName, this.scanner);
    }
    const sampleKind: SampleLogKind = kind ?? 'unknown';
    const kindSource = formatKind !== null ? 'format' : kind !== null ? 'file-name' : null;
    return new SampleLogReader(
      { ...this.options, kind: sampleKind, kindSource, fileName: this.fileName },
      this.scanner,
    );
  }

  /** Lines read so far, blank ones included. */
  get lineCount(): number {
    return this.blankLines + (this.reader?.lineCount ?? 0);
  }

  /** Whether a line has been read. */
  get hasRows(): boolean {
    return this.reader?.hasRows ?? false;
  }

  /**
   * Sample rows read and not taken yet (a histogram log's intervals are all taken at once, so
   * 0 for one).
   */
  get pendingRows(): number {
    return this.reader instanceof SampleLogReader ? this.reader.pendingRows : 0;
  }

  /**
   * The rows read since the last take (of a sample log, at most `maxRows`); `isLast`: with the
   * summary of the whole log; `asViews`: a sample log's rows as views (see RowBuffer.take).
   */
  take(isLast: boolean, maxRows?: number, asViews = false): FioLogResult {
    this.reader ??= this.makeReader(0);
    return this.reader instanceof SampleLogReader
      ? this.reader.take(isLast, maxRows, asViews)
      : this.reader.take(isLast);
  }
}

/** The first non-blank line of a text, or null. */
function firstLine(text: string): { start: number; end: number } | null {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (/\S/.test(text.slice(start, end))) return { start, end };
    start = end + 1;
  }
  return null;
}
