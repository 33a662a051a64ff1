import { _fileioOf, _latencyOf, _sqlOf, type RunDraft, type Section } from './run.ts';
import {
  _countAndRate,
  _decimalRateBytesPerSec,
  _durationNs,
  _failAt,
  _fixedNumber,
  _number,
  _splitKeyValue,
  type SourceLine,
} from './values.ts';

/**
 * The statistics blocks at the end of a run (sysbench.c sb_report_cumulative and the tests'
 * report_cumulative): a heading line, then indented "key: value" lines. Inside a block every
 * line must be one the block prints; anything else is an UNEXPECTED_LINE, so that a damaged
 * block is never read as a partial result.
 */

/** The heading of each block, in the words of every version. */
const HEADINGS: Readonly<Record<string, Section>> = {
  'General statistics:': 'general', // 0.5, 1.0, 1.1
  'Test execution summary:': 'general', // 0.4
  'Latency (ms):': 'latency', // 1.0, 1.1
  'per-request statistics:': 'latency', // 0.4, inside "Test execution summary:"
  'response time:': 'latency', // 0.5, inside "General statistics:"
  'Threads fairness:': 'fairness',
  'SQL statistics:': 'sql', // 1.x Lua OLTP
  'OLTP test statistics:': 'sql', // 0.4 --test=oltp, 0.5 oltp.lua
  'queries performed:': 'sql',
  'File operations:': 'fileops', // 1.0 fileio
  'Throughput:': 'throughput', // 1.0 fileio, 1.1 every test
  'CPU speed:': 'cpu', // 1.0 cpu
  'Latency histogram (values are in milliseconds)': 'histogram', // --histogram
};

/** The block a heading opens, or undefined when the line is not a heading. */
export function _headingSection(trimmed: string): Section | undefined {
  return Object.hasOwn(HEADINGS, trimmed) ? HEADINGS[trimmed] : undefined;
}

const PERCENTILE_1X = /^(\d+)th percentile$/;
const PERCENTILE_04 = /^approx\. +(\d+) percentile$/;

/**
 * The percentile a name stands for. sysbench prints `%3dth` of an integer --percentile; builds
 * that print "999th" mean 99.9 (the digits after the first two are decimals).
 */
function percentOf(digits: string): number {
  const value = Number(digits);
  return value <= 100 ? value : Number(`${digits.slice(0, 2)}.${digits.slice(2)}`);
}

/**
 * "a/b" of the fairness block: two numbers, at their indexes, printed `%.4f/%3.2f` by every
 * version (sysbench.c), the run's last line.
 */
function pair(line: SourceLine, value: string, index: number): [number, number] {
  const slash = value.indexOf('/');
  if (slash === -1) throw _failAt(line, index, 'UNEXPECTED_LINE', `expected "avg/stddev", found "${value}"`);
  return [
    _fixedNumber(line, value.slice(0, slash), index, 4),
    _fixedNumber(line, value.slice(slash + 1), index + slash + 1, 2),
  ];
}

/** "IOPS=270.00 4.22 MiB/s (4.42 MB/s)" (1.1 fileio): IOPS and bytes per second. */
function iopsAndRate(line: SourceLine, value: string, index: number): { iops: number; bytesPerSec: number | null } {
  if (!value.startsWith('IOPS=')) throw _failAt(line, index, 'UNEXPECTED_LINE', `expected "IOPS=", found "${value}"`);
  const tokens = value
    .slice(5)
    .split(' ')
    .filter((t) => t !== '');
  const iops = _number(line, tokens[0] ?? '', index + 5);
  if (tokens.length === 1) return { iops, bytesPerSec: null };
  const [mib, unit, decimal, decimalUnit] = tokens.slice(1);
  if (unit !== 'MiB/s' || decimal === undefined || decimalUnit !== 'MB/s)' || !decimal.startsWith('(')) {
    throw _failAt(line, index, 'UNEXPECTED_LINE', `expected "IOPS=x y MiB/s (z MB/s)", found "${value}"`);
  }
  const bytesPerSec = _number(line, mib ?? '', index + value.indexOf(mib ?? '', 5)) * 1024 * 1024;
  // The MB/s figure is the same rate in powers of 1000, rounded: read only to check it is a number.
  _decimalRateBytesPerSec(line, `${decimal.slice(1)}MB/s`, index + value.indexOf(decimal));
  return { iops, bytesPerSec };
}

type KeyReader = (draft: RunDraft, line: SourceLine, value: string, index: number) => void;

const GENERAL: Readonly<Record<string, KeyReader>> = {
  'total time': (d, line, v, i) => {
    d.run.general.totalTimeNs = _durationNs(line, v, i, 's');
  },
  'total number of events': (d, line, v, i) => {
    d.run.general.eventsTotal = _number(line, v, i);
  },
  // 0.4 prints the seconds without a unit ("39.1644"), 0.5 with one ("1.3031s").
  'total time taken by event execution': (d, line, v, i) => {
    d.run.general.eventExecutionTimeNs = _durationNs(line, v, i, 's');
  },
};

const LATENCY: Readonly<Record<string, KeyReader>> = {
  min: (d, line, v, i) => {
    _latencyOf(d).minNs = _durationNs(line, v, i, 'ms');
  },
  avg: (d, line, v, i) => {
    _latencyOf(d).avgNs = _durationNs(line, v, i, 'ms');
  },
  max: (d, line, v, i) => {
    _latencyOf(d).maxNs = _durationNs(line, v, i, 'ms');
  },
  sum: (d, line, v, i) => {
    if (d.endsAtLatencySum) {
      // 1.1 fileio's last line, `sum: %39.2f`: a cut inside its number is no smaller sum.
      _fixedNumber(line, v, i, 2);
    }
    _latencyOf(d).sumNs = _durationNs(line, v, i, 'ms');
    if (d.endsAtLatencySum) finish(d);
  },
  'percentile stats': (d, line, v, i) => {
    if (v !== 'disabled') throw _failAt(line, i, 'UNEXPECTED_LINE', `expected "disabled", found "${v}"`);
    _latencyOf(d).isPercentileDisabled = true;
  },
};

const FAIRNESS: Readonly<Record<string, KeyReader>> = {
  'events (avg/stddev)': (d, line, v, i) => {
    d.fairnessEvents = pair(line, v, i);
  },
  'execution time (avg/stddev)': (d, line, v, i) => {
    if (d.fairnessEvents === null) {
      throw _failAt(
        line,
        0,
        'MISSING_SECTION',
        'expected "events (avg/stddev):" before "execution time (avg/stddev):"',
      );
    }
    const [avg, stddev] = pair(line, v, i);
    // Printed in seconds.
    d.run.fairness = {
      eventsAvg: d.fairnessEvents[0],
      eventsStddev: d.fairnessEvents[1],
      executionTimeAvgNs: avg * 1e9,
      executionTimeStddevNs: stddev * 1e9,
    };
    // The last line of every run's report (sysbench.c): the run is complete.
    finish(d);
  },
};

const SQL_COUNTS = { read: 'reads', write: 'writes', other: 'other', total: 'total' } as const;
const SQL_RATES = {
  transactions: 'transactions',
  queries: 'queries',
  'ignored errors': 'ignoredErrors',
  reconnects: 'reconnects',
  deadlocks: 'deadlocks',
  'read/write requests': 'readWriteRequests',
  'other operations': 'otherOperations',
} as const;

function readSql(d: RunDraft, line: SourceLine, key: string, value: string, index: number): boolean {
  const sql = _sqlOf(d);
  if (key === 'queries performed' && value === '') return true;
  if (Object.hasOwn(SQL_COUNTS, key)) {
    sql[SQL_COUNTS[key as keyof typeof SQL_COUNTS]] = _number(line, value, index);
    return true;
  }
  if (Object.hasOwn(SQL_RATES, key)) {
    sql[SQL_RATES[key as keyof typeof SQL_RATES]] = _countAndRate(line, value, index);
    return true;
  }
  return false;
}

const MEBIBYTE = 1024 * 1024;

const FILE_OPERATIONS: Readonly<Record<string, KeyReader>> = {
  'reads/s': (d, line, v, i) => {
    _fileioOf(d).readsPerSec = _number(line, v, i);
  },
  'writes/s': (d, line, v, i) => {
    _fileioOf(d).writesPerSec = _number(line, v, i);
  },
  'fsyncs/s': (d, line, v, i) => {
    _fileioOf(d).fsyncsPerSec = _number(line, v, i);
  },
};

const THROUGHPUT: Readonly<Record<string, KeyReader>> = {
  // 1.0 fileio: "read, MiB/s:", "written, MiB/s:" (sb_fileio.c divides by 1024 * 1024).
  'read, MiB/s': (d, line, v, i) => {
    _fileioOf(d).readBytesPerSec = _number(line, v, i) * MEBIBYTE;
  },
  'written, MiB/s': (d, line, v, i) => {
    _fileioOf(d).writtenBytesPerSec = _number(line, v, i) * MEBIBYTE;
  },
  // 1.1 every test.
  'events/s (eps)': (d, line, v, i) => {
    d.hasData = true;
    d.run.general.eventsPerSec = _number(line, v, i);
  },
  'time elapsed': (d, line, v, i) => {
    d.hasData = true;
    d.run.general.totalTimeNs = _durationNs(line, v, i, 's');
  },
  'total number of events': (d, line, v, i) => {
    d.hasData = true;
    d.run.general.eventsTotal = _number(line, v, i);
  },
  // 1.1 fileio: "read:  IOPS=270.00 4.22 MiB/s (4.42 MB/s)"; its report ends with the latency.
  read: (d, line, v, i) => {
    const { iops, bytesPerSec } = iopsAndRate(line, v, i);
    const fileio = _fileioOf(d);
    fileio.readsPerSec = iops;
    fileio.readBytesPerSec = bytesPerSec;
    d.endsAtLatencySum = true;
  },
  write: (d, line, v, i) => {
    const { iops, bytesPerSec } = iopsAndRate(line, v, i);
    const fileio = _fileioOf(d);
    fileio.writesPerSec = iops;
    fileio.writtenBytesPerSec = bytesPerSec;
    d.endsAtLatencySum = true;
  },
  fsync: (d, line, v, i) => {
    _fileioOf(d).fsyncsPerSec = iopsAndRate(line, v, i).iops;
    d.endsAtLatencySum = true;
  },
};

const CPU: Readonly<Record<string, KeyReader>> = {
  'events per second': (d, line, v, i) => {
    d.hasData = true;
    d.run.general.eventsPerSec = _number(line, v, i);
    d.run.test ??= 'cpu';
  },
};

const BY_SECTION: Partial<Record<Section, Readonly<Record<string, KeyReader>>>> = {
  general: GENERAL,
  latency: LATENCY,
  fairness: FAIRNESS,
  fileops: FILE_OPERATIONS,
  throughput: THROUGHPUT,
  cpu: CPU,
};

function finish(d: RunDraft): void {
  d.run.isComplete = true;
  d.section = 'done';
}

/**
 * Reads a line inside a statistics block. 0.4 and 0.5 nest the latency block in the general
 * one, so a general key after the latency keys is still read. Throws UNEXPECTED_LINE for a line
 * the block does not print.
 */
export function _readStatisticsLine(draft: RunDraft, line: SourceLine, trimmed: string, indent: number): void {
  const section = draft.section;
  if (section === 'histogram') {
    readHistogramLine(draft, line, trimmed, indent);
    return;
  }
  const pair = _splitKeyValue(line.text);
  if (pair !== null) {
    const { key, value, valueIndex } = pair;
    if (section === 'sql' && readSql(draft, line, key, value, valueIndex)) return;
    const readers = BY_SECTION[section];
    const read = readers !== undefined && Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (read !== undefined) {
      draft.hasData = true;
      read(draft, line, value, valueIndex);
      return;
    }
    if (section === 'latency' || section === 'general') {
      const percentile = PERCENTILE_1X.exec(key) ?? PERCENTILE_04.exec(key);
      if (percentile !== null) {
        const digits = percentile[1] ?? '';
        _latencyOf(draft).percentiles.push({
          percent: percentOf(digits),
          name: digits,
          valueNs: _durationNs(line, value, valueIndex, 'ms'),
        });
        return;
      }
      const other = section === 'latency' ? GENERAL : LATENCY;
      if (Object.hasOwn(other, key) && value !== '') {
        (other[key] as KeyReader)(draft, line, value, valueIndex);
        draft.hasData = true;
        return;
      }
    }
  }
  throw _failAt(
    line,
    indent,
    'UNEXPECTED_LINE',
    `a line the "${section}" block of sysbench does not print: "${trimmed}"`,
  );
}

/** "       0.417 |*****************     451": the bucket value in ms and its count. */
function readHistogramLine(draft: RunDraft, line: SourceLine, trimmed: string, indent: number): void {
  if (trimmed.startsWith('value ') && trimmed.endsWith(' count')) return;
  const bar = trimmed.indexOf('|');
  if (bar === -1) {
    throw _failAt(line, indent, 'UNEXPECTED_LINE', `expected a histogram line "value |*** count", found "${trimmed}"`);
  }
  const value = trimmed.slice(0, bar).trim();
  const afterBar = trimmed.slice(bar + 1);
  let stars = 0;
  while (stars < afterBar.length && afterBar[stars] === '*') stars++;
  const countText = afterBar.slice(stars).trim();
  draft.hasData = true;
  draft.run.histogram.push({
    valueNs: _number(line, value, indent) * 1e6,
    count: _number(line, countText, indent + trimmed.lastIndexOf(countText)),
  });
}
