import type { SysbenchInterval } from './schema.ts';
import { _durationNs, _failAt, _number, _rateBytesPerSec, type SourceLine } from './values.ts';

/**
 * The --report-interval lines. Each version and test words them differently:
 *
 *   0.5 2011-14:   [  10s] threads: 16, tps: 822.22, reads/s: 11533.44, writes/s: 3294.50, response time: 39.02ms (99%)
 *                  (db_driver.c before 2014-10; some 2011 builds print no comma before "response time")
 *   0.5 oltp.lua:  [   2s] threads: 2, tps: 144.13, reads: 2030.88, writes: 577.53, response time: 17.52ms (99%), errors: 0.00, reconnects:  0.00
 *   1.0 early:     [   2s] threads: 1 tps: 9.0 qps: 1.0 (r/w/o: 1/2/3) latency (ms,95%): 1.2 errors/s: 0.00 reconnects/s: 0.00
 *   1.0/1.1 oltp:  [ 2s ] thds: 16 tps: 1012.86 qps: 20333.18 (r/w/o: 14240.02/4061.44/2031.72) lat (ms,100%): 28.67 err/s: 0.00 reconn/s: 0.00
 *   Lua default:   [ 1s ] thds: 2 tps: 52168.92 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.02 err/s 0.00 reconn/s: 0.00
 *                  (sysbench.report_default, which scripts such as sysbench-tpcc call: no colon after err/s)
 *   1.x default:   [ 1s ] thds: 1 eps: 4619.08 lat (ms,95%): 0.23
 *   1.0 fileio:    [ 1s ] reads: 15201.01 MiB/s writes: 0.00 MiB/s fsyncs: 0.00/s latency (ms,95%): 0.001
 *   1.0 memory:    [ 1s ] 6300.95 MiB/sec
 *
 * so the line is read as "key: value" pairs (a key may be several words) rather than one pattern
 * per layout. --rate adds "queue: N concurrency: N".
 */

interface Token {
  text: string;
  index: number;
}

function tokenize(text: string, from: number): Token[] {
  const tokens: Token[] = [];
  let i = from;
  while (i < text.length) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    const start = i;
    while (i < text.length && text[i] !== ' ' && text[i] !== '\t') i++;
    if (i > start) {
      // 0.5 separates pairs with commas: "threads: 2,".
      const raw = text.slice(start, i);
      tokens.push({ text: raw.endsWith(',') ? raw.slice(0, -1) : raw, index: start });
    }
  }
  return tokens;
}

const LATENCY_KEY = /^(?:lat|latency) \(ms,(\d+)%\)$/;
const PERCENT_IN_PARENS = /^\((\d+)%\)$/;

/** An interval report at `offsetSec` with nothing read yet: each reader fills what its lines print. */
export function _emptyInterval(offsetSec: number): SysbenchInterval {
  return {
    offsetSec,
    threads: null,
    eventsPerSec: null,
    tps: null,
    qps: null,
    readsPerSec: null,
    writesPerSec: null,
    otherPerSec: null,
    latencyPercent: null,
    latencyNs: null,
    errorsPerSec: null,
    reconnectsPerSec: null,
    readBytesPerSec: null,
    writtenBytesPerSec: null,
    fsyncsPerSec: null,
    transferBytesPerSec: null,
    queueLength: null,
    concurrency: null,
  };
}

type NumberKey = {
  [K in keyof SysbenchInterval]: SysbenchInterval[K] extends number | null ? K : never;
}[keyof SysbenchInterval];

/** Keys whose value is one plain number. */
const PLAIN_KEYS: ReadonlyMap<string, NumberKey> = new Map<string, NumberKey>(
  Object.entries({
    thds: 'threads',
    threads: 'threads',
    eps: 'eventsPerSec',
    'events/s': 'eventsPerSec',
    tps: 'tps',
    qps: 'qps',
    'err/s': 'errorsPerSec',
    'errors/s': 'errorsPerSec',
    errors: 'errorsPerSec',
    // 0.5 before 2014-10: queries per second, as the later "reads:"/"writes:" and 1.0's r/w/o.
    'reads/s': 'readsPerSec',
    'writes/s': 'writesPerSec',
    'reconn/s': 'reconnectsPerSec',
    'reconnects/s': 'reconnectsPerSec',
    reconnects: 'reconnectsPerSec',
    queue: 'queueLength',
    concurrency: 'concurrency',
  }) as [string, NumberKey][],
);

/** True when the trimmed line is an interval report: "[ 2s ]", "[   2s]", "[ 51.0s ]". */
export function _isIntervalLine(trimmed: string): boolean {
  return /^\[ *\d[\d.]*s *\]/.test(trimmed);
}

/** Reads one interval line; throws a ParseError pointing at the token it cannot read. */
export function _readInterval(line: SourceLine, indent: number): SysbenchInterval {
  const text = line.text;
  const close = text.indexOf(']', indent);
  const stamp = text.slice(indent + 1, close).trim();
  const stampIndex = text.indexOf(stamp, indent);
  const interval = _emptyInterval(_number(line, stamp.slice(0, -1), stampIndex));
  const tokens = tokenize(text, close + 1);

  // 1.0 memory: "[ 1s ] 6300.95 MiB/sec" (a trailing comma in some 1.0 releases).
  const [first, second] = tokens;
  if (first !== undefined && second !== undefined && tokens.length === 2 && !first.text.endsWith(':')) {
    interval.transferBytesPerSec = _rateBytesPerSec(line, `${first.text} ${second.text}`, first.index);
    return interval;
  }

  let keyWords: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.text === 'err/s' && keyWords.length === 0 && tokens[i + 1] !== undefined) {
      // sysbench.report_default, the Lua copy of the 1.0 line that scripts call from their own
      // hooks, prints "err/s %4.2f" without the colon.
      const value = tokens[i + 1] as Token;
      interval.errorsPerSec = _number(line, value.text, value.index);
      i++;
      continue;
    }
    if (!token.text.endsWith(':')) {
      keyWords.push(token);
      if (keyWords.length > 3) {
        throw _failAt(
          line,
          (keyWords[0] as Token).index,
          'UNEXPECTED_LINE',
          'expected "key: value" pairs in an interval report',
        );
      }
      continue;
    }
    const last = token.text.slice(0, -1);
    const key = keyWords.length === 0 ? last : `${keyWords.map((w) => w.text).join(' ')} ${last}`;
    const keyIndex = (keyWords[0] ?? token).index;
    keyWords = [];
    const value = tokens[i + 1];
    if (value === undefined) throw _failAt(line, text.length, 'TRUNCATED', `no value after "${key}:"`);
    i++;
    i += readPair(line, interval, { key, keyIndex, value, next: tokens[i + 1] });
  }
  if (keyWords.length > 0) {
    throw _failAt(
      line,
      (keyWords[0] as Token).index,
      'UNEXPECTED_LINE',
      'expected "key: value" pairs in an interval report',
    );
  }
  return interval;
}

/**
 * Reads the value of one "key: value" pair into the interval; returns how many tokens after the
 * value it read too (the unit of "reads: 15201.01 MiB/s", the "(99%)" of a 0.5 response time).
 */
function readPair(
  line: SourceLine,
  interval: SysbenchInterval,
  { key, keyIndex, value, next }: { key: string; keyIndex: number; value: Token; next: Token | undefined },
): number {
  const plain = PLAIN_KEYS.get(key);
  if (plain !== undefined) {
    interval[plain] = _number(line, value.text, value.index);
    return 0;
  }
  const latency = key.startsWith('lat') ? LATENCY_KEY.exec(key) : null;
  if (latency !== null) {
    interval.latencyPercent = Number(latency[1]);
    interval.latencyNs = _durationNs(line, value.text, value.index, 'ms');
    return 0;
  }
  switch (key) {
    case '(r/w/o':
      readQueryMix(line, interval, value);
      return 0;
    case 'response time': {
      // 0.5: "response time: 17.52ms (99%)".
      interval.latencyNs = _durationNs(line, value.text, value.index, 'ms');
      const percent = next === undefined ? null : PERCENT_IN_PARENS.exec(next.text);
      if (percent === null) return 0;
      interval.latencyPercent = Number(percent[1]);
      return 1;
    }
    case 'reads':
    case 'writes': {
      // fileio: "reads: 15201.01 MiB/s"; 0.5 oltp: "reads: 2030.88" (queries per second).
      const isBytes = next?.text === 'MiB/s';
      const number = _number(line, value.text, value.index);
      if (key === 'reads') {
        if (isBytes) interval.readBytesPerSec = number * 1024 * 1024;
        else interval.readsPerSec = number;
      } else if (isBytes) interval.writtenBytesPerSec = number * 1024 * 1024;
      else interval.writesPerSec = number;
      return isBytes ? 1 : 0;
    }
    case 'fsyncs': {
      const digits = value.text.endsWith('/s') ? value.text.slice(0, -2) : value.text;
      interval.fsyncsPerSec = _number(line, digits, value.index);
      return 0;
    }
    default:
      throw _failAt(line, keyIndex, 'UNEXPECTED_LINE', `unknown key "${key}" in an interval report`);
  }
}

/** "(r/w/o: 14240.02/4061.44/2031.72)": reads, writes and other queries per second. */
function readQueryMix(line: SourceLine, interval: SysbenchInterval, value: Token): void {
  const parts = value.text.endsWith(')') ? value.text.slice(0, -1).split('/') : [];
  if (parts.length !== 3) {
    throw _failAt(line, value.index, 'UNEXPECTED_LINE', `expected "r/w/o)", found "${value.text}"`);
  }
  let at = value.index;
  const [reads, writes, other] = parts.map((part) => {
    const number = _number(line, part, at);
    at += part.length + 1;
    return number;
  });
  interval.readsPerSec = reads ?? null;
  interval.writesPerSec = writes ?? null;
  interval.otherPerSec = other ?? null;
}
