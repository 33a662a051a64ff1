import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MeasureJob, MeasureReply } from './measure-child.ts';

const CHILD_PATH = fileURLToPath(new URL('./measure-child.ts', import.meta.url));

/** Children still measuring, so that an interrupted run can stop them (each by its own handle). */
const activeChildren = new Set<ChildProcess>();

export function stopActiveChildren(): void {
  for (const child of activeChildren) child.kill();
}

export interface Measurement {
  medianDurationMs: number;
  durationsMs: number[];
  peakRssBytes: number;
  startRssBytes: number | null;
}

/**
 * The V8 flags of every measuring process: the young generation of the package's own command
 * (bin/benchfolio.js runs Node with 4 MB semi-spaces), for the baseline and the cases alike.
 * With Node's default, V8 sizes the young generation by the machine's memory (up to 3 x 32 MB
 * here) and lets old garbage grow before a full collection: a 1 GB stream whose live heap stays
 * near 15 MB then peaked at 240-330 MB of RSS, the read-split-regex baseline at 300 MB, and the
 * peak measured how much garbage V8 allows, not what a case keeps.
 */
export const MEASURE_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Runs one measurement in a fresh Node process and resolves with its reply. */
export function measureInChild(job: MeasureJob): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_PATH, [JSON.stringify(job)], {
      execArgv: ['--expose-gc', ...MEASURE_NODE_FLAGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    activeChildren.add(child);
    let reply: MeasureReply | undefined;
    child.on('message', (message) => {
      reply = message as MeasureReply;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      activeChildren.delete(child);
      if (reply?.isOk === true) {
        const { medianDurationMs, durationsMs, peakRssBytes, startRssBytes } = reply;
        resolve({ medianDurationMs, durationsMs, peakRssBytes, startRssBytes });
      } else if (reply?.isOk === false) {
        reject(new Error(reply.message));
      } else {
        // No reply: killed (out of memory, a signal) or crashed before it could answer.
        reject(new Error(`the measuring process exited with ${signal ?? `code ${code}`} and no result`));
      }
    });
  });
}
