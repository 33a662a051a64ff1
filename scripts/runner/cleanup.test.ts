import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  descendants,
  hasCommand,
  IS_CI,
  IS_ROOT,
  isRunning,
  listing,
  removeAll,
  runnerArgs,
  runRunner,
  type Started,
  startRunner,
  tempDir,
  testExperimentId,
} from './helpers.ts';

// A run killed by SIGKILL (no trap runs): its guard stops iostat and the benchmark, and what it
// made carries markers by which the next run, or --cleanup, removes it; nothing without the
// marker of a run that no longer runs is ever touched.

/** A UUID no filesystem here has: a zram line of a hand-written ledger names it. */
const ZRAM_UUID = '00000000-0000-4000-8000-000000000000';
const TOOLS = ['sysbench', 'iostat'];
const missing = TOOLS.filter((tool) => !hasCommand(tool));
const hasTools = missing.length === 0 || IS_CI;
const toolsNote = hasTools ? '' : ` (skipped: ${missing.join(', ')} not installed)`;
const experiment = testExperimentId();
/** The killed runs' benchmark time: far beyond the test's timeout, so only stopping it ends it. */
const BENCHMARK_RUNTIME_S = 3600;
/** How long the guard may take to notice: generous, it only turns a hang into a failure. */
const GONE_WITHIN_MS = 30_000;

/**
 * The environment of the runs a test kills and cleans up after: a $TMPDIR of its own, so that no
 * other run of the suite (which removes the temporary folders of dead runs it finds there) takes
 * the folders this test expects its cleanup to name.
 */
const ownTmp = (scratch: string) => ({ TMPDIR: join(scratch, 'tmp') });

/** The PID in a line the runner printed: "iostat started (PID 123)". */
async function iostatPidOf(started: Started): Promise<number> {
  return Number(/\(PID (\d+)\)/.exec(await started.waitFor(/iostat started \(PID \d+\)/))?.[1]);
}

/** The running processes under a process that run the named program. */
function runningUnder(pid: number, name: string): number[] {
  return descendants(pid)
    .filter((entry) => entry.name === name)
    .map((entry) => entry.pid);
}

/** SIGKILL to each process of the list that still runs, whatever the test's outcome. */
function killOnFinish(pids: () => number[]): void {
  onTestFinished(() => {
    for (const pid of pids()) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });
}

/** The lines of a marker file as key -> value ("pid 123" -> pid: "123"), the first of each key. */
async function readMarker(path: string): Promise<{ fields: Map<string, string>; lines: string[] }> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const fields = new Map<string, string>();
  for (const line of lines) {
    const [key = '', ...rest] = line.split(' ');
    if (!fields.has(key)) fields.set(key, rest.join(' '));
  }
  return { fields, lines };
}

/** When a process started, as ps prints it (the marker's `start`). */
function processStart(pid: number): string {
  return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' })
    .trim()
    .replace(/\s+/g, ' ');
}

describe.skipIf(!hasTools)(`scripts/benchfolio-run killed with SIGKILL${toolsNote}`, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('kill');
    await mkdir(ownTmp(scratch).TMPDIR);
  });
  afterAll(() => removeAll(scratch));

  const longRun = (dir: string, out: string) =>
    runnerArgs({
      dir,
      experiment,
      run: 'a',
      profile: 'sysbench-fileio-seed',
      size: '4M',
      runtime: BENCHMARK_RUNTIME_S,
      threads: 1,
      noDropCaches: true,
      out,
    });

  /**
   * Starts a run that would take an hour, SIGKILLs the runner once its benchmark runs, and returns
   * its PID and start, iostat's and the benchmark's PIDs.
   */
  async function killMidRun(dir: string, out: string) {
    await mkdir(dir);
    const started = startRunner(longRun(dir, out), ownTmp(scratch));
    const runner = started.child.pid as number;
    const iostat = await iostatPidOf(started);
    await started.waitFor(/running \(sysbench--fileio-seqwr-t1-1\.txt\)/);
    await expect.poll(() => runningUnder(runner, 'sysbench'), { timeout: 20_000, interval: 50 }).toHaveLength(1);
    const [benchmark] = runningUnder(runner, 'sysbench') as [number];
    killOnFinish(() => [runner, iostat, benchmark]);
    const start = processStart(runner);
    started.child.kill('SIGKILL');
    const result = await started.done;
    expect(result.signal).toBe('SIGKILL');
    return { runner, start, iostat, benchmark };
  }

  /** The ledger a killed run left (its work folder's marker) and the temporary folder it names. */
  async function readLedger(dir: string) {
    const ledger = await readMarker(join(dir, 'benchfolio-work', '.benchfolio-run'));
    const temp = ledger.lines.find((line) => line.startsWith('folder temporary-folder '))?.split(' ')[2] as string;
    return { ledger, temp };
  }

  it('iostat and the benchmark stop once the runner is gone; its markers name its PID and start', async () => {
    const dir = join(scratch, 'guard');
    const out = join(scratch, 'guard-out', experiment, 'runs', 'a');
    const killed = await killMidRun(dir, out);
    await expect.poll(() => isRunning(killed.iostat), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
    await expect.poll(() => isRunning(killed.benchmark), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
    const { ledger, temp } = await readLedger(dir);
    // Every folder it made carries the same marker: PID, start, host.
    expect(ledger.fields.get('pid')).toBe(String(killed.runner));
    expect(ledger.fields.get('start')).toBe(killed.start);
    expect(ledger.fields.get('host')).toBe(execFileSync('uname', ['-n'], { encoding: 'utf8' }).trim());
    expect(ledger.lines).toContain(`folder partial-run-folder ${out}`);
    for (const folder of [out, temp]) {
      const marker = await readMarker(join(folder, '.benchfolio-run'));
      expect(marker.lines, folder).toEqual(ledger.lines.slice(0, 3));
    }
  });

  it('the next run on the same --dir removes the work folder, temporary folder and partial run folder, naming each', async () => {
    const dir = join(scratch, 'next');
    const out = join(scratch, 'next-out', experiment, 'runs', 'a');
    const killed = await killMidRun(dir, out);
    const { ledger, temp } = await readLedger(dir);
    expect(await listing(dir)).toEqual(['benchfolio-work']);
    expect(existsSync(temp)).toBe(true);
    const result = await runRunner(
      runnerArgs({
        dir,
        experiment,
        run: 'a',
        profile: 'sysbench-cpu',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out,
      }),
      ownTmp(scratch),
    );
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n');
    expect(lines).toContain(
      `benchfolio-run: cleanup: the run of PID ${killed.runner}, started ${killed.start}, host ${ledger.fields.get('host')} no longer runs; removing what it left:`,
    );
    expect(lines).toContain(`benchfolio-run: cleanup: removed the partial run folder ${out}`);
    expect(lines).toContain(`benchfolio-run: cleanup: removed the temporary folder ${temp}`);
    expect(lines).toContain(`benchfolio-run: cleanup: removed the work folder ${dir}/benchfolio-work`);
    expect(existsSync(temp)).toBe(false);
    expect(await listing(dir)).toEqual([]);
    // The new run's folder, whole, in the place of the partial one.
    expect(await listing(out)).toEqual(['README.md', 'iostat--a.txt', 'run.yaml', 'sysbench--cpu-t1-1.txt']);
  });

  it('--cleanup --dir removes them, the folders made around the run folder too, and runs nothing', async () => {
    const dir = join(scratch, 'cleanup');
    const results = join(scratch, 'cleanup-out');
    const out = join(results, experiment, 'runs', 'a');
    await killMidRun(dir, out);
    const { temp } = await readLedger(dir);
    const result = await runRunner(['--cleanup', '--dir', dir], ownTmp(scratch));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `benchfolio-run: cleanup: removed the partial run folder ${out}`,
        `benchfolio-run: cleanup: removed the empty folder ${join(results, experiment, 'runs')}`,
        `benchfolio-run: cleanup: removed the empty folder ${join(results, experiment)}`,
        `benchfolio-run: cleanup: removed the empty folder ${results}`,
        `benchfolio-run: cleanup: removed the temporary folder ${temp}`,
        `benchfolio-run: cleanup: removed the work folder ${dir}/benchfolio-work`,
        `benchfolio-run: cleanup: done; no leftover of a dead run in ${dir}`,
      ]),
    );
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(results)).toBe(false);
    expect(existsSync(temp)).toBe(false);
    // Once more: nothing left to do.
    const again = await runRunner(['--cleanup', '--dir', dir]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`benchfolio-run: cleanup: done; no leftover of a dead run in ${dir}\n`);
  });

  it('a run that still runs is never touched: --cleanup leaves it, another run is refused naming it', async () => {
    const dir = join(scratch, 'live');
    const out = join(scratch, 'live-out', experiment, 'runs', 'a');
    await mkdir(dir);
    const started = startRunner(longRun(dir, out), ownTmp(scratch));
    const runner = started.child.pid as number;
    const iostat = await iostatPidOf(started);
    killOnFinish(() => [runner, iostat, ...runningUnder(runner, 'sysbench')]);
    await started.waitFor(/running \(sysbench--fileio-seqwr-t1-1\.txt\)/);
    const who = `PID ${runner}, started ${processStart(runner)}`;
    const cleanup = await runRunner(['--cleanup', '--dir', dir]);
    expect(cleanup.code).toBe(0);
    expect(cleanup.stderr).toContain(`cleanup: ${dir} is in use by a run that still runs (${who}`);
    const other = await runRunner(
      runnerArgs({ dir, experiment, run: 'b', profile: 'sysbench-cpu', runtime: 1, noDropCaches: true }),
    );
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`error: --dir ${dir} is in use by a run that still runs (${who}`);
    expect(await listing(dir)).toEqual(['benchfolio-work']);
    expect(await listing(out)).toContain('.benchfolio-run');
    started.child.kill('SIGTERM');
    expect((await started.done).code).toBe(143);
    expect(await listing(dir)).toEqual([]);
  });
});

describe('scripts/benchfolio-run --cleanup touches nothing without the marker of a dead run', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('cleanup-marks');
  });
  afterAll(() => removeAll(scratch));

  /** This machine's name as markers hold it (one word). */
  const host = () =>
    execFileSync('uname', ['-n'], { encoding: 'utf8' })
      .trim()
      .replace(/[^A-Za-z0-9._-]/g, '_');
  /** A marker of a run that no longer runs: PID 1 never started at the epoch. */
  const deadMarker = () => `# a marker\npid 1\nstart Thu Jan 1 00:00:00 1970\nhost ${host()}\n`;

  it('a work folder without a marker: the run refuses --dir, --cleanup leaves it', async () => {
    const dir = join(scratch, 'unmarked');
    await mkdir(join(dir, 'benchfolio-work'), { recursive: true });
    await writeFile(join(dir, 'benchfolio-work', 'data'), 'kept');
    const result = await runRunner(
      runnerArgs({ dir, experiment, run: 'a', profile: 'sysbench-cpu', runtime: 1, noDropCaches: true, dryRun: true }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/holds files the runner did not create \(benchfolio-work\)/);
    const cleanup = await runRunner(['--cleanup', '--dir', dir]);
    expect(cleanup.code).toBe(0);
    expect(await readFile(join(dir, 'benchfolio-work', 'data'), 'utf8')).toBe('kept');
  });

  it("a dead run's ledger naming what is not its own: a folder without its marker, an image outside --dir, a mount point elsewhere, a zram device without its filesystem", async () => {
    const dir = join(scratch, 'forged');
    const work = join(dir, 'benchfolio-work');
    const unmarked = join(scratch, 'precious');
    const otherRun = join(scratch, 'other-run');
    const victim = join(scratch, 'victim.img');
    await mkdir(work, { recursive: true });
    await mkdir(unmarked);
    await writeFile(join(unmarked, 'data'), 'kept');
    await mkdir(otherRun);
    await writeFile(join(otherRun, '.benchfolio-run'), deadMarker().replace('pid 1', 'pid 2'));
    await writeFile(victim, 'kept');
    const inode = (await stat(victim)).ino;
    await writeFile(
      join(work, '.benchfolio-run'),
      `${deadMarker()}folder partial-run-folder ${unmarked}\nfolder temporary-folder ${otherRun}\nimage ${inode} ${victim}\nmount /dev/loop0 ${scratch}\nzram /dev/zram0 ${ZRAM_UUID}\n`,
    );
    const result = await runRunner(['--cleanup', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        `benchfolio-run: cleanup: left alone: ${unmarked} (partial run folder) holds no marker of that run`,
        `benchfolio-run: cleanup: left alone: ${otherRun} (temporary folder) holds no marker of that run`,
        `benchfolio-run: cleanup: left alone: ${victim} is not the image that run made (another inode)`,
        `benchfolio-run: cleanup: left alone: ${scratch} (/dev/loop0) is no mount point a --loopback or --zram run makes`,
      ]),
    );
    // A zram device (the machine's own zram0, if it has one) holds no filesystem of the UUID the
    // ledger names: it is left alone, whatever its number says.
    if (existsSync('/dev/zram0')) {
      expect(result.stderr).toContain(`cleanup: left alone: /dev/zram0 holds no filesystem of UUID ${ZRAM_UUID}`);
      expect(existsSync('/sys/block/zram0')).toBe(true);
    }
    expect(await readFile(join(unmarked, 'data'), 'utf8')).toBe('kept');
    expect(await readFile(victim, 'utf8')).toBe('kept');
    expect(existsSync(otherRun)).toBe(true);
    expect(await listing(dir)).toEqual([]);
  });

  it("--dry-run on a dead run's leftovers: says the run removes them first, and removes nothing", async () => {
    const dir = join(scratch, 'dry');
    await mkdir(join(dir, 'benchfolio-work'), { recursive: true });
    await writeFile(join(dir, 'benchfolio-work', '.benchfolio-run'), deadMarker());
    const result = await runRunner(
      runnerArgs({ dir, experiment, run: 'a', profile: 'sysbench-cpu', runtime: 1, noDropCaches: true, dryRun: true }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `# --dir holds what the run of PID 1, started Thu Jan 1 00:00:00 1970, host ${host()} left (it no longer runs): the run removes it first, as --cleanup does\n`,
    );
    expect(await listing(join(dir, 'benchfolio-work'))).toEqual(['.benchfolio-run']);
  });

  it('an --append killed while it replaced the run folders: each put back as it was, from the folder beside them', async () => {
    // The state append_commit leaves when killed between its two moves: runs/a moved aside as
    // a.old, its new version in place; runs/b not replaced yet (b.new beside it).
    const dir = join(scratch, 'append');
    const runs = join(scratch, 'append-runs');
    const commit = join(runs, '.benchfolio-append.XXXX');
    await mkdir(join(dir, 'benchfolio-work'), { recursive: true });
    for (const [folder, text] of [
      [join(commit, 'a.old'), 'a as it was'],
      [join(runs, 'a'), 'a with the append'],
      [join(runs, 'b'), 'b as it was'],
      [join(commit, 'b.new'), 'b with the append'],
    ] as const) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'run.yaml'), text);
    }
    await writeFile(join(commit, '.benchfolio-run'), deadMarker());
    await writeFile(
      join(dir, 'benchfolio-work', '.benchfolio-run'),
      `${deadMarker()}commit ${commit}
`,
    );
    const result = await runRunner(['--cleanup', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        `benchfolio-run: cleanup: put ${join(runs, 'a')} back as it was before the unfinished --append`,
        `benchfolio-run: cleanup: removed the --append folder ${commit}`,
      ]),
    );
    expect(await readFile(join(runs, 'a', 'run.yaml'), 'utf8')).toBe('a as it was');
    expect(await readFile(join(runs, 'b', 'run.yaml'), 'utf8')).toBe('b as it was');
    expect(await listing(runs)).toEqual(['a', 'b']);
    expect(await listing(dir)).toEqual([]);
  });

  it.skipIf(!IS_ROOT && !IS_CI)(
    `another user's ledger names nothing: left alone${IS_ROOT ? '' : ' (skipped: chown needs root)'}`,
    async () => {
      const dir = join(scratch, 'other-user');
      const work = join(dir, 'benchfolio-work');
      const target = join(scratch, 'target');
      await mkdir(work, { recursive: true });
      await mkdir(target);
      const marker = deadMarker();
      await writeFile(join(target, '.benchfolio-run'), marker);
      await writeFile(join(work, '.benchfolio-run'), `${marker}folder partial-run-folder ${target}\n`);
      for (const path of [work, join(work, '.benchfolio-run')]) await chown(path, 65534, 65534);
      const result = await runRunner(['--cleanup', '--dir', dir]);
      expect(result.stderr).toMatch(
        /names no run of root \(another user's, or no pid and start in it\): \S+ left alone/,
      );
      expect(existsSync(target)).toBe(true);
      expect(await listing(dir)).toEqual(['benchfolio-work']);
    },
  );
});

const loopNeeds = ['sysbench', 'iostat', 'losetup', 'mkfs.ext4'].filter((name) => !hasCommand(name));
const loopReason = !IS_ROOT ? 'not root' : loopNeeds.length > 0 ? `${loopNeeds.join(', ')} not installed` : '';
const canLoop = loopReason === '' || IS_CI;

/** Loop devices whose backing file is under the folder. */
function loopsUnder(dir: string): string[] {
  const text = execFileSync('losetup', ['-n', '-O', 'NAME,BACK-FILE', '-l'], { encoding: 'utf8' });
  return text.split('\n').filter((line) => line.includes(dir));
}

/** Mount points under the folder, with their sources. */
function mountsUnder(dir: string): { target: string; source: string }[] {
  return execFileSync('findmnt', ['-n', '-r', '-o', 'TARGET,SOURCE'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([target]) => target?.startsWith(dir))
    .map(([target = '', source = '']) => ({ target, source }));
}

describe.skipIf(!canLoop)(
  `scripts/benchfolio-run --loopback killed with SIGKILL${canLoop ? '' : ` (skipped: ${loopReason})`}`,
  () => {
    let scratch: string;
    beforeAll(async () => {
      scratch = await tempDir('kill-loop');
      await mkdir(ownTmp(scratch).TMPDIR);
    });
    afterAll(async () => {
      // Whatever the outcome, nothing of the test stays mounted or attached.
      for (const { target } of mountsUnder(scratch)) execFileSync('umount', ['-l', target]);
      for (const line of loopsUnder(scratch)) execFileSync('losetup', ['-d', line.split(' ')[0] as string]);
      await removeAll(scratch);
    });

    /** Starts --loopback ext4 with an hour of sysbench; resolves once the benchmark runs. */
    async function startLoopback(dir: string, runs: string) {
      await mkdir(dir);
      const started = startRunner(
        runnerArgs({
          loopback: 'ext4',
          dir,
          experiment,
          profile: 'sysbench-cpu',
          runtime: BENCHMARK_RUNTIME_S,
          threads: 1,
          noDropCaches: true,
          out: runs,
        }),
        ownTmp(scratch),
      );
      const parent = started.child.pid as number;
      const iostat = await iostatPidOf(started);
      await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
      await expect.poll(() => runningUnder(parent, 'sysbench'), { timeout: 20_000, interval: 50 }).toHaveLength(1);
      const [benchmark] = runningUnder(parent, 'sysbench') as [number];
      const [child] = runningUnder(parent, 'benchfolio-run') as [number];
      killOnFinish(() => [parent, child, iostat, benchmark]);
      return { started, parent, child, iostat, benchmark };
    }

    it('both runners killed (as when a container goes): --cleanup unmounts, detaches, removes the image and every folder, naming each', async () => {
      const dir = join(scratch, 'both');
      const results = join(scratch, 'both-results');
      const runs = join(results, experiment, 'runs');
      const run = await startLoopback(dir, runs);
      const [mount] = mountsUnder(dir);
      expect(mount?.target).toBe(join(dir, 'benchfolio-ext4'));
      const device = mount?.source as string;
      const childLedger = await readMarker(join(dir, 'benchfolio-ext4', 'benchfolio-work', '.benchfolio-run'));
      const temp = childLedger.lines.find((line) => line.startsWith('folder temporary-folder '))?.split(' ')[2];
      process.kill(run.child, 'SIGKILL');
      process.kill(run.parent, 'SIGKILL');
      await run.started.done;
      await expect.poll(() => isRunning(run.iostat), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
      await expect.poll(() => isRunning(run.benchmark), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
      // What they left: the mount, the loop device, the image, the partial run folder.
      expect(mountsUnder(dir)).toHaveLength(1);
      expect(loopsUnder(dir)).toHaveLength(1);
      expect(await listing(dir)).toEqual(['benchfolio-ext4', 'benchfolio-ext4.img', 'benchfolio-work']);
      expect(await listing(join(runs, 'ext4'))).toContain('.benchfolio-run');

      const result = await runRunner(['--cleanup', '--dir', dir], ownTmp(scratch));
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stderr.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          `benchfolio-run: cleanup: removed the partial run folder ${join(runs, 'ext4')}`,
          `benchfolio-run: cleanup: removed the temporary folder ${temp}`,
          `benchfolio-run: cleanup: removed the work folder ${dir}/benchfolio-ext4/benchfolio-work`,
          `benchfolio-run: cleanup: unmounted ${dir}/benchfolio-ext4 (${device})`,
          `benchfolio-run: cleanup: removed the mount point ${dir}/benchfolio-ext4`,
          `benchfolio-run: cleanup: detached the loop device ${device} (${dir}/benchfolio-ext4.img)`,
          `benchfolio-run: cleanup: removed the image ${dir}/benchfolio-ext4.img`,
          `benchfolio-run: cleanup: removed the empty folder ${results}`,
          `benchfolio-run: cleanup: removed the work folder ${dir}/benchfolio-work`,
        ]),
      );
      // Unmounted before its loop device is detached, and that before the image is removed.
      const order = ['unmounted', 'detached the loop device', 'removed the image'].map((what) =>
        lines.findIndex((line) => line.includes(`cleanup: ${what} `)),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(mountsUnder(dir)).toEqual([]);
      expect(loopsUnder(dir)).toEqual([]);
      expect(await listing(dir)).toEqual([]);
      expect(existsSync(results)).toBe(false);
      expect(existsSync(temp as string)).toBe(false);
    }, 120_000);

    it('the --loopback invocation killed alone: its run on the filesystem stops itself; the next run cleans up and runs', async () => {
      const dir = join(scratch, 'parent');
      const runs = join(scratch, 'parent-results', experiment, 'runs');
      const run = await startLoopback(dir, runs);
      process.kill(run.parent, 'SIGKILL');
      await run.started.done;
      // The run on ext4 is told to stop by its guard, and cleans up after itself as on Ctrl-C.
      for (const pid of [run.child, run.iostat, run.benchmark]) {
        await expect.poll(() => isRunning(pid), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
      }
      expect(existsSync(join(runs, 'ext4'))).toBe(false);
      expect(mountsUnder(dir)).toHaveLength(1);
      const next = await runRunner(
        runnerArgs({
          loopback: 'ext4',
          dir,
          experiment,
          profile: 'sysbench-cpu',
          runtime: 1,
          threads: 1,
          noDropCaches: true,
          out: runs,
        }),
        ownTmp(scratch),
      );
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toMatch(/cleanup: unmounted \S+\/benchfolio-ext4 \(\/dev\/loop\d+\)\n/);
      expect(next.stderr).toMatch(/cleanup: removed the image \S+\/benchfolio-ext4\.img\n/);
      expect(next.stderr).toMatch(/done: 1 run\(s\)/);
      expect(await listing(join(runs, 'ext4'))).toEqual([
        'README.md',
        'iostat--ext4.txt',
        'run.yaml',
        'sysbench--cpu-t1-1.txt',
      ]);
      expect(mountsUnder(dir)).toEqual([]);
      expect(loopsUnder(dir)).toEqual([]);
      expect(await listing(dir)).toEqual([]);
    }, 120_000);
  },
);
