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
}

/** Runs one measurement in a fresh Node process and resolves with its reply. */
export function measureInChild(job: MeasureJob): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_PATH, [JSON.stringify(job)], {
      execArgv: ['--expose-gc'],
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
        const { medianDurationMs, durationsMs, peakRssBytes } = reply;
        resolve({ medianDurationMs, durationsMs, peakRssBytes });
      } else if (reply?.isOk === false) {
        reject(new Error(reply.message));
      } else {
        // No reply: killed (out of memory, a signal) or crashed before it could answer.
        reject(new Error(`the measuring process exited with ${signal ?? `code ${code}`} and no result`));
      }
    });
  });
}
