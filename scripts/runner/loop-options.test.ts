import { execFileSync } from 'node:child_process';
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

// scripts/benchfolio-run --loopback with --mkfs-options and --mount-options: the filesystem made
// and mounted with them; run.yaml records the mkfs command as run and the mount options as findmnt
// shows them (read here from findmnt and tune2fs while the benchmark runs). --run, --value,
// --label and --order name a one-filesystem loopback run, so that one filesystem can be measured
// with several option sets in one experiment.

const needs = ['iostat', 'losetup', 'mkfs.ext4', 'mkfs.btrfs', 'tune2fs', 'sysbench'].filter(
  (name) => !hasCommand(name),
);
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

/** What findmnt shows of the filesystem mounted on the folder: its source and its options. */
function findmnt(mountpoint: string): { source: string; options: string } {
  const text = execFileSync('findmnt', ['-n', '-r', '-o', 'SOURCE,OPTIONS', '--mountpoint', mountpoint], {
    encoding: 'utf8',
  });
  const [source = '', options = ''] = text.trim().split(' ');
  return { source, options };
}

/**
 * Runs the runner and, while its benchmark runs, what findmnt shows of the loop mount and, for
 * ext4, tune2fs -l's "Filesystem features:" line ("Filesystem features:      ext_attr
 * resize_inode dir_index filetype extent ..." as tune2fs prints it).
 */
async function runWatching(
  args: string[],
  mountpoint: string,
): Promise<{ result: RunResult; shown: { source: string; options: string }; features: string }> {
  const started = startRunner(args);
  await started.waitFor(/running \(sysbench--cpu-t1-1\.txt\)/, 60_000);
  const shown = findmnt(mountpoint);
  let features = '';
  if (mountpoint.endsWith('ext4')) {
    const tune = execFileSync('tune2fs', ['-l', shown.source], { encoding: 'utf8' });
    features = /^Filesystem features:\s+(.*)$/m.exec(tune)?.[1]?.trim() ?? '';
  }
  return { result: await started.done, shown, features };
}

describe('scripts/benchfolio-run --mkfs-options and --mount-options: what is refused', () => {
  let scratch: string;
  let dir: string;
  beforeAll(async () => {
    scratch = await tempDir('loop-opts-refused');
    dir = join(scratch, 'dir');
    await mkdir(dir);
  });
  afterAll(() => removeAll(scratch));

  const dryRun = (options: Record<string, string>) =>
    runRunner([
      ...runnerArgs({ dir, experiment, profile: 'sysbench-cpu', noDropCaches: true, ...options }),
      '--dry-run',
      '--out',
      join(scratch, 'runs'),
    ]);

  it('without --loopback: refused (the runner did not make the filesystem)', async () => {
    const result = await dryRun({ run: 'a', mountOptions: 'data=writeback' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--mkfs-options and --mount-options go with --loopback');
  });

  it('mkfs options a shell or a glob would read: refused; plain words: run as given', async () => {
    const glob = await dryRun({ loopback: 'ext4', mkfsOptions: '-O *' });
    expect(glob.code).toBe(1);
    expect(glob.stderr).toContain("--mkfs-options '-O *': options of letters, digits, blanks");
    const plain = await dryRun({ loopback: 'ext4', mkfsOptions: '-O ^has_journal -E lazy_itable_init=0' });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain("\nmkfs.ext4 -F -q -O '^has_journal' -E lazy_itable_init=0 /dev/loopN\n");
  });

  it('mount options with a blank: refused; a comma list: mount -o as given', async () => {
    const blank = await dryRun({ loopback: 'ext4', mountOptions: 'data=writeback noatime' });
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain("--mount-options 'data=writeback noatime': mount -o's list");
    const list = await dryRun({ loopback: 'ext4', mountOptions: 'data=writeback,noatime' });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`mount -o data=writeback,noatime /dev/loopN ${join(dir, 'benchfolio-ext4')}\n`);
  });

  it('--run with several filesystems: refused; with one: the run folder it names', async () => {
    const several = await dryRun({ loopback: 'ext4,xfs', run: 'ext4-writeback' });
    expect(several.code).toBe(1);
    expect(several.stderr).toContain('--loopback ext4,xfs with --run: each filesystem');
    const one = await dryRun({ loopback: 'ext4', run: 'ext4-writeback' });
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain(`# run folder: ${join(scratch, 'runs', 'ext4-writeback')}\n`);
  });

  it('with --ssh: refused', async () => {
    const result = await dryRun({ loopback: 'ext4', ssh: 'localhost', mountOptions: 'noatime' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--mkfs-options and --mount-options with --ssh: not supported');
  });
});

describe.skipIf(!canRun)(`scripts/benchfolio-run --loopback ext4 --mkfs-options '-O ^has_journal'${note}`, () => {
  let scratch: string;
  let dir: string;
  let experimentDir: string;
  let watched: Awaited<ReturnType<typeof runWatching>>;

  beforeAll(async () => {
    scratch = await tempDir('loop-mkfs-opts');
    dir = join(scratch, 'images');
    experimentDir = join(scratch, 'results', experiment);
    await mkdir(dir);
    const args = runnerArgs({
      loopback: 'ext4',
      run: 'ext4-no-journal',
      value: 'no journal',
      order: 2,
      mkfsOptions: '-O ^has_journal',
      dir,
      experiment,
      profile: 'sysbench-cpu',
      runtime: 3,
      threads: 1,
      iostatInterval: 0,
      noDropCaches: true,
      out: join(experimentDir, 'runs'),
    });
    watched = await runWatching(args, join(dir, 'benchfolio-ext4'));
    await writeExperiment(experimentDir, 'kind: mkfs-options\n  fields: [filesystem.note]');
  }, 80_000);
  afterAll(() => removeAll(scratch));

  it('makes the filesystem without a journal and records the mkfs command as run', async () => {
    expect(watched.result.code, watched.result.stderr).toBe(0);
    expect(watched.features).toMatch(/\bextent\b/);
    expect(watched.features.split(' ')).not.toContain('has_journal');
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const run = checked.experiment?.runs[0];
    expect([run?.id, run?.run.value, run?.run.order]).toEqual(['ext4-no-journal', 'no journal', 2]);
    expect(run?.run.system.filesystem?.mkfs).toBe(`mkfs.ext4 -F -q -O '^has_journal' ${watched.shown.source}`);
    // What tune2fs told the runner: the features tune2fs printed here while the benchmark ran.
    expect(run?.run.system.filesystem?.note).toContain(`Filesystem features ${watched.features};`);
    // No --mount-options: no sentence on them.
    expect(run?.run.notes).not.toContain('Mounted with mount -o');
    expect(await listing(dir)).toEqual([]);
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
  });
});

describe.skipIf(!canRun)(`scripts/benchfolio-run --loopback btrfs --mount-options${note}`, () => {
  let scratch: string;
  let dir: string;
  let experimentDir: string;
  let runs: string;
  let zstd: Awaited<ReturnType<typeof runWatching>>;
  let off: Awaited<ReturnType<typeof runWatching>>;
  const mountpoint = () => join(dir, 'benchfolio-btrfs');

  const runArgs = (run: string, order: number, mountOptions: string) =>
    runnerArgs({
      loopback: 'btrfs',
      run,
      value: mountOptions,
      label: `btrfs ${mountOptions}`,
      order,
      mountOptions,
      dir,
      experiment,
      profile: 'sysbench-cpu',
      runtime: 3,
      threads: 1,
      iostatInterval: 0,
      noDropCaches: true,
      out: runs,
    });

  beforeAll(async () => {
    scratch = await tempDir('loop-mount-opts');
    dir = join(scratch, 'images');
    experimentDir = join(scratch, 'results', experiment);
    runs = join(experimentDir, 'runs');
    await mkdir(dir);
    zstd = await runWatching(runArgs('btrfs-zstd', 1, 'compress=zstd'), mountpoint());
    off = await runWatching(runArgs('btrfs-no-compress', 2, 'compress=no'), mountpoint());
    await writeExperiment(experimentDir, 'kind: mount-options');
  }, 120_000);
  afterAll(() => removeAll(scratch));

  it('mounts with the options; run.yaml has them as findmnt showed them during the run', async () => {
    expect(zstd.result.code, zstd.result.stderr).toBe(0);
    // The kernel shows compress=zstd with its default level: compress=zstd:3.
    expect(zstd.shown.options.split(',')).toContain('compress=zstd:3');
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const run = checked.experiment?.runs.find((candidate) => candidate.id === 'btrfs-zstd')?.run;
    expect([run?.value, run?.label, run?.order]).toEqual(['compress=zstd', 'btrfs compress=zstd', 1]);
    expect(run?.system.filesystem?.mount_options).toBe(zstd.shown.options);
    expect(run?.system.filesystem?.mkfs).toBe(`mkfs.btrfs -f -q ${zstd.shown.source}`);
    expect(run?.notes).toContain(`Mounted with mount -o compress=zstd; findmnt then showed ${zstd.shown.options}.`);
    expect(run?.notes).not.toContain('findmnt does not show');
    expect(zstd.result.stderr).not.toContain('warning');
  });

  it('an option findmnt does not show: a warning, and the notes say so', async () => {
    expect(off.result.code, off.result.stderr).toBe(0);
    expect(off.shown.options).not.toContain('compress');
    expect(off.result.stderr).toContain('warning: --mount-options compress=no: findmnt does not show compress=no');
    const checked = await validate(experimentDir);
    const run = checked.experiment?.runs.find((candidate) => candidate.id === 'btrfs-no-compress')?.run;
    expect(run?.system.filesystem?.mount_options).toBe(off.shown.options);
    expect(run?.notes).toContain(
      `Mounted with mount -o compress=no; findmnt then showed ${off.shown.options}. findmnt does not show compress=no`,
    );
    expect(loopsUnder(dir)).toEqual([]);
    expect(mountsUnder(dir)).toEqual([]);
  });

  const appendArgs = (mountOptions: string) => [
    ...runnerArgs({
      append: true,
      loopback: 'btrfs',
      run: 'btrfs-zstd',
      mountOptions,
      dir,
      experiment,
      profile: 'dd-seq-write',
      size: '1M',
      iostatInterval: 0,
      noDropCaches: true,
      out: runs,
    }),
  ];

  it('--append with other mount options: refused (the system differs), nothing changed', async () => {
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs('compress=lzo'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /the system differs from the one \S+\/btrfs-zstd\/run\.yaml records, in filesystem\.mount_options/,
    );
    expect(await snapshot(runs)).toEqual(before);
    expect(mountsUnder(dir)).toEqual([]);
  }, 60_000);

  it('--append with the same mount options: added to the named run', async () => {
    const result = await runRunner(appendArgs('compress=zstd'));
    expect(result.code, result.stderr).toBe(0);
    expect(await listing(join(runs, 'btrfs-zstd'))).toContain('dd--seq-write-1.txt');
    expect((await validate(experimentDir)).errors).toEqual([]);
    expect(await listing(dir)).toEqual([]);
  }, 60_000);
});
