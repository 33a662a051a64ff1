import { readdir, readFile } from 'node:fs/promises';

export interface PeakRss {
  /**
   * The highest sum, over the moments polled, of the high-water marks (VmHWM) of the processes
   * alive at that moment, in bytes.
   */
  bytes: number;
  /** Each command's own highest high-water mark, in bytes (the largest of its processes). */
  byCommand: Map<string, number>;
}

/**
 * The peak resident memory of a process and every process it starts (Astro's build, and the
 * Pagefind binaries it runs one after another), read from Linux's /proc. At each poll the
 * high-water marks of the processes alive then are added up, and the highest sum is kept. A
 * process's high-water mark is never below its resident memory at any moment it lived, so the
 * sum is never below the memory the build held at that moment: a bound to hold a build under.
 * Processes that ran one after the other are not added together: the machine never held both.
 * (Memory a process reaches and gives back within one interval before it exits is the only
 * thing this can miss; Pagefind's indexer and Astro live for seconds at least.)
 */
export function watchPeakRss(rootPid: number, intervalMs = 200): { stop(): Promise<PeakRss> } {
  const peak: PeakRss = { bytes: 0, byCommand: new Map() };
  let polling = Promise.resolve();
  const poll = async () => {
    let sum = 0;
    for (const pid of await processTree(rootPid)) {
      const status = await readProcessStatus(pid);
      if (status === undefined) continue;
      sum += status.highWaterBytes;
      const byCommand = peak.byCommand.get(status.command) ?? 0;
      peak.byCommand.set(status.command, Math.max(byCommand, status.highWaterBytes));
    }
    peak.bytes = Math.max(peak.bytes, sum);
  };
  const timer = setInterval(() => {
    polling = polling.then(poll);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      return peak;
    },
  };
}

/** `rootPid` and its descendants that are alive now. */
async function processTree(rootPid: number): Promise<number[]> {
  const parentOf = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses.
    const afterCommand = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(afterCommand[1]);
    if (Number.isInteger(parent)) parentOf.set(Number(name), parent);
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** A process's command name and peak resident set in bytes (VmHWM), or undefined once it is gone. */
async function readProcessStatus(pid: number): Promise<{ command: string; highWaterBytes: number } | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kib = status?.match(/^VmHWM:\s+(\d+) kB$/m)?.[1];
  const command = status?.match(/^Name:\s+(.*)$/m)?.[1];
  if (kib === undefined || command === undefined) return undefined;
  return { command, highWaterBytes: Number(kib) * 1024 };
}
