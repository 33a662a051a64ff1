import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
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
  startRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// scripts/benchfolio-run --btrfs-raid LEVEL: btrfs's own RAID profiles over sparse loop images
// (this kernel has no md or device-mapper), measured as one run and torn down. The profile is
// read from `btrfs filesystem df` on the mount while the run's benchmark runs; root is needed,
// and on CI a missing requirement fails.

const needs = ['sysbench', 'iostat', 'losetup', 'mkfs.btrfs', 'btrfs'].filter((name) => !hasCommand(name));
const reason = !IS_ROOT ? 'not root' : needs.length > 0 ? `${needs.join(', ')} not installed` : '';
const canRun = reason === '' || IS_CI;
const note = canRun ? '' : ` (skipped: ${reason})`;
const experiment = testExperimentId();
/** How long the guard may take to notice a kill: generous, it only turns a hang into a failure. */
const GONE_WITHIN_MS = 30_000;

/** Loop devices whose backing file is under the folder, as "NAME BACK-FILE". */
function loopsUnder(dir: string): string[] {
  const text = execFileSync('losetup', ['-n', '-O', 'NAME,BACK-FILE', '-l'], { encoding: 'utf8' });
  return text.split('\n').filter((line) => line.includes(`${dir}/`));
}

/** Mount points under the folder. */
function mountsUnder(dir: string): string[] {
  return execFileSync('findmnt', ['-n', '-r', '-o', 'TARGET'], { encoding: 'utf8' })
    .split('\n')
    .filter((target) => target.startsWith(`${dir}/`));
}

/**
 * The profiles `btrfs filesystem df` prints for a mount, type -> profile: its lines read
 * "Data, RAID10: total=256.00MiB, used=0.00B" and "Metadata, RAID1C3: total=...".
 */
function dfProfiles(mount: string): Map<string, string> {
  const text = execFileSync('btrfs', ['filesystem', 'df', mount], { encoding: 'utf8' });
  return new Map([...text.matchAll(/^(\w+), (\w+): total=/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

/** The device count `btrfs filesystem show` prints for a mount: "Total devices 4 FS bytes used ...". */
function showDevices(mount: string): number {
  const text = execFileSync('btrfs', ['filesystem', 'show', mount], { encoding: 'utf8' });
  return Number(/Total devices (\d+)/.exec(text)?.[1]);
}

/** The level, its images by default, and the data and metadata profiles btrfs reports. */
const LEVELS = [
  { level: 'raid0', devices: 2, data: 'RAID0', metadata: 'RAID0' },
  { level: 'raid1', devices: 2, data: 'RAID1', metadata: 'RAID1' },
  // mkfs.btrfs(8), PROFILES: RAID1C3 keeps 3 copies on 3 devices at least ("3/any"), RAID1C4 4 on 4.
  { level: 'raid1c3', devices: 3, data: 'RAID1C3', metadata: 'RAID1C3' },
  { level: 'raid1c4', devices: 4, data: 'RAID1C4', metadata: 'RAID1C4' },
  { level: 'raid10', devices: 4, data: 'RAID10', metadata: 'RAID10' },
  // btrfs(5): "Do not use raid5 nor raid6 for metadata. Use raid1 or raid1c3 respectively."
  { level: 'raid5', devices: 3, data: 'RAID5', metadata: 'RAID1' },
  { level: 'raid6', devices: 4, data: 'RAID6', metadata: 'RAID1C3' },
] as const;

describe.skipIf(!canRun)(`scripts/benchfolio-run --btrfs-raid${note}`, () => {
  let scratch: string;
  let experimentDir: string;
  beforeAll(async () => {
    scratch = await tempDir('btrfs-raid');
    experimentDir = join(scratch, 'results', experiment);
    await writeExperiment(experimentDir, 'kind: raid-level\n  fields: [raid, disks, filesystem]');
  });
  afterAll(async () => {
    // Whatever the outcome, nothing of the test stays mounted or attached.
    for (const target of mountsUnder(scratch)) execFileSync('umount', ['-l', target]);
    for (const line of loopsUnder(scratch)) execFileSync('losetup', ['-d', line.split(' ')[0] as string]);
    await removeAll(scratch);
  });

  it.each(LEVELS)(
    '$level: $devices loop images, btrfs reports data $data and metadata $metadata; run.yaml records it; all torn down',
    async ({ level, devices, data, metadata }) => {
      const dir = join(scratch, level);
      await mkdir(dir);
      const started = startRunner(
        runnerArgs({
          btrfsRaid: level,
          dir,
          experiment,
          profile: 'sysbench-cpu',
          runtime: 2,
          threads: 1,
          noDropCaches: true,
          out: join(experimentDir, 'runs', level),
        }),
      );
      await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
      // While the benchmark runs: the images attached, the filesystem mounted, as btrfs tells it.
      const mount = join(dir, `benchfolio-btrfs-${level}`);
      const loops = loopsUnder(dir);
      expect(loops).toHaveLength(devices);
      expect(mountsUnder(dir)).toEqual([mount]);
      expect(showDevices(mount)).toBe(devices);
      const profiles = dfProfiles(mount);
      expect([profiles.get('Data'), profiles.get('Metadata')]).toEqual([data, metadata]);
      const imageBytes = statSync(loops[0]?.split(' ')[1] as string).size;

      const result = await started.done;
      expect(result.code, result.stderr).toBe(0);
      expect(loopsUnder(dir)).toEqual([]);
      expect(mountsUnder(dir)).toEqual([]);
      expect(await listing(dir)).toEqual([]);

      const checked = await validate(experimentDir);
      expect(checked.errors).toEqual([]);
      const run = checked.experiment?.runs.find((each) => each.id === level)?.run;
      expect(run?.value).toBe(`btrfs ${level}`);
      expect(run?.system.raid?.level).toBe(`btrfs ${level}`);
      expect(run?.system.raid?.controller).toBe('btrfs (profiles over loop images)');
      expect(run?.system.raid?.note).toContain(`Data ${data}`);
      expect(run?.system.disks).toEqual([
        expect.objectContaining({
          model: 'loop image file',
          count: devices,
          size_bytes: imageBytes,
          interface: 'loop',
        }),
      ]);
      const names = loops.map((line) => line.split(' ')[0]).sort();
      const mkfs = run?.system.filesystem?.mkfs ?? '';
      expect(mkfs).toMatch(
        new RegExp(`^mkfs\\.btrfs -f -q -d ${level} -m ${metadata.toLowerCase()}( /dev/loop\\d+)+$`),
      );
      expect(mkfs.split(' ').slice(7).sort()).toEqual(names);
      expect(run?.notes).toContain('The loop images share one disk and are no spindles');
      expect(run?.notes).toContain('not the parallelism of a real array');
    },
    120_000,
  );

  it('a run on one loop image (--loopback btrfs) records no RAID, one loop layer and the loop device as a disk', async () => {
    const dir = join(scratch, 'single');
    await mkdir(dir);
    const runs = join(scratch, 'single-results', experiment, 'runs');
    const result = await runRunner(
      runnerArgs({
        loopback: 'btrfs',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out: runs,
      }),
    );
    expect(result.code, result.stderr).toBe(0);
    await writeExperiment(join(scratch, 'single-results', experiment), 'kind: filesystem\n  fields: [filesystem]');
    const checked = await validate(join(scratch, 'single-results', experiment));
    const run = checked.experiment?.runs[0]?.run;
    expect(run?.system.filesystem?.type).toBe('btrfs');
    expect(run?.system.raid).toBeUndefined();
    // The loop device mkfs was given, then the disk under its image: one loop entry, not a member list.
    const device = /\/dev\/(loop\d+)$/.exec(run?.system.filesystem?.mkfs ?? '')?.[1];
    const loops = run?.system.disks?.filter((disk) => disk.interface === 'loop') ?? [];
    expect(loops).toEqual([expect.objectContaining({ model: 'loop image file', count: 1, device })]);
    expect(run?.system.disks?.[0]).toBe(loops[0]);
  }, 60_000);

  it('killed with SIGKILL mid-run: --cleanup unmounts, detaches every image and removes them', async () => {
    const dir = join(scratch, 'killed');
    await mkdir(dir);
    const started = startRunner(
      runnerArgs({
        btrfsRaid: 'raid10',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 3600,
        threads: 1,
        noDropCaches: true,
        out: join(scratch, 'killed-results', 'runs', 'raid10'),
      }),
    );
    const parent = started.child.pid as number;
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
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
    // What they left: the mount and the four loop devices with their images.
    expect(mountsUnder(dir)).toHaveLength(1);
    const loops = loopsUnder(dir);
    expect(loops).toHaveLength(4);

    const result = await runRunner(['--cleanup', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n');
    expect(lines).toContain(`benchfolio-run: cleanup: removed the mount point ${dir}/benchfolio-btrfs-raid10`);
    for (const line of loops) {
      const [device, image] = line.split(' ');
      expect(lines).toContain(`benchfolio-run: cleanup: detached the loop device ${device} (${image})`);
      expect(lines).toContain(`benchfolio-run: cleanup: removed the image ${image}`);
    }
    expect(lines.filter((line) => line.includes('cleanup: unmounted '))).toHaveLength(1);
    expect(mountsUnder(dir)).toEqual([]);
    expect(loopsUnder(dir)).toEqual([]);
    expect(await listing(dir)).toEqual([]);
  }, 120_000);

  it('interrupted with SIGTERM: tears everything down and leaves no run folder', async () => {
    const dir = join(scratch, 'term');
    await mkdir(dir);
    const out = join(scratch, 'term-results', 'runs', 'raid1');
    const started = startRunner(
      runnerArgs({
        btrfsRaid: 'raid1',
        devices: 3,
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 3600,
        threads: 1,
        noDropCaches: true,
        out,
      }),
    );
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    expect(loopsUnder(dir)).toHaveLength(3);
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).not.toBe(0);
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
    expect(await listing(dir)).toEqual([]);
    expect(await listing(join(scratch, 'term-results'))).toBeUndefined();
  }, 120_000);
});

describe('scripts/benchfolio-run --btrfs-raid refuses what it cannot make, before anything runs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('btrfs-raid-refused');
  });
  afterAll(() => removeAll(dir));

  it.each([
    [['--btrfs-raid', 'raid7'], '--btrfs-raid raid7: one of raid0, raid1, raid1c3, raid1c4, raid10, raid5, raid6'],
    [['--btrfs-raid', 'raid1c2'], '--btrfs-raid raid1c2: one of raid0, raid1, raid1c3, raid1c4, raid10, raid5, raid6'],
    [['--btrfs-raid', 'raid10', '--devices', '3'], '--devices 3: btrfs raid10 is made here of 4 images or more'],
    [['--btrfs-raid', 'raid6', '--devices', '3'], '--devices 3: btrfs raid6 is made here of 4 images or more'],
    [['--btrfs-raid', 'raid1c3', '--devices', '2'], '--devices 2: btrfs raid1c3 is made here of 3 images or more'],
    [['--btrfs-raid', 'raid1c4', '--devices', '3'], '--devices 3: btrfs raid1c4 is made here of 4 images or more'],
    [['--btrfs-raid', 'raid1', '--loopback', 'ext4'], '--btrfs-raid with --loopback: not supported'],
    [['--devices', '4', '--run', 'x'], '--devices goes with --btrfs-raid'],
  ])('%j', async (options, message) => {
    const result = await runRunner([...options, '--dir', dir, '--experiment', experiment, '--profile', 'sysbench-cpu']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await listing(dir)).toEqual([]);
  });

  it('--devices above the least is taken: --dry-run plans that many images and the mkfs profiles', async () => {
    const result = await runRunner(
      runnerArgs({ btrfsRaid: 'raid5', devices: 5, dir, experiment, profile: 'sysbench-cpu', dryRun: true }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/^truncate -s \d+ \S+\/benchfolio-raid5-\d\.img /gm)).toHaveLength(5);
    expect(result.stdout).toContain('mkfs.btrfs -f -q -d raid5 -m raid1 /dev/loopN...');
    expect(await listing(dir)).toEqual([]);
  });

  // The images' size: raid1c3 over 3 images and raid1c4 over 4 put a whole copy on each, as raid1
  // over 2 does; over twice as many images each holds half as much (plus the fixed metadata room).
  it.each([
    ['raid1c3', 3],
    ['raid1c4', 4],
  ])(
    '%s over %i images: each image as large as raid1 over 2 plans; over twice as many, smaller',
    async (level, devices) => {
      const planned = async (raid: string, count: number): Promise<number> => {
        const options = {
          btrfsRaid: raid,
          devices: count,
          dir,
          experiment,
          profile: 'sysbench-fileio-seed',
          size: '1G',
        };
        const result = await runRunner(runnerArgs({ ...options, dryRun: true }));
        expect(result.code, result.stderr).toBe(0);
        // "# btrfs raid1c3: 3 images of 1744830464 bytes (1.6 GiB) each, sparse, in ..."
        return Number(new RegExp(`^# btrfs ${raid}: ${count} images of (\\d+) bytes`, 'm').exec(result.stdout)?.[1]);
      };
      const mirror = await planned('raid1', 2);
      expect(mirror).toBeGreaterThan(1024 ** 3);
      expect(await planned(level, devices)).toBe(mirror);
      expect(await planned(level, devices * 2)).toBeLessThan(mirror);
      expect(await listing(dir)).toEqual([]);
    },
  );
});
