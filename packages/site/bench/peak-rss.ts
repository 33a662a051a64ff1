import { readdir, readFile } from 'node:fs/promises';

/**
 * The peak resident memory of a process and every process it starts (Astro's build, and the
 * Pagefind binary it runs), read from Linux's /proc: each process's high-water mark (VmHWM) is
 * polled while it lives, and the peaks are added up. A sum of peaks is never below the peak of
 * the sum: a bound to hold a build under, not an estimate that could flatter it.
 */
export function watchPeakRss(rootPid: number, intervalMs = 200): { stop(): Promise<number> } {
  const peaks = new Map<number, number>();
  let polling = Promise.resolve();
  const poll = async () => {
    for (const pid of await processTree(rootPid)) {
      const bytes = await highWaterMark(pid);
      if (bytes !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, bytes));
    }
  };
  const timer = setInterval(() => {
    polling = polling.then(poll);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      return [...peaks.values()].reduce((sum, bytes) => sum + bytes, 0);
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

/** A process's peak resident set in bytes (VmHWM), or undefined once it is gone. */
async function highWaterMark(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kib = status?.match(/^VmHWM:\s+(\d+) kB$/m)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}
