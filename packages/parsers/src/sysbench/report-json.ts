import type { ParseWarning } from '../parser.ts';
import { _emptyInterval } from './interval.ts';
import type { SysbenchInterval } from './schema.ts';
import { _durationNs, _failAt, _number, type SourceLine } from './values.ts';

/**
 * The reports of sysbench's Lua JSON reporter, `sysbench.report_json` (src/lua/internal/sysbench.lua,
 * sysbench 1.0+), which a script sets as its report hook (`sysbench.hooks.report_intermediate`,
 * `report_cumulative`). It is a printf template, not a JSON writer, and reads as what it is:
 *
 *   [                                1.0.14+: each hook's reports in an array, the closing
 *     {                              bracket printed when the reporting thread ends; the
 *       "time":    1,                intermediate and the cumulative reports are two arrays
 *       "threads": 2,                one after the other
 *       "tps": 104261.86,
 *       "qps": {
 *         "total": 0.00, "reads": 0.00, "writes": 0.00, "other": 0.00   (one per line)
 *       },
 *       "latency": 0.02,             ms, at the run's --percentile, which it does not name
 *       "errors": 0.00,
 *       "reconnects": 0.00
 *     }
 *   ]
 *
 * Its quirks, each said in a warning: before 1.0.14 every object ends with a comma and there are
 * no brackets (sysbench issue #195), and before 1.0.8 `"other"` has a comma too (issue #139);
 * the cumulative report's `"threads"` is the number of threads still running when it is made,
 * 0 since they have ended (issue #194), so it is left out rather than read as the thread count.
 * A report with `"threads": 0` is the cumulative one; the others are intervals.
 *
 * An array (1.0.14+) whose last report is followed by a comma, a blank line and `]` has lost a
 * report: at the end of the run sysbench cancels its reporting thread (pthread_cancel), whose
 * unbuffered stdout makes the comma and the report two write(2) calls, each a cancellation
 * point; cancelled between them, the thread closes its Lua state, whose finaliser prints the
 * closing bracket. A loaded machine does this now and then; the test forces it.
 */

const MEMBER = /^"(time|threads|tps|latency|errors|reconnects|total|reads|writes|other)":[ \t]*([^ \t,]+)(,?)$/;
const QPS_OPEN = /^"qps":[ \t]*\{$/;

type Depth = 'outside' | 'report' | 'qps';

/** A report in the making: the interval fields, and where its members were. */
interface ReportDraft {
  interval: SysbenchInterval;
  line: SourceLine;
}

export class _JsonReportReader {
  readonly intervals: SysbenchInterval[] = [];
  /** The cumulative report, when the block had one. */
  cumulative: SysbenchInterval | null = null;
  readonly warnings: ParseWarning[] = [];

  private depth: Depth = 'outside';
  private draft: ReportDraft | null = null;
  /** A comma after the last object read (`},`): a quirk unless another object follows. */
  private commaLine: SourceLine | null = null;
  private isInArray = false;
  private hasTrailingCommaWarning = false;

  /** Whether a trimmed line starts a block of the reporter's output. */
  static isStart(trimmed: string): boolean {
    return trimmed === '[' || trimmed === '{';
  }

  /** Whether the reader is inside a report (the block cannot end here). */
  get isInsideReport(): boolean {
    return this.depth !== 'outside';
  }

  /**
   * Reads one line; false when the line is not the reporter's (the block ended before it: the
   * caller reads it as usual). Throws a ParseError for a line inside a report that is not one
   * of its members.
   */
  push(line: SourceLine, trimmed: string, indent: number): boolean {
    if (this.depth === 'outside') return this.readOutside(line, trimmed);
    if (this.depth === 'qps') {
      if (trimmed === '}' || trimmed === '},') {
        this.depth = 'report';
        return true;
      }
      this.readMember(line, trimmed, indent, true);
      return true;
    }
    if (QPS_OPEN.test(trimmed)) {
      this.depth = 'qps';
      return true;
    }
    if (trimmed === '}' || trimmed === '},' || trimmed === '}]' || trimmed === '},]') {
      this.closeReport(line, trimmed);
      return true;
    }
    this.readMember(line, trimmed, indent, false);
    return true;
  }

  /** Ends the block: a comma left after the last object is the quirk of sysbench before 1.0.14. */
  finish(): void {
    this.noteTrailingComma();
  }

  private readOutside(line: SourceLine, trimmed: string): boolean {
    switch (trimmed) {
      case '[':
        this.isInArray = true;
        return true;
      case ']':
        this.noteTrailingComma();
        this.isInArray = false;
        return true;
      case ',':
        // 1.0.14+ separates the objects of an array with a line of its own.
        this.commaLine = line;
        return true;
      case '{':
        this.commaLine = null;
        this.depth = 'report';
        // The offset is set from the report's "time"; -1 until then. The reporter prints
        // stat.latency_pct: the latency at --percentile, which it does not name (latencyPercent null).
        this.draft = { interval: _emptyInterval(-1), line };
        return true;
      default:
        return false;
    }
  }

  private readMember(line: SourceLine, trimmed: string, indent: number, isQps: boolean): void {
    const match = MEMBER.exec(trimmed);
    const draft = this.draft as ReportDraft;
    if (match === null) {
      throw _failAt(
        line,
        indent,
        'UNEXPECTED_LINE',
        `expected a "key": value member of sysbench.report_json's ${isQps ? '"qps" object' : 'report'}`,
      );
    }
    const [, key = '', token = '', comma] = match;
    const isQpsKey = key === 'total' || key === 'reads' || key === 'writes' || key === 'other';
    if (isQpsKey !== isQps) {
      throw _failAt(line, indent, 'UNEXPECTED_LINE', `"${key}" does not belong ${isQps ? 'in "qps"' : 'in a report'}`);
    }
    const at = line.text.indexOf(token, indent + key.length + 3);
    const interval = draft.interval;
    switch (key) {
      case 'time':
        interval.offsetSec = _number(line, token, at);
        break;
      case 'threads':
        interval.threads = _number(line, token, at);
        break;
      case 'tps':
        interval.tps = _number(line, token, at);
        break;
      case 'latency':
        interval.latencyNs = _durationNs(line, token, at, 'ms');
        break;
      case 'errors':
        interval.errorsPerSec = _number(line, token, at);
        break;
      case 'reconnects':
        interval.reconnectsPerSec = _number(line, token, at);
        break;
      case 'total':
        interval.qps = _number(line, token, at);
        break;
      case 'reads':
        interval.readsPerSec = _number(line, token, at);
        break;
      case 'writes':
        interval.writesPerSec = _number(line, token, at);
        break;
      default:
        interval.otherPerSec = _number(line, token, at);
        // sysbench 1.0.0 to 1.0.7 print `"other": x,` before the closing brace (issue #139).
        if (comma === ',') this.warnTrailingComma(line, line.text.lastIndexOf(','), 'after "other" in "qps"');
    }
  }

  private closeReport(line: SourceLine, trimmed: string): void {
    const { interval, line: start } = this.draft as ReportDraft;
    this.draft = null;
    this.depth = 'outside';
    if (interval.offsetSec === -1) {
      throw _failAt(start, start.text.indexOf('{'), 'MISSING_SECTION', 'a sysbench.report_json report without "time"');
    }
    if (interval.threads === 0) {
      // The cumulative report comes after the worker threads have ended: 0 is not the run's count.
      interval.threads = null;
      this.cumulative = interval;
      this.warnings.push({
        code: 'REPORT_JSON_THREADS_ZERO',
        message:
          'the cumulative sysbench.report_json report says "threads": 0, the threads still running when it was made ' +
          '(none: sysbench issue #194), not the thread count of the run; left out',
        line: lineNumberOf(start),
        column: 1,
      });
    } else {
      this.intervals.push(interval);
    }
    if (trimmed.startsWith('},')) this.commaLine = line;
    if (trimmed.endsWith(']')) {
      this.noteTrailingComma();
      this.isInArray = false;
    }
  }

  private noteTrailingComma(): void {
    const line = this.commaLine;
    if (line === null) return;
    this.commaLine = null;
    if (this.isInArray) {
      this.warnCutReport(line);
      return;
    }
    this.warnTrailingComma(line, line.text.lastIndexOf(','), 'after each report, with no array around them');
  }

  private warnCutReport(line: SourceLine): void {
    const last = this.intervals.at(-1);
    const readTo = last === undefined ? 'no interval was read' : `the intervals read end at ${last.offsetSec} s`;
    this.warnings.push({
      code: 'REPORT_JSON_REPORT_CUT',
      message:
        `sysbench.report_json printed the comma before a report but not the report: sysbench ended its reporting thread ` +
        `while it was writing its last interval report, which is missing (${readTo}); the comma is read as if it were not there`,
      line: lineNumberOf(line),
      column: line.text.lastIndexOf(',') + 1,
    });
  }

  private warnTrailingComma(line: SourceLine, index: number, where: string): void {
    if (this.hasTrailingCommaWarning) return;
    this.hasTrailingCommaWarning = true;
    this.warnings.push({
      code: 'REPORT_JSON_TRAILING_COMMA',
      message: `sysbench.report_json printed a comma ${where} (sysbench before 1.0.14, issues #139 and #195): not valid JSON, read as if it were not there`,
      line: lineNumberOf(line),
      column: index + 1,
    });
  }
}

function lineNumberOf(line: SourceLine): number {
  return line.source.locate(line.start).line;
}
