import { type OperationSpec, operationFor, ownPeakRssBytes } from './operations.ts';
import { median } from './stats.ts';

/**
 * The child side of a measurement: `run.ts` forks this file once per case and size for the
 * timings, so that no case warms up the next one's JIT, and starts it again with
 * MEMORY_PASS_ARG for each memory pass (one pass over the input, its peak RSS alone).
 *
 * The timed region is one whole pass (see operations.ts), reading the file included: a streaming
 * case reads in chunks and a CLI case in a process of its own, so reading cannot be left out.
 */

/** What the parent asks for: a baseline when `tool` is absent, else a case in its mode. */
export interface MeasureJob extends OperationSpec {
  inputPath: string;
  /** Timed iterations at least; fast operations get more (see MIN_TIMED_MS). */
  iterations: number;
}

export type MeasureReply =
  | {
      isOk: true;
      /** Median of the timed iterations (at least the requested count), after untimed warm-up runs. */
      medianDurationMs: number;
      durationsMs: number[];
      /**
       * For a case run in a process of its own (a CLI): the median of the peak RSS of its runs,
       * one process each. Null for a case run in this process: its memory is measured in passes
       * of their own (memoryPass), since this process's peak is that of all its passes together.
       */
      peakRssBytes: number | null;
    }
  | { isOk: false; message: string };

/** What a memory pass prints on standard output, as JSON. */
export type MemoryPassReply =
  | {
      isOk: true;
      /** Peak RSS of the process, from its start (VmHWM): one pass over the input, modules loaded. */
      peakRssBytes: number;
      /** RSS once the operation is loaded, before it reads anything. */
      startRssBytes: number;
    }
  | { isOk: false; message: string };

/** Fast operations get more runs, up to about MIN_TIMED_MS in all: their medians are noisier. */
const MIN_TIMED_MS = 300;
const WARM_UP_RUNS = 2;
const MAX_ITERATIONS = 30;

function iterationCount(requested: number, warmUpMs: number): number {
  const toFillMinimum = Math.ceil(MIN_TIMED_MS / Math.max(warmUpMs, 1));
  return Math.max(requested, Math.min(MAX_ITERATIONS, toFillMinimum));
}

async function measure(job: MeasureJob): Promise<MeasureReply> {
  const operation = await operationFor(job);
  // `--expose-gc` from the parent: collecting before each iteration keeps the garbage of the
  // previous one out of its timing.
  const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});
  // The warm-up lets V8 optimise the hot paths and size its heap; it also proves the parse
  // succeeds. Two runs, because one is not enough for an allocating operation: splitting 64 MB
  // into lines took 122 ms, then 84 ms, then 47-51 ms every time.
  let checksum = 0;
  let warmUpMs = 0;
  const childPeaksBytes: number[] = [];
  const run = async () => {
    const result = await operation(job.inputPath);
    checksum += result.count;
    if (result.childPeakRssBytes !== undefined) childPeaksBytes.push(result.childPeakRssBytes);
  };
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    collectGarbage();
    const start = performance.now();
    await run();
    warmUpMs = performance.now() - start;
  }
  const iterations = iterationCount(job.iterations, warmUpMs);
  const durationsMs: number[] = [];
  for (let i = 0; i < iterations; i++) {
    collectGarbage();
    const start = performance.now();
    await run();
    durationsMs.push(performance.now() - start);
  }
  // Keeps the results observable, so no iteration can be optimised away.
  if (!Number.isFinite(checksum)) throw new Error('the operation returned no count');
  return {
    isOk: true,
    medianDurationMs: median(durationsMs),
    durationsMs,
    // A CLI case's memory is its children's: the median, not the highest (a run's peak varies
    // with when V8 collects; issue 39 saw the fio-log CLI's at 80-106 MiB in 8 runs of 10, 231 in 2).
    peakRssBytes: childPeaksBytes.length > 0 ? median(childPeaksBytes) : null,
  };
}

/**
 * One pass in a fresh process, for its peak RSS alone: a process started by `node` directly (not
 * forked from the bench, whose peak a forked child would start with), reading VmHWM at the end.
 */
async function memoryPass(job: MeasureJob): Promise<MemoryPassReply> {
  const operation = await operationFor(job);
  const startRssBytes = process.memoryUsage().rss;
  const result = await operation(job.inputPath);
  if (!Number.isFinite(result.count)) throw new Error('the operation returned no count');
  return { isOk: true, peakRssBytes: ownPeakRssBytes(), startRssBytes };
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'ParseError') {
    // Where the parser gave up on the bench input says more than a stack.
    const { code, line, column } = error as Error & { code: string; line: number; column: number };
    return `ParseError ${code} at ${line}:${column}: ${error.message}`;
  }
  if (error instanceof Error) return error.stack ?? error.toString();
  return String(error);
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as MeasureJob;
  let reply: MeasureReply;
  try {
    reply = await measure(job);
  } catch (error) {
    reply = { isOk: false, message: describeFailure(error) };
  }
  // Disconnecting closes the IPC channel, the one thing that would keep the child alive.
  process.send?.(reply, () => process.disconnect());
}

async function mainMemoryPass(): Promise<void> {
  const job = JSON.parse(process.argv[3] ?? '') as MeasureJob;
  let reply: MemoryPassReply;
  try {
    reply = await memoryPass(job);
  } catch (error) {
    reply = { isOk: false, message: describeFailure(error) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}

/** The first argument of a memory pass (run-child.ts measureMemory). */
export const MEMORY_PASS_ARG = '--memory-pass';

// Only when started by run.ts: importing this module (for its types) runs nothing.
if (import.meta.main && process.argv[2] === MEMORY_PASS_ARG) await mainMemoryPass();
else if (import.meta.main && process.send !== undefined) await main();
