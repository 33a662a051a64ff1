import { type ChildProcess, fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { MEMORY_PASS_ARG, type MeasureJob, type MeasureReply, type MemoryPassReply } from './measure-child.ts';
import { MEMORY_PASSES, median } from './stats.ts';

const CHILD_SOURCE = fileURLToPath(new URL('./measure-child.ts', import.meta.url));
/**
 * The child as one JavaScript file, beside bench/ (so that its `../dist/` and `../bin/` resolve as
 * the sources' do), git-ignored. A child run from the .ts sources loads Node's TypeScript
 * stripping and the bench's own modules as TypeScript: 17 to 19 MB of RSS before it reads a byte
 * (58.6 MB for Node with one .ts module against 41.5 MB without), which a program using the
 * library does not carry, and which was counted in every case's peak.
 */
const CHILD_BUNDLE = fileURLToPath(new URL('../.bench/measure-child.mjs', import.meta.url));
let isChildBuilt = false;

/** Bundles the child once per bench run (esbuild, a few tens of ms). */
function builtChild(): string {
  if (!isChildBuilt) {
    buildSync({
      entryPoints: [CHILD_SOURCE],
      outfile: CHILD_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'warning',
    });
    isChildBuilt = true;
  }
  return CHILD_BUNDLE;
}

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

/**
 * Times a case in a fresh Node process; its peak RSS is the median of its runs' (a CLI case's
 * processes), else of MEMORY_PASSES passes in processes of their own (measureMemory).
 */
export async function measureInChild(job: MeasureJob): Promise<Measurement> {
  const timed = await timeInChild(job);
  if (timed.peakRssBytes !== null) return { ...timed, peakRssBytes: timed.peakRssBytes, startRssBytes: null };
  const passes: Extract<MemoryPassReply, { isOk: true }>[] = [];
  for (let i = 0; i < MEMORY_PASSES; i++) passes.push(await memoryPassInChild(job));
  return {
    ...timed,
    peakRssBytes: median(passes.map((pass) => pass.peakRssBytes)),
    startRssBytes: median(passes.map((pass) => pass.startRssBytes)),
  };
}

/**
 * One memory pass (measure-child.ts memoryPass) in a process started by `node` itself, not
 * forked from this one: on Linux a child starts with its parent's peak RSS in getrusage, and
 * the bench holds far more than a streaming parse does. It reads its own VmHWM, which starts
 * afresh with the program it runs.
 */
function memoryPassInChild(job: MeasureJob): Promise<Extract<MemoryPassReply, { isOk: true }>> {
  return new Promise((resolve, reject) => {
    const args = [...MEASURE_NODE_FLAGS, builtChild(), MEMORY_PASS_ARG, JSON.stringify(job)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    activeChildren.add(child);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      stdout += data;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      activeChildren.delete(child);
      let reply: MemoryPassReply | undefined;
      try {
        reply = JSON.parse(stdout) as MemoryPassReply;
      } catch {
        reply = undefined;
      }
      if (reply?.isOk === true) resolve(reply);
      else if (reply?.isOk === false) reject(new Error(reply.message));
      else reject(new Error(`the memory pass exited with ${signal ?? `code ${code}`} and no result`));
    });
  });
}

/** Runs the timed iterations in a fresh Node process and resolves with its reply. */
function timeInChild(job: MeasureJob): Promise<Extract<MeasureReply, { isOk: true }>> {
  return new Promise((resolve, reject) => {
    const child = fork(builtChild(), [JSON.stringify(job)], {
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
        resolve(reply);
      } else if (reply?.isOk === false) {
        reject(new Error(reply.message));
      } else {
        // No reply: killed (out of memory, a signal) or crashed before it could answer.
        reject(new Error(`the measuring process exited with ${signal ?? `code ${code}`} and no result`));
      }
    });
  });
}
