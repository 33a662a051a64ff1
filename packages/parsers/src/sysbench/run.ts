import type { SysbenchParameters, SysbenchRun } from './schema.ts';

/** Where a line of a run's statistics belongs: the block its last heading opened. */
export type Section =
  | 'header'
  | 'general'
  | 'latency'
  | 'fairness'
  | 'sql'
  | 'fileops'
  | 'throughput'
  | 'cpu'
  | 'histogram'
  | 'done';

/** A run being read: the typed run plus the reader's state. */
export interface RunDraft {
  run: SysbenchRun;
  section: Section;
  /** True once any statistic has been read (the run is more than a header). */
  hasData: boolean;
  /** 1.1 fileio prints no "Threads fairness:": its output ends with the latency sum. */
  endsAtLatencySum: boolean;
  /** "events (avg/stddev):" until "execution time (avg/stddev):" completes the fairness block. */
  fairnessEvents: [number, number] | null;
}

export function _emptyParameters(): SysbenchParameters {
  return {
    threads: null,
    reportIntervalSec: null,
    targetRatePerSec: null,
    cpuMaxPrime: null,
    memoryBlockSizeBytes: null,
    memoryTotalSizeBytes: null,
    memoryOperation: null,
    memoryScope: null,
    fileExtraFlags: null,
    fileNum: null,
    fileSizeBytes: null,
    fileTotalSizeBytes: null,
    fileBlockSizeBytes: null,
    fileIoRequests: null,
    fileRwRatio: null,
    fileFsyncFreq: null,
    isFileFsyncEnd: null,
    isFileFsyncAll: null,
    fileIoMode: null,
    fileTestMode: null,
    threadYields: null,
    threadLocks: null,
    oltpMode: null,
  };
}

export function _newDraft(version: string | null, luajit: string | null, line: number): RunDraft {
  return {
    run: {
      version,
      luajit,
      command: null,
      test: null,
      mode: null,
      line,
      isComplete: false,
      warnings: [],
      errors: [],
      parameters: _emptyParameters(),
      general: { totalTimeNs: null, eventsTotal: null, eventExecutionTimeNs: null, eventsPerSec: null },
      latency: null,
      fairness: null,
      memory: null,
      fileio: null,
      sql: null,
      prepare: null,
      histogram: [],
      intervals: [],
      cumulative: null,
    },
    section: 'header',
    hasData: false,
    endsAtLatencySum: false,
    fairnessEvents: null,
  };
}

export function _memoryOf(draft: RunDraft): NonNullable<SysbenchRun['memory']> {
  draft.hasData = true;
  draft.run.memory ??= { operations: null, operationsPerSec: null, transferredBytes: null, transferBytesPerSec: null };
  return draft.run.memory;
}

export function _fileioOf(draft: RunDraft): NonNullable<SysbenchRun['fileio']> {
  draft.hasData = true;
  draft.run.fileio ??= {
    readsPerSec: null,
    writesPerSec: null,
    fsyncsPerSec: null,
    readBytesPerSec: null,
    writtenBytesPerSec: null,
    reads: null,
    writes: null,
    other: null,
    total: null,
    readBytes: null,
    writtenBytes: null,
    transferredBytes: null,
    transferBytesPerSec: null,
    requestsPerSec: null,
  };
  return draft.run.fileio;
}

export function _sqlOf(draft: RunDraft): NonNullable<SysbenchRun['sql']> {
  draft.hasData = true;
  draft.run.sql ??= {
    reads: null,
    writes: null,
    other: null,
    total: null,
    transactions: null,
    queries: null,
    ignoredErrors: null,
    reconnects: null,
    deadlocks: null,
    readWriteRequests: null,
    otherOperations: null,
  };
  return draft.run.sql;
}

export function _latencyOf(draft: RunDraft): NonNullable<SysbenchRun['latency']> {
  draft.hasData = true;
  draft.run.latency ??= {
    minNs: null,
    avgNs: null,
    maxNs: null,
    percentiles: [],
    isPercentileDisabled: false,
    sumNs: null,
  };
  return draft.run.latency;
}

/** The fileio test modes by the words of sb_fileio.c get_test_mode_str ("Doing random r/w test"). */
const FILE_TEST_MODES: Readonly<Record<string, string>> = {
  'sequential write (creation)': 'seqwr',
  'sequential rewrite': 'seqrewr',
  'sequential read': 'seqrd',
  'random read': 'rndrd',
  'random write': 'rndwr',
  'random r/w': 'rndrw',
  mixed: 'mixed',
};

export function _fileTestMode(words: string): string | undefined {
  return Object.hasOwn(FILE_TEST_MODES, words) ? FILE_TEST_MODES[words] : undefined;
}

/** Fills in the test and mode a run implies once all its lines are read. */
export function _finishRun(draft: RunDraft): SysbenchRun {
  const run = draft.run;
  if (run.test === null) {
    if (run.sql !== null) run.test = 'oltp';
    else if (run.fileio !== null || run.prepare !== null) run.test = 'fileio';
    else if (run.memory !== null) run.test = 'memory';
    else if (run.parameters.cpuMaxPrime !== null) run.test = 'cpu';
  }
  if (run.test === 'fileio') run.mode = run.parameters.fileTestMode;
  else if (run.test === 'memory') run.mode = run.parameters.memoryOperation;
  else if (run.test === 'oltp') run.mode = run.parameters.oltpMode;
  return run;
}
