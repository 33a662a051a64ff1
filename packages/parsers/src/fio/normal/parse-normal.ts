import type { ParseWarning } from '../../parser.ts';
import type { TextSource } from '../../text.ts';
import {
  _emptyLatencyStats,
  _emptyNormalRun,
  type DirectionStats,
  type FioGroup,
  type FioJob,
  type FioRun,
  type JobParameters,
  type LatencyStats,
} from '../schema.ts';
import { _bucketRecord, _depthsRecord } from './buckets.ts';
import { _LineCursor } from './cursor.ts';
import {
  _fixedBlockBytes,
  _isRoundedDown,
  _mayBeRoundedDown,
  type GroupRounding,
  type PrintedSize,
} from './io-rounding.ts';
import {
  _direction,
  _latency,
  _pairKeys,
  _pairValues,
  _readBandwidthSamples,
  _readCpu,
  _readDirectionLine,
  _readIopsSamples,
  _readIssued,
  _readLatencyStats,
  _readLatencyTarget,
  _readParenUnit,
  _readPercentPairs,
} from './job-lines.ts';
import { _PercentileList } from './percentiles.ts';
import { _prioEntry, _readPrioClassLevel, _readPrioShare, type PrioKey } from './prio-lines.ts';
import { _isAllClients, _normalRunStopsEarly } from './run-end.ts';
import { _readSteadyStateLine } from './steady-state-line.ts';
import { _readDiskLine, _readErrorLine, _readGroupLine, _readJobHeader, _readPreambleLine } from './summary-lines.ts';

/**
 * fio's human ("normal") output, fio 1.x to 3.x, in one pass over the lines of one run.
 *
 * Lines are told apart by their first word (cheap prefix checks on the text, no slicing), and
 * only the few top-level lines (job headers, preamble, group and disk headings) are sliced.
 * Lines the parser does not know are passed over: fio prints many optional lines (steady
 * state, block lifetimes, per-priority latencies), and copies hold prompts and `time` output.
 * A line it knows but cannot read is a ParseError at the offending character.
 *
 * Precision: the text rounds. Every value is the printed number times its unit, computed from
 * the printed digits: `IOPS=36.9k` is 36900 (±50), `BW=144MiB/s` is 144 × 2^20 B/s (±0.5 MiB/s),
 * latencies printed in usec are whole usec for min/max and 0.01 usec for avg/stdev, and
 * percentiles printed in usec/msec were rounded up by fio to the unit. fio 1.x/2.x num2str
 * prints its one decimal from the remainder of a 1024 division ("cheesy", lib/num2str.c):
 * `6377.3MB` means 6377 MB plus a remainder, so such values are good to the last whole unit.
 */
export function parseNormalSegment(
  source: TextSource,
  start: number,
  end: number,
  line?: number,
  warnings?: ParseWarning[],
): FioRun {
  const parser = new NormalParser(source, start, end, line);
  const run = parser.run();
  warnings?.push(...parser.warnings);
  return run;
}

type Section = 'none' | 'job' | 'group' | 'disk';

/** A job's io size printed in the shape of fio's lost carry (`24.0GiB`), to check at the end. */
interface SuspectIo {
  job: FioJob;
  direction: 'read' | 'write' | 'trim' | 'mixed';
  stats: DirectionStats;
  printed: PrintedSize;
  offset: number;
}

/**
 * The list every percentile block is read into, in turn: parsing is synchronous and a block
 * ends before the next starts (and before its run ends), so one serves all runs.
 */
const PERCENTILE_LIST = new _PercentileList();

class NormalParser {
  private readonly cursor: _LineCursor;
  private readonly text: string;
  private readonly start: number;
  private readonly end: number;
  private readonly result: FioRun;
  private readonly preamble = new Map<string, JobParameters>();
  /** Names whose preamble parameters a job already holds (later jobs of the name copy them). */
  private takenNames: Set<string> | null = null;
  private section: Section = 'none';
  private job: FioJob | null = null;
  private direction: DirectionStats | null = null;
  /** True once a line in fio 3.x's layout is seen ("IOPS=", "bw=... (...)", "fio-3."). */
  private isModern = false;
  /** The percentile block the `|` lines go to, while one is open. */
  private percentiles: _PercentileList | null = null;

  private group: FioGroup | null = null;
  private hasDiskHeading = false;
  /** TRUNCATED when the run stops before its end (run-end.ts); IO_SIZE_ROUNDED (io-rounding.ts). */
  readonly warnings: ParseWarning[] = [];
  /** Job io sizes printed as `N.0`, checked against issued × block size when the run ends. */
  private readonly suspectIo: SuspectIo[] = [];
  /** Group io sizes found a unit low by their decimal spelling (summary-lines.ts). */
  private readonly roundedGroups: {
    group: FioGroup;
    direction: 'read' | 'write' | 'trim' | 'mixed';
    rounding: GroupRounding;
  }[] = [];
  private baseIndent = -1;
  private hasFioLines = false;

  /** `line`: the 1-based line of `start`, when the caller counts lines (locate indexes them all). */
  constructor(source: TextSource, start: number, end: number, line?: number) {
    this.cursor = new _LineCursor(source);
    this.text = source.text;
    this.start = start;
    this.end = end;
    this.result = _emptyNormalRun(line ?? source.locate(start).line);
  }

  run(): FioRun {
    const { text, end } = this;
    let lineStart = this.start;
    while (lineStart < end) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > end) lineEnd = end;
      this.line(lineStart, lineEnd);
      lineStart = lineEnd + 1;
    }
    this.finish();
    return this.result;
  }

  private line(lineStart: number, lineEnd: number): void {
    const { text } = this;
    let at = lineStart;
    while (at < lineEnd) {
      const code = text.charCodeAt(at);
      if (code !== 32 && code !== 9) break;
      at++;
    }
    if (at === lineEnd) {
      this.endPercentiles();
      return;
    }
    const indent = at - lineStart;
    if (this.baseIndent === -1) this.baseIndent = indent;
    this.cursor.setLine(at, lineEnd);
    if (indent <= this.baseIndent) this.topLevelLine(lineStart, lineEnd, at);
    else this.indentedLine(at);
  }

  /** Job headers, preamble lines, group and disk headings, version and error lines. */
  private topLevelLine(lineStart: number, lineEnd: number, at: number): void {
    const { text, cursor } = this;
    this.endPercentiles();
    const first = text.charCodeAt(at);
    if (first === 82 /* R */ && text.startsWith('Run status group ', at)) {
      cursor.pos = at + 17;
      const groupId = cursor.integer();
      this.group = { groupId, read: null, write: null, trim: null, mixed: null };
      this.result.groups.push(this.group);
      this.section = 'group';
      this.closeJob();
      return;
    }
    if (first === 68 /* D */ && text.startsWith('Disk stats', at)) {
      this.section = 'disk';
      this.hasDiskHeading = true;
      this.closeJob();
      return;
    }
    // The line is sliced only when its text is kept (a job header, a preamble line): progress
    // and `Starting` lines are passed over with bounded searches in place.
    if (first === 102 /* f */ && text.startsWith('fio', at)) {
      if (this.fioLine(text.slice(lineStart, lineEnd), lineStart)) return;
    }
    const errAt = cursor.find('): err=');
    if (errAt !== -1) {
      this.startJob(text.slice(lineStart, lineEnd), lineStart, errAt - lineStart);
      return;
    }
    if (cursor.find(': (g=') !== -1) {
      const preamble = _readPreambleLine(text.slice(at, lineEnd));
      if (preamble !== null) {
        this.hasFioLines = true;
        if (!this.preamble.has(preamble.name)) this.preamble.set(preamble.name, preamble.parameters);
        return;
      }
    }
    if (this.section === 'disk') {
      const colon = cursor.find(': ios=');
      if (colon !== -1) {
        this.result.disks.push(_readDiskLine(cursor, lineStart, colon));
        return;
      }
    }
    if (this.section === 'group' && this.groupLine(at)) return;
    // Anything else at the top level (a prompt, `time` output, a progress line) is not fio's
    // report: it ends the job block.
    if (this.section === 'job') this.closeJob();
  }

  /** `fio-3.33`, `fio 1.57`, `fio: pid=..., err=...`; true when the line was one of them. */
  private fioLine(line: string, lineStart: number): boolean {
    const trimmed = line.trim();
    if (/^fio[- ]\d+\.\d+[\w.+-]*$/.test(trimmed)) {
      this.result.fioVersion ??= trimmed;
      this.hasFioLines = true;
      if (/^fio[- ][3-9]\./.test(trimmed)) this.isModern = true;
      return true;
    }
    if (trimmed.startsWith('fio: ')) {
      const error = _readErrorLine(trimmed);
      if (error !== null) {
        this.result.errors.push({ ...error, line: this.cursor.source.locate(lineStart).line });
      }
      return true;
    }
    return false;
  }

  private startJob(line: string, lineStart: number, errAt: number): void {
    this.closeJob();
    const { job, date } = _readJobHeader(this.cursor, line, lineStart, errAt);
    const parameters = this.preamble.get(job.name);
    if (parameters !== undefined) {
      // The first job of a name takes the preamble's record; the others (numjobs) get copies.
      this.takenNames ??= new Set();
      if (this.takenNames.has(job.name)) job.parameters = { ...parameters, options: { ...parameters.options } };
      else {
        job.parameters = parameters;
        this.takenNames.add(job.name);
      }
    }
    this.result.time ??= date;
    this.result.jobs.push(job);
    this.job = job;
    this.section = 'job';
    this.hasFioLines = true;
  }

  private closeJob(): void {
    this.job = null;
    this.direction = null;
    this.endPercentiles();
  }

  private indentedLine(at: number): void {
    const { text, cursor } = this;
    const first = text.charCodeAt(at);
    if (first === 124 /* | */) {
      if (this.percentiles !== null) {
        cursor.pos = at + 1;
        this.percentiles.read(cursor);
      }
      return;
    }
    if (first >= 48 && first <= 57 && this.percentiles !== null && this.section === 'job') {
      // fio 1.x continues its percentile list on lines of their own: "  30.00th=...".
      this.percentiles.read(cursor);
      return;
    }
    this.endPercentiles();
    if (this.section === 'job') {
      if (this.job !== null) this.jobLine(this.job, first, at);
      return;
    }
    if (this.section === 'group') {
      this.groupLine(at);
      return;
    }
    if (this.section === 'disk') {
      const colon = cursor.find(': ios=');
      if (colon !== -1) this.result.disks.push(_readDiskLine(cursor, at, colon));
      return;
    }
  }

  /** `   READ: ...`, `  WRITE: ...`, `   TRIM: ...`, `  MIXED: ...` under a group heading. */
  private groupLine(at: number): boolean {
    const { cursor, group } = this;
    if (group === null) return false;
    cursor.pos = at;
    let name: 'read' | 'write' | 'trim' | 'mixed' | null = null;
    if (cursor.accept('READ:')) name = 'read';
    else if (cursor.accept('WRITE:')) name = 'write';
    else if (cursor.accept('TRIM:')) name = 'trim';
    // unified_rw_reporting: instead of the others (=1) or after them (=both).
    else if (cursor.accept('MIXED:')) name = 'mixed';
    else return false;
    const rounding: GroupRounding = { roundedAt: null, printed: { mantissa: 0, scale: 1, unitBytes: 1 } };
    group[name] = _readGroupLine(cursor, rounding);
    if (rounding.roundedAt !== null) this.roundedGroups.push({ group, direction: name, rounding });
    return true;
  }

  /** One line of a job's block, told apart by its first letter, then its first word. */
  private jobLine(job: FioJob, first: number, at: number): void {
    const { cursor, text } = this;
    switch (first) {
      case 114: // r
        this.directionLine(job, 'read', 'read', at);
        return;
      case 119: // w
        this.directionLine(job, 'write', 'write', at);
        return;
      case 116: // t
        this.directionLine(job, 'trim', 'trim', at);
        return;
      case 109: // m
        // unified_rw_reporting: `mixed: IOPS=...`, its own direction.
        this.directionLine(job, 'mixed', 'mixed', at);
        return;
      case 104: // h
        if (text.startsWith('high prio', at)) {
          cursor.pos = at + 9;
          this.highLowPrioLine('high');
        }
        return;
      case 115: // s
        this.jobLineOfS(job, at);
        return;
      case 99: // c
        this.jobLineOfC(job, at);
        return;
      case 108: // l
        this.jobLineOfL(job, at);
        return;
      case 98: // b
      case 105: // i
        this.jobLineOfBOrI(job, at);
        return;
      case 73: // I
        if (text.startsWith('IO depths', at)) {
          cursor.pos = at + 9;
          cursor.expectKey(':');
          this.depths(job, 'level', _readPercentPairs(cursor));
        }
        return;
      case 102: // f
        // "fsync/fdatasync/sync_file_range:" heads the sync latencies of fio >= 3.5.
        if (text.startsWith('fsync/', at)) this.direction = null;
        return;
      case 68: // D
        if (text.startsWith('Description', at)) this.descriptionLine(job, at);
        return;
    }
    // Other lines (block lifetime, zone resets, errors) are not in the schema.
  }

  /** A job line that starts with "s": `slat`, `sync`, `steadystate`, `submit`. */
  private jobLineOfS(job: FioJob, at: number): void {
    const { cursor, text } = this;
    if (text.startsWith('slat', at)) {
      cursor.pos = at + 4;
      this.latencyLine(job, 'slat');
    } else if (text.startsWith('sync', at)) {
      cursor.pos = at + 4;
      this.syncLine(job);
    } else if (text.startsWith('steadystate', at)) {
      cursor.pos = at + 11;
      _readSteadyStateLine(cursor, job);
    } else if (text.startsWith('submit', at)) {
      cursor.pos = at + 6;
      cursor.expectKey(':');
      this.depths(job, 'submit', _readPercentPairs(cursor));
    }
  }

  /** A job line that starts with "c": `clat`, `cpu`, `complete`. */
  private jobLineOfC(job: FioJob, at: number): void {
    const { cursor, text } = this;
    if (text.startsWith('clat', at)) {
      cursor.pos = at + 4;
      this.latencyLine(job, 'clat');
    } else if (text.startsWith('cpu', at)) {
      cursor.pos = at + 3;
      _readCpu(cursor, job);
    } else if (text.startsWith('complete', at)) {
      cursor.pos = at + 8;
      cursor.expectKey(':');
      this.depths(job, 'complete', _readPercentPairs(cursor));
    }
  }

  /** A job line that starts with "l": `low prio`, `latency` (the target), `lat`. */
  private jobLineOfL(job: FioJob, at: number): void {
    const { cursor, text } = this;
    if (text.startsWith('low prio', at)) {
      cursor.pos = at + 8;
      this.highLowPrioLine('low');
    } else if (text.startsWith('latency', at)) {
      cursor.pos = at + 7;
      _readLatencyTarget(cursor, job, this.isModern);
    } else if (text.startsWith('lat', at)) {
      cursor.pos = at + 3;
      this.latencyLine(job, 'lat');
    }
  }

  /** A job line that starts with "b" or "i": the `bw` and `iops` samples, `issued`. */
  private jobLineOfBOrI(job: FioJob, at: number): void {
    const { cursor, text } = this;
    if (text.startsWith('bw', at) && this.direction !== null) {
      cursor.pos = at + 2;
      _readBandwidthSamples(cursor, this.direction, this.isModern);
    } else if (text.startsWith('iops', at) && this.direction !== null) {
      cursor.pos = at + 4;
      _readIopsSamples(cursor, this.direction);
    } else if (text.startsWith('issued', at)) {
      cursor.pos = at + 6;
      _readIssued(cursor, job);
    }
  }

  /** `Description  : [...]`: the job's description, without fio's brackets. */
  private descriptionLine(job: FioJob, at: number): void {
    const { cursor } = this;
    cursor.pos = at + 11;
    cursor.expectKey(':');
    const description = cursor.until(-1).trim();
    job.description = description.startsWith('[') && description.endsWith(']') ? description.slice(1, -1) : description;
  }

  /** `read: ...`, `read : ...` (2.x), `write: ...`; false when the word is something else. */
  private directionLine(job: FioJob, word: string, name: 'read' | 'write' | 'trim' | 'mixed', at: number): boolean {
    const { cursor } = this;
    if (!this.text.startsWith(word, at)) return false;
    cursor.pos = at + word.length;
    cursor.skipSpaces();
    if (!cursor.accept(':')) return false;
    const stats = _direction(job, name);
    const printed: PrintedSize = { mantissa: 0, scale: 1, unitBytes: 1 };
    if (_readDirectionLine(cursor, stats, _isAllClients(job), printed)) this.isModern = true;
    if (_mayBeRoundedDown(printed)) {
      // The offset of the size: after "(" (3.x) or "io=" (1.x/2.x) on this line.
      const lineText = this.text.slice(at, cursor.end);
      const sizeAt = at + (this.isModern ? lineText.indexOf(')(') + 2 : lineText.indexOf('io=') + 3);
      this.suspectIo.push({ job, direction: name, stats, printed, offset: sizeAt });
    }
    this.direction = stats;
    return true;
  }

  /**
   * After `slat`, `clat` or `lat`: a statistics line `(usec): min=...`, a percentile heading
   * `percentiles (usec):`, a latency distribution `(usec)   : 250=0.04%`, or a per-priority
   * line (`clat prio 1/0/0 ...`), which is passed over.
   */
  private latencyLine(job: FioJob, which: 'slat' | 'clat' | 'lat'): void {
    const { cursor } = this;
    cursor.skipSpaces();
    if (which !== 'slat' && cursor.accept('prio')) {
      // fio >= 3.30: `clat prio 1/0 (usec): min=...`, `clat prio 1/0 (30.07% of IOs) percentiles (usec):`;
      // fio >= 3.36: `clat prio 1/0/0`, with the priority hint.
      const key = _readPrioClassLevel(cursor);
      this.prioLine(key, which === 'lat', this.readShare());
      return;
    }
    if (cursor.accept('percentiles')) {
      const factor = _readParenUnit(cursor);
      cursor.expectKey(':');
      const stats = this.direction === null ? null : _latency(this.direction, which);
      if (stats === null) return;
      this.percentiles = PERCENTILE_LIST.start(stats, factor);
      // fio 1.x puts the first percentiles on the heading line.
      this.percentiles.read(cursor);
      return;
    }
    if (cursor.peek() !== 40 /* ( */) return;
    const unitAt = cursor.pos + 1;
    const factor = _readParenUnit(cursor);
    cursor.expectKey(':');
    if (which === 'lat' && !this.text.startsWith('min=', cursor.pos)) {
      this.distributionLine(job, factor, unitAt);
      return;
    }
    if (this.direction === null) return;
    _readLatencyStats(cursor, factor, _latency(this.direction, which));
  }

  /**
   * fio 3.1x-3.29, after `high prio`/`low prio`: `_clat (usec): min=...` (or `_lat`), or
   * ` (30.07%) clat percentiles (usec):`.
   */
  private highLowPrioLine(level: 'high' | 'low'): void {
    const { cursor } = this;
    if (cursor.accept('_clat')) this.prioLine(level, false, null);
    else if (cursor.accept('_lat')) this.prioLine(level, true, null);
    else {
      const share = this.readShare();
      cursor.skipSpaces();
      const isTotalLatency = !cursor.accept('clat');
      if (isTotalLatency) cursor.expect('lat', '"clat" or "lat"');
      this.prioLine(level, isTotalLatency, share);
    }
  }

  /** `(30.07% of IOs)` / `(30.07%)` at the cursor (a `(` and a digit), else null and nothing read. */
  private readShare(): number | null {
    const { cursor, text } = this;
    cursor.skipSpaces();
    const next = text.charCodeAt(cursor.pos + 1);
    if (cursor.peek() !== 40 /* ( */ || next < 48 || next > 57) return null;
    return _readPrioShare(cursor);
  }

  /**
   * The rest of a per-priority line, into the current direction's entry for that priority:
   * `(usec): min=...` (statistics) or `percentiles (usec):` (a percentile block follows).
   */
  private prioLine(key: PrioKey | 'high' | 'low', isTotalLatency: boolean, share: number | null): void {
    const { cursor } = this;
    if (this.direction === null) return;
    const entry = _prioEntry(this.direction, key, isTotalLatency);
    if (share !== null) entry.percentOfIos = share;
    cursor.skipSpaces();
    if (cursor.accept('percentiles')) {
      const factor = _readParenUnit(cursor);
      cursor.expectKey(':');
      this.percentiles = PERCENTILE_LIST.start(entry.lat, factor);
      this.percentiles.read(cursor);
      return;
    }
    const factor = _readParenUnit(cursor);
    cursor.expectKey(':');
    _readLatencyStats(cursor, factor, entry.lat);
  }

  /** `lat (usec)   : 250=0.04%, 500=64.11%` and the 1.x/2.x spellings. */
  private distributionLine(job: FioJob, factor: number, unitAt: number): void {
    job.latencyDistribution ??= { ns: null, us: null, ms: null };
    const distribution = job.latencyDistribution;
    const key = factor === 1 ? 'ns' : factor === 1e3 ? 'us' : factor === 1e6 ? 'ms' : null;
    if (key === null) throw this.cursor.error('UNKNOWN_UNIT', 'expected nsec, usec or msec', unitAt);
    distribution[key] = _bucketRecord(
      key === 'ms',
      _readPercentPairs(this.cursor),
      _pairKeys,
      _pairValues,
      distribution[key],
    );
  }

  /** `sync (usec): min=...` and `sync percentiles (usec):` under `fsync/fdatasync/...:`. */
  private syncLine(job: FioJob): void {
    const { cursor } = this;
    job.sync ??= { totalIos: null, lat: null };
    job.sync.lat ??= _emptyLatencyStats();
    const lat: LatencyStats = job.sync.lat;
    cursor.skipSpaces();
    if (cursor.accept('percentiles')) {
      const factor = _readParenUnit(cursor);
      cursor.expectKey(':');
      this.percentiles = PERCENTILE_LIST.start(lat, factor);
      this.percentiles.read(cursor);
      return;
    }
    if (cursor.peek() !== 40 /* ( */) return;
    const factor = _readParenUnit(cursor);
    cursor.expectKey(':');
    _readLatencyStats(cursor, factor, lat);
  }

  /** Stores the pairs just read (`count` of them) as the job's depths of that kind. */
  private depths(job: FioJob, which: 'level' | 'submit' | 'complete', count: number): void {
    job.ioDepths ??= { level: null, submit: null, complete: null };
    const depths = job.ioDepths;
    depths[which] = _depthsRecord(which === 'level', count, _pairKeys, _pairValues, depths[which]);
  }

  /** Ends the open percentile block, if any: its values go into their record. */
  private endPercentiles(): void {
    if (this.percentiles === null) return;
    this.percentiles.finish();
    this.percentiles = null;
  }

  /** IO_SIZE_ROUNDED at `offset`: the size printed there was one unit low (io-rounding.ts). */
  private roundedWarning(offset: number, exact: string): void {
    const { line, column } = this.cursor.source.locate(offset);
    const message = `fio 2.20-3.25 printed this size one unit low (num2str's lost carry, fixed in fio 3.26); ${exact} is kept`;
    this.warnings.push({ code: 'IO_SIZE_ROUNDED', message, line, column });
  }

  /**
   * A job's io printed `N.0<unit>` is one unit low when its issued I/O count times its fixed
   * block size (exact: every I/O moved one block when none was short) lies in [N + 0.95, N + 1)
   * units. The exact figure replaces it.
   */
  private checkSuspectIo(): void {
    for (const { job, direction, stats, printed, offset } of this.suspectIo) {
      if (direction === 'mixed' || stats.totalIos === null || (stats.shortIos ?? 0) !== 0) continue;
      const block = _fixedBlockBytes(job.parameters.blockSize, direction);
      if (block === null) continue;
      const exact = stats.totalIos * block;
      if (!_isRoundedDown(printed, exact, 0)) continue;
      stats.ioBytes = exact;
      this.roundedWarning(offset, `issued ${stats.totalIos} × ${block} B = ${exact} B`);
    }
    // A group's io is the sum of its jobs' (stat.c sum_group_stats): exact when every job's is
    // issued × a fixed block size; else the decimal spelling (to its last digit) is kept.
    for (const { group, direction, rounding } of this.roundedGroups) {
      const stats = group[direction];
      if (stats === null || rounding.roundedAt === null) continue;
      const exact = this.exactGroupIo(group.groupId, direction);
      const isExact = exact !== null && _isRoundedDown(rounding.printed, exact, 0);
      if (isExact) stats.ioBytes = exact;
      const kept = isExact ? `its jobs' issued × block size, ${exact} B,` : `its decimal spelling, ${stats.ioBytes} B,`;
      this.roundedWarning(rounding.roundedAt, kept);
    }
  }

  /** The sum of issued × fixed block size over a group's jobs, or null if one lacks it. */
  private exactGroupIo(groupId: number, direction: 'read' | 'write' | 'trim' | 'mixed'): number | null {
    if (direction === 'mixed') return null;
    let sum = 0;
    let count = 0;
    for (const job of this.result.jobs) {
      if (job.groupId !== groupId || _isAllClients(job)) continue;
      const stats = job[direction];
      if (stats === null) continue;
      const block = _fixedBlockBytes(job.parameters.blockSize, direction);
      if (block === null || stats.totalIos === null || (stats.shortIos ?? 0) !== 0) return null;
      sum += stats.totalIos * block;
      count++;
    }
    return count === 0 ? null : sum;
  }

  private finish(): void {
    this.endPercentiles();
    const { result } = this;
    if (result.jobs.length === 0 && result.groups.length === 0 && result.disks.length === 0) {
      if (result.errors.length > 0) return;
      if (this.hasFioLines) {
        throw this.cursor.error('TRUNCATED', "fio's output stops before any job's results", this.end);
      }
      this.cursor.setLine(this.start, this.end);
      throw this.cursor.error(
        'MISSING_SECTION',
        'expected a fio job report ("name: (groupid=0, jobs=1): err= 0: ...")',
      );
    }
    const last = result.jobs[result.jobs.length - 1];
    if (
      last !== undefined &&
      result.groups.length === 0 &&
      last.read === null &&
      last.write === null &&
      last.trim === null &&
      last.sync === null &&
      last.cpu === null
    ) {
      this.cursor.setLine(this.end, this.end);
      throw this.cursor.error('TRUNCATED', `the report of job "${last.name}" stops after its header`, this.end);
    }
    this.checkSuspectIo();
    const stops = _normalRunStopsEarly(result, { hasDiskHeading: this.hasDiskHeading });
    if (stops !== null) {
      // Named at the end of the last line the run holds: where fio's output stops.
      const { line, column } = this.cursor.source.locate(this.end);
      this.warnings.push({ code: 'TRUNCATED', message: stops, line, column });
    }
  }
}
