import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasCommand,
  IS_CI,
  IS_ROOT,
  listing,
  type RunResult,
  removeAll,
  runnerArgs,
  runRunner,
  snapshot,
  startRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// scripts/benchfolio-run --loopback: an image per filesystem, made, loop-mounted, measured and
// torn down. It needs root (losetup, mkfs, mount); on CI a missing requirement fails.

const needs = ['fio', 'iostat', 'losetup', 'mkfs.ext4', 'mkfs.xfs', 'mkfs.btrfs'].filter((name) => !hasCommand(name));
const reason = !IS_ROOT ? 'not root' : needs.length > 0 ? `${needs.join(', ')} not installed` : '';
const canRun = reason === '' || IS_CI;
const note = canRun ? '' : ` (skipped: ${reason})`;
const experiment = testExperimentId();

/** Loop devices whose backing file is under the folder. */
function loopsUnder(dir: string): string[] {
  const text = execFileSync('losetup', ['-n', '-O', 'NAME,BACK-FILE', '-l'], { encoding: 'utf8' });
  return text.split('\n').filter((line) => line.includes(dir));
}

/** Mount points under the folder. */
function mountsUnder(dir: string): string[] {
  return execFileSync('findmnt', ['-n', '-r', '-o', 'TARGET'], { encoding: 'utf8' })
    .split('\n')
    .filter((target) => target.startsWith(dir));
}

describe.skipIf(!canRun)(`scripts/benchfolio-run --loopback ext4,xfs,btrfs${note}`, () => {
  let scratch: string;
  let dir: string;
  let experimentDir: string;
  let result: RunResult;

  beforeAll(async () => {
    scratch = await tempDir('loop');
    dir = join(scratch, 'images');
    experimentDir = join(scratch, 'results', experiment);
    await mkdir(dir);
    result = await runRunner(
      runnerArgs({
        loopback: 'ext4,xfs,btrfs',
        dir,
        experiment,
        profile: 'fio-seed-hoffman',
        size: '2M',
        runtime: 1,
        noDropCaches: true,
        out: join(experimentDir, 'runs'),
      }),
    );
    await writeExperiment(experimentDir, 'kind: filesystem\n  fields: [filesystem]');
  }, 80_000);
  afterAll(() => removeAll(scratch));

  it('exits 0 and tears everything down: no mount, no loop device, no image', async () => {
    expect(result.stderr).toMatch(/done: 3 run\(s\)/);
    expect(result.code).toBe(0);
    expect(await listing(dir)).toEqual([]);
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
  });

  it('makes one run per filesystem, in the order given, and the experiment validates', async () => {
    expect(await listing(join(experimentDir, 'runs'))).toEqual(['btrfs', 'ext4', 'xfs']);
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const runs = checked.experiment?.runs ?? [];
    expect(runs.map((run) => [run.id, run.run.value, run.run.order])).toEqual([
      ['ext4', 'ext4', 1],
      ['xfs', 'xfs', 2],
      ['btrfs', 'btrfs', 3],
    ]);
    for (const run of runs) {
      // fio's output, its logs (a fio-log output each) and iostat's.
      const tools = new Set(run.outputs.map((output) => output.parsed.tool));
      expect([...tools].sort()).toEqual(['fio', 'fio-log', 'iostat']);
      expect(run.run.notes).toContain('--size 2M --runtime 1.');
    }
  });

  it('records each filesystem as mounted, with its mkfs command and what it tells of itself', async () => {
    const checked = await validate(experimentDir);
    const byId = new Map(checked.experiment?.runs.map((run) => [run.id, run.run]));
    for (const fs of ['ext4', 'xfs', 'btrfs']) {
      const filesystem = byId.get(fs)?.system.filesystem;
      expect(filesystem?.type).toBe(fs);
      expect(filesystem?.mkfs).toMatch(new RegExp(`^mkfs\\.${fs} -[fF] -q /dev/loop\\d+$`));
      expect(filesystem?.mount_options).toMatch(/^rw,/);
      expect(filesystem?.mountpoint).toBe(join(dir, `benchfolio-${fs}`));
      expect(byId.get(fs)?.system.lvm).toMatch(
        /^a loop device \(direct I\/O o(n|ff)\) over an image file on \S+ \/dev\//,
      );
    }
    expect(byId.get('ext4')?.system.filesystem?.note).toMatch(/^tune2fs -l: .*Block size 4096/);
    expect(byId.get('xfs')?.system.filesystem?.note).toMatch(/^xfs_info: meta-data=\/dev\/loop\d+ isize=/);
    expect(byId.get('btrfs')?.system.filesystem?.note).toMatch(/^btrfs: .*nodesize \d+/);
  });

  it('watches the loop device and the disk under it with iostat', async () => {
    const checked = await validate(experimentDir);
    const ext4 = checked.experiment?.runs.find((run) => run.id === 'ext4');
    const iostat = ext4?.run.outputs.find((output) => output.tool === 'iostat');
    expect(iostat?.command).toMatch(/^env S_TIME_FORMAT=ISO iostat -x -t -k 1 loop\d+ \S+/);
  });
});

describe.skipIf(!canRun)(`scripts/benchfolio-run --loopback interrupted${note}`, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('loop-int');
  });
  afterAll(() => removeAll(scratch));

  it('SIGTERM mid-run: the run stopped, unmounted, detached, the image and every run folder removed', async () => {
    const dir = join(scratch, 'images');
    const results = join(scratch, 'results', experiment);
    await mkdir(dir);
    const started = startRunner(
      runnerArgs({
        loopback: 'ext4,xfs',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 5,
        threads: 1,
        noDropCaches: true,
        out: join(results, 'runs'),
      }),
    );
    // ext4 is done and xfs is running when the signal comes.
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)[\s\S]*running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    expect(mountsUnder(dir)).toHaveLength(1);
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).toBe(143);
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(join(scratch, 'results'))).toBe(false);
  }, 70_000);
});

describe.skipIf(!canRun)(`scripts/benchfolio-run --append --loopback ext4,xfs,btrfs${note}`, () => {
  let scratch: string;
  let dir: string;
  let experimentDir: string;
  let runs: string;
  let made: RunResult;

  beforeAll(async () => {
    scratch = await tempDir('loop-append');
    dir = join(scratch, 'images');
    experimentDir = join(scratch, 'results', experiment);
    runs = join(experimentDir, 'runs');
    await mkdir(dir);
    made = await runRunner(
      runnerArgs({
        loopback: 'ext4,xfs,btrfs',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out: runs,
      }),
    );
    await writeExperiment(experimentDir, 'kind: filesystem\n  fields: [filesystem]');
  }, 80_000);
  afterAll(() => removeAll(scratch));

  const appendArgs = (...more: string[]) => [
    ...runnerArgs({ append: true, loopback: 'ext4,xfs,btrfs', dir, experiment, noDropCaches: true, out: runs }),
    ...more,
  ];

  /** Nothing mounted, attached or left in --dir. */
  async function expectTornDown(): Promise<void> {
    expect(await listing(dir)).toEqual([]);
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
  }

  it('refuses an image of another size (the mkfs parameters differ), changing no run folder', async () => {
    expect(made.code, made.stderr).toBe(0);
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs('--profile', 'dd-seq-write', '--size', '1M', '--image-size', '600M'));
    expect(result.code).toBe(1);
    // The loop image is one of the disks (its size_bytes), and the filesystem tells its own size.
    expect(result.stderr).toMatch(
      /the system differs from the one \S+\/ext4\/run\.yaml records, in disks\.1\.size_bytes: \d+ recorded, 629145600 now; filesystem\.note: /,
    );
    expect(result.stderr).toContain('give the --image-size the first run had');
    expect(await snapshot(runs)).toEqual(before);
    await expectTornDown();
  }, 60_000);

  it('SIGTERM during the second filesystem: every run folder as it was, the first one too', async () => {
    const before = await snapshot(runs);
    // ext4's append is done (5 s) and xfs's is running when the signal comes.
    const started = startRunner(appendArgs('--profile', 'sysbench-memory', '--runtime', '5', '--threads', '1'));
    await started.waitFor(
      /running \(sysbench--memory-t1-1\.txt\)[\s\S]*running \(sysbench--memory-t1-1\.txt\)/,
      60_000,
    );
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).toBe(143);
    expect(await snapshot(runs)).toEqual(before);
    await expectTornDown();
  }, 70_000);

  it('adds dd-seq-write to each filesystem, made afresh with the same mkfs; the experiment validates', async () => {
    const before = await validate(experimentDir);
    const result = await runRunner(appendArgs('--profile', 'dd-seq-write', '--size', '2M', '--repeat', '2'));
    expect(result.stderr).toMatch(/done: added to 3 run\(s\)/);
    expect(result.code).toBe(0);
    await expectTornDown();
    expect(await listing(runs)).toEqual(['btrfs', 'ext4', 'xfs']);
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    for (const run of checked.experiment?.runs ?? []) {
      const first = before.experiment?.runs.find((candidate) => candidate.id === run.id);
      expect(await listing(join(runs, run.id))).toEqual(
        [
          'README.md',
          'run.yaml',
          'sysbench--cpu-t1-1.txt',
          `iostat--${run.id}.txt`,
          `iostat--${run.id}-dd-seq-write.txt`,
          'dd--seq-write-1.txt',
          'dd--seq-write-2.txt',
        ].sort(),
      );
      expect(run.run.system).toEqual(first?.run.system);
      expect([run.run.value, run.run.order]).toEqual([first?.run.value, first?.run.order]);
      expect(run.outputs.filter((output) => output.parsed.tool === 'dd')).toHaveLength(2);
      expect(run.run.notes).toContain('Added later, on ');
      expect(run.run.notes).toContain('in every field but the mount point, loop device numbers aside.');
      const iostat = run.run.outputs.find((output) => output.file === `iostat--${run.id}-dd-seq-write.txt`);
      expect(iostat?.command).toMatch(/^env S_TIME_FORMAT=ISO iostat -x -t -k 1 loop\d+ \S+/);
    }
  }, 80_000);
});

/** What the kernel says of a loop device: its scheduler in effect, rotational flag and backing file's size. */
function loopFacts(device: string): { scheduler?: string; rotational: boolean; sizeBytes: number } {
  // queue/scheduler reads "[none] mq-deadline kyber bfq": the bracketed one is in effect.
  const scheduler = /\[([^\]]+)\]/.exec(readFileSync(`/sys/block/${device}/queue/scheduler`, 'utf8'))?.[1];
  const rotational = readFileSync(`/sys/block/${device}/queue/rotational`, 'utf8').trim() === '1';
  const backing = readFileSync(`/sys/block/${device}/loop/backing_file`, 'utf8').trim();
  return { scheduler, rotational, sizeBytes: statSync(backing).size };
}

describe.skipIf(!canRun)(`scripts/benchfolio-run --loopback ext4 --run NAME${note}`, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('loop-named');
  });
  afterAll(() => removeAll(scratch));

  it('names the run of one filesystem; system.disks holds the loop device over its image, then the disk', async () => {
    const dir = join(scratch, 'images');
    const experimentDir = join(scratch, 'results', experiment);
    await mkdir(dir);
    const started = startRunner(
      runnerArgs({
        loopback: 'ext4',
        run: 'loop-image',
        value: 'loop image on the disk',
        label: 'Loop image',
        order: 2,
        imageSize: '600M',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 2,
        threads: 1,
        noDropCaches: true,
        out: join(experimentDir, 'runs'),
      }),
    );
    await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
    // While the benchmark runs: the loop device over the image, as the kernel tells it.
    const [device = '', image = ''] = (loopsUnder(dir)[0] ?? '').split(' ');
    const name = device.replace('/dev/', '');
    const facts = loopFacts(name);
    const result = await started.done;
    expect(result.code, result.stderr).toBe(0);
    expect(image).toBe(join(dir, 'benchfolio-ext4.img'));
    expect(await listing(join(experimentDir, 'runs'))).toEqual(['loop-image']);

    await writeExperiment(experimentDir, 'kind: disk-model');
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const run = checked.experiment?.runs[0]?.run;
    expect([run?.value, run?.label, run?.order]).toEqual(['loop image on the disk', 'Loop image', 2]);
    const [loop, ...below] = run?.system.disks ?? [];
    expect(loop).toEqual(
      expect.objectContaining({
        model: 'loop image file',
        count: 1,
        size_bytes: facts.sizeBytes,
        rotational: facts.rotational,
        interface: 'loop',
        device: name,
        scheduler: facts.scheduler,
      }),
    );
    expect(facts.sizeBytes).toBe(600 * 1024 * 1024);
    expect(loop?.note).toMatch(
      /^A loop device \(direct I\/O o(n|ff)\) over the image file benchfolio-ext4\.img on ext4 \/dev\//,
    );
    // The disk under the image follows; the scheduler is the loop device's, the first in the way.
    expect(below.length).toBeGreaterThan(0);
    expect(below.some((disk) => disk.interface === 'loop')).toBe(false);
    expect(run?.system.io_scheduler).toBe(facts.scheduler);
  }, 60_000);

  it('refuses --run, --value, --label or --order with several filesystems, before anything runs', async () => {
    const dir = join(scratch, 'refused');
    await mkdir(dir);
    for (const option of ['--run', '--value', '--label', '--order']) {
      const result = await runRunner([
        ...runnerArgs({ loopback: 'ext4,xfs', dir, experiment, profile: 'sysbench-cpu', noDropCaches: true }),
        option,
        '2',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`--loopback ext4,xfs with ${option}: each filesystem's run is named after it`);
      expect(await listing(dir)).toEqual([]);
    }
  });
});
