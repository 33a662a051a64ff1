import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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
  validate,
  writeExperiment,
} from './helpers.ts';

// scripts/benchfolio-run --zram SIZE: a zram device of its own (zram-control hot_add), ext4 on
// it, one run, and the device removed (hot_remove). What the kernel says of the device is read
// here from /sys/block/zramN and blkid while the benchmark runs. Root and the zram module are
// needed; on CI a missing requirement fails.

const CONTROL = '/sys/class/zram-control';
const needs = ['sysbench', 'iostat', 'mkfs.ext4', 'blkid'].filter((name) => !hasCommand(name));
const reason = !IS_ROOT
  ? 'not root'
  : !existsSync(`${CONTROL}/hot_add`)
    ? 'no zram module (modprobe zram)'
    : needs.length > 0
      ? `${needs.join(', ')} not installed`
      : '';
const canRun = reason === '' || IS_CI;
const note = canRun ? '' : ` (skipped: ${reason})`;
const experiment = testExperimentId();
/** How long the guard may take to notice a kill: generous, it only turns a hang into a failure. */
const GONE_WITHIN_MS = 30_000;
const SIZE_BYTES = 600 * 1024 * 1024;

/** The zram device the runner says it made: "zram: /dev/zram3 of 600 MiB, made by: ...". */
async function madeDevice(started: Started): Promise<string> {
  const line = await started.waitFor(/zram: \/dev\/zram\d+ of /, 60_000);
  return /\/dev\/(zram\d+)/.exec(line)?.[1] as string;
}

/** Mount points under the folder, with their sources. */
function mountsUnder(dir: string): string[] {
  return execFileSync('findmnt', ['-n', '-r', '-o', 'TARGET,SOURCE'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith(`${dir}/`));
}

/** The UUID of the filesystem on a device, as blkid probes it (no cache). */
function uuidOf(device: string): string {
  return execFileSync('blkid', ['-p', '-o', 'value', '-s', 'UUID', `/dev/${device}`], { encoding: 'utf8' }).trim();
}

/** Removes a zram device the test made or a killed run left, if it is still there. */
function removeDevice(device: string): void {
  if (!existsSync(`/sys/block/${device}`)) return;
  for (const line of execFileSync('findmnt', ['-n', '-r', '-o', 'TARGET,SOURCE'], { encoding: 'utf8' }).split('\n')) {
    if (line.endsWith(` /dev/${device}`)) execFileSync('umount', ['-l', line.split(' ')[0] as string]);
  }
  writeFileSync(`${CONTROL}/hot_remove`, device.replace('zram', ''));
}

/** Starts a --zram run of sysbench cpu, 1 thread, for that many seconds. */
function startZram(dir: string, out: string, runtime: number): Started {
  return startRunner(
    runnerArgs({
      zram: '600M',
      dir,
      experiment,
      profile: 'sysbench-cpu',
      runtime,
      threads: 1,
      noDropCaches: true,
      out,
    }),
  );
}

describe.skipIf(!canRun)(`scripts/benchfolio-run --zram${note}`, () => {
  let scratch: string;
  const made: string[] = [];
  beforeAll(async () => {
    scratch = await tempDir('zram');
  });
  afterAll(async () => {
    // Whatever the outcome, no device of the test stays.
    for (const device of made) removeDevice(device);
    await removeAll(scratch);
  });

  it('makes, formats, mounts and removes its own device; run.yaml records it as the kernel does', async () => {
    const dir = join(scratch, 'run');
    await mkdir(dir);
    const experimentDir = join(scratch, 'results', experiment);
    const started = startZram(dir, join(experimentDir, 'runs', 'zram'), 2);
    const device = await madeDevice(started);
    made.push(device);
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    // While the benchmark runs: the device, its size and algorithm, its filesystem and mount.
    // /sys/block/zramN/comp_algorithm reads "[lzo-rle] lzo lz4 ...": the bracketed one is in use.
    const algorithm = /\[([^\]]+)\]/.exec(readFileSync(`/sys/block/${device}/comp_algorithm`, 'utf8'))?.[1];
    expect(Number(readFileSync(`/sys/block/${device}/disksize`, 'utf8'))).toBe(SIZE_BYTES);
    expect(mountsUnder(dir)).toEqual([`${dir}/benchfolio-zram /dev/${device}`]);
    const uuid = uuidOf(device);

    const result = await started.done;
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(`/sys/block/${device}`)).toBe(false);
    expect(mountsUnder(dir)).toEqual([]);
    expect(await listing(dir)).toEqual([]);

    await writeExperiment(experimentDir, 'kind: disk-model');
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const run = checked.experiment?.runs[0]?.run;
    expect([run?.value, run?.label]).toEqual(['zram', 'zram']);
    expect(run?.system.disks).toEqual([
      expect.objectContaining({
        model: 'zram (compressed RAM block device)',
        count: 1,
        size_bytes: SIZE_BYTES,
        rotational: false,
        interface: 'zram',
        device,
      }),
    ]);
    expect(run?.system.disks?.[0]?.note).toContain(`comp_algorithm ${algorithm} (offered: `);
    expect(run?.system.filesystem?.type).toBe('ext4');
    expect(run?.system.filesystem?.mkfs).toBe(`mkfs.ext4 -F -q -U ${uuid} /dev/${device}`);
    expect(run?.system.lvm).toBeUndefined();
    expect(run?.notes).toContain(`Made by --zram 600 MiB: /dev/${device}`);
    expect(run?.notes).toContain('with no disk below');
  }, 120_000);

  it('killed with SIGKILL mid-run: --cleanup unmounts and removes the device that holds its filesystem', async () => {
    const dir = join(scratch, 'killed');
    await mkdir(dir);
    const started = startZram(dir, join(scratch, 'killed-results', 'runs', 'zram'), 3600);
    const device = await madeDevice(started);
    made.push(device);
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    const uuid = uuidOf(device);
    await killAll(started);
    // What they left: the device, mounted.
    expect(mountsUnder(dir)).toEqual([`${dir}/benchfolio-zram /dev/${device}`]);

    const result = await runRunner(['--cleanup', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n');
    expect(lines).toContain(`benchfolio-run: cleanup: unmounted ${dir}/benchfolio-zram (/dev/${device})`);
    expect(lines).toContain(
      `benchfolio-run: cleanup: removed the zram device /dev/${device} (filesystem UUID ${uuid})`,
    );
    expect(existsSync(`/sys/block/${device}`)).toBe(false);
    expect(await listing(dir)).toEqual([]);
  }, 120_000);

  it('killed, then its device removed and the number used again: --cleanup leaves the new device alone', async () => {
    const dir = join(scratch, 'reused');
    await mkdir(dir);
    const started = startZram(dir, join(scratch, 'reused-results', 'runs', 'zram'), 3600);
    const device = await madeDevice(started);
    made.push(device);
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    const uuid = uuidOf(device);
    await killAll(started);
    // Someone removes the device by hand; a new one may get its number (hot_add takes the lowest
    // free one). Either way the ledger's device holds no filesystem of that UUID now.
    removeDevice(device);
    const added = `zram${readFileSync(`${CONTROL}/hot_add`, 'utf8').trim()}`;
    made.push(added);
    onTestFinished(() => removeDevice(added));

    const result = await runRunner(['--cleanup', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('removed the zram device');
    expect(existsSync(`/sys/block/${added}`)).toBe(true);
    if (added === device) {
      expect(result.stderr).toContain(`cleanup: left alone: /dev/${device} holds no filesystem of UUID ${uuid}`);
    }
    expect(await listing(dir)).toEqual([]);
  }, 120_000);

  it('interrupted with SIGTERM: unmounts, removes the device and leaves no run folder', async () => {
    const dir = join(scratch, 'term');
    await mkdir(dir);
    const results = join(scratch, 'term-results');
    const started = startZram(dir, join(results, 'runs', 'zram'), 3600);
    const device = await madeDevice(started);
    made.push(device);
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).not.toBe(0);
    expect(existsSync(`/sys/block/${device}`)).toBe(false);
    expect(mountsUnder(dir)).toEqual([]);
    expect(await listing(dir)).toEqual([]);
    expect(await listing(results)).toBeUndefined();
  }, 120_000);
});

/** SIGKILL to the invocation and the run it started; waits until the benchmark and iostat are gone too. */
async function killAll(started: Started): Promise<void> {
  const parent = started.child.pid as number;
  const processes = descendants(parent).filter((entry) =>
    ['benchfolio-run', 'sysbench', 'iostat'].includes(entry.name),
  );
  onTestFinished(() => {
    for (const { pid } of processes) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });
  for (const { pid } of [{ pid: parent }, ...processes.filter((entry) => entry.name === 'benchfolio-run')]) {
    process.kill(pid, 'SIGKILL');
  }
  await started.done;
  for (const { pid } of processes) {
    await expect.poll(() => isRunning(pid), { timeout: GONE_WITHIN_MS, interval: 100 }).toBe(false);
  }
}

describe('scripts/benchfolio-run --zram refuses what it cannot make, before anything runs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('zram-refused');
  });
  afterAll(() => removeAll(dir));

  it.each([
    [['--zram', 'lots'], '--zram lots: a size such as 1G'],
    [['--zram', '1G', '--loopback', 'ext4'], '--zram with --loopback: not supported'],
    [['--zram', '1G', '--btrfs-raid', 'raid1'], '--zram with --btrfs-raid: not supported'],
    [['--zram', '1G', '--append', '--run', 'zram'], '--zram with --append: not supported'],
    // sysbench-cpu writes nothing: 256 MiB for the filesystem's own is what a device needs at least.
    [['--zram', '64M'], '--zram 64 MiB: the profiles need 256 MiB on it'],
    [['--zram', '64T'], 'more than the memory available now'],
  ])('%j', async (options, message) => {
    const result = await runRunner([...options, '--dir', dir, '--experiment', experiment, '--profile', 'sysbench-cpu']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await listing(dir)).toEqual([]);
  });

  it('--dry-run plans the device, its filesystem and the run, and makes nothing', async () => {
    const before = existsSync('/sys/block')
      ? (await listing('/sys/block'))?.filter((name) => name.startsWith('zram'))
      : [];
    const result = await runRunner(
      runnerArgs({ zram: '1G', dir, experiment, profile: 'sysbench-cpu', noDropCaches: true, dryRun: true }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('# zram: a device of 1073741824 bytes (1024 MiB); the profiles need 256 MiB');
    expect(result.stdout).toContain(
      'echo 1073741824 > /sys/block/zramN/disksize && mkfs.ext4 -F -q -U <new UUID> /dev/zramN',
    );
    expect(result.stdout).toMatch(/^umount \S+\/benchfolio-zram && echo N > \/sys\/class\/zram-control\/hot_remove$/m);
    expect(await listing(dir)).toEqual([]);
    const after = existsSync('/sys/block')
      ? (await listing('/sys/block'))?.filter((name) => name.startsWith('zram'))
      : [];
    expect(after).toEqual(before);
  });
});
