import {
  _bytesField,
  _bytesText,
  _countField,
  _flagField,
  _percentField,
  _secondsField,
  _wordField,
  _workloadPhrase,
  type AccessPattern,
  type FingerprintField,
  type FingerprintSource,
  type Operation,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import { _readJobOptionKeys, _readLayoutLines } from './fingerprint-text.ts';
import { _isFlagValue, _readFioSize, _readPrintedSize, _readSeconds } from './option-values.ts';
import type { FioJob, FioResult, FioRun } from './schema.ts';

/**
 * fio's workload fingerprint, one per job (or group_reporting entry) of each run: the job
 * options of a JSON output (`job options` over `global options`; fio lists only the options the
 * job file set), else the job line normal and terse outputs print before the run (fio's
 * `show_job_info`/`init.c`: `name: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync,
 * iodepth=1` in 1.x/2.x, `bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B` in 3.x), the
 * `Laying out IO file(s)` line for the file size, and the report for what it alone says (the
 * processes of a group, which directions moved data, sync calls).
 */

export interface FioFingerprintContext {
  /** The text the result was parsed from: its `Laying out IO file` lines give the file size. */
  text?: string | undefined;
}

/** `rw` values (fio HOWTO `readwrite`) as kinds; an `:N` offset suffix is dropped first. */
const RW_KINDS: Readonly<Record<string, [AccessPattern, Operation]>> = {
  read: ['sequential', 'read'],
  write: ['sequential', 'write'],
  trim: ['sequential', 'trim'],
  randread: ['random', 'read'],
  randwrite: ['random', 'write'],
  randtrim: ['random', 'trim'],
  rw: ['sequential', 'mixed'],
  readwrite: ['sequential', 'mixed'],
  randrw: ['random', 'mixed'],
  trimwrite: ['sequential', 'mixed'],
  randtrimwrite: ['random', 'mixed'],
};

export function _fioFingerprints(result: FioResult, context: FioFingerprintContext = {}): WorkloadFingerprint[] {
  const layout = context.text === undefined ? new Map<string, number>() : _readLayoutLines(context.text);
  const jobOptionKeys = context.text === undefined ? null : _readJobOptionKeys(context.text);
  return result.runs.flatMap((run, runIndex) =>
    workloadsOf(run).map((jobs) => fingerprintOf(run, runIndex, jobs, layout, jobOptionKeys)),
  );
}

/**
 * The run's jobs by workload: the clones of a `numjobs` job without group_reporting are entries
 * of one name and group, one workload.
 */
function workloadsOf(run: FioRun): FioJob[][] {
  const byKey = new Map<string, FioJob[]>();
  for (const job of run.jobs) {
    const key = `${job.groupId ?? ''}\u0000${job.name}\u0000${job.hostname ?? ''}`;
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [job]);
    else list.push(job);
  }
  return [...byKey.values()];
}

/** An option's value and where it was read, or null when the output does not say it. */
type OptionReader = (...keys: string[]) => [value: string, source: FingerprintSource] | null;

function fingerprintOf(
  run: FioRun,
  runIndex: number,
  jobs: FioJob[],
  layout: ReadonlyMap<string, number>,
  jobOptionKeys: ReadonlyMap<string, ReadonlySet<string>> | null,
): WorkloadFingerprint {
  const job = jobs[0] as FioJob;
  const options = job.parameters.options;
  const isJson = run.format === 'json' || run.format === 'json+';
  // Without the text: null, and a JSON run's parameters are taken as its options. With it, a job
  // without a block (fio 2.1 JSON prints none) has no option of its own.
  const jobKeys = jobOptionKeys === null ? null : (jobOptionKeys.get(job.name) ?? new Set<string>());
  /**
   * Where an option was read: JSON's job or global options, or the job line. The parser fills
   * what a JSON run's options lack (fio lists only the options set) from the job lines printed
   * before it (`--output-format=normal,json`); a key in neither JSON block of the text came from
   * there. Without the text, a JSON run's options are taken as its own.
   */
  const sourceOf = (key: string): FingerprintSource => {
    if (!isJson) return 'header-line';
    if (jobKeys?.has(key) === true) return 'json-job-options';
    if (run.globalOptions?.[key] !== undefined) return 'json-global-options';
    return jobKeys === null ? 'json-job-options' : 'header-line';
  };
  const option: OptionReader = (...keys) => {
    for (const key of keys) {
      const value = options[key];
      if (value !== undefined) return [value, sourceOf(key)];
    }
    return null;
  };
  const kbBase = options.kb_base?.trim() === '1000' ? 1000 : 1024;
  const rw = option('rw', 'readwrite');
  const kind = kindOf(rw, option('ioengine'), jobs);
  const fields: FingerprintField[] = [];
  if (rw !== null) fields.push(_wordField({ key: 'rw', label: 'rw', source: rw[1] }, rwWord(rw[0])));
  const mix = option('rwmixread', 'rwmixwrite');
  const mixPercent = mix === null ? Number.NaN : Number(mix[0]);
  if (mix !== null && kind.op === 'mixed' && Number.isFinite(mixPercent)) {
    const readPercent = options.rwmixread === undefined ? 100 - mixPercent : mixPercent;
    fields.push(_percentField({ key: 'rwmixread', label: 'read share', source: mix[1], weight: 2 }, readPercent));
  }
  const bs = option('bs', 'blocksize');
  if (bs !== null) fields.push(...blockSizeFields(bs[0], bs[1], kind.access, kind.op, kbBase));
  const depth = job.parameters.iodepth;
  if (depth !== null) {
    fields.push(_countField({ key: 'iodepth', label: 'iodepth', source: sourceOf('iodepth'), weight: 3 }, depth));
  }
  fields.push(numjobsField(job.parameters.numjobs, sourceOf('numjobs'), jobs));
  const direct = directField(rw, option);
  if (direct !== null) fields.push(direct);
  const engine = option('ioengine');
  if (engine !== null) {
    fields.push(_wordField({ key: 'ioengine', label: 'ioengine', source: engine[1], weight: 2 }, engine[0].trim()));
  }
  const sync = syncField(options, sourceOf, jobs);
  if (sync !== null) fields.push(sync);
  const size = sizeField(option, kbBase, layout.get(job.name));
  if (size !== null) fields.push(size);
  fields.push(...timeFields(option));
  return {
    tool: 'fio',
    workload: job.name,
    run: runIndex,
    line: run.line,
    kind,
    summary: _workloadPhrase({ kind, fields }),
    fields,
  };
}

/**
 * The rw word: `randwrite` of `randwrite`, `randread:8` (an offset modifier) kept as printed;
 * fio before 1.0 printed `rw=write, odir=0, bs=64K-64K/64K-64K, rate=0, ...`, where the job line
 * reader's rw runs to `, bs=`: the word is the text before the first comma.
 */
function rwWord(text: string): string {
  return (text.split(',')[0] ?? '').trim();
}

/** The kind from rw; a CPU workload for the cpuio engine; else the directions that moved data. */
function kindOf(
  rw: [string, FingerprintSource] | null,
  engine: [string, FingerprintSource] | null,
  jobs: readonly FioJob[],
): WorkloadKind {
  // The cpuio engine burns CPU and does no I/O: its job is a CPU workload whatever its rw.
  if (engine !== null && engine[0].trim() === 'cpuio')
    return { category: 'cpu', access: null, op: null, source: engine[1] };
  const known = rw === null ? undefined : RW_KINDS[(rwWord(rw[0]).split(':')[0] ?? '').trim()];
  if (rw !== null && known !== undefined) return { category: 'io', access: known[0], op: known[1], source: rw[1] };
  // Without rw, the report still says which directions moved data (not whether at random).
  const op = reportedOp(jobs);
  return { category: 'io', access: null, op, source: op === null ? null : 'report' };
}

/** numjobs from the option; else the report's count: group_reporting's `jobs=N`, or the clones reported one by one. */
function numjobsField(numjobs: number | null, source: FingerprintSource, jobs: readonly FioJob[]): FingerprintField {
  if (numjobs !== null) return _countField({ key: 'threads', label: 'numjobs', source, weight: 2 }, numjobs);
  const reported = jobs.reduce((sum, clone) => sum + (clone.jobCount ?? 1), 0);
  return _countField({ key: 'threads', label: 'numjobs', source: 'report', weight: 2 }, reported);
}

/** O_DIRECT: `direct`, or `buffered` inverted; fio before 1.0's job line `odir=`. */
function directField(rw: [string, FingerprintSource] | null, option: OptionReader): FingerprintField | null {
  const init = { key: 'direct', label: 'direct', weight: 3 } as const;
  const odir = rw === null ? null : /,\s*odir=(\d+)/.exec(rw[0]);
  if (odir !== null) return _flagField({ ...init, source: 'header-line' }, odir[1] !== '0');
  const direct = option('direct');
  const isDirect = direct === null ? null : _isFlagValue(direct[0]);
  if (direct !== null && isDirect !== null) return _flagField({ ...init, source: direct[1] }, isDirect);
  const buffered = option('buffered');
  const isBuffered = buffered === null ? null : _isFlagValue(buffered[0]);
  if (buffered !== null && isBuffered !== null) return _flagField({ ...init, source: buffered[1] }, !isBuffered);
  return null;
}

/** `size`/`filesize` (a word for `100%`), else the `Laying out IO file` line's size. */
function sizeField(option: OptionReader, kbBase: 1000 | 1024, laidOut: number | undefined): FingerprintField | null {
  const size = option('size', 'filesize');
  const bytes = size === null ? null : _readFioSize(size[0], kbBase);
  if (size !== null && bytes !== null) {
    return _bytesField({ key: 'size', label: 'size', source: size[1], text: sizeClassText(bytes) }, bytes);
  }
  // `size=100%` (of the device or file): a word, not a number of bytes.
  if (size !== null) return _wordField({ key: 'size', label: 'size', source: size[1] }, size[0].trim());
  if (laidOut === undefined) return null;
  return _bytesField({ key: 'size', label: 'size', source: 'layout-line', text: sizeClassText(laidOut) }, laidOut);
}

/** `time_based` and `runtime` (s). */
function timeFields(option: OptionReader): FingerprintField[] {
  const fields: FingerprintField[] = [];
  const timeBased = option('time_based');
  if (timeBased !== null) {
    // `time_based` is set by its presence (JSON prints it with an empty value); `=0` unsets it.
    const isSet = timeBased[0].trim() === '' || _isFlagValue(timeBased[0]) === true;
    fields.push(_flagField({ key: 'time_based', label: 'time_based', source: timeBased[1] }, isSet));
  }
  const runtime = option('runtime', 'timeout');
  const seconds = runtime === null ? null : _readSeconds(runtime[0]);
  if (runtime !== null && seconds !== null) {
    fields.push(_secondsField({ key: 'runtime', label: 'runtime', source: runtime[1] }, seconds));
  }
  return fields;
}

/** read, write or mixed from the directions that moved data; null when none did or none is printed. */
function reportedOp(jobs: readonly FioJob[]): Operation | null {
  const moved = (direction: 'read' | 'write' | 'trim'): boolean =>
    jobs.some((job) => (job[direction]?.ioBytes ?? 0) > 0 || (job[direction]?.totalIos ?? 0) > 0);
  const read = moved('read');
  const write = moved('write');
  if (read && write) return 'mixed';
  if (read) return 'read';
  if (write) return 'write';
  return moved('trim') ? 'trim' : null;
}

/**
 * The block size of the directions the workload uses. `bs` is `4k`, a range `4k-16k`, or per
 * direction `read,write[,trim]` (options); the 1.x/2.x job line prints `8K-8K/8K-8K[/8K-8K]`
 * (read/write/trim ranges), the 3.x one `(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B`.
 * One field `bs` when the used directions agree, else `bs.read` and `bs.write`.
 */
function blockSizeFields(
  text: string,
  source: FingerprintSource,
  access: AccessPattern | null,
  op: Operation | null,
  kbBase: 1000 | 1024,
): FingerprintField[] {
  const isPrinted = source === 'header-line';
  const readSize = (piece: string) => (isPrinted ? _readPrintedSize(piece) : _readFioSize(piece, kbBase));
  const perDirection = splitBlockSizes(text);
  const ranges = perDirection.map((piece) => (piece === '' ? null : readRange(piece, readSize)));
  // fio 3.x prints `bs=(R) 4k-4k, (W) 64k-64k, bs_is_seq_rand`: then (R) is the sequential and
  // (W) the random block size, for every direction.
  if (isPrinted && /bs_is_seq_rand/.test(text)) {
    const bs = access === 'random' ? (ranges[1] ?? null) : access === 'sequential' ? (ranges[0] ?? null) : null;
    return bs === null ? [] : [rangeField('', bs, source)];
  }
  const read = ranges[0] ?? null;
  const write = ranges.length > 1 ? (ranges[1] ?? null) : read;
  const trim = ranges.length > 2 ? (ranges[2] ?? null) : write;
  const used: [string, { min: number; max: number } | null][] =
    op === 'read'
      ? [['read', read]]
      : op === 'write'
        ? [['write', write]]
        : op === 'trim'
          ? [['trim', trim]]
          : [
              ['read', read],
              ['write', write],
            ];
  const known = used.filter((entry): entry is [string, { min: number; max: number }] => entry[1] !== null);
  if (known.length === 0) return [];
  const first = known[0]?.[1] as { min: number; max: number };
  const isOne = known.every(([, range]) => range.min === first.min && range.max === first.max);
  const entries = isOne ? [['', first] as const] : known;
  return entries.map(([direction, range]) => rangeField(direction, range, source));
}

function rangeField(
  direction: string,
  range: { min: number; max: number },
  source: FingerprintSource,
): FingerprintField {
  const key = direction === '' ? 'bs' : `bs.${direction}`;
  const label = direction === '' ? 'block size' : `${direction} block size`;
  const text = range.min === range.max ? _bytesText(range.min) : `${_bytesText(range.min)}-${_bytesText(range.max)}`;
  // A range is compared by its largest size; its text says it is a range.
  return _bytesField({ key, label, source, weight: 3, text }, range.max);
}

function splitBlockSizes(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('(')) {
    // 3.x job line: `(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B`.
    const pieces = ['', '', ''];
    for (const match of trimmed.matchAll(/\(([RWT])\)\s*([^,(]+)/g)) {
      pieces['RWT'.indexOf(match[1] as string)] = (match[2] ?? '').trim();
    }
    return pieces;
  }
  return trimmed.split(/[,/]/).map((piece) => piece.trim());
}

function readRange(text: string, readSize: (piece: string) => number | null): { min: number; max: number } | null {
  const [low, high] = text.split('-');
  const min = readSize(low ?? '');
  const max = high === undefined ? min : readSize(high);
  return min === null || max === null ? null : { min, max };
}

/** The size and its class, the power of two at or above it: `5 GiB`, `22 MiB (class 32 MiB)`. */
function sizeClassText(bytes: number): string {
  if (bytes <= 0) return _bytesText(bytes);
  const power = 2 ** Math.ceil(Math.log2(bytes));
  return power === bytes ? _bytesText(bytes) : `${_bytesText(bytes)} (class ${_bytesText(power)})`;
}

/**
 * The sync behaviour: `sync=1`/`sync`/`dsync` (O_SYNC, O_DSYNC), `fsync=N`, `fdatasync=N` from
 * the options; else, from the report, that fsync/fdatasync calls were issued (normal `sync
 * (usec)` and the fourth `issued rwts` count, JSON `sync`, fio >= 3.5).
 */
function syncField(
  options: Readonly<Record<string, string>>,
  sourceOf: (key: string) => FingerprintSource,
  jobs: readonly FioJob[],
): FingerprintField | null {
  const words: string[] = [];
  let source: FingerprintSource | null = null;
  const sync = options.sync?.trim().toLowerCase();
  if (sync !== undefined && sync !== '' && sync !== '0' && sync !== 'none') {
    words.push(sync === 'dsync' ? 'O_DSYNC' : 'O_SYNC');
    source = sourceOf('sync');
  }
  for (const key of ['fsync', 'fdatasync']) {
    const every = options[key]?.trim();
    if (every !== undefined && /^\d+$/.test(every) && Number(every) > 0) {
      words.push(`${key} every ${every}`);
      source ??= sourceOf(key);
    }
  }
  if (words.length > 0 && source !== null)
    return _wordField({ key: 'sync', label: 'sync', source, weight: 2 }, words.join(', '));
  if (Object.keys(options).some((key) => key === 'sync' || key === 'fsync' || key === 'fdatasync')) {
    return _wordField({ key: 'sync', label: 'sync', source: sourceOf('sync'), weight: 2 }, 'none');
  }
  // Normal text prints `sync (usec)` statistics only when the job issued fsync/fdatasync calls
  // (its `issued rwts` count of them reads 0 in 3.25 and 3.28, so the latencies are what is read);
  // JSON prints a `sync` object of zeros for every job.
  const hasCalls = jobs.some(
    (job) => job.sync !== null && ((job.sync.totalIos ?? 0) > 0 || (job.sync.lat?.maxNs ?? 0) > 0),
  );
  if (hasCalls) return _wordField({ key: 'sync', label: 'sync', source: 'report', weight: 2 }, 'fsync/fdatasync calls');
  return null;
}
