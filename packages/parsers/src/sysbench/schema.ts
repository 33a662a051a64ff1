import { z } from 'zod';

/**
 * The typed result of a sysbench text output (0.4.x, 0.5, 1.0.x, 1.1). One output may hold
 * several runs one after the other (`cat run-*.txt`), each with its own header; every number is
 * in a base unit (bytes, B/s, ns, op/s) with the unit in the field name. A value the output does
 * not print is null, never 0.
 */

const nullableNumber = (description: string) => z.number().finite().nullable().describe(description);

export const SYSBENCH_TESTS = ['cpu', 'memory', 'fileio', 'threads', 'mutex', 'oltp'] as const;

export const SysbenchTestSchema = z
  .enum(SYSBENCH_TESTS)
  .nullable()
  .describe(
    'The test the output names or implies: cpu, memory, fileio, threads, mutex, or oltp (any run with SQL ' +
      'statistics: the bundled oltp_*.lua scripts, 0.4 --test=oltp, other Lua database scripts). null where the ' +
      'output does not say (1.0/1.1 threads and mutex print no test-specific line).',
  );

export const SysbenchParametersSchema = z
  .object({
    threads: nullableNumber('"Number of threads: N".'),
    reportIntervalSec: nullableNumber('"Report intermediate results every N second(s)", seconds.'),
    targetRatePerSec: nullableNumber('"Target transaction rate: N/sec" (--rate), op/s.'),
    cpuMaxPrime: nullableNumber(
      '"Prime numbers limit: N" (0.5, 1.x) or "Maximum prime number checked in CPU test: N" (0.4).',
    ),
    memoryBlockSizeBytes: nullableNumber('Memory "block size: 1KiB" (1.x) or "Memory block size: 1K" (0.4), bytes.'),
    memoryTotalSizeBytes: nullableNumber(
      'Memory "total size: 102400MiB" (1.x) or "Memory transfer size: 102400M" (0.4), bytes.',
    ),
    memoryOperation: z
      .string()
      .nullable()
      .describe('Memory "operation:" / "Memory operations type:": read, write, none.'),
    memoryScope: z.string().nullable().describe('Memory "scope:" / "Memory scope type:": global or local.'),
    fileExtraFlags: z
      .string()
      .nullable()
      .describe(
        '"Extra file open flags: ..." as printed: "0", "(none)", "directio", "16384" (0.4 prints O_DIRECT as a number).',
      ),
    fileNum: nullableNumber('"N files, 2MiB each": number of files.'),
    fileSizeBytes: nullableNumber('"N files, 2MiB each": size of each file, bytes (0.4 "64Mb" is MiB).'),
    fileTotalSizeBytes: nullableNumber('"8MiB total file size", bytes.'),
    fileBlockSizeBytes: nullableNumber('"Block size 16KiB", bytes.'),
    fileIoRequests: nullableNumber(
      '"Number of IO requests: N" (1.x) or "Number of random requests for random IO: N" (0.4); 0 = no limit.',
    ),
    fileRwRatio: nullableNumber('"Read/Write ratio for combined random IO test: 1.50".'),
    fileFsyncFreq: nullableNumber('"Periodic FSYNC enabled, calling fsync() each N requests."; null when not printed.'),
    isFileFsyncEnd: z.boolean().nullable().describe('"Calling fsync() at the end of test, Enabled."'),
    isFileFsyncAll: z.boolean().nullable().describe('"Calling fsync() after each write operation."'),
    fileIoMode: z
      .string()
      .nullable()
      .describe('"Using synchronous I/O mode": synchronous, asynchronous, fast mmaped, ...'),
    fileTestMode: z
      .string()
      .nullable()
      .describe('--file-test-mode from "Doing random r/w test": seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw, mixed.'),
    threadYields: nullableNumber('0.4 threads: "Thread yields per test: N".'),
    threadLocks: nullableNumber('0.4 threads: "Locks used: N".'),
    oltpMode: z
      .string()
      .nullable()
      .describe('0.4 --test=oltp: the word of "Running mixed OLTP test" (mixed, simple, ...).'),
  })
  .strict()
  .describe("The run's options as its header prints them.");

export const SysbenchPercentileSchema = z
  .object({
    percent: z
      .number()
      .describe('The percentile: 95 for "95th percentile" / "approx.  95 percentile", 99.9 for "999th".'),
    name: z.string().describe('The digits as printed: "95", "99", "999".'),
    valueNs: z.number().finite().describe('The latency at that percentile, ns (printed in ms).'),
  })
  .strict();

export const SysbenchLatencySchema = z
  .object({
    minNs: nullableNumber('"min:", ns (printed in ms).'),
    avgNs: nullableNumber('"avg:", ns.'),
    maxNs: nullableNumber('"max:", ns.'),
    percentiles: z
      .array(SysbenchPercentileSchema)
      .describe('"95th percentile:" (1.x), "approx.  95 percentile:" (0.4/0.5).'),
    isPercentileDisabled: z.boolean().describe('"percentile stats: disabled" (--percentile=0).'),
    sumNs: nullableNumber('"sum:" (1.x): total time of all events, ns.'),
  })
  .strict()
  .describe('"Latency (ms):" (1.x), "per-request statistics:" (0.4), "response time:" (0.5).');

export const SysbenchGeneralSchema = z
  .object({
    totalTimeNs: nullableNumber('"total time: 10.0007s" (or 1.1 "time elapsed:"), ns.'),
    eventsTotal: nullableNumber('"total number of events: N".'),
    eventExecutionTimeNs: nullableNumber('0.4/0.5 "total time taken by event execution: 39.1644", ns.'),
    eventsPerSec: nullableNumber('1.0 cpu "events per second:" or 1.1 "events/s (eps):", op/s.'),
  })
  .strict();

export const SysbenchFairnessSchema = z
  .object({
    eventsAvg: z.number().finite().describe('"events (avg/stddev): avg/..." events per thread.'),
    eventsStddev: z.number().finite().describe('"events (avg/stddev): .../stddev".'),
    executionTimeAvgNs: z
      .number()
      .finite()
      .describe('"execution time (avg/stddev): avg/..." per thread, ns (printed in s).'),
    executionTimeStddevNs: z.number().finite().describe('"execution time (avg/stddev): .../stddev", ns.'),
  })
  .strict()
  .describe('"Threads fairness:".');

export const SysbenchMemorySchema = z
  .object({
    operations: nullableNumber('"Total operations: N" (1.x) or "Operations performed: N" (0.4).'),
    operationsPerSec: nullableNumber('"(x per second)" / "(x ops/sec)", op/s.'),
    transferredBytes: nullableNumber(
      '"46874.07 MiB transferred", bytes (0.4/0.5 "MB" is MiB: sb_memory.c divides by 1024*1024).',
    ),
    transferBytesPerSec: nullableNumber('"(9372.49 MiB/sec)", B/s.'),
  })
  .strict();

export const SysbenchFileioSchema = z
  .object({
    readsPerSec: nullableNumber('1.0 "reads/s:", 1.1 "read:  IOPS=", op/s.'),
    writesPerSec: nullableNumber('1.0 "writes/s:", 1.1 "write: IOPS=", op/s.'),
    fsyncsPerSec: nullableNumber('1.0 "fsyncs/s:", 1.1 "fsync: IOPS=", op/s.'),
    readBytesPerSec: nullableNumber('1.0 "read, MiB/s:", 1.1 "read: ... MiB/s", B/s.'),
    writtenBytesPerSec: nullableNumber('1.0 "written, MiB/s:", 1.1 "write: ... MiB/s", B/s.'),
    reads: nullableNumber('0.4 "Operations performed: N Read, ...".'),
    writes: nullableNumber('0.4 "... N Write, ...".'),
    other: nullableNumber('0.4 "... N Other" (fsyncs).'),
    total: nullableNumber('0.4 "... = N Total".'),
    readBytes: nullableNumber('0.4 "Read 14.635Gb", bytes ("Gb" is GiB).'),
    writtenBytes: nullableNumber('0.4 "Written 0b", bytes.'),
    transferredBytes: nullableNumber('0.4 "Total transferred 14.635Gb", bytes.'),
    transferBytesPerSec: nullableNumber('0.4 "(49.954Mb/sec)", B/s ("Mb" is MiB).'),
    requestsPerSec: nullableNumber('0.4 "12788.34 Requests/sec executed", op/s.'),
  })
  .strict();

const countAndRate = (name: string) =>
  z
    .object({
      count: z.number().finite().describe(`"${name}: N"`),
      perSec: z.number().finite().nullable().describe(`"(x per sec.)", op/s`),
    })
    .strict()
    .nullable()
    .describe(`"${name}: N (x per sec.)"; null when not printed.`);

export const SysbenchSqlSchema = z
  .object({
    reads: nullableNumber('"queries performed: read: N".'),
    writes: nullableNumber('"write: N".'),
    other: nullableNumber('"other: N".'),
    total: nullableNumber('"total: N".'),
    transactions: countAndRate('transactions'),
    queries: countAndRate('queries'),
    ignoredErrors: countAndRate('ignored errors'),
    reconnects: countAndRate('reconnects'),
    deadlocks: countAndRate('deadlocks'),
    readWriteRequests: countAndRate('read/write requests'),
    otherOperations: countAndRate('other operations'),
  })
  .strict()
  .describe('"SQL statistics:" (1.x) or "OLTP test statistics:" (0.4/0.5).');

export const SysbenchHistogramBucketSchema = z
  .object({
    valueNs: z.number().finite().describe('The bucket value, ns ("values are in milliseconds").'),
    count: z.number().finite().describe('Events in the bucket.'),
  })
  .strict();

export const SysbenchIntervalSchema = z
  .object({
    offsetSec: z.number().finite().describe('"[ 2s ]": seconds since the start of the run.'),
    threads: nullableNumber('"thds: N" / "threads: N".'),
    eventsPerSec: nullableNumber('"eps:" / "events/s:", op/s.'),
    tps: nullableNumber('"tps:", op/s.'),
    qps: nullableNumber('"qps:", op/s.'),
    readsPerSec: nullableNumber('"(r/w/o: r/.../...)" (1.x) or "reads:" (0.5), op/s.'),
    writesPerSec: nullableNumber('"(r/w/o: .../w/...)" or "writes:", op/s.'),
    otherPerSec: nullableNumber('"(r/w/o: .../.../o)", op/s.'),
    latencyPercent: nullableNumber(
      'The percentile of the latency: 95 in "lat (ms,95%)", 99 in "response time: ...ms (99%)".',
    ),
    latencyNs: nullableNumber('"lat (ms,95%): x" / "response time: x ms (99%)", ns.'),
    errorsPerSec: nullableNumber('"err/s:" / "errors:", op/s.'),
    reconnectsPerSec: nullableNumber('"reconn/s:" / "reconnects:", op/s.'),
    readBytesPerSec: nullableNumber('fileio "reads: x MiB/s", B/s.'),
    writtenBytesPerSec: nullableNumber('fileio "writes: x MiB/s", B/s.'),
    fsyncsPerSec: nullableNumber('fileio "fsyncs: x/s", op/s.'),
    transferBytesPerSec: nullableNumber('memory "[ 1s ] 6300.95 MiB/sec", B/s.'),
    queueLength: nullableNumber('"queue: N" (--rate).'),
    concurrency: nullableNumber('"concurrency: N" (--rate).'),
  })
  .strict()
  .describe('One --report-interval line.');

export const SysbenchPrepareSchema = z
  .object({
    writtenBytes: nullableNumber('fileio prepare "8388608 bytes written in 0.01 seconds", bytes.'),
    durationNs: nullableNumber('"... in 0.01 seconds", ns.'),
    writeBytesPerSec: nullableNumber('"(872.03 MiB/sec)", B/s.'),
  })
  .strict();

export const SysbenchRunSchema = z
  .object({
    version: z.string().nullable().describe('The version the header line names: "1.0.20", "0.4.12", "1.1.0-df89d34".'),
    luajit: z.string().nullable().describe('"(using system LuaJIT 2.1.0-beta3)": the LuaJIT named, or null.'),
    command: z.enum(['run', 'prepare', 'cleanup']).nullable().describe('What the run did, from its lines.'),
    test: SysbenchTestSchema,
    mode: z
      .string()
      .nullable()
      .describe('The series the test varies: fileio test mode (rndrw), memory operation (write), 0.4 OLTP mode.'),
    line: z.number().int().describe('1-based line where the run starts in the input.'),
    isComplete: z
      .boolean()
      .describe('False when the output stops before the end of its statistics (a killed run or a cut copy).'),
    warnings: z.array(z.string()).describe('"WARNING: ..." lines printed before or during the run, as printed.'),
    errors: z.array(z.string()).describe('"FATAL: ..." lines the tool printed.'),
    parameters: SysbenchParametersSchema,
    general: SysbenchGeneralSchema,
    latency: SysbenchLatencySchema.nullable(),
    fairness: SysbenchFairnessSchema.nullable(),
    memory: SysbenchMemorySchema.nullable(),
    fileio: SysbenchFileioSchema.nullable(),
    sql: SysbenchSqlSchema.nullable(),
    prepare: SysbenchPrepareSchema.nullable(),
    histogram: z
      .array(SysbenchHistogramBucketSchema)
      .describe('"Latency histogram (values are in milliseconds)" buckets.'),
    intervals: z
      .array(SysbenchIntervalSchema)
      .describe('The --report-interval lines, in order (or the intermediate reports of sysbench.report_json).'),
    cumulative: SysbenchIntervalSchema.nullable().describe(
      'The cumulative report of a Lua script whose report_cumulative hook is sysbench.report_json (1.0+), in place ' +
        'of the text statistics: rates over the whole run; offsetSec is its "time" (whole seconds), threads is null ' +
        '(the reporter prints 0, the threads running once they have ended), latencyNs the latency at --percentile ' +
        '(latencyPercent null: the report does not name it).',
    ),
  })
  .strict()
  .describe('One sysbench invocation.');

export const SysbenchResultSchema = z
  .object({
    runs: z.array(SysbenchRunSchema).min(1).describe('Every run of the input, in order.'),
  })
  .strict()
  .describe('A sysbench text output: one or more runs.');

export type SysbenchResult = z.output<typeof SysbenchResultSchema>;
export type SysbenchRun = z.output<typeof SysbenchRunSchema>;
export type SysbenchTest = NonNullable<z.output<typeof SysbenchTestSchema>>;
export type SysbenchParameters = z.output<typeof SysbenchParametersSchema>;
export type SysbenchInterval = z.output<typeof SysbenchIntervalSchema>;
export type SysbenchLatency = z.output<typeof SysbenchLatencySchema>;
export type SysbenchSql = z.output<typeof SysbenchSqlSchema>;
export type SysbenchFileio = z.output<typeof SysbenchFileioSchema>;
export type SysbenchMemory = z.output<typeof SysbenchMemorySchema>;
