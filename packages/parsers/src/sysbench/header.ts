import { _fileioOf, _fileTestMode, _memoryOf, type RunDraft } from './run.ts';
import { _countAndRate, _number, _rateBytesPerSec, _sizeBytes, type SourceLine } from './values.ts';

/**
 * The lines a run prints outside its statistics blocks: the options header (sysbench.c
 * print_run_mode and each test's print_mode), the prepare and cleanup messages, and the
 * one-line results 0.4 and the memory test print before "General statistics:".
 *
 * Each reader gets the trimmed line and the index where it starts in the line, and returns
 * true when it recognised the line. The patterns are anchored and have no nested repetition,
 * so each runs in time linear in the line.
 */
type LineReader = (draft: RunDraft, line: SourceLine, trimmed: string, indent: number) => boolean;

const NUMBER_OF_THREADS = /^Number of threads: (\S+)$/;
const REPORT_INTERVAL = /^Report intermediate results every (\S+) second\(s\)$/;
const TARGET_RATE = /^Target transaction rate: (\S+)\/sec$/;
const PRIME_LIMIT = /^(?:Prime numbers limit|Maximum prime number checked in CPU test): (\S+)$/;
const MEMORY_OPTION = /^(block size|total size|operation|scope): (\S+)$/;
const MEMORY_OPTION_04 = /^Memory (block size|transfer size|operations type|scope type): (\S+)$/;
const FILES_EACH = /^(\S+) files, (\S+) each$/;
const FILES_PREPARE = /^(\S+) files, (\S+) each, (\S+) total$/;
const TOTAL_FILE_SIZE = /^(\S+) total file size$/;
const BLOCK_SIZE = /^Block size (\S+)$/;
const IO_REQUESTS = /^(?:Number of IO requests|Number of random requests for random IO): (\S+)$/;
const RW_RATIO = /^Read\/Write ratio for combined random IO test: (\S+)$/;
const FSYNC_FREQ = /^Periodic FSYNC enabled, calling fsync\(\) each (\S+) requests\.$/;
const IO_MODE = /^Using (.+) I\/O mode$/;
const DOING_TEST = /^Doing (.+) test$/;
const THREAD_YIELDS = /^Thread yields per test: (\S+) Locks used: (\S+)$/;
const OLTP_MODE = /^Running (\S+) OLTP test$/;
const PREPARE_WRITTEN = /^(\S+) bytes written in (\S+) seconds \((\S+ \S+)\)\.$/;
const MEMORY_TRANSFERRED = /^(\S+) (MiB|MB) transferred \((\S+ \S+)\)$/;
const FILEIO_TRANSFERRED_04 = /^Read (\S+) +Written (\S+) +Total transferred (\S+) +\((\S+)\)$/;
const FILEIO_OPERATIONS_04 = /^Operations performed: +(\S+) Read, (\S+) Write, (\S+) Other = (\S+) Total$/;
const REQUESTS_PER_SEC_04 = /^(\S+) Requests\/sec executed$/;

/** The index in the line of a regex group, found from the end of the previous one. */
function groupIndexes(trimmed: string, indent: number, match: RegExpExecArray): number[] {
  const indexes: number[] = [];
  let from = 0;
  for (let i = 1; i < match.length; i++) {
    const group = match[i] ?? '';
    const at = trimmed.indexOf(group, from);
    indexes.push(indent + Math.max(0, at));
    from = at + group.length;
  }
  return indexes;
}

/** Runs `regex` and hands its groups (and their indexes in the line) to `use`. */
function on(
  regex: RegExp,
  use: (draft: RunDraft, line: SourceLine, groups: string[], indexes: number[]) => void,
): LineReader {
  return (draft, line, trimmed, indent) => {
    const match = regex.exec(trimmed);
    if (match === null) return false;
    use(draft, line, match.slice(1) as string[], groupIndexes(trimmed, indent, match));
    return true;
  };
}

/** A line that is recognised and carries nothing to keep. */
function exactly(text: string, use: (draft: RunDraft) => void = () => {}): LineReader {
  return (draft, _line, trimmed) => {
    if (trimmed !== text) return false;
    use(draft);
    return true;
  };
}

const g = (groups: string[], i: number): string => groups[i] ?? '';
const at = (indexes: number[], i: number): number => indexes[i] ?? 0;

const HEADER_READERS: readonly LineReader[] = [
  exactly('Running the test with following options:', (d) => {
    d.run.command = 'run';
  }),
  on(NUMBER_OF_THREADS, (d, line, m, i) => {
    d.run.parameters.threads = _number(line, g(m, 0), at(i, 0));
  }),
  on(REPORT_INTERVAL, (d, line, m, i) => {
    d.run.parameters.reportIntervalSec = _number(line, g(m, 0), at(i, 0));
  }),
  on(TARGET_RATE, (d, line, m, i) => {
    d.run.parameters.targetRatePerSec = _number(line, g(m, 0), at(i, 0));
  }),
  on(PRIME_LIMIT, (d, line, m, i) => {
    d.run.parameters.cpuMaxPrime = _number(line, g(m, 0), at(i, 0));
    d.run.test ??= 'cpu';
  }),
  exactly('Doing CPU performance benchmark', (d) => {
    d.run.test = 'cpu';
  }),
  exactly('Running memory speed test with the following options:', (d) => {
    d.run.test = 'memory';
  }),
  exactly('Doing memory operations speed test', (d) => {
    d.run.test = 'memory';
  }),
  (draft, line, trimmed, indent) => {
    // "block size: 1KiB" is only the memory test's: other tests print no such bare keys.
    const match = draft.run.test === 'memory' ? (MEMORY_OPTION.exec(trimmed) ?? MEMORY_OPTION_04.exec(trimmed)) : null;
    if (match === null) return false;
    const [key, value] = [g(match.slice(1), 0), g(match.slice(1), 1)];
    const index = indent + trimmed.lastIndexOf(value);
    const p = draft.run.parameters;
    if (key === 'block size') p.memoryBlockSizeBytes = _sizeBytes(line, value, index);
    else if (key === 'total size' || key === 'transfer size') p.memoryTotalSizeBytes = _sizeBytes(line, value, index);
    else if (key === 'operation' || key === 'operations type') p.memoryOperation = value;
    else p.memoryScope = value;
    return true;
  },
  (draft, _line, trimmed) => {
    if (!trimmed.startsWith('Extra file open flags:')) return false;
    draft.run.parameters.fileExtraFlags = trimmed.slice('Extra file open flags:'.length).trim();
    draft.run.test ??= 'fileio';
    return true;
  },
  on(FILES_PREPARE, (d, line, m, i) => {
    d.run.parameters.fileNum = _number(line, g(m, 0), at(i, 0));
    d.run.parameters.fileSizeBytes = _sizeBytes(line, g(m, 1), at(i, 1));
    d.run.parameters.fileTotalSizeBytes = _sizeBytes(line, g(m, 2), at(i, 2));
    d.run.test = 'fileio';
  }),
  on(FILES_EACH, (d, line, m, i) => {
    d.run.parameters.fileNum = _number(line, g(m, 0), at(i, 0));
    d.run.parameters.fileSizeBytes = _sizeBytes(line, g(m, 1), at(i, 1));
    d.run.test = 'fileio';
  }),
  on(TOTAL_FILE_SIZE, (d, line, m, i) => {
    d.run.parameters.fileTotalSizeBytes = _sizeBytes(line, g(m, 0), at(i, 0));
  }),
  on(BLOCK_SIZE, (d, line, m, i) => {
    d.run.parameters.fileBlockSizeBytes = _sizeBytes(line, g(m, 0), at(i, 0));
  }),
  on(IO_REQUESTS, (d, line, m, i) => {
    d.run.parameters.fileIoRequests = _number(line, g(m, 0), at(i, 0));
  }),
  on(RW_RATIO, (d, line, m, i) => {
    d.run.parameters.fileRwRatio = _number(line, g(m, 0), at(i, 0));
  }),
  on(FSYNC_FREQ, (d, line, m, i) => {
    d.run.parameters.fileFsyncFreq = _number(line, g(m, 0), at(i, 0));
  }),
  exactly('Calling fsync() at the end of test, Enabled.', (d) => {
    d.run.parameters.isFileFsyncEnd = true;
  }),
  exactly('Calling fsync() after each write operation.', (d) => {
    d.run.parameters.isFileFsyncAll = true;
  }),
  on(IO_MODE, (d, _line, m) => {
    d.run.parameters.fileIoMode = g(m, 0);
  }),
  exactly('Doing thread subsystem performance test', (d) => {
    d.run.test = 'threads';
  }),
  exactly('Doing mutex performance test', (d) => {
    d.run.test = 'mutex';
  }),
  on(DOING_TEST, (d, _line, m) => {
    const mode = _fileTestMode(g(m, 0));
    if (mode !== undefined) {
      d.run.parameters.fileTestMode = mode;
      d.run.test = 'fileio';
    }
  }),
  on(THREAD_YIELDS, (d, line, m, i) => {
    d.run.parameters.threadYields = _number(line, g(m, 0), at(i, 0));
    d.run.parameters.threadLocks = _number(line, g(m, 1), at(i, 1));
    d.run.test = 'threads';
  }),
  exactly('Doing OLTP test.', (d) => {
    d.run.test = 'oltp';
  }),
  on(OLTP_MODE, (d, _line, m) => {
    d.run.parameters.oltpMode = g(m, 0);
    d.run.test = 'oltp';
  }),
  exactly('Creating files for the test...', (d) => {
    d.run.command = 'prepare';
    d.run.test = 'fileio';
  }),
  exactly('Removing test files...', (d) => {
    d.run.command = 'cleanup';
    d.run.test = 'fileio';
    d.run.isComplete = true;
    d.section = 'done';
  }),
  (draft, _line, trimmed) => {
    // oltp_common.lua / 0.4 oltp: "Creating table 'sbtest1'...", "Dropping table 'sbtest1'...".
    const isCreate = trimmed.startsWith("Creating table '");
    if (!isCreate && !trimmed.startsWith("Dropping table '")) return false;
    draft.run.command ??= isCreate ? 'prepare' : 'cleanup';
    draft.run.test ??= 'oltp';
    return true;
  },
  on(PREPARE_WRITTEN, (d, line, m, i) => {
    d.hasData = true;
    d.run.command = 'prepare';
    d.run.test = 'fileio';
    d.run.prepare = {
      writtenBytes: _number(line, g(m, 0), at(i, 0)),
      durationNs: _number(line, g(m, 1), at(i, 1)) * 1e9,
      writeBytesPerSec: _rateBytesPerSec(line, g(m, 2), at(i, 2)),
    };
    d.run.isComplete = true;
    d.section = 'done';
  }),
  exactly('No bytes written.', (d) => {
    d.run.command = 'prepare';
    d.run.prepare = { writtenBytes: 0, durationNs: null, writeBytesPerSec: null };
    d.run.isComplete = true;
    d.section = 'done';
  }),
];

/** One-line results printed before "General statistics:" (memory, 0.4 fileio). */
const RESULT_READERS: readonly LineReader[] = [
  (draft, line, trimmed, indent) => {
    const prefix = trimmed.startsWith('Total operations:')
      ? 'Total operations:'
      : trimmed.startsWith('Operations performed:') && !trimmed.includes(' Read,')
        ? 'Operations performed:'
        : null;
    if (prefix === null) return false;
    const value = trimmed.slice(prefix.length).trimStart();
    const { count, perSec } = _countAndRate(line, value, indent + trimmed.length - value.length);
    const memory = _memoryOf(draft);
    memory.operations = count;
    memory.operationsPerSec = perSec;
    draft.run.test ??= 'memory';
    return true;
  },
  on(MEMORY_TRANSFERRED, (d, line, m, i) => {
    const memory = _memoryOf(d);
    memory.transferredBytes = _sizeBytes(line, `${g(m, 0)}${g(m, 1)}`, at(i, 0));
    memory.transferBytesPerSec = _rateBytesPerSec(line, g(m, 2), at(i, 2));
    d.run.test ??= 'memory';
  }),
  on(FILEIO_OPERATIONS_04, (d, line, m, i) => {
    const fileio = _fileioOf(d);
    fileio.reads = _number(line, g(m, 0), at(i, 0));
    fileio.writes = _number(line, g(m, 1), at(i, 1));
    fileio.other = _number(line, g(m, 2), at(i, 2));
    fileio.total = _number(line, g(m, 3), at(i, 3));
  }),
  on(FILEIO_TRANSFERRED_04, (d, line, m, i) => {
    const fileio = _fileioOf(d);
    fileio.readBytes = _sizeBytes(line, g(m, 0), at(i, 0));
    fileio.writtenBytes = _sizeBytes(line, g(m, 1), at(i, 1));
    fileio.transferredBytes = _sizeBytes(line, g(m, 2), at(i, 2));
    fileio.transferBytesPerSec = _rateBytesPerSec(line, g(m, 3), at(i, 3));
  }),
  on(REQUESTS_PER_SEC_04, (d, line, m, i) => {
    _fileioOf(d).requestsPerSec = _number(line, g(m, 0), at(i, 0));
  }),
];

/** Lines every version prints between the header and the results; nothing to keep. */
const PROGRESS_LINES = new Set([
  'Initializing worker threads...',
  'Threads started!',
  'Done.',
  'Time limit exceeded, exiting...',
]);

export function _readHeaderLine(draft: RunDraft, line: SourceLine, trimmed: string, indent: number): boolean {
  if (PROGRESS_LINES.has(trimmed)) return true;
  return HEADER_READERS.some((read) => read(draft, line, trimmed, indent));
}

export function _readResultLine(draft: RunDraft, line: SourceLine, trimmed: string, indent: number): boolean {
  return RESULT_READERS.some((read) => read(draft, line, trimmed, indent));
}
