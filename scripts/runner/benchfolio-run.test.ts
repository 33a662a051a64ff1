import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from '@benchfolio/parsers';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  fakeTool,
  hasCommand,
  IS_CI,
  iostatPid,
  isAlive,
  isRunning,
  listing,
  pathWithout,
  processStat,
  REPO_ROOT,
  type RunResult,
  removeAll,
  runnerArgs,
  runRunner,
  startRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// scripts/benchfolio-run with the real tools at tiny sizes in a temporary folder; the failure
// paths with a PATH lacking a tool or a fake failing one.

const TOOLS = ['fio', 'sysbench', 'bonnie++', 'iostat'];
const missingTools = TOOLS.filter((tool) => !hasCommand(tool));
const hasTools = missingTools.length === 0 || IS_CI;
const toolsNote = hasTools ? '' : ` (skipped: ${missingTools.join(', ')} not installed)`;
const experiment = testExperimentId();
/** The interrupted run's benchmark time: far beyond the test's timeout, so only stopping it ends the run. */
const BENCHMARK_RUNTIME_S = 3600;

/** The PIDs of the running children of a process that run the named program. */
function runningChildren(parentPid: number, name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const stat = processStat(pid);
      return stat?.parentPid === parentPid && stat.name === name && stat.state !== 'Z';
    });
}

describe('scripts/benchfolio-run without running a benchmark', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('static');
  });
  afterAll(() => removeAll(scratch));

  it('--help prints the usage and exits 0', async () => {
    const result = await runRunner(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: scripts\/benchfolio-run --dir DIR/);
    for (const option of ['--dry-run', '--loopback', '--ssh', '--iostat-interval', '--drop-caches', '--repeat']) {
      expect(result.stdout).toContain(option);
    }
  });

  it('--list-profiles names every profile file of scripts/profiles', async () => {
    const result = await runRunner(['--list-profiles']);
    expect(result.code).toBe(0);
    const files = readdirSync(join(REPO_ROOT, 'scripts', 'profiles'))
      .filter((name) => name.endsWith('.sh'))
      .map((name) => name.slice(0, -3));
    expect(files).toEqual(
      expect.arrayContaining(['fio-seed-hoffman', 'fio-matrix', 'bonnie-seed', 'sysbench-fileio-seed', 'sysbench-cpu']),
    );
    for (const name of files) expect(result.stdout).toContain(name);
  });

  it.skipIf(!hasCommand('shellcheck') && !IS_CI)(
    `every shell file passes shellcheck -s sh${hasCommand('shellcheck') ? '' : ' (skipped: shellcheck not installed)'}`,
    () => {
      const files = [
        'scripts/benchfolio-run',
        ...readdirSync(join(REPO_ROOT, 'scripts', 'lib')).map((name) => `scripts/lib/${name}`),
        ...readdirSync(join(REPO_ROOT, 'scripts', 'profiles'))
          .filter((name) => name.endsWith('.sh'))
          .map((name) => `scripts/profiles/${name}`),
      ];
      const output = execFileSync('shellcheck', ['-s', 'sh', '-x', '-P', 'scripts', ...files], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      expect(output).toBe('');
    },
  );

  it("every experiment's reproduce command names options and profiles the runner has", async () => {
    const help = (await runRunner(['--help'])).stdout;
    const resultsDir = join(REPO_ROOT, 'content', 'results');
    const commands: string[] = [];
    for (const id of readdirSync(resultsDir)) {
      const yamlPath = join(resultsDir, id, 'experiment.yaml');
      if (!existsSync(yamlPath)) continue;
      const text = await readFile(yamlPath, 'utf8');
      commands.push(...text.split('\n').filter((line) => line.includes('scripts/benchfolio-run ')));
    }
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      // An option named in prose ("scripts/benchfolio-run --btrfs-raid, this repository's runner")
      // ends in its punctuation.
      const words = command
        .trim()
        .split(/\s+/)
        .map((word) => word.replace(/[,.;:)]+$/, ''));
      for (const [index, word] of words.entries()) {
        if (word.startsWith('--')) expect(help, command).toContain(`  ${word} `);
        if (word === '--profile') {
          for (const profile of (words[index + 1] ?? '').split(',')) {
            expect(
              existsSync(join(REPO_ROOT, 'scripts', 'profiles', `${profile}.sh`)),
              `${profile} in ${command}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it('--dry-run prints every command and the space needed, and makes nothing', async () => {
    const dir = join(scratch, 'dry');
    const out = join(scratch, 'dry-out', experiment, 'runs', 'a');
    await mkdir(dir);
    const result = await runRunner(
      runnerArgs({
        dryRun: true,
        dir,
        experiment,
        run: 'a',
        profile: ['fio-seed-hoffman,sysbench-fileio-seed', 'bonnie-seed'],
        size: '8M',
        runtime: 2,
        threads: '1,4',
        repeat: 2,
        out,
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^# space needed in .*: \d+ bytes \(\d+ MiB\); available: \d+ bytes/);
    expect(result.stdout).toMatch(/^env S_TIME_FORMAT=ISO iostat -x -t -k 1 .*> .*iostat--a\.txt &$/m);
    // The seed's fio jobs, twice (--repeat 2), with the size per job in bytes.
    const fio = lines.filter((line) =>
      line.includes(' fio --output-format=normal,json scripts/profiles/fio-seed-hoffman.fio'),
    );
    expect(fio).toHaveLength(2);
    expect(fio[0]).toContain('BF_SIZE=8388608 BF_RUNTIME=2');
    expect(fio[1]).toMatch(/fio--seed-hoffman-2\.txt$/);
    // sysbench fileio: 5 modes × 2 thread counts × 2 repeats, O_DIRECT, 64 files.
    const sysbench = lines.filter((line) => line.includes('sysbench fileio') && line.includes(' run > '));
    expect(sysbench).toHaveLength(20);
    expect(sysbench[0]).toContain(
      'sysbench fileio --file-num=64 --file-total-size=8388608 --file-extra-flags=direct --file-test-mode=seqwr --threads=1 --time=2',
    );
    expect(lines.filter((line) => line.endsWith(' prepare'))).toHaveLength(1);
    expect(result.stdout).toMatch(/^bonnie\+\+ -d \S+benchfolio-work -s 8 -r 4 -n 1 /m);
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(join(scratch, 'dry-out'))).toBe(false);
  });

  it('--loopback --dry-run prints the image, loop, mkfs and mount commands per filesystem, and makes nothing', async () => {
    const dir = join(scratch, 'loop-dry');
    await mkdir(dir);
    const result = await runRunner(
      runnerArgs({
        dryRun: true,
        loopback: 'ext4,xfs',
        dir,
        experiment,
        profile: 'sysbench-cpu',
        size: '64M',
        out: join(scratch, 'loop-dry-out'),
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^# image per filesystem: 536870912 bytes \(512 MiB\)/);
    for (const fs of ['ext4', 'xfs']) {
      expect(lines).toContain(`fallocate -l 536870912 ${dir}/benchfolio-${fs}.img`);
      expect(lines).toContain(`losetup --find --show --direct-io=on ${dir}/benchfolio-${fs}.img`);
      expect(lines).toContain(`mkdir ${dir}/benchfolio-${fs} && mount /dev/loopN ${dir}/benchfolio-${fs}`);
      expect(lines).toContain(`# run folder: ${join(scratch, 'loop-dry-out', fs)}`);
      expect(lines).toContain(
        `umount ${dir}/benchfolio-${fs} && losetup -d /dev/loopN && rm ${dir}/benchfolio-${fs}.img`,
      );
    }
    expect(lines).toContain('mkfs.ext4 -F -q /dev/loopN');
    expect(lines).toContain('mkfs.xfs -f -q /dev/loopN');
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(join(scratch, 'loop-dry-out'))).toBe(false);
  });

  it('--ssh --dry-run copies the runner to each host and checks it there, then runs each and brings its run folder back', async () => {
    const result = await runRunner(
      runnerArgs({
        dryRun: true,
        ssh: 'alice@db1.example.com,db2',
        dir: '/mnt/test',
        experiment,
        profile: 'sysbench-cpu',
        runtime: 5,
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain(
      `TMP1=$(ssh -o BatchMode=yes alice@db1.example.com 'mktemp -d "\${TMPDIR:-/tmp}/benchfolio-run.XXXXXX"')`,
    );
    expect(lines).toContain(`scp -o BatchMode=yes -q -r ${REPO_ROOT}/scripts 'alice@db1.example.com:$TMP1/'`);
    const [check, run] = lines.filter(
      (line) => line.startsWith('ssh -o BatchMode=yes alice@db1.example.com') && line.includes('benchfolio-run --run'),
    );
    expect(check).toContain(
      "'cd '\\''$TMP1'\\'' && sh scripts/benchfolio-run --run db1-example-com --value db1.example.com",
    );
    expect(check).toMatch(/ --dry-run >\/dev\/null'$/);
    expect(run).toContain(
      "'cd '\\''$TMP1'\\'' && echo $$ >runner.pid && trap '\\'''\\'' PIPE && exec sh scripts/benchfolio-run --run db1-example-com --value db1.example.com",
    );
    expect(run).toContain('--dir /mnt/test --experiment');
    expect(run).toContain('--profile sysbench-cpu --runtime 5 --no-drop-caches --out');
    expect(lines).toContain(
      `scp -o BatchMode=yes -q -r 'alice@db1.example.com:$TMP1/out/db1-example-com' ${REPO_ROOT}/content/results/${experiment}/runs/`,
    );
    // Every host is checked before the first one runs.
    const checkDb2 = lines.find((line) => line.startsWith('ssh -o BatchMode=yes db2') && line.includes('--dry-run'));
    expect(checkDb2).toContain('--run db2 --value db2');
    expect(lines.indexOf(checkDb2 as string)).toBeLessThan(lines.indexOf(run as string));
    expect(lines.filter((line) => /rm -rf '\\''\$TMP[12]'\\''/.test(line))).toHaveLength(2);
  });
});

describe('scripts/benchfolio-run refuses what it must not touch', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('refuse');
  });
  afterAll(() => removeAll(scratch));

  const args = (dir: string, out = join(scratch, 'out', experiment, 'runs', 'a')) =>
    runnerArgs({ dir, experiment, run: 'a', profile: 'sysbench-cpu', runtime: 1, noDropCaches: true, out });

  async function expectRefused(result: RunResult, message: RegExp): Promise<void> {
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(scratch, 'out'))).toBe(false);
  }

  it('a --dir that does not exist', async () => {
    await expectRefused(await runRunner(args(join(scratch, 'nowhere'))), /--dir \S+nowhere does not exist/);
  });

  it('a --dir that is a file', async () => {
    await writeFile(join(scratch, 'file'), 'x');
    await expectRefused(await runRunner(args(join(scratch, 'file'))), /is not a directory/);
  });

  const blockDevice = readdirSync('/sys/block', { withFileTypes: true })
    .map((entry) => `/dev/${entry.name}`)
    .find((path) => existsSync(path));
  it.skipIf(blockDevice === undefined)(
    `a --dir that is a block device${blockDevice === undefined ? ' (skipped: no block device in /dev)' : ''}`,
    async () => {
      await expectRefused(await runRunner(args(blockDevice as string)), /is a block device/);
    },
  );

  it('--dir /', async () => {
    await expectRefused(await runRunner(args('/')), /--dir \/ refused/);
  });

  it('a --dir holding files the runner did not create, which it leaves alone', async () => {
    const dir = join(scratch, 'used');
    await mkdir(dir);
    await writeFile(join(dir, 'precious.db'), 'data');
    await expectRefused(await runRunner(args(dir)), /holds files the runner did not create \(precious\.db\)/);
    expect(await readFile(join(dir, 'precious.db'), 'utf8')).toBe('data');
  });

  it('a --dir without the free space the profile needs', async () => {
    const dir = join(scratch, 'small');
    await mkdir(dir);
    const result = await runRunner([...args(dir), '--profile', 'sysbench-fileio-seed', '--size', '900T']);
    await expectRefused(result, /has \d+ GiB free; the profiles need \d+ GiB/);
    expect(await listing(dir)).toEqual([]);
  });

  it('a run folder that exists already', async () => {
    const dir = join(scratch, 'fresh');
    const out = join(scratch, 'kept', 'runs', 'a');
    await mkdir(dir);
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'run.yaml'), 'label: a\n');
    const result = await runRunner(args(dir, out));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/exists and is not empty: the runner never overwrites a run/);
    expect(await readFile(join(out, 'run.yaml'), 'utf8')).toBe('label: a\n');
  });

  it('an unknown profile, naming --list-profiles', async () => {
    const dir = join(scratch, 'profile');
    await mkdir(dir);
    const result = await runRunner([...args(dir), '--profile', 'no-such-profile']);
    await expectRefused(result, /unknown profile 'no-such-profile' \(benchfolio-run --list-profiles/);
  });
});

describe.skipIf(!hasTools)(`scripts/benchfolio-run with the real tools at tiny sizes${toolsNote}`, () => {
  let scratch: string;
  let dir: string;
  let experimentDir: string;
  let result: RunResult;

  beforeAll(async () => {
    scratch = await tempDir('real');
    dir = join(scratch, 'test');
    experimentDir = join(scratch, 'results', experiment);
    await mkdir(dir);
    result = await runRunner(
      runnerArgs({
        dir,
        experiment,
        run: 'tiny',
        value: 'this machine',
        profile: 'fio-seed-hoffman,sysbench-fileio-seed,bonnie-seed,sysbench-cpu',
        size: '2M',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out: join(experimentDir, 'runs', 'tiny'),
      }),
    );
    await writeExperiment(experimentDir);
  }, 80_000);
  afterAll(() => removeAll(scratch));

  it('exits 0 and leaves --dir as empty as it found it', async () => {
    expect(result.stderr).toMatch(/done: /);
    expect(result.code).toBe(0);
    expect(await listing(dir)).toEqual([]);
  });

  it('writes each tool output raw as <tool>--<label>-<repeat>.txt, with iostat beside them', async () => {
    const files = (await listing(join(experimentDir, 'runs', 'tiny'))) ?? [];
    expect(files.filter((file) => !file.endsWith('.log'))).toEqual([
      'README.md',
      'bonnie--seed-1.txt',
      'fio--seed-hoffman-1.txt',
      'iostat--tiny.txt',
      'run.yaml',
      'sysbench--cpu-t1-1.txt',
      ...['rndrd', 'rndrw', 'rndwr', 'seqrd', 'seqwr'].map((mode) => `sysbench--fileio-${mode}-t1-1.txt`),
    ]);
  });

  it("keeps fio's logs beside its output, each listed as a fio-log output of its job", async () => {
    const runDir = join(experimentDir, 'runs', 'tiny');
    const logs = ((await listing(runDir)) ?? []).filter((file) => file.endsWith('.log'));
    // Every job completes I/Os, so its latency logs have lines (bandwidth and IOPS only once a job
    // outlasts fio's 1 s window, which these 2 MiB jobs may not; empty logs are dropped).
    for (const job of [
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]) {
      expect(logs).toEqual(
        expect.arrayContaining([`fio--seed-hoffman-1--${job}_clat.log`, `fio--seed-hoffman-1--${job}_lat.log`]),
      );
    }
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const outputs = checked.experiment?.runs[0]?.outputs ?? [];
    for (const file of logs) {
      const output = outputs.find((candidate) => candidate.file === file);
      expect(output?.parsed.tool, file).toBe('fio-log');
      expect(output?.declared.workload, file).toBe(
        /^fio--seed-hoffman-1--(.+)_(?:clat_hist|bw|iops|lat|clat|slat)\.log$/.exec(file)?.[1],
      );
      expect(output?.declared.command, file).toMatch(
        / fio --output-format=normal,json scripts\/profiles\/fio-seed-hoffman\.fio$/,
      );
      expect(output?.parsed.measurements.length, file).toBeGreaterThan(0);
    }
  });

  it('stops iostat by its PID', () => {
    const pid = iostatPid(result.stderr);
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid as number)).toBe(false);
  });

  it('writes a run folder that validates, every output parsed by its tool', async () => {
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const run = checked.experiment?.runs[0];
    expect(run?.run.value).toBe('this machine');
    expect(
      run?.outputs
        .map((output) => output.parsed.tool)
        .filter((tool) => tool !== 'fio-log')
        .sort(),
    ).toEqual(['bonnie', 'fio', 'iostat', ...Array(6).fill('sysbench')]);
    const fio = run?.outputs.find((output) => output.parsed.tool === 'fio');
    const jobs = fio?.parsed.measurements.filter((m) => m.metric === 'write.iops').map((m) => m.labels.job);
    expect(new Set(jobs)).toEqual(
      new Set(['random-write-direct', 'random-write-buf', 'sequential-write-direct', 'sequential-write-buffered']),
    );
  });

  it('records the tool versions, the exact commands, the times and the system it saw', async () => {
    const checked = await validate(experimentDir);
    const run = checked.experiment?.runs[0]?.run;
    expect(run?.tools).toMatchObject({
      fio: expect.stringMatching(/^fio-\d/),
      sysbench: expect.stringMatching(/^sysbench \d/),
      bonnie: expect.stringMatching(/^bonnie\+\+ \d/),
      iostat: expect.stringMatching(/^sysstat \d/),
    });
    expect(run?.commands).toContain('sysbench cpu --threads=1 --time=1 --events=0 run');
    expect(run?.notes).toMatch(/^Made by scripts\/benchfolio-run .*--size 2M --runtime 1 --threads 1\./);
    expect(run?.commands.some((command) => command.startsWith(`env S_TIME_FORMAT=ISO iostat -x -t -k 1 `))).toBe(true);
    expect(Date.parse(run?.ended ?? '')).toBeGreaterThanOrEqual(Date.parse(run?.started ?? ''));
    const cpuinfo = await readFile('/proc/cpuinfo', 'utf8');
    expect(run?.system.cpu?.threads).toBe(cpuinfo.match(/^processor\s*:/gm)?.length);
    expect(run?.system.kernel).toBe(execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim());
    expect(run?.system.memory?.bytes).toBeGreaterThan(0);
    expect(run?.system.filesystem?.type).toBe(
      execFileSync('findmnt', ['-n', '-o', 'FSTYPE', '-T', dir], { encoding: 'utf8' }).trim(),
    );
    const outputs = run?.outputs ?? [];
    expect(outputs.find((output) => output.file === 'bonnie--seed-1.txt')?.command).toMatch(
      /^bonnie\+\+ -d \S+\/benchfolio-work -s 2 -r 1 -n 1 -m /,
    );
  });

  it('the raw outputs parse with the parsers, as the tools printed them', async () => {
    const runDir = join(experimentDir, 'runs', 'tiny');
    const sysbench = parse(await readFile(join(runDir, 'sysbench--fileio-rndrw-t1-1.txt'), 'utf8'));
    expect(sysbench.tool).toBe('sysbench');
    const bonnie = parse(await readFile(join(runDir, 'bonnie--seed-1.txt'), 'utf8'));
    expect(bonnie.tool).toBe('bonnie');
    const fio = parse(await readFile(join(runDir, 'fio--seed-hoffman-1.txt'), 'utf8'));
    expect(fio.format).toBe('mixed');
  });
});

// No ssh server here: a fake ssh runs the command on this machine and a fake scp copies
// locally, so the whole --ssh path (copy, run, bring back, clean up) runs with the real runner.
const FAKE_SSH = `while test "$#" -gt 0; do
  case $1 in -o) shift 2 ;; -t | -T | -q) shift ;; *) break ;; esac
done
shift
exec sh -c "$*"`;
const FAKE_SCP = `while test "$#" -gt 0; do
  case $1 in -o) shift 2 ;; -q | -r) shift ;; *) break ;; esac
done
for last; do :; done
i=1
for arg; do
  if test "$i" -lt "$#"; then
    for source in \${arg#*:}; do cp -R "$source" "\${last#*:}"; done
  fi
  i=$((i + 1))
done`;

describe.skipIf(!hasTools)(`scripts/benchfolio-run --ssh with a local fake ssh and scp${toolsNote}`, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('ssh');
  });
  afterAll(() => removeAll(scratch));

  it('copies the runner, runs it "there", brings the run folder back and removes its copy', async () => {
    const fake = join(scratch, 'fake');
    await fakeTool(fake, 'ssh', FAKE_SSH);
    await fakeTool(fake, 'scp', FAKE_SCP);
    const remoteDir = join(scratch, 'remote-test');
    const experimentDir = join(scratch, 'results', experiment);
    await mkdir(remoteDir);
    const result = await runRunner(
      runnerArgs({
        ssh: 'tester@host-a',
        run: 'host-a',
        dir: remoteDir,
        experiment,
        profile: 'sysbench-cpu',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out: join(experimentDir, 'runs'),
      }),
      { PATH: `${fake}:${process.env.PATH}` },
    );
    expect(result.code).toBe(0);
    const copy = result.stderr.match(/running cd (\S+) && echo \$\$ >runner\.pid && /)?.[1];
    expect(copy).toMatch(/^\/tmp\/benchfolio-run\./);
    expect(existsSync(copy as string)).toBe(false);
    expect(await listing(join(experimentDir, 'runs'))).toEqual(['host-a']);
    expect(await listing(join(experimentDir, 'runs', 'host-a'))).toEqual([
      'README.md',
      'iostat--host-a.txt',
      'run.yaml',
      'sysbench--cpu-t1-1.txt',
    ]);
    await writeExperiment(experimentDir);
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    expect(checked.experiment?.runs[0]?.run.commands).toContain('sysbench cpu --threads=1 --time=1 --events=0 run');
    expect(await listing(remoteDir)).toEqual([]);
  });
});

describe.skipIf(!hasTools)(`scripts/benchfolio-run failing or interrupted leaves nothing behind${toolsNote}`, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('fail');
  });
  afterAll(() => removeAll(scratch));

  const args = (dir: string, out: string, profile = 'fio-seed-hoffman') =>
    runnerArgs({ dir, experiment, run: 'a', profile, size: '1M', runtime: 1, noDropCaches: true, out });

  it('a tool that is not installed: an error naming it and the package, before anything is made', async () => {
    const dir = join(scratch, 'missing');
    const out = join(scratch, 'missing-out', 'runs', 'a');
    await mkdir(dir);
    const bin = await pathWithout(join(scratch, 'path'), ['fio']);
    const result = await runRunner(args(dir, out), { PATH: bin });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/fio not found on PATH: install it \(Debian: apt-get install fio\)/);
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(join(scratch, 'missing-out'))).toBe(false);
  });

  it('a tool that fails: its error shown, iostat stopped, test files and the partial run folder removed', async () => {
    const dir = join(scratch, 'crash');
    const out = join(scratch, 'crash-out', 'runs', 'a');
    await mkdir(dir);
    const fake = join(scratch, 'fake');
    // sysbench-cpu runs first and succeeds; then the fake fio fails.
    await fakeTool(
      fake,
      'fio',
      'case "$1" in --version) echo fio-3.33 ;; *) echo "fio: engine crashed" >&2; exit 3 ;; esac',
    );
    const result = await runRunner(
      [...args(dir, out, 'sysbench-cpu'), '--threads', '1', '--profile', 'fio-seed-hoffman'],
      { PATH: `${fake}:${process.env.PATH}` },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fio: engine crashed');
    expect(result.stderr).toMatch(/error: fio exited with status 3/);
    const pid = iostatPid(result.stderr);
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid as number)).toBe(false);
    expect(await listing(dir)).toEqual([]);
    expect(existsSync(join(scratch, 'crash-out'))).toBe(false);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} mid-run: the benchmark and iostat stopped, nothing left behind, exit 128+n`, async () => {
      const dir = join(scratch, signal);
      const out = join(scratch, `${signal}-out`, experiment, 'runs', 'a');
      await mkdir(dir);
      // An hour of sysbench: a runner that waited for the benchmark instead of stopping it would
      // not end within this test's timeout, so the test would fail by timing out.
      const started = startRunner([
        ...args(dir, out, 'sysbench-fileio-seed'),
        '--size',
        '4M',
        '--runtime',
        String(BENCHMARK_RUNTIME_S),
        '--threads',
        '1',
      ]);
      await started.waitFor(/running \(sysbench--fileio-seqwr-t1-1\.txt\)/);
      const runnerPid = started.child.pid as number;
      // The benchmark is the runner's child once its subshell has exec'd sysbench.
      await expect
        .poll(() => runningChildren(runnerPid, 'sysbench'), { timeout: 20_000, interval: 50 })
        .toHaveLength(1);
      const [benchmarkPid] = runningChildren(runnerPid, 'sysbench') as [number];
      // Whatever the outcome, no hour-long sysbench or runner outlives the test.
      onTestFinished(() => {
        for (const pid of [benchmarkPid, runnerPid]) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      });
      // The test files and the partial run folder exist now.
      expect(await listing(dir)).toEqual(['benchfolio-work']);
      expect(await listing(out)).toContain('iostat--a.txt');
      started.child.kill(signal);
      const result = await started.done;
      expect(isRunning(benchmarkPid), `sysbench (PID ${benchmarkPid}) after the runner exited`).toBe(false);
      expect(result.code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(result.stderr).toContain(`interrupted by ${signal}`);
      const pid = iostatPid(result.stderr);
      expect(isAlive(pid as number)).toBe(false);
      expect(await listing(dir)).toEqual([]);
      expect(existsSync(join(scratch, `${signal}-out`))).toBe(false);
    });
  }
});
