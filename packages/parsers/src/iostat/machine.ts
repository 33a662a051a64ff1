import type { ParseErrorCode } from '../errors.ts';
import type { ParseWarning } from '../parser.ts';
import { type ColumnSpec, columnSpec, isKnownColumn } from './columns.ts';
import { chooseDateOrder, DECIMAL_POINT, type DecimalMark, decimalMarkIn, markName, otherMarkIn } from './locale.ts';
import type { DeviceRowWriter } from './ndjson-rows.ts';
import {
  DeviceNames,
  isBlank,
  scanDecimal,
  scanRowFast,
  scanRowFastBytes,
  scanValue,
  skipBlankBytes,
  skipBlanks,
  tokenEnd,
  tokenEndBytes,
} from './scan.ts';
import type { IostatColumn, IostatCpu, IostatDevice, IostatHost, IostatReport } from './schema.ts';
import { type DateOrder, dateToIso, parseBanner, parseTimestamp } from './time.ts';

/** The MISSING_SECTION message of an input with no report and no banner (parse and stream alike). */
export const MISSING_REPORT = 'no iostat report found: expected an avg-cpu header or a Device header';

/** A problem on one line, found by the report machine; callers turn it into a ParseError. */
export class _IostatLineError extends Error {
  readonly code: ParseErrorCode;
  /** 1-based line number among the lines pushed. */
  readonly line: number;
  /** 0-based column in that line. */
  readonly column: number;
  constructor(code: ParseErrorCode, message: string, line: number, column: number) {
    super(message);
    this.code = code;
    this.line = line;
    this.column = column;
  }
}

export interface IostatMachineOptions {
  /**
   * Whether the first report of each run holds the averages since boot, as iostat prints unless
   * run with `-y`. The text does not say, so the caller who knows may say false. Default true.
   */
  sinceBoot?: boolean | undefined;
}

/** A device table layout, found once per distinct header line. */
interface Layout {
  specs: ColumnSpec[];
  columns: IostatColumn[];
  /** `--pretty` (and 12.x `-h`): the device name is the last column. */
  isPretty: boolean;
  /** The header starts with blanks (an indented copy): then a leading blank marks no group. */
  isIndented: boolean;
  /**
   * A row of NaN as long as the layout, copied for each row: the copy is an array of unboxed
   * doubles of its final length, so filling it stores numbers in place (no growing, no boxing).
   */
  blankRow: number[];
  /** Base units per printed unit of each column (ColumnSpec.factor), for scanRowFast. */
  factors: Float64Array;
}

type Mode = 'idle' | 'cpu-values' | 'table';

const CPU_KEYS: Record<string, keyof IostatCpu> = {
  '%user': 'userPercent',
  '%nice': 'nicePercent',
  '%system': 'systemPercent',
  '%iowait': 'iowaitPercent',
  '%steal': 'stealPercent',
  '%idle': 'idlePercent',
};

/** The keys of IostatCpu in the order its objects are made in (readCpuValuesAt's literal). */
const CPU_COLUMN_KEYS: readonly (keyof IostatCpu)[] = [
  'userPercent',
  'nicePercent',
  'systemPercent',
  'iowaitPercent',
  'stealPercent',
  'idlePercent',
];

const AVG_CPU = 'avg-cpu:';
const DEVICE = 'Device';
/** First characters of those words: a row starting with neither is no header. */
const CODE_D = 68;
const CODE_A = 97;
const CODE_CARET = 94;
const CODE_C = 67;

/**
 * The report machine: reads an iostat text output one line at a time and hands back each report
 * as soon as the next one starts. It holds one report, so a log of any length streams through
 * it; the whole-text parse runs the same machine.
 *
 * A report is: an optional timestamp line (-t), an optional avg-cpu header and value line, and
 * zero or more device tables (a header, rows, a blank line; `--pretty -x` prints several
 * tables per report, whose rows merge by device). A line that cannot be read is not an error at
 * once: if it is the last line of the input, the run was killed mid-report (TRUNCATED); if more
 * follows, it is an error.
 */
export class IostatMachine {
  host: IostatHost | null = null;
  readonly warnings: ParseWarning[] = [];
  isTruncated = false;
  /** The 1-based number of the last line pushed. */
  lineNumber = 0;

  private readonly isSinceBootFirst: boolean;
  private mode: Mode = 'idle';
  private hasSeenStructure = false;
  private sample = 0;
  private runReports = 0;
  private deferred: _IostatLineError | null = null;
  private readonly layouts = new Map<string, Layout>();

  // The report being read.
  private timestampText: string | null = null;
  private timestampIso: string | null = null;
  private cpu: IostatCpu | null = null;
  private cpuKeys: (keyof IostatCpu | null)[] = [];
  /** The avg-cpu header cpuKeys were read from, and its bytes when it was read from them. */
  private cpuHeader: string | null = null;
  private readonly cpuHeaderBytes = new LineCopy();
  /** The last header line read as a layout, its bytes, and that layout: a log repeats one header. */
  private lastHeader: string | null = null;
  private readonly lastHeaderBytes = new LineCopy();
  private lastLayout: Layout | null = null;
  private layoutsInReport: Layout[] = [];
  /** Where the current table's columns start among the report's (after earlier tables' columns). */
  private tableOffset = 0;
  private devices: IostatDevice[] = [];
  private byName: Map<string, IostatDevice> | null = null;
  private layout: Layout | null = null;
  private pendingName: string | null = null;
  private failure: _IostatLineError | null = null;

  // The locale of the current run (locale.ts), decided once from the run's first lines.
  /** The decimal mark its numbers were seen with, or 0 before the first number with one. */
  private mark: DecimalMark | 0 = 0;
  /** The mark rows are scanned with: the run's, or a point while none was seen. */
  private scanMark: number = DECIMAL_POINT;
  /** The order of its slash dates, decided at its first report; null before. */
  private dateOrder: DateOrder | null = null;
  /** Its banner's date (the first dates its order is read from), and that line. */
  private runDate: string | null = null;
  private runDateLine = 0;
  /** Whether the current report's timestamp still needs the run's date order for its ISO form. */
  private isTimestampPending = false;
  /** Banners read: the host is the first run's. */
  private runCount = 0;
  /** Whether the previous report of the run had avg-cpu values, and how many device tables. */
  private lastShape: { hasCpu: boolean; tables: number } | null = null;
  /** After a `^C` line: lines up to the next banner are not iostat's. */
  private isInterrupted = false;
  /** The last blank line pushed, and how many blank lines ran up to it (see blanksEndingAt). */
  private lastBlankLine = 0;
  private blankRun = 0;
  private isLastBlankEmpty = true;
  /** The blank lines just before the line `deferred` was found on. */
  private blanksBeforeDeferred = 0;

  constructor(options: IostatMachineOptions = {}) {
    this.isSinceBootFirst = options.sinceBoot ?? true;
  }

  /** How many reports the machine has handed back. */
  get reportCount(): number {
    return this.sample;
  }

  /**
   * ASCII bytes of the text the lines pushed are cut from, when the caller has them (see push):
   * rows are then scanned from the bytes.
   */
  bytes: Uint8Array | null = null;
  /** The text `bytes` are the bytes of, for pushBytes: a line it cannot read from bytes is cut from it. */
  text = '';
  /** Where the line being read starts in `bytes`, or -1. */
  private bytesAt = -1;
  /**
   * Where device rows go instead of the report, as `--ndjson` text (ndjson-stream.ts), or null
   * (the reports hold them). While set, a report's `devices` stay empty, unless a later table of
   * the report merges rows by device: its rows are then taken back as typed devices.
   */
  rows: DeviceRowWriter | null = null;
  /** Device names read from the bytes, each made once. */
  private readonly names = new DeviceNames();
  /** 1 per avg-cpu column, for reading the avg-cpu values with scanRowFastBytes. */
  private cpuFactors = new Float64Array(0);
  private readonly cpuValues: number[] = [];
  /** For each key of CPU_COLUMN_KEYS, the avg-cpu column it is read from, or -1. */
  private cpuColumns = new Int32Array(CPU_COLUMN_KEYS.length).fill(-1);

  /**
   * push for the line `text[start, end)`, whose ASCII bytes are `bytes[start, end)` (with a line
   * end, 10, at `bytes[end]`): a row of a plain table, most lines of a log, is read from the bytes
   * alone, no string made for the line; any other line is cut from `text` and pushed.
   */
  pushBytes(start: number, end: number): IostatReport | undefined {
    if (this.mode === 'table' && this.deferred === null && this.pendingName === null && this.mark !== 0) {
      const layout = this.layout as Layout;
      if (!layout.isPretty) {
        const bytes = this.bytes as Uint8Array;
        const first = skipBlankBytes(bytes, start, end);
        const code = bytes[first] as number;
        // A blank line, or one that may be a header (see push), takes the usual way.
        if (
          first < end &&
          code !== CODE_D &&
          code !== CODE_A &&
          (this.rows !== null && this.byName === null
            ? this.writePlainRowBytes(start, first, end, layout)
            : this.readPlainRowBytes(start, first, end, layout))
        ) {
          this.lineNumber++;
          return undefined;
        }
      }
    }
    const read = this.pushRepeatedBytes(start, end);
    if (read !== NOT_READ) return read;
    return this.push(this.text.slice(start, end), start);
  }

  /**
   * The lines every report repeats, read from their bytes as push reads them, with no string
   * made for them: a blank line, the avg-cpu values, and a copy of the last avg-cpu header or
   * Device header read (compared byte by byte: a string made for the line, then compared, took
   * a hash of it each time). NOT_READ for any other line.
   */
  private pushRepeatedBytes(start: number, end: number): IostatReport | undefined | typeof NOT_READ {
    const bytes = this.bytes as Uint8Array;
    const first = skipBlankBytes(bytes, start, end);
    if (first === end) {
      this.lineNumber++;
      this.countBlank(start === end);
      if (this.mode === 'table') this.mode = 'idle';
      return undefined;
    }
    if (this.deferred !== null) return NOT_READ;
    if (this.mode === 'cpu-values') {
      if (this.mark === 0 || !this.readCpuValuesAt(first, end)) return NOT_READ;
      this.lineNumber++;
      this.mode = 'idle';
      return undefined;
    }
    // As readStructure reads a header it has seen (after ^C, lines are skipped instead).
    if (this.mode !== 'idle' || this.isInterrupted) return NOT_READ;
    if (this.cpuHeaderBytes.isAt(bytes, start, end)) {
      this.lineNumber++;
      const done = this.cpu !== null || this.layoutsInReport.length > 0 ? this.emit() : undefined;
      this.hasSeenStructure = true;
      this.mode = 'cpu-values';
      return done;
    }
    if (this.lastHeaderBytes.isAt(bytes, start, end)) {
      this.lineNumber++;
      return this.startTableOf(this.lastLayout as Layout);
    }
    return NOT_READ;
  }

  /**
   * A plain row read from the bytes, as readPlainRow reads it; false, having changed nothing,
   * for anything but a name and plain decimals (push then reads the line the careful way).
   */
  private readPlainRowBytes(start: number, first: number, end: number, layout: Layout): boolean {
    const bytes = this.bytes as Uint8Array;
    const nameEnd = tokenEndBytes(bytes, first, end);
    const from = skipBlankBytes(bytes, nameEnd, end);
    if (from === end) return false;
    const values = layout.blankRow.slice();
    const valuesEnd = scanRowFastBytes(bytes, from, end, layout.factors, values, this.scanMark);
    if (valuesEnd === -1 || skipBlankBytes(bytes, valuesEnd, end) !== end) return false;
    this.addDevice(this.names.at(bytes, first, nameEnd), first > start && !layout.isIndented, values);
    return true;
  }

  /** readPlainRowBytes for the `--ndjson` fast path: the row written to `rows` (DeviceRowWriter.rowBytes). */
  private writePlainRowBytes(start: number, first: number, end: number, layout: Layout): boolean {
    const isGroup = first > start && !layout.isIndented;
    return (this.rows as DeviceRowWriter).rowBytes(
      this.bytes as Uint8Array,
      first,
      end,
      isGroup,
      layout.factors,
      this.scanMark,
    );
  }

  /**
   * Reads one line (without its line end); returns the report it completes, if any. `bytesAt`:
   * where the line starts in `bytes`, when they hold it (the line as ASCII bytes), else -1.
   */
  push(line: string, bytesAt = -1): IostatReport | undefined {
    this.lineNumber++;
    this.bytesAt = bytesAt;
    const bytes = this.bytes as Uint8Array;
    const first = bytesAt >= 0 ? skipBlankBytes(bytes, bytesAt, bytesAt + line.length) - bytesAt : skipBlanks(line, 0);
    if (first === line.length) {
      this.countBlank(line.length === 0);
      if (this.mode === 'table') this.mode = 'idle';
      return undefined;
    }
    if (this.deferred !== null) throw this.deferred;
    if (this.mode === 'table') {
      // Rows are most lines: only one starting with `D` or `a` may be a header instead, and one
      // starting with `^` the echo of ^C (read as a name alone on its line otherwise).
      const code = bytesAt >= 0 ? (bytes[bytesAt + first] as number) : line.charCodeAt(first);
      if (code === CODE_CARET && isInterruptLine(line)) return this.readStructure(line, first);
      const mayBeHeader =
        (code === CODE_D && startsWithAt(line, first, DEVICE)) ||
        (code === CODE_A && startsWithAt(line, first, AVG_CPU));
      if (!mayBeHeader && this.readRow(line, first)) return undefined;
    } else if (this.mode === 'cpu-values') {
      if (this.readCpuValues(line, first)) {
        this.mode = 'idle';
        return undefined;
      }
    }
    return this.readStructure(line, first);
  }

  /**
   * Ends the input: returns the last report, and says when the output may be cut.
   *
   * A report cut inside a line (a row, the avg-cpu values, a device name of `-h` waiting for its
   * values, a timestamp with nothing after it) is left out, and the result is truncated. iostat
   * ends every part of a report with a blank line (the avg-cpu values with `\n\n`, each device
   * table with one): a report whose lines are whole but whose last part has none (a copy that
   * stops at a table's last row, as a terminal selection does, or a run killed between two rows)
   * is kept, with a TRUNCATED warning at its last line, as a report with fewer parts than the
   * run's report before it is (or, for the run's first, see isFirstReportPartial): rows or parts
   * may be missing, and validate refuses it unless run.yaml accepts it.
   */
  finish(): IostatReport | undefined {
    const stray = this.deferred !== null && this.isWholeBeforeLastLine() ? this.deferred : null;
    if (stray !== null) this.warnStrayLastLine(stray);
    const isCutInsideLine =
      stray === null &&
      (this.deferred !== null ||
        this.mode === 'cpu-values' ||
        this.pendingName !== null ||
        (this.timestampText !== null && this.cpu === null && this.layoutsInReport.length === 0));
    if (isCutInsideLine) {
      const line = this.deferred?.line ?? this.lineNumber;
      const column = this.deferred?.column ?? 0;
      this.isTruncated = true;
      this.warnings.push({
        code: 'TRUNCATED',
        message: `the output stops inside report ${this.sample} (the tool was killed or the copy is cut); that report is left out`,
        line,
        column: column + 1,
      });
      this.resetReport();
      return undefined;
    }
    if (stray === null && this.hasContent() && !this.isEndedAt(this.endingBlanks())) {
      this.isTruncated = true;
      this.warnings.push({
        code: 'TRUNCATED',
        message:
          `the output stops after report ${this.sample} without the blank line iostat ends a report with ` +
          '(the tool was killed or the copy is cut): the report is kept, and may lack rows or tables that followed',
        line: this.lineNumber,
        column: 1,
      });
    }
    const last = this.hasContent() ? this.emit() : undefined;
    if (this.dateOrder === null) this.settleDateOrder();
    return last;
  }

  /**
   * Whether the report being read was whole when a last line that is not iostat's came: between
   * reports (its tables ended by their blank lines), with the parts of the run's report before
   * it. A shell prompt copied after the output, or a next report cut at its first line, then
   * costs that report nothing.
   */
  private isWholeBeforeLastLine(): boolean {
    return (
      this.mode === 'idle' &&
      this.pendingName === null &&
      this.hasContent() &&
      this.isEndedAt(this.blanksBeforeDeferred)
    );
  }

  /**
   * Whether the report being read is whole when the input ends (or a stray line comes) with
   * `blanks` blank lines before: its last part closed by its blank line, and as many parts as
   * the run's report before it (or, for the run's first, see isFirstReportPartial).
   */
  private isEndedAt(blanks: number): boolean {
    if (this.mode !== 'idle' || blanks === 0) return false;
    return this.lastShape === null ? !this.isFirstReportPartial(blanks) : !this.isShapedUnlikeLast();
  }

  /**
   * Whether the run's first report may have lost parts that a cut after a blank line would leave
   * no trace of: iostat prints the avg-cpu part and then, unless run with -c, a device table; and
   * with `--pretty -x` the extended columns as up to four tables, the last holding %util. sysstat
   * 12 ends a report with two blank lines (write_stats, then its loop, each print one) where it
   * prints one between parts; sysstat 10 and 11 print one only, and their `iostat -c` of one
   * report is then read as possibly cut.
   */
  private isFirstReportPartial(blanks: number): boolean {
    if (blanks >= 2) return false;
    const layouts = this.layoutsInReport;
    if (layouts.length === 0) return this.cpu !== null;
    const last = layouts[layouts.length - 1] as Layout;
    return last.isPretty && !layouts.some(hasUtil) && layouts.some(isExtended);
  }

  /** How many blank lines end at line `line` (0 when it is not blank). */
  private blanksEndingAt(line: number): number {
    return this.lastBlankLine === line ? this.blankRun : 0;
  }

  /** Counts a blank line just pushed (lineNumber is its number). */
  private countBlank(isEmpty: boolean): void {
    this.blankRun = this.lastBlankLine === this.lineNumber - 1 ? this.blankRun + 1 : 1;
    this.lastBlankLine = this.lineNumber;
    this.isLastBlankEmpty = isEmpty;
  }

  /**
   * The blank lines the input ends with. A last line of white space alone is not one: iostat
   * prints its blank lines empty, and the indentation of a next line cut after it looks so.
   */
  private endingBlanks(): number {
    const blanks = this.blanksEndingAt(this.lineNumber);
    return blanks > 0 && !this.isLastBlankEmpty ? blanks - 1 : blanks;
  }

  /** Keeps a line error for later (see the class comment), with the blank lines before its line. */
  private defer(error: _IostatLineError | null): undefined {
    this.deferred = error;
    this.blanksBeforeDeferred = this.blanksEndingAt(this.lineNumber - 1);
    return undefined;
  }

  /** Whether the report being read has other parts (avg-cpu, tables) than the run's report before it. */
  private isShapedUnlikeLast(): boolean {
    const last = this.lastShape;
    return last !== null && (last.hasCpu !== (this.cpu !== null) || last.tables !== this.layoutsInReport.length);
  }

  private warnStrayLastLine(stray: _IostatLineError): void {
    this.isTruncated = true;
    this.warnings.push({
      code: 'TRUNCATED',
      message:
        'the last line is not iostat output (a next report cut at its first line, or text copied after the output): ' +
        `it is left out, and report ${this.sample}, whole before it, is kept`,
      line: stray.line,
      column: stray.column + 1,
    });
  }

  private skipLine(first: number, message: string): undefined {
    this.warnings.push({ code: 'SKIPPED_LINE', message, line: this.lineNumber, column: first + 1 });
    return undefined;
  }

  /**
   * A `^C` line: the run was interrupted at a terminal, which echoed the keys. The report being
   * read is kept when it is whole, and left out (the output is truncated) when ^C came inside
   * it: inside a device table or before its values (iostat ends each table with a blank line),
   * on a line of its own, or with fewer parts (avg-cpu, tables) than the run's previous report.
   */
  private interrupt(line: string, first: number): IostatReport | undefined {
    const isAlone = line.trim() === INTERRUPT;
    const isCut =
      !isAlone ||
      this.mode === 'table' ||
      this.mode === 'cpu-values' ||
      this.pendingName !== null ||
      (this.hasContent() && this.isShapedUnlikeLast());
    let done: IostatReport | undefined;
    if (isCut && this.hasContent()) {
      this.isTruncated = true;
      this.warnings.push({
        code: 'TRUNCATED',
        message: `^C stopped the output inside report ${this.sample}; that report is left out`,
        line: this.lineNumber,
        column: first + 1,
      });
      this.resetReport();
    } else if (this.hasContent()) {
      done = this.emit();
    }
    this.warnings.push({
      code: 'INTERRUPTED',
      message: 'the run was interrupted at a terminal (^C); the reports before it are kept',
      line: this.lineNumber,
      column: line.indexOf(INTERRUPT) + 1,
    });
    this.isInterrupted = true;
    this.mode = 'idle';
    return done;
  }

  /** Decides the run's decimal mark from the numbers in `line[from, to)`, when they show one. */
  private readMark(line: string, from: number, to: number): void {
    const mark = decimalMarkIn(line, from, to);
    if (mark === 0) return;
    this.mark = mark;
    this.scanMark = mark;
  }

  /** For a BAD_NUMBER message: what is wrong when the token has the other decimal mark. */
  private markMismatch(line: string, start: number, end: number): string {
    if (this.mark === 0) return '';
    const other = otherMarkIn(line, start, end, this.mark);
    return other === null ? '' : ` with ${markName(this.mark)}, as this output writes its numbers (found "${other}")`;
  }

  /**
   * Decides the order of the run's slash dates (locale.ts), from its banner and the current
   * timestamp, and reads the first run's banner date in it.
   */
  private settleDateOrder(): void {
    const dates: string[] = [];
    if (this.runDate !== null) dates.push(this.runDate);
    if (this.timestampText !== null) dates.push(this.timestampText);
    const choice = chooseDateOrder(dates, this.mark);
    this.dateOrder = choice.order;
    if (choice.warning !== null) {
      this.warnings.push({ ...choice.warning, line: this.runDateLine || this.lineNumber, column: 1 });
    }
    if (this.runCount === 1 && this.host !== null && choice.order !== 'month-first') {
      this.host = { ...this.host, dateIso: dateToIso(this.host.date, choice.order) };
    }
  }

  private readStructure(line: string, first: number): IostatReport | undefined {
    if (isInterruptLine(line)) return this.interrupt(line, first);
    if (this.isInterrupted && parseBanner(line) === null) return this.skipLine(first, 'a line after ^C is skipped');
    if (startsWithAt(line, first, AVG_CPU)) {
      const done = this.cpu !== null || this.layoutsInReport.length > 0 ? this.emit() : undefined;
      this.startCpu(line, first);
      return done;
    }
    const layout = this.readHeader(line, first);
    if (layout !== null) return this.startTableOf(layout);
    const order = this.dateOrder;
    const timestamp = parseTimestamp(line, order ?? 'month-first');
    if (timestamp !== null) {
      const done = this.hasContent() ? this.emit() : undefined;
      this.timestampText = timestamp.text;
      this.timestampIso = timestamp.iso;
      // Read again once the run's date order is known (at the report's end, or now, when the
      // report just ended decided it), unless it was known.
      this.isTimestampPending = order === null;
      this.hasSeenStructure = true;
      this.mode = 'idle';
      return done;
    }
    const banner = parseBanner(line);
    if (banner !== null) {
      const done = this.hasContent() ? this.emit() : undefined;
      this.runCount++;
      this.isInterrupted = false;
      this.mark = 0;
      this.scanMark = DECIMAL_POINT;
      this.dateOrder = null;
      this.runDate = banner.date;
      this.runDateLine = this.lineNumber;
      this.lastShape = null;
      if (this.host === null) {
        this.host = banner;
      } else if (!this.warnings.some((warning) => warning.code === 'SEVERAL_OUTPUTS')) {
        // Said once: a log of appended runs would otherwise grow a warning per run.
        this.warnings.push({
          code: 'SEVERAL_OUTPUTS',
          message: `a second iostat banner (host ${banner.host}): its reports are appended to the first run's`,
          line: this.lineNumber,
          column: first + 1,
        });
      }
      this.runReports = 0;
      this.hasSeenStructure = true;
      this.mode = 'idle';
      return done;
    }
    if (this.mode === 'table') {
      // Not structure after all: a row that starts like a header word, or a bad row.
      if ((startsWithAt(line, first, DEVICE) || startsWithAt(line, first, AVG_CPU)) && this.readRow(line, first)) {
        return undefined;
      }
      return this.defer(this.failure);
    }
    if (this.mode === 'cpu-values') return this.defer(this.failure);
    if (!this.hasSeenStructure) {
      // A shell prompt or notes before the output, as in a copy of a terminal session.
      return this.skipLine(first, 'a line before the iostat output is skipped');
    }
    return this.defer(
      new _IostatLineError(
        'UNEXPECTED_LINE',
        'expected a timestamp, an avg-cpu header, a Device header or a blank line',
        this.lineNumber,
        first,
      ),
    );
  }

  private startCpu(line: string, first: number): void {
    this.hasSeenStructure = true;
    this.mode = 'cpu-values';
    // Every report of a log repeats the same header: read it once.
    if (line === this.cpuHeader) return;
    this.cpuHeader = line;
    this.keepBytes(this.cpuHeaderBytes, line);
    this.cpuKeys = [];
    let i = first + AVG_CPU.length;
    for (i = skipBlanks(line, i); i < line.length; i = skipBlanks(line, i)) {
      const end = tokenEnd(line, i);
      this.cpuKeys.push(CPU_KEYS[line.slice(i, end)] ?? null);
      i = end;
    }
    this.cpuFactors = new Float64Array(this.cpuKeys.length).fill(1);
    // The last column of a name is its value, as the careful reading's loop leaves it.
    this.cpuColumns = Int32Array.from(CPU_COLUMN_KEYS, (key) => this.cpuKeys.lastIndexOf(key));
  }

  /**
   * The avg-cpu values of `bytes[from, end)` read in one pass (plain decimals, as scanRowFastBytes
   * reads a row); false when anything is unusual, for readCpuValues to read the careful way.
   */
  private readCpuValuesAt(from: number, end: number): boolean {
    const bytes = this.bytes as Uint8Array;
    const values = this.cpuValues;
    const valuesEnd = scanRowFastBytes(bytes, from, end, this.cpuFactors, values, this.scanMark);
    if (valuesEnd === -1 || skipBlankBytes(bytes, valuesEnd, end) !== end) return false;
    // Each value by its name (a store through a key in a variable is a generic one, a report each).
    const columns = this.cpuColumns;
    this.cpu = {
      userPercent: valueAt(values, columns[0]),
      nicePercent: valueAt(values, columns[1]),
      systemPercent: valueAt(values, columns[2]),
      iowaitPercent: valueAt(values, columns[3]),
      stealPercent: valueAt(values, columns[4]),
      idlePercent: valueAt(values, columns[5]),
    };
    return true;
  }

  private readCpuValues(line: string, first: number): boolean {
    if (this.mark === 0) this.readMark(line, first, line.length);
    const at = this.bytesAt;
    if (at >= 0 && this.readCpuValuesAt(at + first, at + line.length)) return true;
    const cpu: IostatCpu = {
      userPercent: null,
      nicePercent: null,
      systemPercent: null,
      iowaitPercent: null,
      stealPercent: null,
      idlePercent: null,
    };
    let i = first;
    for (const key of this.cpuKeys) {
      if (i >= line.length) return this.fail('COLUMN_COUNT', `expected ${this.cpuKeys.length} avg-cpu values`, i);
      const end = tokenEnd(line, i);
      const last = line.charCodeAt(end - 1) === 37 ? end - 1 : end; // `--human` prints 56.0%
      const value = scanDecimal(line, i, last, 1, this.scanMark);
      if (Number.isNaN(value)) {
        return this.fail(
          'BAD_NUMBER',
          `expected an avg-cpu percentage${signNote(line, i)}${this.markMismatch(line, i, end)}`,
          i,
        );
      }
      if (key !== null) cpu[key] = value;
      i = skipBlanks(line, end);
    }
    if (i < line.length) return this.fail('COLUMN_COUNT', `expected ${this.cpuKeys.length} avg-cpu values`, i);
    this.cpu = cpu;
    return true;
  }

  /** A device table header: `Device: rrqm/s ...`, `Device r/s ...`, or `r/s ... Device` (--pretty). */
  private readHeader(line: string, first: number): Layout | null {
    if (line === this.lastHeader) return this.lastLayout;
    const key = line.trimEnd();
    // Only a line that starts or ends with "Device" can be a header: a timestamp line, the most
    // frequent other line here, is turned away without being split.
    if (!startsWithAt(line, first, DEVICE) && !key.endsWith(DEVICE)) return null;
    const layout = this.readLayout(key, first);
    if (layout !== null) {
      this.lastHeader = line;
      this.keepBytes(this.lastHeaderBytes, line);
      this.lastLayout = layout;
    }
    return layout;
  }

  private readLayout(key: string, first: number): Layout | null {
    const cached = this.layouts.get(key);
    if (cached !== undefined) return cached;
    const names = key.slice(first).split(/[ \t]+/);
    const head = names[0] ?? '';
    let isPretty = false;
    if (head === DEVICE || head === `${DEVICE}:`) {
      names.shift();
    } else if (names.at(-1) === DEVICE && isKnownColumn(head)) {
      names.pop();
      isPretty = true;
    } else {
      return null;
    }
    if (names.length === 0) return null;
    const specs = names.map(columnSpec);
    const layout: Layout = {
      specs,
      columns: specs.map(({ name, metric, unit }) => ({ name, metric, unit })),
      isPretty,
      isIndented: first > 0 && !isPretty,
      blankRow: blankRow(specs.length),
      factors: Float64Array.from(specs, (spec) => spec.factor),
    };
    this.layouts.set(key, layout);
    return layout;
  }

  /** A table starts: the report ends first when it has a table with any of the same columns. */
  private startTableOf(layout: Layout): IostatReport | undefined {
    const shares = this.layoutsInReport.some((seen) =>
      seen.columns.some((column) => layout.columns.some((other) => other.metric === column.metric)),
    );
    const done = shares ? this.emit() : undefined;
    this.startTable(layout);
    return done;
  }

  private startTable(layout: Layout): void {
    this.hasSeenStructure = true;
    if (this.layoutsInReport.length === 1 && this.byName === null) {
      if (this.rows !== null) this.devices = this.rows.takeDevices();
      this.byName = new Map(this.devices.map((device) => [device.device, device]));
    }
    this.tableOffset = 0;
    for (const seen of this.layoutsInReport) this.tableOffset += seen.specs.length;
    this.layoutsInReport.push(layout);
    this.layout = layout;
    this.mode = 'table';
  }

  /** Keeps the bytes of the line being read in `copy`, when it is read from them (see pushRepeatedBytes). */
  private keepBytes(copy: LineCopy, line: string): void {
    const at = this.bytesAt;
    if (at >= 0) copy.set(this.bytes as Uint8Array, at, at + line.length);
    else copy.clear();
  }

  /** Reads a device row into the report; false (with `failure` set) when it is not one. */
  private readRow(line: string, first: number): boolean {
    const layout = this.layout as Layout;
    return layout.isPretty ? this.readPrettyRow(line, first, layout) : this.readPlainRow(line, first, layout);
  }

  private readPlainRow(line: string, first: number, layout: Layout): boolean {
    const specs = layout.specs;
    let name = this.pendingName;
    let i = first;
    const at = this.bytesAt;
    if (name === null) {
      if (at >= 0) {
        const bytes = this.bytes as Uint8Array;
        const end = at + line.length;
        const nameEnd = tokenEndBytes(bytes, at + first, end);
        name = this.names.at(bytes, at + first, nameEnd);
        i = skipBlankBytes(bytes, nameEnd, end) - at;
      } else {
        const nameEnd = tokenEnd(line, first);
        name = line.slice(first, nameEnd);
        i = skipBlanks(line, nameEnd);
      }
      if (i === line.length) {
        // `-h` before 12.x prints the device name on a line of its own, the values below it.
        this.pendingName = name;
        return true;
      }
    }
    const values = layout.blankRow.slice();
    const valuesEnd = this.readValues(line, i, layout, values, specs.length);
    if (valuesEnd === -1) return false;
    i =
      at >= 0
        ? skipBlankBytes(this.bytes as Uint8Array, at + valuesEnd, at + line.length) - at
        : skipBlanks(line, valuesEnd);
    if (i < line.length) return this.fail('COLUMN_COUNT', `expected ${specs.length} values after the device name`, i);
    const isGroup = this.pendingName === null && first > 0 && !layout.isIndented;
    this.pendingName = null;
    this.addDevice(name, isGroup, values);
    return true;
  }

  /**
   * Reads a row's values from `from` on into `values`: the index just after the last one, or -1
   * with `failure` set. Plain decimals take the fast scan; anything else (a `--human` suffix, a
   * bad number) the careful one, which reads suffixes and finds the exact error.
   */
  private readValues(
    line: string,
    from: number,
    layout: Layout,
    values: number[],
    columnCount: number,
    valuesEnd = line.length,
  ): number {
    if (this.mark === 0) this.readMark(line, from, valuesEnd);
    const at = this.bytesAt;
    const mark = this.scanMark;
    if (at >= 0) {
      const end = scanRowFastBytes(this.bytes as Uint8Array, at + from, at + line.length, layout.factors, values, mark);
      if (end !== -1) return end - at;
    } else {
      const fastEnd = scanRowFast(line, from, layout.factors, values, mark);
      if (fastEnd !== -1) return fastEnd;
    }
    const specs = layout.specs;
    let i = from;
    for (let k = 0; k < specs.length; k++) {
      i = skipBlanks(line, i);
      if (i >= line.length) return this.failAt('COLUMN_COUNT', columnCountMessage(columnCount, k), i);
      const end = tokenEnd(line, i);
      const spec = specs[k] as ColumnSpec;
      const value = scanValue(line, i, end, spec, mark);
      if (Number.isNaN(value)) {
        return this.failAt(
          'BAD_NUMBER',
          `expected a number under ${spec.name}${signNote(line, i)}${this.markMismatch(line, i, end)}`,
          i,
        );
      }
      values[k] = value;
      i = end;
    }
    return i;
  }

  private readPrettyRow(line: string, first: number, layout: Layout): boolean {
    const specs = layout.specs;
    // Values first, then the name (which no decimal mark is read from).
    const values = layout.blankRow.slice();
    const trimmed = line.trimEnd();
    const lastBlank = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('\t'));
    const i = this.readValues(line, first, layout, values, specs.length + 1, lastBlank + 1);
    if (i === -1) return false;
    const nameStart = skipBlanks(line, i);
    if (nameStart >= line.length) return this.fail('COLUMN_COUNT', 'expected the device name last', nameStart);
    const nameEnd = tokenEnd(line, nameStart);
    if (skipBlanks(line, nameEnd) < line.length) {
      return this.fail('COLUMN_COUNT', 'expected the device name to end the line', skipBlanks(line, nameEnd));
    }
    // iostat prints " %s" after the values, and a group name starts with a space of its own.
    const isGroup = nameStart - i >= 2 && isBlank(line.charCodeAt(nameStart - 2));
    this.addDevice(line.slice(nameStart, nameEnd), isGroup, values);
    return true;
  }

  /**
   * Files a row's values (those of the current table) under its device. In the first table of a
   * report the row is the device's; a later table's row (`--pretty -x` prints several) joins
   * the values of the device of that name, after the earlier tables' columns.
   */
  private addDevice(name: string, isGroup: boolean, tableValues: number[]): void {
    if (this.byName === null) {
      if (this.rows !== null) {
        this.rows.device(name, isGroup, tableValues);
        return;
      }
      this.devices.push({ device: name, isGroup, values: tableValues });
      return;
    }
    let device = this.byName.get(name);
    if (device === undefined) {
      device = { device: name, isGroup, values: [] };
      this.byName.set(name, device);
      this.devices.push(device);
    }
    const values = device.values;
    // A device missing from an earlier table has no values under its columns.
    while (values.length < this.tableOffset) values.push(null);
    for (let k = 0; k < tableValues.length; k++) values[this.tableOffset + k] = tableValues[k] as number;
  }

  private fail(code: ParseErrorCode, message: string, column: number): false {
    this.failure = new _IostatLineError(code, message, this.lineNumber, column);
    return false;
  }

  private failAt(code: ParseErrorCode, message: string, column: number): -1 {
    this.fail(code, message, column);
    return -1;
  }

  private hasContent(): boolean {
    return (
      this.timestampText !== null || this.cpu !== null || this.layoutsInReport.length > 0 || this.mode === 'cpu-values'
    );
  }

  private emit(): IostatReport {
    if (this.dateOrder === null) this.settleDateOrder();
    if (this.isTimestampPending && this.timestampText !== null) {
      this.timestampIso = parseTimestamp(this.timestampText, this.dateOrder ?? 'month-first')?.iso ?? null;
    }
    this.isTimestampPending = false;
    this.lastShape = { hasCpu: this.cpu !== null, tables: this.layoutsInReport.length };
    const layouts = this.layoutsInReport;
    const columns =
      layouts.length === 0
        ? []
        : layouts.length === 1
          ? (layouts[0] as Layout).columns
          : layouts.flatMap((l) => l.columns);
    if (layouts.length > 1) {
      // A device missing from a later table has no values under its columns either.
      for (const device of this.devices) while (device.values.length < columns.length) device.values.push(null);
    }
    const report: IostatReport = {
      sample: this.sample,
      timestamp: this.timestampIso,
      timestampText: this.timestampText,
      isSinceBoot: this.isSinceBootFirst && this.runReports === 0,
      cpu: this.cpu,
      columns,
      devices: this.devices,
    };
    this.sample++;
    this.runReports++;
    this.rows?.seal();
    this.resetReport();
    return report;
  }

  private resetReport(): void {
    this.rows?.discard();
    this.timestampText = null;
    this.timestampIso = null;
    this.cpu = null;
    this.layoutsInReport = [];
    this.tableOffset = 0;
    this.devices = [];
    this.byName = null;
    this.layout = null;
    this.pendingName = null;
    this.mode = 'idle';
  }
}

/** What pushRepeatedBytes returns for a line it leaves to push. */
const NOT_READ = Symbol('not read');

/**
 * A copy of a line's bytes that later lines are compared with, in a buffer used again: a new
 * Uint8Array for each copy (a log of appended runs changes its header with each run) cost an
 * allocation outside the heap each time.
 */
class LineCopy {
  private bytes = new Uint8Array(256);
  /** -1 while no line is kept. */
  private length = -1;

  set(from: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (length > this.bytes.length) this.bytes = new Uint8Array(length);
    this.bytes.set(from.subarray(start, end));
    this.length = length;
  }

  clear(): void {
    this.length = -1;
  }

  /** Whether `bytes[start, end)` are the line kept. */
  isAt(bytes: Uint8Array, start: number, end: number): boolean {
    const length = this.length;
    if (length !== end - start) return false;
    const kept = this.bytes;
    for (let k = 0; k < length; k++) if (bytes[start + k] !== kept[k]) return false;
    return true;
  }
}

/** `values[column]`, or null for a column of -1 (the header has no such value). */
function valueAt(values: readonly number[], column: number | undefined): number | null {
  return column === undefined || column < 0 ? null : (values[column] as number);
}

function hasUtil(layout: Layout): boolean {
  return layout.columns.some((column) => column.metric === '%util');
}

/** A layout of -x's columns: per-direction rates (`r/s`, `w/s`, ...) or the merges. */
function isExtended(layout: Layout): boolean {
  return layout.columns.some((column) => /^(?:[rwdf]\/s|[rwd]rqm\/s)$/.test(column.name));
}

function blankRow(length: number): number[] {
  const row: number[] = [];
  for (let k = 0; k < length; k++) row.push(Number.NaN);
  return row;
}

/** What a terminal echoes when ^C is typed. */
const INTERRUPT = '^C';

/** A line that is, or ends with, the echo of ^C. */
function isInterruptLine(line: string): boolean {
  // From the end, past trailing white space as trimEnd() goes: no copy of the line is made for it.
  let end = line.length;
  while (end > 0 && isWhiteSpaceCode(line.charCodeAt(end - 1))) end--;
  return end >= 2 && line.charCodeAt(end - 1) === CODE_C && line.charCodeAt(end - 2) === CODE_CARET;
}

/** What trimEnd() trims from an ASCII line: tab, line feed, vertical tab, form feed, carriage return, space. */
function isWhiteSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code >= 0x80 && /\s/.test(String.fromCharCode(code)));
}

function startsWithAt(line: string, at: number, word: string): boolean {
  // Most lines differ at the first character: the call to startsWith is made only when it is the word's.
  return line.charCodeAt(at) === word.charCodeAt(0) && line.startsWith(word, at);
}

/** For a BAD_NUMBER message: what is wrong with a value below zero. */
function signNote(line: string, at: number): string {
  return line.charCodeAt(at) === 45 ? ' (iostat prints none below zero)' : '';
}

function columnCountMessage(expected: number, found: number): string {
  return `expected ${expected} columns, found ${found}`;
}
