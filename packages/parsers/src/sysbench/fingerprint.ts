import {
  _bytesField,
  _countField,
  _flagField,
  _wordField,
  _workloadPhrase,
  type AccessPattern,
  type FingerprintField,
  type Operation,
  type WorkloadCategory,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import type { SysbenchResult, SysbenchRun } from './schema.ts';

/**
 * sysbench's workload fingerprint, one per run: the options its header prints ("Number of
 * threads: 4", fileio's "64 files, 2MiB each", "Block size 16KiB", "Extra file open flags:
 * directio", "Doing random write test"; memory's "block size", "operation", "scope"; cpu's
 * "Prime numbers limit"), all source `header-line`. What the header does not print (OLTP table
 * sizes, memory access mode in 1.0) is absent.
 */

/** --file-test-mode values (sysbench src/tests/fileio/sb_fileio.c) as kinds. */
const FILE_MODES: Readonly<Record<string, [AccessPattern, Operation]>> = {
  seqwr: ['sequential', 'write'],
  seqrewr: ['sequential', 'write'],
  seqrd: ['sequential', 'read'],
  rndrd: ['random', 'read'],
  rndwr: ['random', 'write'],
  rndrw: ['random', 'mixed'],
};

const CATEGORIES: Readonly<Record<string, WorkloadCategory>> = {
  cpu: 'cpu',
  memory: 'memory',
  fileio: 'io',
  threads: 'threads',
  mutex: 'mutex',
  oltp: 'oltp',
};

export function _sysbenchFingerprints(result: SysbenchResult): WorkloadFingerprint[] {
  return result.runs.map((run, index) => fingerprintOf(run, index));
}

function fingerprintOf(run: SysbenchRun, runIndex: number): WorkloadFingerprint {
  const p = run.parameters;
  const source = 'header-line' as const;
  const fields: FingerprintField[] = [];
  const category: WorkloadCategory = run.test === null ? 'other' : (CATEGORIES[run.test] ?? 'other');
  let kind: WorkloadKind = { category, access: null, op: null, source: null };
  if (run.test !== null) fields.push(_wordField({ key: 'test', label: 'test', source, weight: 3 }, run.test));
  if (run.command !== null && run.command !== 'run') {
    fields.push(_wordField({ key: 'command', label: 'command', source, weight: 3 }, run.command));
  }
  if (run.test === 'fileio' && p.fileTestMode !== null) {
    const mode = FILE_MODES[p.fileTestMode];
    if (mode !== undefined) kind = { category, access: mode[0], op: mode[1], source };
    fields.push(_wordField({ key: 'mode', label: 'file test mode', source }, p.fileTestMode));
  }
  if (run.test === 'memory' && p.memoryOperation !== null) {
    const op = p.memoryOperation === 'read' ? 'read' : p.memoryOperation === 'write' ? 'write' : null;
    if (op !== null) kind = { category, access: null, op, source };
    fields.push(_wordField({ key: 'mode', label: 'memory operation', source }, p.memoryOperation));
  }
  if (run.test === 'oltp' && p.oltpMode !== null)
    fields.push(_wordField({ key: 'mode', label: 'OLTP mode', source }, p.oltpMode));

  const blockSize = p.fileBlockSizeBytes ?? p.memoryBlockSizeBytes;
  if (blockSize !== null) fields.push(_bytesField({ key: 'bs', label: 'block size', source, weight: 3 }, blockSize));
  if (p.threads !== null) fields.push(_countField({ key: 'threads', label: 'threads', source, weight: 2 }, p.threads));
  const direct = isDirect(p.fileExtraFlags);
  if (direct !== null) fields.push(_flagField({ key: 'direct', label: 'direct', source, weight: 3 }, direct));
  else if (p.fileExtraFlags !== null) {
    // 0.4 prints the flags as a number, whose meaning (O_DIRECT is 16384 on x86, 65536 on arm64) depends on the machine.
    fields.push(
      _wordField({ key: 'extra-flags', label: 'extra file open flags', source, weight: 2 }, p.fileExtraFlags),
    );
  }
  if (p.fileIoMode !== null)
    fields.push(_wordField({ key: 'io-mode', label: 'I/O mode', source, weight: 2 }, p.fileIoMode));
  const sync = syncWords(run);
  if (sync !== null) fields.push(_wordField({ key: 'sync', label: 'sync', source, weight: 2 }, sync));
  if (p.fileTotalSizeBytes !== null)
    fields.push(_bytesField({ key: 'size', label: 'file total size', source }, p.fileTotalSizeBytes));
  if (p.fileNum !== null) fields.push(_countField({ key: 'files', label: 'files', source }, p.fileNum));
  if (p.fileRwRatio !== null && kind.op === 'mixed') {
    fields.push(_wordField({ key: 'rw-ratio', label: 'read/write ratio', source, weight: 2 }, p.fileRwRatio));
  }
  if (p.memoryTotalSizeBytes !== null)
    fields.push(_bytesField({ key: 'size', label: 'total size', source }, p.memoryTotalSizeBytes));
  if (p.memoryScope !== null) fields.push(_wordField({ key: 'scope', label: 'memory scope', source }, p.memoryScope));
  if (p.cpuMaxPrime !== null)
    fields.push(_countField({ key: 'max-prime', label: 'max prime', source, weight: 3 }, p.cpuMaxPrime));
  if (p.threadYields !== null)
    fields.push(_countField({ key: 'yields', label: 'thread yields', source }, p.threadYields));
  if (p.threadLocks !== null) fields.push(_countField({ key: 'locks', label: 'locks', source }, p.threadLocks));
  if (p.targetRatePerSec !== null && p.targetRatePerSec > 0) {
    fields.push(_countField({ key: 'rate', label: 'target rate (op/s)', source, weight: 2 }, p.targetRatePerSec));
  }
  const workload = [run.test ?? 'sysbench', run.mode].filter((word) => word !== null).join(' ');
  return {
    tool: 'sysbench',
    workload,
    run: runIndex,
    line: run.line,
    kind,
    summary: _workloadPhrase({ kind, fields }),
    fields,
  };
}

/** "Extra file open flags": `directio`/`direct` is O_DIRECT, `0`/`(none)` is none; a number is not read. */
function isDirect(flags: string | null): boolean | null {
  if (flags === null) return null;
  const text = flags.trim().toLowerCase();
  if (/direct/.test(text)) return true;
  if (text === '0' || text === '(none)' || text === '') return false;
  return null;
}

/** "Periodic FSYNC enabled, calling fsync() each N requests.", "... after each write", "... at the end". */
function syncWords(run: SysbenchRun): string | null {
  const p = run.parameters;
  const words: string[] = [];
  if (p.isFileFsyncAll === true) words.push('fsync after each write');
  else if (p.fileFsyncFreq !== null && p.fileFsyncFreq > 0) words.push(`fsync every ${p.fileFsyncFreq}`);
  if (p.isFileFsyncEnd === true) words.push('fsync at end');
  if (words.length > 0) return words.join(', ');
  return p.isFileFsyncAll === false || p.isFileFsyncEnd === false || p.fileFsyncFreq === 0 ? 'none' : null;
}
